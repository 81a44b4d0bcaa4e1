/**
 * Whole friend and ranked games between two clients over the local server while its gateway
 * misbehaves as a deployed stage does, at shortened scale (gateway.ts): idle and longest-connection
 * cuts in seconds, the stage throttle, failing integrations and random drops, all at once. Each
 * game reports what was lost or duplicated, false departures, the clock's charges and how long
 * each reconnect took. Used by the chaos test (scripts/bench/harness/chaos.test.ts) and the chaos bench
 * (`npm run -s bench chaos`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { legalMoves, newGame, playAll, type State } from "../../../core/games/index.js";
import { makeDeviceKeys } from "../../../core/identity.js";
import { ABSENCE_QUIET_MS, type ConnectionOptions, type ConnectionState } from "../../../core/online/connection.js";
import { seatToMove } from "../../../core/online/friend/game.js";
import { openRankedLink, type RankedLink } from "../../../core/online/ranked.js";
import type { MatchView, RankedClientMessage, RankedServerMessage } from "../../../core/protocol/ranked.js";
import { codeOf, newRoom, player, rng, waitFor, wsFactory, type Player } from "../../../functions/local/players.js";
import type { SocketFactory } from "../../../core/online/transport.js";
import type { FaultDraws, GatewayEvent, GatewayFaults } from "../../../functions/local/gateway.js";
import { startServer, type RunningServer } from "../../../functions/local/server.js";

/** The faults at test scale. The throttle's rate is per concurrent game (the bucket is the stage's). */
export interface ChaosScale {
  readonly idleMs: number;
  readonly maxConnectionMs: number;
  /** Stage throttle per game in play at once: messages a second and burst (null: no bucket). */
  readonly ratePerGame: number | null;
  readonly burstPerGame: number;
  /** A fixed share of messages throttled at random, whatever the bucket holds (gateway.ts `throttled`). */
  readonly throttled?: number;
  readonly failures: number;
  readonly dropMeanMs: number;
  /** Ranked: how long a player thinks before moving, on average (drawn from half to one and a half times it). */
  readonly thinkMs?: number;
}

export const CHAOS_SCALE: ChaosScale = {
  idleMs: 3_000,
  maxConnectionMs: 8_000,
  ratePerGame: 6,
  burstPerGame: 5,
  failures: 0.05,
  dropMeanMs: 4_000,
  thinkMs: 250,
};

/** The client connection at the same scale: heartbeat inside the idle cut, planned reconnect before the longest. */
function chaosConnection(scale: ChaosScale): Omit<ConnectionOptions, "url" | "socket" | "handlers"> {
  return {
    heartbeatMs: scale.idleMs / 3,
    maxAgeMs: scale.maxConnectionMs - 2_000,
    answerMs: 1_000,
    deadMs: 3_000,
    offlineMs: 30_000,
    backoff: { baseMs: 50, maxMs: 1_000 },
  };
}

/**
 * One game of a run: its place in the run names its players' source addresses (`playerAddress`),
 * its seed draws its moves and every fault the gateway gives its players (`sideDraws`).
 */
export interface ChaosGame {
  readonly index: number;
  readonly seed: number;
}

