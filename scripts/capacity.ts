/**
 * `npm run -s capacity -- --players N` (default: 1,000, 10,000 and 100,000): what N concurrent
 * players cost a month, line by line, and the first AWS limit they reach, from the counts per
 * player-minute the load bench measured (`scripts/load-measured.json`, written by `npm run -s bench
 * load -- --players 200 --seconds 60 --save scripts/load-measured.json`) and the stack's own settings.
 * `--markdown` prints the table docs/operations.md shows (scripts/capacity.test.ts checks they agree).
 *
 * Prices: AWS on-demand, us-east-1 (the pricing pages of API Gateway, Lambda, DynamoDB, CloudWatch,
 * Secrets Manager). Assumptions, stated in the output: Lambda duration per run (`--lambda-ms`, not
 * measured locally), each DynamoDB call one request unit (items under 1 KB) plus the index writes
 * the counts imply (`INDEX_WRITES_PER_WRITE`), the table's size (`--table-gb`); and for the lines of
 * the archive, the spectators and the lobby (their unit costs measured by the load bench's mix run,
 * `--spectators K --lobby F`, saved under `mix`): moves in a ranked game (`--moves-per-game`),
 * spectators per live ranked game (`--spectators`, pushed up to MANCALA_WATCH_CAP, the rest poll),
 * the ranked players' share that finds games in the lobby (`--lobby`) and the players watching one
 * game's lobby at a time (`--lobby-watching`, a share of all players: pushed up to MANCALA_LOBBY_CAP,
 * the rest poll).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fail, parseArgs } from "./args.js";
import { LAMBDA_GB, MONTH_MINUTES, type MeasuredLoad } from "./load-model.js";
import { legalMoves, newGame, outcome, play, type State } from "../core/games/index.js";
import { makeArchivedGame, makePlayerGameRow } from "../core/archive/archive.js";
import { makeMatch } from "../core/ranked/game.js";
import { LOBBY_CAP_DEFAULT } from "../functions/lobby/lobby.js";
import { WATCH_CAP_DEFAULT } from "../functions/spectate/spectate.js";
import { ROUTES } from "../functions/routes.js";
import { INDEX_NAMES } from "../functions/lib/table.js";
import { SECRET_ARN_ENV } from "../functions/lib/secrets.js";
import { INVOCATION_SPAN_MS } from "../functions/ranked/span.js";
import { DEFAULT_SETTINGS } from "../stacks/settings.js";
import { logBytesPerMessage } from "../stacks/logs.js";

export const CAPACITY_PRICES = {
  wsMessagePerMillion: 1.0, // first billion a month
  wsMessagePerMillionAbove: 0.8, // above a billion
  wsConnectionMinutePerMillion: 0.25,
  lambdaRequestPerMillion: 0.2,
  lambdaGbSecondArm: 0.0000133334,
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  dynamoStorageGbMonth: 0.25,
  pitrGbMonth: 0.2,
  logsIngestedGb: 0.5,
  alarmMetricMonth: 0.1,
  secretMonth: 0.4,
  dashboardMonth: 3.0,
  cloudFrontRequestPerTenThousand: 0.01, // HTTPS, North America and Europe
} as const;

/** A client over a cap polls the cached public read every 3 s (web/src: the spectator's game, the lobby's list). */
export const POLL_SECONDS = 3;

/**
 * The archive's items as stored (`functions/archive/store.ts`: keys plus `makeArchivedGame`'s JSON,
 * a `makePlayerGameRow` per player), measured on a whole Togyz game of first legal moves (the game
 * core/archive/archive.test.ts checks): the `GAME#` item's bytes without moves and per move, and a row's.
 */
