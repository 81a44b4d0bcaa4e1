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
 * the counts imply (`INDEX_WRITES_PER_WRITE`), the table's size (`--table-gb`).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fail, parseArgs } from "./args.js";
import { LAMBDA_GB, MONTH_MINUTES, type LoadFigures, type MeasuredLoad } from "./load-model.js";
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
} as const;

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
}

export function capacity(f: LoadFigures, players: number, a: Assumptions): Capacity {
  const P = CAPACITY_PRICES;
  const minutes = players * MONTH_MINUTES;
  const messages = f.wsMessagesPerPlayerMinute * minutes;
  const runs = f.messagesInPerPlayerMinute * minutes;
  const billion = 1e9;
  const wsMessages =
    (Math.min(messages, billion) * P.wsMessagePerMillion +
      Math.max(0, messages - billion) * P.wsMessagePerMillionAbove) /
    1e6;
  const timerSeconds = MONTH_MINUTES * (INVOCATION_SPAN_MS / 1000); // busy: one run a minute for its span
  const writes = f.dynamoWritesPerPlayerMinute * minutes * (1 + INDEX_WRITES_PER_WRITE);
  const reads = f.dynamoReadsPerPlayerMinute * minutes;
  const logBytes = logBytesPerMessage().after.total * f.messagesInPerPlayerMinute * minutes;
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
    { line: `DynamoDB storage and PITR (${a.tableGb} GB)`, usd: a.tableGb * (P.dynamoStorageGbMonth + P.pitrGbMonth) },
    { line: "CloudWatch Logs ingestion", usd: (logBytes / 1e9) * P.logsIngestedGb },
    {
      line: `alarms (${alarmMetricCount()} metrics), ${SECRETS} secrets, dashboard`,
      usd: alarmMetricCount() * P.alarmMetricMonth + SECRETS * P.secretMonth + P.dashboardMonth,
    },
  ];
  const inPerSecond = (players * f.messagesInPerPlayerMinute) / 60;
  const postsPerSecond = (players * f.postsPerPlayerMinute) / 60;
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

export function loadMeasured(file = join(dirname(fileURLToPath(import.meta.url)), "load-measured.json")): MeasuredLoad {
  return JSON.parse(readFileSync(file, "utf8")) as MeasuredLoad;
}

export const DEFAULT_ASSUMPTIONS: Assumptions = { lambdaMs: 50, tableGb: 100 };
export const DEFAULT_PLAYERS = [1_000, 10_000, 100_000] as const;

function main(argv: readonly string[]): void {
  const args = parseArgs(argv);
  const m = loadMeasured(args.get("measured"));
  const players = args.has("players") ? [Number(args.get("players"))] : [...DEFAULT_PLAYERS];
  if (players.some((n) => !Number.isInteger(n) || n < 1)) fail("--players must be a whole number of players");
  const a: Assumptions = {
    lambdaMs: Number(args.get("lambda-ms") ?? DEFAULT_ASSUMPTIONS.lambdaMs),
    tableGb: Number(args.get("table-gb") ?? DEFAULT_ASSUMPTIONS.tableGb),
  };
  const cs = players.map((n) => capacity(m.figures, n, a));
  process.stdout.write(
    `counts per player-minute measured ${m.measured} (${m.command}; ${m.players} players, ${m.windowSeconds} s): ` +
      `${m.figures.messagesInPerPlayerMinute.toFixed(2)} messages in, ${m.figures.postsPerPlayerMinute.toFixed(2)} posts, ` +
      `${m.figures.dynamoWritesPerPlayerMinute.toFixed(2)} writes, ${m.figures.dynamoReadsPerPlayerMinute.toFixed(2)} reads\n\n`,
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
