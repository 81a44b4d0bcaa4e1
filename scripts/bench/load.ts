/**
 * `npm run -s bench load -- --players N [--seconds S] [--rate R --burst B] [--lambda-ms M]`: N simulated
 * players at a human pace on the local server, started in this process (port 0, a temporary data
 * directory), over real WebSockets on loopback with the project's own clients (core/online: the
 * friend session and the ranked link, both on core/online/connection.ts). Half play in friend rooms
 * (two players a room, Togyz kumalak, a move every 2–6 s a room and now and then a chat line), half
 * in ranked games (seek, play with the same think time, seek again when a game ends).
 *
 * Players join in batches (ramp-up, not measured, at most `--ramp-seconds`, default 240); then the counters are read, the window of S
 * seconds (default 60) runs, and they are read again. Printed as JSON lines: players that got into a
 * game, messages a second, round trips p50/p99 (friend: a move sent until the other device shows it;
 * ranked: a move sent until the server's update reaches the mover), DynamoDB calls and posts per
 * player-minute, the monthly cost for 1,000 concurrent players at those rates (prices in
 * scripts/load-model.ts), and with the stage throttle emulated (`--rate`, or `MANCALA_GW_RATE`) the
 * fraction of messages it refused. A player that cannot get into a game within the ramp-up's time
 * (sockets, memory, a slow machine) is counted as not started, and the figures are per started player.
 *
 * The mix (both off by default, so the default run is the friend/ranked one above):
 * - `--spectators K`: K spectators per live ranked game, each its own connection (`watch.start`),
 *   half joining when the game starts and half a few seconds to half a minute into it (mid-game); when
 *   the game ends they go back to a pool and watch the next game that starts.
 * - `--lobby F`: a fraction F of the ranked players find their games in the lobby instead of the
 *   queue: two in three post an open seek (`lobby.post`) and, if nobody has taken it within about
 *   `--repost-seconds` (default 20), cancel it and post again; the third watch the lobby
 *   (`lobby.watch`) while looking for a game and accept a seek pushed to them (`lobby.accept`).
 * Each kind's connections are tagged (their `user-agent`), so the local gateway counts messages in,
 * posts and route responses per kind; the DynamoDB items written and read are counted by family (the
 * key's prefix: `GAME`, `PGAMES`, `LIVE` are the archive's, `LOBBYW` the lobby's watchers). Printed
 * per player-minute and per kind (per minute of that kind: a spectator-minute for spectators), and
 * the archive's writes per finished game. `--resign P` (default 0): at each of its own moves from the
 * fifth on, a ranked player resigns with chance P, so that games end (and the archive and the lobby
 * work) within a short window. `--save FILE` writes the default run's figures, or with a
 * mix, its per-kind figures under `mix`, into the file the capacity command reads.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { legalMoves, newGame, playAll, type State } from "../../core/games/index.js";
import { makeDeviceKeys } from "../../core/identity.js";
import { createConnection, type Connection } from "../../core/online/connection.js";
import type { SocketFactory, SocketLike } from "../../core/online/transport.js";
import type { OpenSeek } from "../../core/protocol/lobby.js";
import { seatToMove } from "../../core/online/friend/game.js";
import { openRankedLink, type RankedLink } from "../../core/online/ranked.js";
import type { MatchView, RankedServerMessage } from "../../core/protocol/ranked.js";
import { WebSocket } from "ws";
import { codeOf, newRoom, player, rng, type Player } from "../../functions/local/players.js";
import { readGatewayFaults } from "../../functions/local/gateway.js";
import { startServer, type RunningServer } from "../../functions/local/server.js";
import { parseArgs } from "../args.js";
import type { Emit } from "../bench.js";
import {
  countsBetween,
  figures,
  monthlyCost,
  percentileOf,
  type GameFigures,
  type KindFigures,
  type MeasuredLoad,
  type MixFigures,
  type ServerCounts,
} from "../load-model.js";

const THINK_MIN_MS = 2_000;
const THINK_SPAN_MS = 4_000;
const CHAT_CHANCE = 0.05;
/** Players joining at once during the ramp-up. */
const BATCH = 40;
const JOIN_TIMEOUT_MS = 60_000;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolves when `pred` holds, checked on each of `on`'s events and every `everyMs`; false after `timeoutMs`. */
function until(pred: () => boolean, timeoutMs: number, everyMs = 100): Promise<boolean> {
  return new Promise((res) => {
    const end = Date.now() + timeoutMs;
    const check = (): void => {
      if (pred()) res(true);
      else if (Date.now() > end) res(false);
      else setTimeout(check, everyMs);
    };
    check();
  });
}