export function archiveItemBytes(): { readonly game: number; readonly perMove: number; readonly row: number } {
  let s: State = (newGame("togyz") as { ok: true; value: State }).value;
  const moves: number[] = [];
  while (outcome(s) === null && moves.length < 400) {
    const m = legalMoves(s)[moves.length % legalMoves(s).length];
    moves.push(m);
    s = (play(s, m) as { ok: true; value: { state: State } }).value.state;
  }
  const seat = (playerId: string, rating: number) => ({
    playerId,
    name: "Player12",
    rating,
    rd: 80,
    vol: 0.06,
    games: 30,
  });
  const m = makeMatch({
    id: "abcdefghijklmnopqrstuv",
    game: "togyz",
    options: {},
    seats: [seat("A".repeat(43), 1700), seat("B".repeat(43), 1650)],
    conns: [null, null],
    clock: { initialMs: 600_000, incrementMs: 5_000 },
    now: 1_000,
  });
  const ended = {
    ...m,
    moves,
    moveMs: moves.map((_, i) => 1000 + ((i * 7919) % 30_000)),
    status: "finished" as const,
    result: outcome(s),
    rated: true,
    endedAt: 2_000_000,
  };
  const changes = [
    { before: 1700, after: 1710, rd: 78 },
    { before: 1650, after: 1640, rd: 78 },
  ] as const;
  const g = makeArchivedGame(ended, changes, { initialMs: 600_000, incrementMs: 5_000 });
  const key = { pk: `GAME#${g.id}`, sk: "GAME" };
  const full = JSON.stringify({ ...key, ...g }).length;
  const empty = JSON.stringify({ ...key, ...g, moves: [], moveMs: [] }).length;
  const row = JSON.stringify({
    pk: `PGAMES#${g.seats[0].playerId}`,
    sk: `togyz#${String(g.endedAt).padStart(13, "0")}#${g.id}`,
    ...makePlayerGameRow(g, 0),
  }).length;
  return { game: empty, perMove: (full - empty) / moves.length, row };
}

/**
 * Index writes per table write: a ranked move rewrites its `DUE#` entry (gsi2) and a rating change
 * the player's leaderboard entry; the local counts are table calls only, so the model adds half a
 * unit per write (about one index write per ranked move, none per friend relay).
 */
export const INDEX_WRITES_PER_WRITE = 0.5;

/** AWS's default quotas the model checks (us-east-1). */
export const QUOTAS = {
  accountRequestsPerSecond: 10_000, // API Gateway, all APIs incl. @connections callbacks
  lambdaConcurrency: 1_000, // a new account often starts at 10: ask for 1,000 before launch
  newConnectionsPerSecond: 500, // WebSocket connects per account and region
  tableWriteUnitsPerSecond: 40_000, // on-demand table quota
  partitionWriteUnitsPerSecond: 1_000, // one partition key
} as const;

/** The stack's Secrets Manager secrets (functions/lib/secrets.ts: the stack makes one of each). */
const SECRETS = Object.keys(SECRET_ARN_ENV).length;

/** The stack's alarms, by metric they read (stacks/alarms.ts; the stack test counts the same). */
export function alarmMetricCount(): number {
  const fns = ROUTES.filter((r) => r.kind !== "timer").length;
  const timers = ROUTES.length - fns;
  // Per function: errors and throttles, each a share of invocations (2 metrics each).
  // Per timer: errors, throttles, dropped events, duration, invocations, failure queue (1 each).
  // Table and indexes: read and write throttles. WebSocket: 3 errors and the message count; HTTP: the
  // 5xx share (2) and 4xx.
  return fns * 4 + timers * 6 + (1 + INDEX_NAMES.length) * 2 + 4 + 3;
}

export interface CostLine {
  readonly line: string;
  readonly usd: number;
}

export interface LimitUse {
  readonly limit: string;
  readonly used: number;
  readonly of: number;
  /** A stage setting (raised by `npm run -s settings`), not an AWS quota. */
  readonly setting?: true;
}

export interface Capacity {
  readonly players: number;
  readonly lines: readonly CostLine[];
  readonly total: number;
  readonly limits: readonly LimitUse[];
  /** The first limit reached (the most used at or above 100 %), or null. */
  readonly first: LimitUse | null;
  /** The first AWS quota reached, settings raised as far as needed (a quota increase lifts it). */
  readonly firstQuota: LimitUse | null;
}

export interface Assumptions {
  readonly lambdaMs: number;
  readonly tableGb: number;
  /** Moves in a ranked game: games a month are the measured ranked moves over this. */
  readonly movesPerGame: number;
  /** Spectators per live ranked game (pushed up to `watchCap`, the rest poll). */
  readonly spectatorsPerGame: number;
  readonly watchCap: number;
  /** The share of ranked players that finds games in the lobby. */
  readonly lobbyShare: number;
  /** The share of all players watching one game's lobby at a time (pushed up to `lobbyCap`). */
  readonly lobbyWatching: number;
  readonly lobbyCap: number;
}

