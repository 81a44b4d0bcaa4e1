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
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { legalMoves, newGame, playAll, type State } from "../../core/games/index.js";
import { makeDeviceKeys } from "../../core/identity.js";
import { seatToMove } from "../../core/online/friend/game.js";
import { openRankedLink, type RankedLink } from "../../core/online/ranked.js";
import type { MatchView, RankedServerMessage } from "../../core/protocol/ranked.js";
import { codeOf, newRoom, player, rng, wsFactory, type Player } from "../../functions/local/players.js";
import { readGatewayFaults } from "../../functions/local/gateway.js";
import { startServer, type RunningServer } from "../../functions/local/server.js";
import { parseArgs } from "../args.js";
import type { Emit } from "../bench.js";
import { countsBetween, figures, monthlyCost, percentileOf, type ServerCounts } from "../load-model.js";

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

interface Run {
  running: boolean;
  readonly rtt: { friend: number[]; ranked: number[] };
  /** Moves and chat lines sent in the window. */
  actions: number;
  readonly errors: string[];
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
    bob = player(url, await codeOf(alice), "join", { name: `Guest${seed}` });
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

/** A ranked player: seeks, plays each match it gets at the same pace, seeks again when it ends. */
async function rankedPlayer(url: string, seed: number, run: Run): Promise<Started | null> {
  const rand = rng(seed);
  let match: MatchView | null = null;
  let seat: 0 | 1 = 0;
  let connected = false;
  let stopped = false;
  let pending: { version: number; at: number; counted: boolean } | null = null;
  let thinking = false;
  let link: RankedLink | null = null;
  const seek = (): void => {
    link?.send({ type: "ranked.seek", game: "togyz" }, { keep: true });
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
        const p = positionOf(now);
        if (p === null) return;
        const opts = legalMoves(p);
        const move = opts[Math.floor(rand() * opts.length)];
        pending = { version: now.version, at: Date.now(), counted: run.running };
        if (run.running) run.actions++;
        link?.send({ type: "ranked.move", matchId: now.id, version: now.version, move }, { keep: true });
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
        if (pending !== null && msg.match.version > pending.version) {
          if (pending.counted && run.running) run.rtt.ranked.push(Date.now() - pending.at);
          pending = null;
        }
        if (msg.type === "ranked.end") {
          match = null;
          pending = null;
          if (!stopped) seek();
        } else maybeMove();
        return;
      case "ranked.error":
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
    socket: wsFactory(),
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
      l.dispose();
      finish();
    },
    done,
  };
}

export async function run(emit: Emit): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const players = Math.max(2, Number(args.get("players") ?? 100));
  const seconds = Math.max(5, Number(args.get("seconds") ?? 60));
  const lambdaMs = Math.max(1, Number(args.get("lambda-ms") ?? 50));
  // The ramp-up stops at this time: the window then measures the players that got in.
  const rampLimitMs = Math.max(10, Number(args.get("ramp-seconds") ?? 240)) * 1000;
  const rate = args.has("rate") ? Number(args.get("rate")) : (readGatewayFaults().rate ?? undefined);
  const burst = args.has("burst") ? Number(args.get("burst")) : (readGatewayFaults().burst ?? rate);
  // Every simulated player comes from 127.0.0.1: the per-address limits would refuse all but the first few.
  process.env.RATE_LIMIT_ADDRESS ??= "100000000";
  process.env.RATE_LIMIT_IDENTITY ??= "100000000";
  process.env.RANKED_LONE_WAIT_MS ??= "0";
  const dataDir = mkdtempSync(join(tmpdir(), "mancala-load-"));
  const server = await startServer({
    port: 0,
    dataDir,
    quiet: true,
    staticDir: join(dataDir, "no-client"),
    faults: rate !== undefined ? { rate, burst } : {},
  });
  const url = server.wsUrl;
  const r: Run = { running: false, rtt: { friend: [], ranked: [] }, actions: 0, errors: [] };
  const started: Started[] = [];
  const rampAt = Date.now();
  try {
    const rooms = Math.floor(players / 4);
    const ranked = players - rooms * 2;
    // The two kinds interleaved (a room, two ranked players, ...) so every batch has both.
    const jobs: (() => Promise<Started | null>)[] = [];
    for (let i = 0, k = 0; i < rooms || k < ranked; i++) {
      if (i < rooms) jobs.push(() => friendRoom(url, 1 + i, r));
      for (let j = 0; j < 2 && k < ranked; j++, k++) {
        const n = k;
        jobs.push(() => rankedPlayer(url, 100_000 + n, r));
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
    const rampSeconds = (Date.now() - rampAt) / 1000;
    const before = counts(server);
    const t0 = Date.now();
    r.running = true;
    await sleep(seconds * 1000);
    r.running = false;
    const c = countsBetween(before, counts(server));
    const elapsed = (Date.now() - t0) / 1000;
    const f = figures(c, (active * elapsed) / 60);
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
  } finally {
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