/** The seed of game `index` in the run seeded `runSeed` (a 32-bit number). */
export function gameSeed(runSeed: number, index: number): number {
  return Math.floor(rng((runSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0)() * 2 ** 32);
}

/** FNV-1a of a text, as a seed. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The faults one side of a game meets, drawn from the game's seed by what they fall on rather
 * than in the order they come (the order moves with the machine's speed: a heartbeat more or a
 * resend sooner): the kth connection of the side is dropped after the same time on every run, and
 * the nth sending of the same message (its type and its place: a ranked move's version, a relay's
 * `cseq`, a sync's `after`) meets the same throttle and failure.
 */
function sideDraws(seed: number, side: 0 | 1): FaultDraws {
  const base = `${seed}/${side}`;
  let connections = 0;
  const sent = new Map<string, number>();
  const draw = (key: string): (() => number) => rng(hashText(`${base}/${key}`));
  return {
    connection: () => draw(`connection ${connections++}`)(),
    message(text) {
      let key = "?";
      try {
        const m = JSON.parse(text) as Record<string, unknown>;
        key = `${String(m.type)} ${String(m.version ?? m.cseq ?? m.after ?? "")}`;
      } catch {
        // Not JSON: one key for all such frames.
      }
      const n = sent.get(key) ?? 0;
      sent.set(key, n + 1);
      const r = draw(`${key} #${n}`);
      return [r(), r(), r()];
    },
  };
}

/**
 * What one game did, line by line, milliseconds from its start: each side's sockets (open, close,
 * every frame out and in, gateway frames included), its connection's state and what it saw of the
 * other player; and the gateway's view of each of that side's connections (`gw:a`: each message's
 * fate, route responses and posts, posts to a connection already gone, cuts, `$disconnect` done).
 * A socket is named by its client port on both sides (`:51234`).
 */
export interface Trace {
  note(who: string, what: string): void;
  lines(): readonly string[];
}

export function createTrace(): Trace {
  const start = Date.now();
  const lines: string[] = [];
  return {
    note(who, what) {
      lines.push(`+ ${String(Date.now() - start).padStart(7)} ${who.padEnd(4)} ${what}`);
    },
    lines: () => lines,
  };
}

/** A frame in a few words: type, request id, error code, presence, version; a gateway frame by its message. */
function frameSummary(text: string): string {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return `${text.length} bytes`;
  }
  if (typeof m !== "object" || m === null) return text.slice(0, 40);
  const f = m as Record<string, unknown>;
  if (f.type === undefined && typeof f.message === "string") return `gateway "${f.message}"`;
  const parts: string[] = [String(f.type)];
  for (const k of ["rid", "code", "seat", "connected", "online", "version", "graceUntil"] as const)
    if (f[k] !== undefined) parts.push(`${k}=${JSON.stringify(f[k])}`);
  const match = f.match as Partial<MatchView> | undefined;
  if (match !== undefined && typeof match === "object")
    parts.push(
      `match v${match.version} ${match.status} toMove=${match.toMove} grace=${JSON.stringify(match.graceUntil)}`,
    );
  return parts.join(" ");
}

/** Real `ws` sockets from `address`, each of them traced under `who` (the chaos players' socket factory). */
export function tracedSockets(
  made: WebSocket[],
  address: string,
  trace: Trace | undefined,
  who: string,
): SocketFactory {
  const make = wsFactory(made, address);
  if (trace === undefined) return make;
  return (url) => {
    const socket = make(url);
    const ws = made[made.length - 1];
    let port = 0;
    ws.on("upgrade", (res: IncomingMessage) => (port = res.socket.localPort ?? 0));
    ws.on("open", () => trace.note(who, `:${port} open`));
    ws.on("close", (code: number) => trace.note(who, `:${port} close ${code}`));
    ws.on("message", (data: unknown) => trace.note(who, `:${port} in  ${frameSummary(String(data))}`));
    const send = ws.send.bind(ws);
    ws.send = ((data: unknown, ...rest: unknown[]) => {
      trace.note(who, `:${port} out ${frameSummary(String(data))}`);
      return (send as (...a: unknown[]) => void)(data, ...rest);
    }) as typeof ws.send;
    return socket;
  };
}

export interface ChaosServer {
  readonly server: RunningServer;
  /**
   * Gives the player at `address` its own fault draws and, with a trace, records the gateway's
   * view of its connections under `gw:<who>`; returns the undo.
   */
  enter(address: string, draws: FaultDraws, trace: Trace | undefined, who: string): () => void;
  stop(): Promise<void>;
}