/** API Gateway's messages priced from message `from` to `to` of the month (the first billion at the higher price). */
function messagesUsd(from: number, to: number): number {
  const P = CAPACITY_PRICES;
  const billion = 1e9;
  const low = Math.max(0, Math.min(to, billion) - Math.min(from, billion));
  return (low * P.wsMessagePerMillion + (to - from - low) * P.wsMessagePerMillionAbove) / 1e6;
}

/** The mix's unit costs, as the capacity model uses them (docs/archive.md, docs/lobby.md). */
export interface Fanout {
  /** Spectators pushed per live game, and polling beyond the cap. */
  readonly pushedPerGame: number;
  readonly pollingPerGame: number;
  readonly liveGames: number;
  readonly gamesPerMinute: number;
  /** Lobby watchers pushed per seek change, and polling beyond the cap. */
  readonly lobbyPushed: number;
  readonly lobbyPolling: number;
  readonly seekChangesPerMinute: number;
  /** The pushed spectators' own messages in a minute: a `watch.start` a game each, and their heartbeats. */
  readonly spectatorMessagesInPerMinute: number;
}

export function fanout(m: MeasuredLoad, players: number, a: Assumptions): Fanout {
  const g = m.games;
  const mix = m.mix;
  if (g === undefined || mix === undefined)
    throw new Error("the measured figures have no games or mix (re-run the load bench)");
  const gamesPerMinute = (g.rankedMovesPerPlayerMinute * players) / a.movesPerGame;
  const watching = a.lobbyWatching * players;
  const pushedPerGame = Math.min(a.spectatorsPerGame, a.watchCap);
  const liveGames = (g.rankedShare * players) / 2;
  return {
    pushedPerGame,
    pollingPerGame: Math.max(0, a.spectatorsPerGame - a.watchCap),
    liveGames,
    gamesPerMinute,
    lobbyPushed: Math.min(watching, a.lobbyCap),
    lobbyPolling: Math.max(0, watching - a.lobbyCap),
    seekChangesPerMinute: gamesPerMinute * a.lobbyShare * mix.seekChangesPerLobbyGame,
    // The mix's games are short (resignations): its joins a minute are replaced by one per game here.
    spectatorMessagesInPerMinute:
      pushedPerGame * gamesPerMinute +
      pushedPerGame *
        liveGames *
        Math.max(0, (mix.kinds.spectator?.messagesInPerMinute ?? 0) - mix.spectatorJoinsPerMinute),
  };
}