const KINDS = ["friend", "ranked", "lobby", "spectator"] as const;
type Kind = (typeof KINDS)[number];
/** The item families of the archive (docs/archive.md). */
const ARCHIVE_FAMILIES = ["GAME", "PGAMES", "LIVE"] as const;

/** Real `ws` sockets whose `user-agent` names the kind, so the local gateway counts each kind apart. */
function socketOf(kind: Kind, address?: string): SocketFactory {
  return (url: string): SocketLike =>
    new WebSocket(url, {
      headers: { "user-agent": `mancala-load/${kind}` },
      ...(address !== undefined ? { localAddress: address } : {}),
    }) as unknown as SocketLike;
}

interface Run {
  running: boolean;
  readonly rtt: { friend: number[]; ranked: number[] };
  /** Moves and chat lines sent in the window. */
  actions: number;
  readonly errors: string[];
  /** Ranked games (queue and lobby) started and ended in the window, each counted once (seat 0). */
  gamesStarted: number;
  gamesEnded: number;
  /** Ranked moves made in the window (both kinds of ranked player). */
  rankedMoves: number;
  /** Seeks posted, cancelled and accepted in the window; `lobby.added`/`removed` pushes received. */
  readonly lobby: { posted: number; cancelled: number; accepted: number; pushes: number; gone: number; games: number };
  /** Moves the spectators saw (one per move per spectator), their `watch.match` frames, refusals as full. */
  readonly watch: { movesSeen: number; frames: number; full: number; joins: number };
  /** Called by a ranked game's seat 0 when it starts: the spectators take it. */
  onGame: (matchId: string) => void;
}

function counts(s: RunningServer): ServerCounts {
  const st = s.stats();
  return {
    dynamo: st.dynamo,
    posts: st.posts,
    routeResponses: st.routeResponses,
    messagesIn: st.faults.messages,
    throttled: st.faults.throttled,
  };
}

interface Snapshot {
  readonly counts: ServerCounts;
  readonly byAgent: ReturnType<RunningServer["stats"]>["byAgent"];
  readonly families: ReturnType<RunningServer["stats"]>["families"];
}

function snapshot(s: RunningServer): Snapshot {
  const st = s.stats();
  return { counts: counts(s), byAgent: st.byAgent, families: st.families };
}

const diff = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> =>
  Object.fromEntries(Object.keys(b).map((k) => [k, b[k] - (a[k] ?? 0)]));

interface Started {
  readonly players: number;
  stop(): void;
  readonly done: Promise<void>;
}

/** A friend room of two players: started once both are seated with the game set up. */
async function friendRoom(url: string, seed: number, run: Run): Promise<Started | null> {
  const rand = rng(seed);
  const alice = player(
    url,
    newRoom().code,
    "create",
    { name: `Host${seed}` },
    {
      setup: { game: "togyz", options: {}, bestOf: 1 },
      socket: socketOf("friend"),
    },
  );
  alice.session.subscribe((e) => {
    if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
  });
  let bob: Player | null = null;
  const dispose = (): void => {
    alice.session.dispose();
    bob?.session.dispose();
  };
  try {
    bob = player(url, await codeOf(alice), "join", { name: `Guest${seed}` }, { socket: socketOf("friend") });
  } catch {
    dispose();
    return null;
  }
  const b = bob;
  const ready = await until(
    () => alice.view().game.state !== null && b.view().game.state !== null && b.view().seat !== null,
    JOIN_TIMEOUT_MS,
  );
  if (!ready) {
    dispose();
    return null;
  }
  let stopped = false;
  const done = (async () => {
    try {
      while (!stopped) {
        await sleep(THINK_MIN_MS + rand() * THINK_SPAN_MS);
        if (stopped) break;
        const g = alice.view().game;
        const s = seatToMove(g);
        if (s === null || g.state === null) break;
        const mover = alice.view().seat === s ? alice : b;
        const other = mover === alice ? b : alice;
        if (rand() < CHAT_CHANCE && mover.session.chat(`line ${seed}`).ok && run.running) run.actions++;
        const opts = legalMoves(g.state);
        const before = other.view().game.moves.length;
        const t0 = Date.now();
        const r = mover.session.move(opts[Math.floor(rand() * opts.length)]);
        if (!r.ok) {
          run.errors.push(`friend move refused: ${r.error.code}`);
          break;
        }
        const counted = run.running;
        if (counted) run.actions++;
        let off = (): void => undefined;
        const seen = await Promise.race([
          new Promise<boolean>((res) => {
            if (other.view().game.moves.length > before) res(true);
            off = other.session.subscribe(() => {
              if (other.view().game.moves.length > before) res(true);
            });
          }),
          sleep(30_000).then(() => false),
        ]);
        off();
        if (!seen) run.errors.push("friend move not relayed in 30 s");
        else if (counted && run.running) run.rtt.friend.push(Date.now() - t0);
      }
    } finally {
      dispose();
    }
  })();
  return {
    players: 2,
    stop: () => (stopped = true),
    done,
  };
}