/** A local server with the faults on, its own data directory, and ranked clocks long enough for random play. */
export async function startChaosServer(scale: ChaosScale, parallel: number): Promise<ChaosServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "mancala-chaos-"));
  process.env.RANKED_CLOCK_MS ??= "600000";
  process.env.RANKED_LONE_WAIT_MS ??= "0";
  // The per-player sign-in quota (60 in 10 minutes) is sized for a stage, whose connections last
  // hours; at this scale a player signs in every few seconds (each cut, each planned reconnect), so
  // a long game ran past it and the player was refused until the window ended. Scaled like the cuts.
  process.env.RANKED_SIGN_INS ??= "2000";
  const players = new Map<string, { draws: FaultDraws; trace: Trace | undefined; who: string }>();
  const watch = (e: GatewayEvent): void => {
    const p = players.get(e.sourceIp);
    p?.trace?.note(`gw:${p.who}`, `:${e.sourcePort} ${e.kind}${e.what !== undefined ? ` ${e.what}` : ""}`);
  };
  const faults: Partial<GatewayFaults> = {
    rate: scale.ratePerGame === null ? null : scale.ratePerGame * parallel,
    burst: scale.burstPerGame * parallel,
    throttled: scale.throttled ?? 0,
    failures: scale.failures,
    dropMeanMs: scale.dropMeanMs,
    drawsFor: (ip) => players.get(ip)?.draws,
    watch,
  };
  const server = await startServer({
    port: 0,
    dataDir,
    quiet: true,
    staticDir: join(dataDir, "no-client"),
    idleMs: scale.idleMs,
    maxConnectionMs: scale.maxConnectionMs,
    timerMs: 250,
    faults,
  });
  return {
    server,
    enter(address, draws, trace, who) {
      const p = { draws, trace, who };
      players.set(address, p);
      return () => {
        if (players.get(address) === p) players.delete(address);
      };
    },
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GameReport {
  readonly mode: "friend" | "ranked";
  readonly game: ChaosGame;
  readonly moves: number;
  /** Actions (moves, chat lines, votes) made on a client and missing from the final record. */
  readonly lost: number;
  /** Actions recorded more than once. */
  readonly duplicated: number;
  /**
   * "Left", forfeit, abort or flag that nobody chose, and absences of ABSENCE_QUIET_MS or more
   * shown while both players were in the game (`absences.unexplained`).
   */
  readonly falseDepartures: number;
  /** Every absence of ABSENCE_QUIET_MS or more shown, sorted by what it was (`sortAbsences`). */
  readonly absences: AbsenceCounts;
  /** Both clients (and, ranked, the server) end on the same moves and position. */
  readonly same: boolean;
  /** Each reconnect: ms from losing the connection to being back in the game. */
  readonly recoveries: readonly number[];
  /** Ranked: each move's charge to its player's clock minus the time the client took to decide (ms). */
  readonly overcharges: readonly number[];
  /** Ranked: moves refused `ranked/stale` and never applied (a side holding another match or version). */
  readonly refusedStale: number;
  /** Ranked: pushes of a match other than the one the side was paired in (a player seated twice). */
  readonly otherMatch: number;
  readonly detail: string;
}

type Span = readonly [number, number];

/**
 * Watches a connection state: how long each reconnect took, and when the side was away (from
 * losing the connection to being back in the game, after it was first in), and, traced, each change.
 */
function recoveryMeter(note?: (what: string) => void): {
  see(s: ConnectionState, at: number): void;
  readonly times: number[];
  /** The side's own absences until `at` (one still running ends at `at`). */
  away(at: number): Span[];
} {
  let downAt: number | null = null;
  let everUp = false;
  let last = "";
  const times: number[] = [];
  const spans: Span[] = [];
  return {
    times,
    see(s, at) {
      if (s.status !== last) note?.(`link ${s.status}`);
      last = s.status;
      if (s.status === "connected") {
        if (downAt !== null && everUp) {
          times.push(at - downAt);
          spans.push([downAt, at]);
        }
        everUp = true;
        downAt = null;
      } else downAt ??= at;
    },
    away: (at) => (downAt !== null && everUp ? [...spans, [downAt, at]] : [...spans]),
  };
}

/** Watches the other player's presence: each absence shown (and, traced, where each began and ended). */
function absenceMeter(note?: (what: string) => void): {
  see(online: boolean, at: number, why?: string): void;
  longest(at: number): number;
  /** Whether the other is shown away now. */
  away(): boolean;
  /** The absences shown until `at` (one still shown ends at `at`). */
  shown(at: number): Span[];
} {
  let since: number | null = null;
  const spans: Span[] = [];
  return {
    see(online, at, why = "") {
      if (online) {
        if (since !== null) {
          spans.push([since, at]);
          note?.(`sees the other back after ${at - since} ms ${why}`);
        }
        since = null;
      } else if (since === null) {
        since = at;
        note?.(`sees the other away ${why}`);
      }
    },
    longest: (at) => Math.max(0, ...spans.map(([a, b]) => b - a), since === null ? 0 : at - since),
    away: () => since !== null,
    shown: (at) => (since === null ? [...spans] : [...spans, [since, at]]),
  };
}

/** How much of `span` the spans `of` cover (they may overlap one another). */
function covered(span: Span, of: readonly Span[]): number {
  const parts = of
    .map(([a, b]) => [Math.max(a, span[0]), Math.min(b, span[1])] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of parts) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** What each absence of ABSENCE_QUIET_MS or more that one side was shown of the other was. */
export interface AbsenceCounts {
  /** Shown as away for ABSENCE_QUIET_MS or more (what the web client then shows: "reconnecting…"). */
  readonly shown: number;
  /** The other really was away (not back in the game on its own link) for ABSENCE_QUIET_MS or more of it. */
  readonly real: number;
  /** Not that, but the other away and the watching side itself away covered ABSENCE_QUIET_MS or more of it: it could not be told. */
  readonly observerAway: number;
  /** Neither: shown away while both were in the game, which the server or the client should have told. */
  readonly unexplained: number;
}

/**
 * Sorts the absences `shown` to one side of the other player: each one of ABSENCE_QUIET_MS or more
 * is real when the other's own absences (`otherAway`) cover ABSENCE_QUIET_MS of it, the observer's
 * when the other's and the watching side's own (`ownAway`) together do, else unexplained.
 */
export function sortAbsences(
  shown: readonly Span[],
  otherAway: readonly Span[],
  ownAway: readonly Span[],
): AbsenceCounts {
  let real = 0;
  let observerAway = 0;
  let unexplained = 0;
  const long = shown.filter(([a, b]) => b - a >= ABSENCE_QUIET_MS);
  for (const span of long) {
    if (covered(span, otherAway) >= ABSENCE_QUIET_MS) real++;
    else if (covered(span, [...otherAway, ...ownAway]) >= ABSENCE_QUIET_MS) observerAway++;
    else unexplained++;
  }
  return { shown: long.length, real, observerAway, unexplained };
}

function addCounts(x: AbsenceCounts, y: AbsenceCounts): AbsenceCounts {
  return {
    shown: x.shown + y.shown,
    real: x.real + y.real,
    observerAway: x.observerAway + y.observerAway,
    unexplained: x.unexplained + y.unexplained,
  };
}

const TSORO = { game: "tsoro-wta" as const, options: { holes: 4, seeds: 1 } };

/** A ranked game with no new version on either side for this long is stuck (longer than the 90 s grace). */
const STALL_MS = 120_000;

/**
 * Each simulated player speaks from its own loopback address (127.0.0.0/8), as players of a real
 * stage come from their own networks: the per-address limits (flood buckets, sign-in and
 * new-identity quotas) then count one player each, not every game of the run at once.
 */
function playerAddress(index: number, side: 0 | 1): string {
  const n = index * 2 + side;
  return `127.${2 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A friend game of Tsoro (4 × 2, one seed a hole) to its end. The key exchange runs first; every
 * action after it (moves, chat lines, pause votes) is checked on both devices.
 */
export async function friendGame(
  chaos: ChaosServer,
  scale: ChaosScale,
  game: ChaosGame,
  trace?: Trace,
): Promise<GameReport> {
  const { seed } = game;
  const url = chaos.server.wsUrl;
  const rand = rng(seed);
  const connection = chaosConnection(scale);
  const addresses = [playerAddress(game.index, 0), playerAddress(game.index, 1)] as const;
  const leave = addresses.map((a, i) => chaos.enter(a, sideDraws(seed, i as 0 | 1), trace, "ab"[i]));
  const sockets: WebSocket[][] = [[], []];
  const alice = player(
    url,
    newRoom().code,
    "create",
    { name: "Alice" },
    {
      setup: { game: TSORO.game, options: TSORO.options, bestOf: 1 },
      socket: tracedSockets(sockets[0], addresses[0], trace, "a"),
      connection,
      heartbeat: { everyMs: connection.heartbeatMs ?? 1_000, timeoutMs: 3_000 },
    },
  );
  alice.session.subscribe((e) => {
    if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
  });
  let bob: Player | null = null;
  const offs: (() => void)[] = [];
  try {
    bob = player(
      url,
      await codeOf(alice),
      "join",
      { name: "Bob" },
      {
        socket: tracedSockets(sockets[1], addresses[1], trace, "b"),
        connection,
        heartbeat: { everyMs: connection.heartbeatMs ?? 1_000, timeoutMs: 3_000 },
      },
    );
    return await friendPlay(alice, bob, game, rand, offs, trace);
  } finally {
    for (const off of offs) off();
    alice.session.dispose();
    bob?.session.dispose();
    for (const off of leave) off();
  }
}

async function friendPlay(
  alice: Player,
  bob: Player,
  game: ChaosGame,
  rand: () => number,
  offs: (() => void)[],
  trace: Trace | undefined,
): Promise<GameReport> {
  const { seed } = game;
  const players: Player[] = [alice, bob];
  const meters = players.map((_, i) => recoveryMeter(trace && ((w) => trace.note("ab"[i], w))));
  const absences = players.map((_, i) => absenceMeter(trace && ((w) => trace.note("ab"[i], w))));
  offs.push(
    ...players.map((p, i) =>
      p.session.subscribe(() => {
        const v = p.view();
        const now = Date.now();
        meters[i].see(v.link, now);
        if (v.status === "seated" && v.peer.seated && v.link.status === "connected")
          absences[i].see(v.peer.online, now, "(presence)");
      }),
    ),
  );
  const chats: string[] = [];
  let votes = 0;
  let moves = 0;
  // What the guest was told while it waited for its seat, for the report when it is never seated.
  const told: string[] = [];
  offs.push(
    bob.session.subscribe((e) => {
      if (e.type === "error" && bob.view().seat === null) told.push(e.code);
    }),
  );
  try {
    await waitFor(
      () =>
        alice.view().game.state !== null &&
        bob.view().game.state !== null &&
        alice.view().seat !== null &&
        bob.view().seat !== null,
      "both seated with the game set up",
      60_000,
    ).catch((e: unknown) => {
      const why = e instanceof Error ? e.message : String(e);
      throw new Error(`${why} (guest ${bob.view().status}; told ${told.slice(-6).join(",") || "nothing"})`);
    });
    const bySeat = (s: 0 | 1): Player => (alice.view().seat === s ? alice : bob);
    const settled = (): boolean =>
      alice.view().applied === bob.view().applied && alice.view().unsent === 0 && bob.view().unsent === 0;
    for (let turn = 0; turn < 400; turn++) {
      const g = alice.view().game;
      const s = seatToMove(g);
      if (s === null || g.state === null) break;
      const mover = bySeat(s);
      const other = mover === alice ? bob : alice;
      if (rand() < 0.15) {
        const text = `${seed}-${chats.length}`;
        if (mover.session.chat(text).ok) chats.push(text);
      }
      if (turn === 3) {
        // A pause by agreement and carrying on by agreement: four votes.
        mover.session.pause(true);
        await waitFor(() => other.view().game.offers.pause !== null, "pause asked", 60_000);
        other.session.answer("pause", true);
        await waitFor(() => alice.view().game.paused && bob.view().game.paused, "paused", 60_000);
        mover.session.pause(false);
        await waitFor(() => other.view().game.offers.pause !== null, "carry on asked", 60_000);
        other.session.answer("pause", true);
        await waitFor(() => !alice.view().game.paused && !bob.view().game.paused, "playing again", 60_000);
        votes += 4;
      }
      const opts = legalMoves(g.state);
      const before = alice.view().game.moves.length;
      const r = mover.session.move(opts[Math.floor(rand() * opts.length)]);
      if (!r.ok) throw new Error(`move refused: ${r.error.code} ${r.error.message}`);
      moves++;
      await waitFor(
        () =>
          alice.view().game.moves.length > before && bob.view().game.moves.length > before && mover.view().unsent === 0,
        `move ${moves} on both devices`,
        60_000,
      );
    }
    await waitFor(settled, "both devices settled", 60_000);
    await waitFor(
      () => alice.view().game.chat.length >= chats.length && bob.view().game.chat.length >= chats.length,
      "chat on both devices",
      60_000,
    );
    const a = alice.view();
    const b = bob.view();
    const count = (p: Player, what: (t: string) => boolean): number =>
      p.session.snapshot().log.filter((e) => what(e.payload.t)).length;
    let lost = 0;
    let duplicated = 0;
    for (const p of players) {
      const lines = p.view().game.chat.map((c) => c.text);
      for (const text of chats) {
        const n = lines.filter((l) => l === text).length;
        if (n === 0) lost++;
        if (n > 1) duplicated += n - 1;
      }
      const m = count(p, (t) => t === "move");
      if (m < moves) lost += moves - m;
      if (m > moves) duplicated += m - moves;
      const v = count(p, (t) => t === "pause" || t === "answer");
      if (v < votes) lost += votes - v;
      if (v > votes) duplicated += v - votes;
    }
    const fin = a.game.finished;
    const forfeits = count(alice, (t) => t === "forfeit");
    const now = Date.now();
    const shown = players
      .map((_, i) => sortAbsences(absences[i].shown(now), meters[1 - i].away(now), meters[i].away(now)))
      .reduce(addCounts);
    const same =
      JSON.stringify(a.game.moves) === JSON.stringify(b.game.moves) &&
      JSON.stringify(a.game.finished) === JSON.stringify(b.game.finished) &&
      JSON.stringify(alice.session.snapshot().log) === JSON.stringify(bob.session.snapshot().log);
    return {
      mode: "friend",
      game,
      moves,
      lost,
      duplicated,
      falseDepartures: forfeits + shown.unexplained + (fin.length === 1 ? 0 : 1),
      absences: shown,
      same,
      recoveries: meters.flatMap((m) => m.times),
      overcharges: [],
      refusedStale: 0,
      otherMatch: 0,
      detail: `finished=${fin.length} chats=${chats.length} votes=${votes} longestAbsence=${Math.max(...absences.map((x) => x.longest(now)))}`,
    };
  } finally {
    trace?.note("--", "end of play");
  }
}

export interface RankedSide {
  readonly link: RankedLink;
  readonly meter: ReturnType<typeof recoveryMeter>;
  readonly absence: ReturnType<typeof absenceMeter>;
  match: MatchView | null;
  seat: 0 | 1;
  ended: MatchView | null;
  /** Moves this side sent: version it answered, when it decided, and the request id. */
  readonly sent: { version: number; move: number; at: number; rid: string }[];
  /** Request ids of moves the server refused `ranked/stale`. */
  readonly stale: Set<string>;
  /** Pushes of another match than the one this side was paired in. */
  otherMatch: number;
  connected: boolean;
  readonly errors: string[];
  /** When this side first held each version. */
  readonly firstSeen: Map<number, number>;
  /** What the server answered, counted by kind: sign-ins and refusals (diagnostics). */
  readonly heard: { signIns: number; limited: number; sockets: number };
  /** The seek this side made, while unpaired, and whether the server has taken it (`ranked.seeking`). */
  seek: { message: Extract<RankedClientMessage, { type: "ranked.seek" }>; taken: boolean } | null;
  /** Every socket this side opened. */
  readonly sockets: WebSocket[];
}

/**
 * Seeks a game. The server forgets a seek when its socket goes, so a side still unpaired when its
 * connection comes back seeks again, as the web client does (createRanked's `reseek`).
 */
export function seekRanked(side: RankedSide, message: Extract<RankedClientMessage, { type: "ranked.seek" }>): void {
  side.seek = { message, taken: false };
  side.link.send(message, { keep: true });
}

export function rankedSide(
  url: string,
  name: string,
  address: string,
  scale: ChaosScale,
  views: Map<number, MatchView>,
  trace?: Trace,
  who = "",
): RankedSide {
  const keys = makeDeviceKeys();
  const note = trace && ((what: string): void => trace.note(who, what));
  const side: RankedSide = {
    link: null as unknown as RankedLink,
    meter: recoveryMeter(note),
    absence: absenceMeter(note),
    match: null,
    seat: 0,
    ended: null,
    sent: [],
    stale: new Set(),
    otherMatch: 0,
    connected: false,
    errors: [],
    firstSeen: new Map(),
    heard: { signIns: 0, limited: 0, sockets: 0 },
    seek: null,
    sockets: [],
  };
  const socket = tracedSockets(side.sockets, address, trace, who);
  const seen = (m: MatchView): void => {
    if (!views.has(m.version)) views.set(m.version, m);
    if (!side.firstSeen.has(m.version)) side.firstSeen.set(m.version, Date.now());
  };
  const take = (m: RankedServerMessage): void => {
    switch (m.type) {
      case "ranked.seeking":
        if (side.seek !== null) side.seek.taken = true;
        return;
      case "ranked.start":
      case "ranked.update":
        side.seek = null;
        // One match per pairing: a push of another one means the player is seated twice.
        if (side.match !== null && m.match.id !== side.match.id) {
          side.otherMatch++;
          return;
        }
        seen(m.match);
        if (side.match === null || m.match.version >= side.match.version) {
          side.match = m.match;
          side.seat = m.seat;
          side.absence.see(
            m.match.graceUntil[m.seat === 0 ? 1 : 0] === null,
            Date.now(),
            `(${m.type} v${m.match.version})`,
          );
        }
        return;
      case "ranked.end":
        if (side.match !== null && m.match.id !== side.match.id) {
          side.otherMatch++;
          return;
        }
        seen(m.match);
        side.ended = m.match;
        side.match = m.match;
        side.seat = m.seat;
        return;
      case "ranked.presence":
        if (m.seat !== side.seat) side.absence.see(m.connected, Date.now(), "(ranked.presence)");
        return;
      case "auth.ok":
        // The match ended while this side was away (as the web client does): fetch its end.
        if (m.activeMatch === null && side.match !== null && side.ended === null)
          side.link.send({ type: "ranked.sync", matchId: side.match.id });
        return;
      case "ranked.error":
        if (m.code !== "ranked/duplicate") side.errors.push(m.code);
        if (m.code === "ranked/stale" && m.rid !== undefined) side.stale.add(String(m.rid));
        return;
      default:
        return;
    }
  };
  (side as { link: RankedLink }).link = openRankedLink({
    url,
    socket: (u) => {
      const ws = socket(u) as unknown as WebSocket;
      side.heard.sockets++;
      ws.on("message", (data: unknown) => {
        const text = String(data);
        if (text.includes('"auth.ok"')) side.heard.signIns++;
        if (text.includes("rate/limited")) side.heard.limited++;
      });
      return ws as unknown as ReturnType<typeof socket>;
    },
    keys,
    name: () => name,
    connection: chaosConnection(scale),
    handlers: {
      onOpen: () => {
        side.connected = true;
        // A seek the server had taken went with the old socket: seek again (one still unanswered
        // is in the link's outbox and goes again by itself).
        if (side.seek !== null && side.seek.taken && side.match === null) seekRanked(side, side.seek.message);
      },
      onClose: () => (side.connected = false),
      onMessage: take,
      onState: (s) => side.meter.see(s, Date.now()),
    },
  });
  return side;
}

function positionOf(m: MatchView): State {
  const g = newGame(m.game, m.options);
  if (!g.ok) throw new Error(g.error.message);
  const p = playAll(g.value, m.moves);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/**
 * One pair of this process seeks at a time: the matchmaker pairs any two seekers of a game and
 * options, so two pairs seeking at once could be paired across.
 */
let seeking: Promise<unknown> = Promise.resolve();

/**
 * A ranked Tsoro game to its end between two fresh players. Each side moves when the match it
 * holds says it is its turn, after thinking `scale.thinkMs` or so; a move goes into the link's
 * outbox and the side waits for the match to move on. The two sides seek together, one pair at a
 * time (`seeking`).
 */
export async function rankedGame(
  chaos: ChaosServer,
  scale: ChaosScale,
  game: ChaosGame,
  tag: string,
  trace?: Trace,
): Promise<GameReport> {
  const { seed } = game;
  const url = chaos.server.wsUrl;
  const rand = rng(seed);
  const views = new Map<number, MatchView>();
  const addresses = [playerAddress(game.index, 0), playerAddress(game.index, 1)] as const;
  const leave = addresses.map((a, i) => chaos.enter(a, sideDraws(seed, i as 0 | 1), trace, "ab"[i]));
  const sides = [
    rankedSide(url, `Chaos${tag}a`, addresses[0], scale, views, trace, "a"),
    rankedSide(url, `Chaos${tag}b`, addresses[1], scale, views, trace, "b"),
  ];
  try {
    await waitFor(() => sides.every((s) => s.connected), "both signed in", 60_000);
    const holes = 4 + (seed % 5);
    const paired = seeking.then(async () => {
      for (const s of sides) seekRanked(s, { type: "ranked.seek", game: TSORO.game, options: { holes, seeds: 1 } });
      await waitFor(() => sides.every((s) => s.match !== null), "paired", 60_000);
    });
    seeking = paired.catch(() => undefined);
    await paired;
    const id = sides[0].match!.id;
    if (sides[1].match!.id !== id) throw new Error("paired across games");
    // A slow game (400 moves under load) is not a stuck one: the game fails only after STALL_MS
    // without a new version on either side.
    let progress = { versions: 0, at: Date.now() };
    const think = scale.thinkMs ?? 0;
    /** The version each side is thinking about, and when it will have decided. */
    const thinking = sides.map(() => ({ version: -1, until: 0 }));
    while (sides.every((s) => s.ended === null)) {
      if (views.size > progress.versions) progress = { versions: views.size, at: Date.now() };
      else if (Date.now() - progress.at > STALL_MS)
        throw new Error(
          `no progress for ${STALL_MS / 1000} s at version ${views.size - 1}: ` +
            sides
              .map(
                (s) =>
                  `match ${s.match?.id.slice(0, 6)} otherMatch=${s.otherMatch} stale=${s.stale.size} seat ${s.seat} ${s.connected ? "connected" : "away"} holds v${s.match?.version} ${s.match?.status} toMove=${s.match?.toMove}` +
                  ` last sent v${s.sent.at(-1)?.version} link=${JSON.stringify(s.link.state())} heard=${JSON.stringify(s.heard)} errors=${s.errors.join(",")}`,
              )
              .join(" | "),
        );
      for (const [i, s] of sides.entries()) {
        const m = s.match;
        if (m === null || m.status !== "active" || m.toMove !== s.seat || s.ended !== null) continue;
        if (s.sent.some((x) => x.version === m.version)) continue;
        if (thinking[i].version !== m.version)
          thinking[i] = { version: m.version, until: Date.now() + think * (0.5 + rand()) };
        if (Date.now() < thinking[i].until) continue;
        const p = positionOf(m);
        const opts = legalMoves(p);
        const move = opts[Math.floor(rand() * opts.length)];
        const rid = s.link.send({ type: "ranked.move", matchId: m.id, version: m.version, move }, { keep: true });
        s.sent.push({ version: m.version, move, at: Date.now(), rid });
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await waitFor(() => sides.every((s) => s.ended !== null), "the end on both devices", 60_000);
    const [a, b] = sides.map((s) => s.ended!);
    const played = a.moves.length;
    // Every move sent is in the server's record at its version, and the record holds nothing else.
    const sent = sides.flatMap((s) => s.sent);
    const lost = sent.filter((x) => a.moves[x.version] !== x.move).length;
    const refusedStale = sides.reduce(
      (n, s) => n + s.sent.filter((x) => s.stale.has(x.rid) && a.moves[x.version] !== x.move).length,
      0,
    );
    const otherMatch = sides.reduce((n, s) => n + s.otherMatch, 0);
    const duplicated = Math.max(0, played - sent.length);
    const now = Date.now();
    const reason = a.result?.reason ?? "aborted";
    const falseEnd =
      a.status !== "finished" || reason === "abandoned" || reason === "timeout" || reason === "forfeit" ? 1 : 0;
    const shown = sides
      .map((s, i) => sortAbsences(s.absence.shown(now), sides[1 - i].meter.away(now), s.meter.away(now)))
      .reduce(addCounts);
    // Clock charges: what the server took from each move's clock (the stored clock before the turn
    // less the stored clock after it, increment removed), against the time this client took from
    // first holding the position to sending its move.
    const overcharges: number[] = [];
    const inc = a.increment;
    const initial = views.get(0)?.clocks[views.get(0)!.toMove === 0 ? 1 : 0] ?? null;
    for (const s of sides) {
      for (const x of s.sent) {
        const prev = x.version === 0 ? null : views.get(x.version - 1);
        const next = views.get(x.version + 1);
        const before =
          x.version === 0
            ? initial
            : prev !== undefined && prev !== null && prev.toMove !== s.seat
              ? prev.clocks[s.seat]
              : null;
        if (before === null || next === undefined || (next.status === "active" && next.toMove === s.seat)) continue;
        const charge = before - (next.clocks[s.seat] - inc);
        const decided = x.at - (s.firstSeen.get(x.version) ?? x.at);
        overcharges.push(charge - decided);
      }
    }
    return {
      mode: "ranked",
      game,
      moves: played,
      lost,
      duplicated,
      falseDepartures: falseEnd + shown.unexplained,
      absences: shown,
      same:
        JSON.stringify(a.moves) === JSON.stringify(b.moves) && a.version === b.version && a.id === b.id && a.id === id,
      recoveries: sides.flatMap((s) => s.meter.times),
      overcharges,
      refusedStale,
      otherMatch,
      detail:
        `result=${JSON.stringify(a.result)} status=${a.status} moves=${played} sent=${sent.length}` +
        ` absences=${sides.map((s) => s.absence.longest(now)).join("|")} stale=${refusedStale} otherMatch=${otherMatch}` +
        ` clocks=${a.clocks.join("|")} heard=${sides.map((s) => JSON.stringify(s.heard)).join("|")} errors=${sides.map((s) => s.errors.join(",")).join("|")}`,
    };
  } finally {
    trace?.note("--", "end of play");
    for (const s of sides) s.link.dispose();
    for (const off of leave) off();
  }
}

export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