export function capacity(m: MeasuredLoad, players: number, a: Assumptions): Capacity {
  const f = m.figures;
  const g = m.games!;
  const mix = m.mix!;
  const fo = fanout(m, players, a);
  const P = CAPACITY_PRICES;
  const minutes = players * MONTH_MINUTES;
  const messages = f.wsMessagesPerPlayerMinute * minutes;
  const runs = f.messagesInPerPlayerMinute * minutes;
  const wsMessages = messagesUsd(0, messages);
  const timerSeconds = MONTH_MINUTES * (INVOCATION_SPAN_MS / 1000); // busy: one run a minute for its span
  // The archive's writes are priced on their own line (below): the rest carry the index writes.
  const writes =
    (f.dynamoWritesPerPlayerMinute - g.archiveWritesPerPlayerMinute) * minutes * (1 + INDEX_WRITES_PER_WRITE);
  const reads = f.dynamoReadsPerPlayerMinute * minutes;
  const logBytes = logBytesPerMessage().after.total * f.messagesInPerPlayerMinute * minutes;
  const lambdaUsd = (n: number): number =>
    (n * P.lambdaRequestPerMillion) / 1e6 + n * (a.lambdaMs / 1000) * LAMBDA_GB * P.lambdaGbSecondArm;
  // Spectators: a post per move per pushed spectator (and their own few messages: the join, heartbeats),
  // one GetItem and one conditional PutItem per join (docs/archive.md), a connection each.
  const spectators = fo.pushedPerGame * fo.liveGames;
  const spectatorIn = fo.spectatorMessagesInPerMinute * MONTH_MINUTES;
  const spectatorPosts =
    fo.pushedPerGame * g.rankedMovesPerPlayerMinute * players * mix.postsPerSpectatorMove * MONTH_MINUTES;
  const spectatorMessages = spectatorIn * 2 + spectatorPosts; // in, its route response, the posts
  const joins = fo.pushedPerGame * fo.gamesPerMinute * MONTH_MINUTES;
  const spectatorUsd =
    messagesUsd(messages, messages + spectatorMessages) +
    (spectators * MONTH_MINUTES * P.wsConnectionMinutePerMillion) / 1e6 +
    lambdaUsd(spectatorIn) +
    (joins * (P.dynamoWritePerMillion + P.dynamoReadPerMillion)) / 1e6;
  // The lobby: each seek change (post, cancel, accept) is a Query of the watchers and a post to each
  // pushed one; the watchers' own items (a put per watch start) as measured per change.
  const lobbyPosts = fo.seekChangesPerMinute * fo.lobbyPushed * MONTH_MINUTES;
  const changes = fo.seekChangesPerMinute * MONTH_MINUTES;
  const lobbyUsd =
    messagesUsd(messages + spectatorMessages, messages + spectatorMessages + lobbyPosts) +
    (changes *
      (Math.max(1, mix.lobbyWatcherItemsPerSeekChange.reads) * P.dynamoReadPerMillion +
        mix.lobbyWatcherItemsPerSeekChange.writes * P.dynamoWritePerMillion)) /
      1e6;
  // Over the caps: a poll every 3 s through CloudFront's cache (the origin's share, one request per
  // cache period a game, is left out: under 1 in 20 of the polls).
  const pollsPerMinute = (fo.pollingPerGame * fo.liveGames + fo.lobbyPolling) * (60 / POLL_SECONDS);
  const pollUsd = ((pollsPerMinute * MONTH_MINUTES) / 1e4) * P.cloudFrontRequestPerTenThousand;
  // The archive: its writes per game (the `GAME#` item in 1 KB units), and what a month of games adds.
  const bytes = archiveItemBytes();
  const gameBytes = bytes.game + bytes.perMove * a.movesPerGame;
  const gameUnits = Math.ceil(gameBytes / 1024);
  const gamesMonth = fo.gamesPerMinute * MONTH_MINUTES;
  const archiveWriteUnits = gamesMonth * (mix.archiveWritesPerGame - 1 + gameUnits);
  const archiveGb = (gamesMonth * (gameBytes + 2 * bytes.row)) / 1e9;
  const lines: CostLine[] = [
    { line: "API Gateway messages", usd: wsMessages },
    { line: "API Gateway connection minutes", usd: (minutes * P.wsConnectionMinutePerMillion) / 1e6 },
    { line: "Lambda requests", usd: ((runs + MONTH_MINUTES) * P.lambdaRequestPerMillion) / 1e6 },
    {
      line: `Lambda duration (arm64, ${a.lambdaMs} ms a run; the timer 256 MB)`,
      usd: (runs * (a.lambdaMs / 1000) * LAMBDA_GB + timerSeconds * 0.25) * P.lambdaGbSecondArm,
    },
    { line: "DynamoDB writes (incl. index writes)", usd: (writes * P.dynamoWritePerMillion) / 1e6 },
    { line: "DynamoDB reads", usd: (reads * P.dynamoReadPerMillion) / 1e6 },
    {
      line: `archive writes (${round1(mix.archiveWritesPerGame)} a game, the GAME# item ${gameUnits} units at ${a.movesPerGame} moves)`,
      usd: (archiveWriteUnits * P.dynamoWritePerMillion) / 1e6,
    },
    {
      line: `archive storage added a month, kept (${round1(gameBytes / 1000)} KB a game and 2 rows), with PITR`,
      usd: archiveGb * (P.dynamoStorageGbMonth + P.pitrGbMonth),
    },
    {
      line: `spectators (${a.spectatorsPerGame} per live game, pushed up to ${a.watchCap}): posts, connections, joins`,
      usd: spectatorUsd,
    },
    {
      line: `lobby (${Math.round(a.lobbyShare * 100)}% of ranked games, ${a.lobbyWatching * 100}% of players watching, pushed up to ${a.lobbyCap})`,
      usd: lobbyUsd,
    },
    { line: `polls over the caps (CloudFront, every ${POLL_SECONDS} s)`, usd: pollUsd },
    { line: `DynamoDB storage and PITR (${a.tableGb} GB)`, usd: a.tableGb * (P.dynamoStorageGbMonth + P.pitrGbMonth) },
    { line: "CloudWatch Logs ingestion", usd: (logBytes / 1e9) * P.logsIngestedGb },
    {
      line: `alarms (${alarmMetricCount()} metrics), ${SECRETS} secrets, dashboard`,
      usd: alarmMetricCount() * P.alarmMetricMonth + SECRETS * P.secretMonth + P.dashboardMonth,
    },
  ];
  const inPerSecond = (players * f.messagesInPerPlayerMinute + spectatorIn / MONTH_MINUTES) / 60;
  const postsPerSecond = (players * f.postsPerPlayerMinute + (spectatorPosts + lobbyPosts) / MONTH_MINUTES) / 60;
  const writeUnitsPerSecond = (players * f.dynamoWritesPerPlayerMinute * (1 + INDEX_WRITES_PER_WRITE)) / 60;
  const limits: LimitUse[] = [
    {
      limit: "WebSocket $default route throttle (MANCALA_WS_RATE)",
      used: inPerSecond,
      of: DEFAULT_SETTINGS.wsThrottle.rate,
      setting: true,
    },
    {
      limit: "account API Gateway requests/s (messages in + @connections posts)",
      used: inPerSecond + postsPerSecond,
      of: QUOTAS.accountRequestsPerSecond,
    },
    {
      limit: `Lambda concurrency (${a.lambdaMs} ms a run)`,
      used: inPerSecond * (a.lambdaMs / 1000) + 1,
      of: QUOTAS.lambdaConcurrency,
    },
    {
      limit: "new connections/s if every player reconnects within 60 s",
      used: players / 60,
      of: QUOTAS.newConnectionsPerSecond,
    },
    { limit: "table write units/s (on demand)", used: writeUnitsPerSecond, of: QUOTAS.tableWriteUnitsPerSecond },
    {
      limit: `one DUE# shard's write units/s (${DEFAULT_SETTINGS.scale.dueShards} shards, MANCALA_DUE_SHARDS)`,
      used:
        (writeUnitsPerSecond * INDEX_WRITES_PER_WRITE) /
        (1 + INDEX_WRITES_PER_WRITE) /
        DEFAULT_SETTINGS.scale.dueShards,
      of: QUOTAS.partitionWriteUnitsPerSecond,
      setting: true,
    },
  ];
  const reached = limits.filter((l) => l.used >= l.of).sort((x, y) => y.used / y.of - x.used / x.of);
  const total = lines.reduce((n, l) => n + l.usd, 0);
  return {
    players,
    lines,
    total,
    limits,
    first: reached[0] ?? null,
    firstQuota: reached.find((l) => l.setting !== true) ?? null,
  };
}

