/**
 * The load bench's arithmetic (`npm run -s bench load`): from what the local server counted during a
 * measured window (DynamoDB calls by operation, `@connections` posts, route responses, messages in)
 * and how many player-minutes the window held, the rates per player-minute and the monthly AWS bill
 * they imply for a number of concurrent players.
 *
 * Prices: AWS on-demand, us-east-1, as listed on AWS's pricing pages (and docs/operations.md, cost):
 * - DynamoDB on demand: $0.625 per million write request units, $0.125 per million read request units;
 * - API Gateway WebSocket: $1.00 per million messages (first billion; in and out, 32 KB units),
 *   $0.25 per million connection-minutes;
 * - Lambda: $0.20 per million requests, $0.0000133334 per GB-second at arm64.
 * Each DynamoDB call is taken as one request unit (the items are under 1 KB, reads under 4 KB); a
 * larger item costs more, so the DynamoDB figure is a floor. Lambda duration is not measured by the
 * local server: it is priced at an assumed `lambdaMs` a run (stated in the output) at the stack's 512 MB.
 * The local TTL sweeper's Scans are left out: DynamoDB's own TTL deletes cost nothing.
 */

export const PRICES = {
  dynamoWritePerMillion: 0.625,
  dynamoReadPerMillion: 0.125,
  wsMessagePerMillion: 1.0,
  wsConnectionMinutePerMillion: 0.25,
  lambdaRequestPerMillion: 0.2,
  lambdaGbSecond: 0.0000133334,
} as const;

/** Minutes in a month of 730 hours (AWS's monthly convention). */
export const MONTH_MINUTES = 730 * 60;
/** The stack's Lambda memory (stacks/ApiStack.ts). */
export const LAMBDA_GB = 0.5;

const WRITES = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]);
const READS = new Set(["GetItem", "Query", "BatchGetItem", "TransactGetItems"]);

export interface ServerCounts {
  readonly dynamo: Readonly<Record<string, number>>;
  readonly posts: number;
  readonly routeResponses: number;
  /** Messages the gateway received (each one a `$default` run unless throttled). */
  readonly messagesIn: number;
  readonly throttled: number;
}

/** What happened between two readings of the counters. */
export function countsBetween(a: ServerCounts, b: ServerCounts): ServerCounts {
  const dynamo: Record<string, number> = {};
  for (const [op, n] of Object.entries(b.dynamo)) {
    const d = n - (a.dynamo[op] ?? 0);
    if (d > 0) dynamo[op] = d;
  }
  return {
    dynamo,
    posts: b.posts - a.posts,
    routeResponses: b.routeResponses - a.routeResponses,
    messagesIn: b.messagesIn - a.messagesIn,
    throttled: b.throttled - a.throttled,
  };
}

export interface LoadFigures {
  readonly dynamoWritesPerPlayerMinute: number;
  readonly dynamoReadsPerPlayerMinute: number;
  readonly dynamoCallsPerPlayerMinute: number;
  readonly postsPerPlayerMinute: number;
  readonly messagesInPerPlayerMinute: number;
  /** Messages billed by API Gateway: in, route responses and posts. */
  readonly wsMessagesPerPlayerMinute: number;
  readonly throttledFraction: number;
}

export function figures(c: ServerCounts, playerMinutes: number): LoadFigures {
  if (!(playerMinutes > 0)) throw new Error("no player-minutes measured");
  let writes = 0;
  let reads = 0;
  for (const [op, n] of Object.entries(c.dynamo)) {
    if (WRITES.has(op)) writes += n;
    else if (READS.has(op)) reads += n;
  }
  const per = (n: number): number => n / playerMinutes;
  return {
    dynamoWritesPerPlayerMinute: per(writes),
    dynamoReadsPerPlayerMinute: per(reads),
    dynamoCallsPerPlayerMinute: per(writes + reads),
    postsPerPlayerMinute: per(c.posts),
    messagesInPerPlayerMinute: per(c.messagesIn - c.throttled),
    wsMessagesPerPlayerMinute: per(c.messagesIn - c.throttled + c.routeResponses + c.posts),
    throttledFraction: c.messagesIn > 0 ? c.throttled / c.messagesIn : 0,
  };
}