function positionOf(m: MatchView): State | null {
  const g = newGame(m.game, m.options);
  if (!g.ok) return null;
  const p = playAll(g.value, m.moves);
  return p.ok ? p.value : null;
}

/** How a ranked player finds its games: the queue, or the lobby as the one who posts or the one who accepts. */
type Finder = "queue" | "post" | "accept";

interface RankedOptions {
  readonly finder: Finder;
  /** The mean time an unanswered open seek stays before it is cancelled and posted again. */
  readonly repostMs: number;
  /** The chance, at each of its own moves from the fifth of the game on, that the player resigns instead. */
  readonly resign: number;
  /** The loopback source address (lobby players are spread over many, as people are). */
  readonly address?: string;
}

/**
 * A ranked player: finds a game (a queue seek, or through the lobby), plays each match it gets at the
 * same pace, and looks for the next when it ends.
 */
async function rankedPlayer(url: string, seed: number, run: Run, o: RankedOptions): Promise<Started | null> {
  const rand = rng(seed);
  let match: MatchView | null = null;
  let seat: 0 | 1 = 0;
  let connected = false;
  let stopped = false;
  let pending: { version: number; at: number; counted: boolean } | null = null;
  let thinking = false;
  let link: RankedLink | null = null;
  const seen = new Set<string>();
  // The lobby: the seeks pushed to an accepting player, the one it is trying, a poster's re-post timer.
  const seeks = new Map<string, OpenSeek>();
  let accepting: string | null = null;
  let watching = false;
  let repost: ReturnType<typeof setTimeout> | null = null;
  let acceptTimer: ReturnType<typeof setTimeout> | null = null;
  const send = (msg: Parameters<RankedLink["send"]>[0]): void => {
    link?.send(msg, { keep: true });
  };
  const clearTimers = (): void => {
    if (repost !== null) clearTimeout(repost);
    if (acceptTimer !== null) clearTimeout(acceptTimer);
    repost = acceptTimer = null;
  };
  const post = (): void => {
    send({ type: "lobby.post", game: "togyz" });
    if (run.running) run.lobby.posted++;
    repost = setTimeout(
      () => {
        repost = null;
        if (stopped || match !== null) return;
        send({ type: "lobby.cancel" });
        if (run.running) run.lobby.cancelled++;
        post();
      },
      o.repostMs * (0.5 + rand()),
    );
  };
  /** An accepting player takes one of the seeks it was shown, after a moment to choose. */
  const maybeAccept = (): void => {
    if (stopped || match !== null || accepting !== null || acceptTimer !== null || seeks.size === 0) return;
    acceptTimer = setTimeout(
      () => {
        acceptTimer = null;
        if (stopped || match !== null || accepting !== null || seeks.size === 0) return;
        const all = [...seeks.values()];
        const s = all[Math.floor(rand() * all.length)];
        accepting = s.id;
        send({ type: "lobby.accept", game: "togyz", seekId: s.id });
        if (run.running) run.lobby.accepted++;
      },
      500 + rand() * 1_000,
    );
  };
  const seek = (): void => {
    if (o.finder === "queue") send({ type: "ranked.seek", game: "togyz" });
    else if (o.finder === "post") post();
    else {
      seeks.clear();
      accepting = null;
      watching = true;
      send({ type: "lobby.watch", game: "togyz" });
    }
  };
  const maybeMove = (): void => {
    const m = match;
    if (stopped || thinking || m === null || m.status !== "active" || m.toMove !== seat) return;
    if (pending !== null && pending.version >= m.version) return;
    thinking = true;
    setTimeout(
      () => {
        thinking = false;
        const now = match;
        if (stopped || now === null || now.id !== m.id || now.version !== m.version || now.toMove !== seat) return;
        if (o.resign > 0 && now.moves.length >= 4 && rand() < o.resign) {
          send({ type: "ranked.resign", matchId: now.id });
          return;
        }
        const p = positionOf(now);
        if (p === null) return;
        const opts = legalMoves(p);
        const move = opts[Math.floor(rand() * opts.length)];
        pending = { version: now.version, at: Date.now(), counted: run.running };
        if (run.running) {
          run.actions++;
          run.rankedMoves++;
        }
        send({ type: "ranked.move", matchId: now.id, version: now.version, move });
      },
      THINK_MIN_MS + rand() * THINK_SPAN_MS,
    );
  };
  const take = (msg: RankedServerMessage): void => {
    switch (msg.type) {
      case "ranked.start":
      case "ranked.update":
      case "ranked.end":
        if (match === null || msg.match.id !== match.id || msg.match.version >= match.version) {
          match = msg.match;
          seat = msg.seat;
        }
        if (msg.type === "ranked.start" && !seen.has(msg.match.id)) {
          seen.add(msg.match.id);
          clearTimers();
          accepting = null;
          if (watching) {
            watching = false;
            send({ type: "lobby.unwatch", game: "togyz" });
          }
          // A lobby game is a poster's and an acceptor's: the poster counts it.
          if (o.finder === "post" && run.running) run.lobby.games++;
          if (msg.seat === 0) {
            if (run.running) run.gamesStarted++;
            run.onGame(msg.match.id);
          }
        }
        if (pending !== null && msg.match.version > pending.version) {
          if (pending.counted && run.running) run.rtt.ranked.push(Date.now() - pending.at);
          pending = null;
        }
        if (msg.type === "ranked.end") {
          if (msg.seat === 0 && run.running) run.gamesEnded++;
          match = null;
          pending = null;
          if (!stopped) seek();
        } else maybeMove();
        return;
      case "lobby.list":
        for (const s of msg.seeks) seeks.set(s.id, s);
        maybeAccept();
        return;
      case "lobby.added":
        if (run.running) run.lobby.pushes++;
        if (watching) {
          seeks.set(msg.seek.id, msg.seek);
          maybeAccept();
        }
        return;
      case "lobby.removed":
        if (run.running) run.lobby.pushes++;
        seeks.delete(msg.id);
        return;
      case "ranked.error":
        if (msg.code === "lobby/gone" || msg.code === "lobby/own_seek") {
          // Taken by another player first (or this player's own): choose again.
          if (msg.code === "lobby/gone" && run.running) run.lobby.gone++;
          if (accepting !== null) seeks.delete(accepting);
          accepting = null;
          maybeAccept();
          return;
        }
        // A cancel that crossed an accept: the game is starting.
        if (msg.code === "lobby/not_posted") return;
        if (msg.code !== "ranked/duplicate" && msg.code !== "ranked/stale") run.errors.push(msg.code);
        // A seek refused as already in a match while this player holds none (cause not traced): seek again.
        if (msg.code === "ranked/in_match" && match === null)
          setTimeout(() => {
            if (!stopped && match === null) seek();
          }, 2_000);
        return;
      default:
        return;
    }
  };
  link = openRankedLink({
    url,
    socket: socketOf(o.finder === "queue" ? "ranked" : "lobby", o.address),
    keys: makeDeviceKeys(),
    name: () => `Load${seed}`,
    handlers: {
      onOpen: () => (connected = true),
      onClose: () => (connected = false),
      onMessage: take,
      onState: () => undefined,
    },
  });
  const l = link;
  if (!(await until(() => connected, JOIN_TIMEOUT_MS))) {
    l.dispose();
    return null;
  }
  seek();
  let finish = (): void => undefined;
  const done = new Promise<void>((res) => (finish = res));
  return {
    players: 1,
    stop: () => {
      stopped = true;
      clearTimers();
      l.dispose();
      finish();
    },
    done,
  };
}