const usd = (n: number): string => `$${n < 10 ? n.toFixed(2) : Math.round(n).toLocaleString("en-US")}`;
const pct = (l: LimitUse): string => `${Math.round((100 * l.used) / l.of)}%`;

/** The table docs/operations.md shows: one column per player count. */
export function capacityMarkdown(cs: readonly Capacity[]): string {
  const head = `| Monthly, us-east-1 | ${cs.map((c) => `${c.players.toLocaleString("en-US")} players`).join(" | ")} |`;
  const rule = `| --- | ${cs.map(() => "---").join(" | ")} |`;
  const rows = cs[0].lines.map((l, i) => `| ${l.line} | ${cs.map((c) => usd(c.lines[i].usd)).join(" | ")} |`);
  const total = `| **total** | ${cs.map((c) => `**${usd(c.total)}**`).join(" | ")} |`;
  const first = `| first limit reached | ${cs
    .map((c) => (c.first === null ? "none" : `${c.first.limit}: ${pct(c.first)}`))
    .join(" | ")} |`;
  const quota = `| first AWS quota reached | ${cs
    .map((c) => (c.firstQuota === null ? "none" : `${c.firstQuota.limit}: ${pct(c.firstQuota)}`))
    .join(" | ")} |`;
  return [head, rule, ...rows, total, first, quota].join("\n");
}

const round1 = (n: number): string => (Math.round(n * 10) / 10).toString();

export function loadMeasured(file = join(dirname(fileURLToPath(import.meta.url)), "load-measured.json")): MeasuredLoad {
  return JSON.parse(readFileSync(file, "utf8")) as MeasuredLoad;
}