/** One kind of connection's traffic at the gateway, per minute of that kind (player- or spectator-minute). */
export interface KindFigures {
  readonly minutes: number;
  readonly messagesInPerMinute: number;
  readonly postsPerMinute: number;
  readonly routeResponsesPerMinute: number;
}

/** The ranked games of a run, per player-minute of all players, and the archive's writes. */
export interface GameFigures {
  /** Ranked players (queue and lobby) among all players. */
  readonly rankedShare: number;
  readonly rankedMovesPerPlayerMinute: number;
  readonly gamesEndedPerPlayerMinute: number;
  readonly gamesEnded: number;
  /** Writes of the archive's items (`GAME#`, `PGAMES#`, `LIVE#`), part of `dynamoWritesPerPlayerMinute`. */
  readonly archiveWritesPerPlayerMinute: number;
  readonly archiveWritesPerGame: number;
}

/** A run with spectators and the lobby (`--spectators K --lobby F`): the per-unit figures the capacity model scales. */
export interface MixFigures {
  readonly measured: string;
  readonly command: string;
  readonly spectatorsPerGame: number;
  readonly lobbyShare: number;
  readonly kinds: Readonly<Record<string, KindFigures>>;
  /** Ranked games the mix run saw end, and the archive's writes per game ended. */
  readonly gamesEnded: number;
  readonly archiveWritesPerGame: number;
  /** `@connections` posts to spectators per move a spectator saw. */
  readonly postsPerSpectatorMove: number;
  readonly spectatorJoinsPerMinute: number;
  /** Seeks posted, cancelled and accepted per minute of a lobby player. */
  readonly seekChangesPerLobbyPlayerMinute: number;
  /** Seek changes per game started through the lobby (its post, the cancels and re-posts, the accept). */
  readonly seekChangesPerLobbyGame: number;
  /** `lobby.added`/`lobby.removed` pushes the watchers received per seek change. */
  readonly lobbyPushesPerSeekChange: number;
  /** The watcher items (`LOBBYW#`) written and read per seek change (the fan-out's Query, watch starts). */
  readonly lobbyWatcherItemsPerSeekChange: { readonly writes: number; readonly reads: number };
}

/** What `npm run -s bench load -- --save FILE` writes: the counts per player-minute of one run. */
export interface MeasuredLoad {
  readonly measured: string;
  readonly command: string;
  readonly players: number;
  readonly windowSeconds: number;
  readonly figures: LoadFigures;
  readonly games?: GameFigures;
  readonly mix?: MixFigures;
}

export interface MonthlyCost {
  readonly dynamo: number;
  readonly wsMessages: number;
  readonly wsConnectionMinutes: number;
  readonly lambdaRequests: number;
  readonly lambdaDuration: number;
  readonly total: number;
}

/** Dollars a month for `players` concurrent players at the measured rates, each run lasting `lambdaMs`. */
export function monthlyCost(f: LoadFigures, players: number, lambdaMs: number): MonthlyCost {
  const minutes = players * MONTH_MINUTES;
  const runs = f.messagesInPerPlayerMinute * minutes;
  const dynamo =
    (f.dynamoWritesPerPlayerMinute * minutes * PRICES.dynamoWritePerMillion +
      f.dynamoReadsPerPlayerMinute * minutes * PRICES.dynamoReadPerMillion) /
    1e6;
  const wsMessages = (f.wsMessagesPerPlayerMinute * minutes * PRICES.wsMessagePerMillion) / 1e6;
  const wsConnectionMinutes = (minutes * PRICES.wsConnectionMinutePerMillion) / 1e6;
  const lambdaRequests = (runs * PRICES.lambdaRequestPerMillion) / 1e6;
  const lambdaDuration = runs * (lambdaMs / 1000) * LAMBDA_GB * PRICES.lambdaGbSecond;
  return {
    dynamo,
    wsMessages,
    wsConnectionMinutes,
    lambdaRequests,
    lambdaDuration,
    total: dynamo + wsMessages + wsConnectionMinutes + lambdaRequests + lambdaDuration,
  };
}

/** The p-th percentile (nearest rank) of `xs`; 0 for none. */
export function percentileOf(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