/** One spectator's connection: watches a game until it ends, then waits in the pool for the next. */
interface Spectator {
  matchId: string | null;
  /** Moves in the game as last seen. */
  moves: number;
  readonly conn: Connection;
}

/**
 * The spectators: K per ranked game, taken from the pool (new connections only when it is empty); half
 * join at the start, half after 5–30 s. Each counts the moves it sees; a game's end frees them.
 */
function spectators(url: string, perGame: number, run: Run, seed: number) {
  const rand = rng(seed);
  const idle: Spectator[] = [];
  const all: Spectator[] = [];
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const join = (sp: Spectator, matchId: string): void => {
    sp.matchId = matchId;
    sp.moves = -1;
    if (run.running) run.watch.joins++;
    // A new connection asks when it opens (and again after any reconnect).
    if (sp.conn.isOpen) sp.conn.request({ type: "watch.start", matchId }, { early: true });
  };
  const make = (): Spectator => {
    const sp: Spectator = {
      matchId: null,
      moves: -1,
      conn: createConnection({
        url,
        socket: socketOf("spectator"),
        backoff: { baseMs: 300, maxMs: 5_000 },
        handlers: {
          onOpen() {
            if (sp.matchId !== null) sp.conn.request({ type: "watch.start", matchId: sp.matchId }, { early: true });
            sp.conn.resumed();
          },
          onMessage(f) {
            if (f.type === "watch.match" && typeof f.match === "object" && f.match !== null) {
              const m = f.match as MatchView;
              if (m.id !== sp.matchId) return;
              if (run.running) {
                run.watch.frames++;
                if (sp.moves >= 0 && m.moves.length > sp.moves) run.watch.movesSeen += m.moves.length - sp.moves;
              }
              sp.moves = m.moves.length;
              if (m.status !== "active") free(sp);
            } else if (f.type === "watch.full" || f.type === "watch.error") {
              if (f.type === "watch.full" && run.running) run.watch.full++;
              free(sp);
            }
          },
          onClose() {},
        },
      }),
    };
    all.push(sp);
    return sp;
  };
  const free = (sp: Spectator): void => {
    if (sp.matchId === null) return;
    sp.matchId = null;
    if (!stopped) idle.push(sp);
  };
  return {
    /** A game started: its spectators come. */
    game(matchId: string): void {
      if (stopped) return;
      for (let i = 0; i < perGame; i++) {
        const sp = idle.pop() ?? make();
        const later = i % 2 === 1;
        if (!later) join(sp, matchId);
        else {
          const t = setTimeout(
            () => {
              timers.delete(t);
              if (!stopped) join(sp, matchId);
            },
            5_000 + rand() * 25_000,
          );
          timers.add(t);
        }
      }
    },
    /** Spectators connected and watching a game now. */
    watching: (): number => all.filter((sp) => sp.matchId !== null).length,
    stop(): void {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      for (const sp of all) sp.conn.dispose();
    },
  };
}