export const DEFAULT_ASSUMPTIONS: Assumptions = {
  lambdaMs: 50,
  tableGb: 100,
  movesPerGame: 80,
  spectatorsPerGame: 1,
  watchCap: WATCH_CAP_DEFAULT,
  lobbyShare: 0.5,
  lobbyWatching: 0.02,
  lobbyCap: LOBBY_CAP_DEFAULT,
};
export const DEFAULT_PLAYERS = [1_000, 10_000, 100_000] as const;

function main(argv: readonly string[]): void {
  const args = parseArgs(argv);
  const m = loadMeasured(args.get("measured"));
  const players = args.has("players") ? [Number(args.get("players"))] : [...DEFAULT_PLAYERS];
  if (players.some((n) => !Number.isInteger(n) || n < 1)) fail("--players must be a whole number of players");
  const num = (key: string, d: number): number => {
    const v = Number(args.get(key) ?? d);
    if (!Number.isFinite(v) || v < 0) fail(`--${key} must be a number, at least 0`);
    return v;
  };
  const D = DEFAULT_ASSUMPTIONS;
  const a: Assumptions = {
    lambdaMs: num("lambda-ms", D.lambdaMs),
    tableGb: num("table-gb", D.tableGb),
    movesPerGame: Math.max(1, num("moves-per-game", D.movesPerGame)),
    spectatorsPerGame: num("spectators", D.spectatorsPerGame),
    watchCap: num("watch-cap", D.watchCap),
    lobbyShare: Math.min(1, num("lobby", D.lobbyShare)),
    lobbyWatching: Math.min(1, num("lobby-watching", D.lobbyWatching)),
    lobbyCap: num("lobby-cap", D.lobbyCap),
  };
  const cs = players.map((n) => capacity(m, n, a));
  process.stdout.write(
    `counts per player-minute measured ${m.measured} (${m.command}; ${m.players} players, ${m.windowSeconds} s): ` +
      `${m.figures.messagesInPerPlayerMinute.toFixed(2)} messages in, ${m.figures.postsPerPlayerMinute.toFixed(2)} posts, ` +
      `${m.figures.dynamoWritesPerPlayerMinute.toFixed(2)} writes, ${m.figures.dynamoReadsPerPlayerMinute.toFixed(2)} reads\n`,
  );
  if (m.mix !== undefined)
    process.stdout.write(
      `the mix measured ${m.mix.measured} (${m.mix.command}): ${m.mix.postsPerSpectatorMove.toFixed(2)} posts per spectator per move, ` +
        `${m.mix.seekChangesPerLobbyGame.toFixed(2)} seek changes per lobby game, ${m.mix.archiveWritesPerGame.toFixed(2)} archive writes per game\n`,
    );
  process.stdout.write(
    `assumed: ${a.lambdaMs} ms a Lambda run, ${a.tableGb} GB in the table, ${a.movesPerGame} moves a ranked game, ` +
      `${a.spectatorsPerGame} spectators per live game (cap ${a.watchCap}), ${a.lobbyShare * 100}% of ranked games through the lobby, ` +
      `${a.lobbyWatching * 100}% of players watching it (cap ${a.lobbyCap})\n\n`,
  );
  if (args.has("markdown")) {
    process.stdout.write(`${capacityMarkdown(cs)}\n`);
    return;
  }
  for (const c of cs) {
    process.stdout.write(`${c.players.toLocaleString("en-US")} concurrent players\n`);
    for (const l of c.lines) process.stdout.write(`  ${l.line.padEnd(60)} ${usd(l.usd).padStart(10)}\n`);
    process.stdout.write(`  ${"total".padEnd(60)} ${usd(c.total).padStart(10)}\n`);
    for (const l of c.limits)
      process.stdout.write(
        `  limit ${l.limit}: ${Math.round(l.used).toLocaleString("en-US")} of ${l.of.toLocaleString("en-US")} (${pct(l)})\n`,
      );
    process.stdout.write(`  first limit reached: ${c.first === null ? "none" : c.first.limit}\n`);
    process.stdout.write(`  first AWS quota reached: ${c.firstQuota === null ? "none" : c.firstQuota.limit}\n\n`);
  }
}

if (process.argv[1]?.endsWith("capacity.ts")) main(process.argv.slice(2));