export async function run(emit: Emit): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const players = Math.max(2, Number(args.get("players") ?? 100));
  const seconds = Math.max(5, Number(args.get("seconds") ?? 60));
  const lambdaMs = Math.max(1, Number(args.get("lambda-ms") ?? 50));
  // The mix: spectators per live ranked game, the share of ranked players using the lobby.
  const perGame = Math.max(0, Math.floor(Number(args.get("spectators") ?? 0)));
  const lobbyShare = Math.min(1, Math.max(0, Number(args.get("lobby") ?? 0)));
  const repostMs = Math.max(1, Number(args.get("repost-seconds") ?? 20)) * 1000;
  // Games end by the rules only after minutes; a resignation now and then ends some in every window.
  const resign = Math.min(1, Math.max(0, Number(args.get("resign") ?? 0)));
  if (!Number.isFinite(perGame) || !Number.isFinite(lobbyShare))
    throw new Error("--spectators and --lobby are numbers");
  const mixed = perGame > 0 || lobbyShare > 0;
  // The ramp-up stops at this time: the window then measures the players that got in.
  const rampLimitMs = Math.max(10, Number(args.get("ramp-seconds") ?? 240)) * 1000;
  const rate = args.has("rate") ? Number(args.get("rate")) : (readGatewayFaults().rate ?? undefined);
  const burst = args.has("burst") ? Number(args.get("burst")) : (readGatewayFaults().burst ?? rate);
  // Every simulated player comes from 127.0.0.1: the per-address limits would refuse all but the first few.
  process.env.RATE_LIMIT_ADDRESS ??= "100000000";
  process.env.RATE_LIMIT_IDENTITY ??= "100000000";
  process.env.RANKED_LONE_WAIT_MS ??= "0";
  // …and so would the per-address friend-room limits (rooms made, codes looked up, knocks)…
  process.env.FRIEND_ROOM_LIMIT ??= "100000000";
  process.env.FRIEND_LOOKUP_LIMIT ??= "100000000";
  process.env.FRIEND_KNOCK_MS ??= "0";
  // …and the spectators' per-network bucket; a lobby player's re-posts are within its own seek quota.
  process.env.WATCH_RATE_NETWORK ??= "100000000";
  // …and the new identities an address may make an hour (20): all but 20 of the ranked players were
  // kept out by it (before 2026-12-03 the default run measured 100 friend players and 20 ranked ones).
  process.env.RANKED_NEW_IDENTITIES ??= "100000000";
  process.env.RANKED_SEEKS ??= "100000000";
  const dataDir = mkdtempSync(join(tmpdir(), "mancala-load-"));
  const server = await startServer({
    port: 0,
    dataDir,
    quiet: true,
    staticDir: join(dataDir, "no-client"),
    faults: rate !== undefined ? { rate, burst } : {},
  });
  const url = server.wsUrl;
  const r: Run = {
    running: false,
    rtt: { friend: [], ranked: [] },
    actions: 0,
    errors: [],
    gamesStarted: 0,
    gamesEnded: 0,
    rankedMoves: 0,
    lobby: { posted: 0, cancelled: 0, accepted: 0, pushes: 0, gone: 0, games: 0 },
    watch: { movesSeen: 0, frames: 0, full: 0, joins: 0 },
    onGame: () => undefined,
  };
  const watchers = spectators(url, perGame, r, 7);
  if (perGame > 0) r.onGame = (id) => watchers.game(id);
  const started: (Started & { kind: Kind })[] = [];
  const rampAt = Date.now();
  try {
    const rooms = Math.floor(players / 4);
    const ranked = players - rooms * 2;
    // Lobby players: two post for each one that accepts (so seeks wait, and are cancelled and posted
    // again), spread over loopback addresses (the per-address seek and lobby-watch quotas are a
    // network's, and people come from many).
    const lobbyPlayers = Math.round(ranked * lobbyShare);
    // The two kinds interleaved (a room, two ranked players, ...) so every batch has both.
    const jobs: (() => Promise<(Started & { kind: Kind }) | null>)[] = [];
    const as = (kind: Kind, p: Promise<Started | null>): Promise<(Started & { kind: Kind }) | null> =>
      p.then((x) => (x === null ? null : { ...x, kind }));
    for (let i = 0, k = 0; i < rooms || k < ranked; i++) {
      if (i < rooms) jobs.push(() => as("friend", friendRoom(url, 1 + i, r)));
      for (let j = 0; j < 2 && k < ranked; j++, k++) {
        const n = k;
        // Every other ranked player of the first `lobbyPlayers` pairs up in the lobby, the rest queue.
        const lobby = n < lobbyPlayers;
        const finder: Finder = !lobby ? "queue" : n % 3 === 2 ? "accept" : "post";
        const address = lobby ? `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}` : undefined;
        jobs.push(() =>
          as(
            lobby ? "lobby" : "ranked",
            rankedPlayer(url, 100_000 + n, r, {
              finder,
              repostMs,
              resign,
              ...(address !== undefined ? { address } : {}),
            }),
          ),
        );
      }
    }
    for (let i = 0; i < jobs.length && Date.now() - rampAt < rampLimitMs; i += BATCH) {
      const got = await Promise.all(
        jobs.slice(i, i + BATCH).map((j) =>
          j().catch((e: unknown) => {
            r.errors.push(`join: ${e instanceof Error ? e.message : String(e)}`);
            return null;
          }),
        ),
      );
      for (const s of got) if (s !== null) started.push(s);
      const n = started.reduce((k, s) => k + s.players, 0);
      process.stderr.write(
        `load: ramp-up ${n} of ${players} players in ${Math.round((Date.now() - rampAt) / 1000)} s\n`,
      );
    }
    const active = started.reduce((n, s) => n + s.players, 0);
    const ofKind = (k: Kind): number => started.filter((s) => s.kind === k).reduce((n, s) => n + s.players, 0);
    const rampSeconds = (Date.now() - rampAt) / 1000;
    const before = snapshot(server);
    const t0 = Date.now();
    r.running = true;
    // Spectators come and go with the games: their minutes are sampled once a second.
    let spectatorSeconds = 0;
    const sampler = setInterval(() => (spectatorSeconds += watchers.watching()), 1_000);
    await sleep(seconds * 1000);
    r.running = false;
    clearInterval(sampler);
    const after = snapshot(server);
    const c = countsBetween(before.counts, after.counts);
    const elapsed = (Date.now() - t0) / 1000;
    const playerMinutes = (active * elapsed) / 60;
    const f = figures(c, playerMinutes);
    const cost = monthlyCost(f, 1000, lambdaMs);
    const row = (name: string, unit: string, value: number): void =>
      emit({ name: `load.${name}`, unit, value: Math.round(value * 1000) / 1000 });
    row("players.asked", "players", players);
    row("players.started", "players", active);
    row("ramp_up", "s", rampSeconds);
    row("window", "s", elapsed);
    row("actions_per_s", "actions/s", r.actions / elapsed);
    row("messages_in_per_s", "messages/s", (c.messagesIn - c.throttled) / elapsed);
    row("messages_out_per_s", "messages/s", (c.posts + c.routeResponses) / elapsed);
    row("friend.rtt_p50", "ms", percentileOf(r.rtt.friend, 50));
    row("friend.rtt_p99", "ms", percentileOf(r.rtt.friend, 99));
    row("friend.moves", "moves", r.rtt.friend.length);
    row("ranked.rtt_p50", "ms", percentileOf(r.rtt.ranked, 50));
    row("ranked.rtt_p99", "ms", percentileOf(r.rtt.ranked, 99));
    row("ranked.moves", "moves", r.rtt.ranked.length);
    row("dynamo.writes_per_player_minute", "calls", f.dynamoWritesPerPlayerMinute);
    row("dynamo.reads_per_player_minute", "calls", f.dynamoReadsPerPlayerMinute);
    row("dynamo.calls_per_player_minute", "calls", f.dynamoCallsPerPlayerMinute);
    row("posts_per_player_minute", "posts", f.postsPerPlayerMinute);
    row("ws_messages_per_player_minute", "messages", f.wsMessagesPerPlayerMinute);
    // Per kind: what the gateway counted on that kind's connections, per minute of that kind.
    const spectatorMinutes = spectatorSeconds / 60;
    const kindMinutes: Record<Kind, number> = {
      friend: (ofKind("friend") * elapsed) / 60,
      ranked: (ofKind("ranked") * elapsed) / 60,
      lobby: (ofKind("lobby") * elapsed) / 60,
      spectator: spectatorMinutes,
    };
    const kinds: Record<string, KindFigures> = {};
    for (const k of KINDS) {
      const agent = `mancala-load/${k}`;
      const a = after.byAgent[agent] ?? { messagesIn: 0, posts: 0, routeResponses: 0 };
      const b = before.byAgent[agent] ?? { messagesIn: 0, posts: 0, routeResponses: 0 };
      const m = kindMinutes[k];
      if (!(m > 0)) continue;
      kinds[k] = {
        minutes: m,
        messagesInPerMinute: (a.messagesIn - b.messagesIn) / m,
        postsPerMinute: (a.posts - b.posts) / m,
        routeResponsesPerMinute: (a.routeResponses - b.routeResponses) / m,
      };
      row(`${k}.minutes`, "minutes", m);
      row(`${k}.messages_in_per_minute`, "messages", kinds[k].messagesInPerMinute);
      row(`${k}.posts_per_minute`, "posts", kinds[k].postsPerMinute);
      row(`${k}.route_responses_per_minute`, "messages", kinds[k].routeResponsesPerMinute);
    }
    // DynamoDB items by family (the archive's, the lobby's watchers, the rest), per player-minute.
    const writes = diff(before.families.writes, after.families.writes);
    const reads = diff(before.families.reads, after.families.reads);
    for (const fam of Object.keys(writes).sort())
      if (writes[fam] > 0) row(`dynamo.items_written.${fam}`, "items", writes[fam]);
    for (const fam of Object.keys(reads).sort())
      if (reads[fam] > 0) row(`dynamo.items_read.${fam}`, "items", reads[fam]);
    const archiveWrites = ARCHIVE_FAMILIES.reduce((n, fam) => n + (writes[fam] ?? 0), 0);
    row("games.started", "games", r.gamesStarted);
    row("games.ended", "games", r.gamesEnded);
    row("archive.writes", "writes", archiveWrites);
    row("archive.writes_per_finished_game", "writes", r.gamesEnded > 0 ? archiveWrites / r.gamesEnded : 0);
    row("archive.writes_per_player_minute", "writes", archiveWrites / playerMinutes);
    const games: GameFigures = {
      rankedShare: (ofKind("ranked") + ofKind("lobby")) / active,
      rankedMovesPerPlayerMinute: r.rankedMoves / playerMinutes,
      gamesEndedPerPlayerMinute: r.gamesEnded / playerMinutes,
      gamesEnded: r.gamesEnded,
      archiveWritesPerPlayerMinute: archiveWrites / playerMinutes,
      archiveWritesPerGame: r.gamesEnded > 0 ? archiveWrites / r.gamesEnded : 0,
    };
    let mix: MixFigures | null = null;
    if (mixed) {
      const changes = r.lobby.posted + r.lobby.cancelled + r.lobby.accepted;
      const spectatorPosts = kinds.spectator === undefined ? 0 : kinds.spectator.postsPerMinute * spectatorMinutes;
      mix = {
        measured: new Date().toISOString().slice(0, 10),
        command: `npm run -s bench load -- --players ${players} --seconds ${seconds} --spectators ${perGame} --lobby ${lobbyShare} --resign ${resign}`,
        spectatorsPerGame: perGame,
        lobbyShare,
        gamesEnded: games.gamesEnded,
        archiveWritesPerGame: games.archiveWritesPerGame,
        kinds,
        postsPerSpectatorMove: r.watch.movesSeen > 0 ? spectatorPosts / r.watch.movesSeen : 0,
        spectatorJoinsPerMinute: spectatorMinutes > 0 ? r.watch.joins / spectatorMinutes : 0,
        seekChangesPerLobbyPlayerMinute: kindMinutes.lobby > 0 ? changes / kindMinutes.lobby : 0,
        seekChangesPerLobbyGame: r.lobby.games > 0 ? changes / r.lobby.games : 0,
        lobbyPushesPerSeekChange: changes > 0 ? r.lobby.pushes / changes : 0,
        lobbyWatcherItemsPerSeekChange: {
          writes: changes > 0 ? (writes.LOBBYW ?? 0) / changes : 0,
          reads: changes > 0 ? (reads.LOBBYW ?? 0) / changes : 0,
        },
      };
      row("spectator.moves_seen", "moves", r.watch.movesSeen);
      row("spectator.joins", "joins", r.watch.joins);
      row("spectator.full", "refusals", r.watch.full);
      row("spectator.posts_per_move_watched", "posts", mix.postsPerSpectatorMove);
      row("lobby.posted", "seeks", r.lobby.posted);
      row("lobby.cancelled", "seeks", r.lobby.cancelled);
      row("lobby.accepted", "seeks", r.lobby.accepted);
      row("lobby.gone", "refusals", r.lobby.gone);
      row("lobby.games", "games", r.lobby.games);
      row("lobby.seek_changes_per_lobby_game", "changes", mix.seekChangesPerLobbyGame);
      row("lobby.seek_changes_per_lobby_player_minute", "changes", mix.seekChangesPerLobbyPlayerMinute);
      row("lobby.pushes_per_seek_change", "posts", mix.lobbyPushesPerSeekChange);
    }
    row("cost_1000_players.dynamo", "USD/month", cost.dynamo);
    row("cost_1000_players.ws_messages", "USD/month", cost.wsMessages);
    row("cost_1000_players.ws_connection_minutes", "USD/month", cost.wsConnectionMinutes);
    row("cost_1000_players.lambda_requests", "USD/month", cost.lambdaRequests);
    row(`cost_1000_players.lambda_duration_at_${lambdaMs}ms`, "USD/month", cost.lambdaDuration);
    row("cost_1000_players.total", "USD/month", cost.total);
    if (rate !== undefined) {
      row("throttle.rate", "messages/s", rate);
      row("throttle.throttled_fraction", "fraction", f.throttledFraction);
    }
    row("errors", "errors", r.errors.length);
    // `--save FILE`: the per-player-minute counts the capacity command reads (scripts/capacity.ts). A
    // run with a mix keeps the file's default-run figures and writes its own under `mix`.
    const save = args.get("save");
    if (save !== undefined) {
      const old = existsSync(save) ? (JSON.parse(readFileSync(save, "utf8")) as MeasuredLoad) : null;
      const measured: MeasuredLoad =
        mix !== null && old !== null
          ? { ...old, mix }
          : {
              measured: new Date().toISOString().slice(0, 10),
              command: `npm run -s bench load -- --players ${players} --seconds ${seconds}`,
              players: active,
              windowSeconds: Math.round(elapsed),
              figures: f,
              games,
              ...(mix !== null ? { mix } : old?.mix !== undefined ? { mix: old.mix } : {}),
            };
      writeFileSync(save, `${JSON.stringify(measured, null, 2)}\n`);
    }
  } finally {
    watchers.stop();
    for (const s of started) s.stop();
    const seen = new Map<string, number>();
    for (const e of r.errors) seen.set(e, (seen.get(e) ?? 0) + 1);
    for (const [e, n] of seen) process.stderr.write(`load: ${n} × ${e}\n`);
    await Promise.race([Promise.all(started.map((s) => s.done)), sleep(40_000)]);
    // The server's `$disconnect` runs for every closed socket: let them finish before it stops.
    await sleep(Math.min(20_000, 2_000 + started.length * 10));
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
