/**
 * THE route table: every entry point of the backend (WebSocket routes, HTTP routes, the ranked timer),
 * the handler module it runs, and exactly what that code may call in AWS.
 *
 * Derived from it, and from nothing else:
 * - `stacks/ApiStack.ts`: the WebSocket API routes, the HTTP API routes, the timer, and each
 *   function's IAM policy (its DynamoDB actions on the table and on each index it names, and
 *   `execute-api:ManageConnections` only when `posts` is true);
 * - `stacks/bundles.ts`: the Lambda bundles (the size test, the bundle test, `npm run bench`);
 * - `functions/local/server.ts` and `functions/local/http.ts`: the handlers the local server runs.
 *   The local server also enforces `access` the way IAM would (`functions/local/access.ts`): a handler
 *   that calls an action its route does not list fails locally, with a message naming this file.
 *
 * Adding a DynamoDB call, a handler or a route: edit this table in the same commit.
 */
import { API_PATHS } from "../core/protocol/api.js";
import type { IndexName } from "./lib/table.js";
import type { SecretName } from "./lib/secrets.js";
import { PREFIX, countersOf, under } from "./lib/keys.js";
import { TIMER_TIMEOUT_SECONDS } from "./ranked/span.js";

/** The DynamoDB actions the handlers may use (those both DynamoDB and dynalite support). */
type DynamoAction = "GetItem" | "PutItem" | "UpdateItem" | "DeleteItem" | "Query" | "BatchGetItem" | "BatchWriteItem";

interface Access {
  /** DynamoDB actions on the table's primary key (GetItem, Query without `IndexName`, …). */
  readonly table: readonly DynamoAction[];
  /** DynamoDB actions on a global secondary index (a Query with `IndexName`), by index. */
  readonly indexes?: Readonly<Partial<Record<IndexName, readonly DynamoAction[]>>>;
  /** Whether the code uses the WebSocket API's `@connections` (post, get, close): `execute-api:ManageConnections`. */
  readonly posts: boolean;
  /**
   * The only partition keys the route may touch on the table, as IAM `StringLike` patterns
   * (`CONN#*`): the stack adds the `dynamodb:LeadingKeys` condition, and the local server refuses any
   * other key (and a call that names no single partition). Required when `table` lists an action.
   */
  readonly keys?: readonly string[];
  /** The same for each index the route queries: the index partition keys it may read. */
  readonly indexKeys?: Readonly<Partial<Record<IndexName, readonly string[]>>>;
  /** The secrets the code reads (`functions/lib/secrets.ts`): `secretsmanager:GetSecretValue` on each. */
  readonly secrets?: readonly SecretName[];
}

interface RouteBase {
  /** The handler module, relative to the project root, exporting `handler`. */
  readonly module: string;
  readonly access: Access;
  /** Lambda sizing when the default (512 MB, 10 s) does not fit the handler. */
  readonly lambda?: { readonly timeoutSeconds?: number; readonly memoryMB?: number };
}

export interface WsRoute extends RouteBase {
  readonly kind: "ws";
  readonly key: "$connect" | "$disconnect" | "$default";
}

export interface HttpRoute extends RouteBase {
  readonly kind: "http";
  readonly method: "GET" | "POST";
  /** API Gateway path pattern, under `/api` (what CloudFront forwards to the HTTP API); `{name}` is a path parameter. */
  readonly path: string;
}

export interface TimerRoute extends RouteBase {
  readonly kind: "timer";
  /** EventBridge schedule in AWS. */
  readonly schedule: `rate(${string})` | `cron(${string})`;
}

export type Route = WsRoute | HttpRoute | TimerRoute;

// The key grants, from the one list of key prefixes (functions/lib/keys.ts).
const CONN = under(PREFIX.conn);
const ROOM = under(PREFIX.room);
const LOC = under(PREFIX.loc);
const MATCH = under(PREFIX.match);
const PLAYER = under(PREFIX.player);
const SEEK = under(PREFIX.seek);
// The lobby's watchers and the challenges to named players (functions/lobby).
const LOBBY = [under(PREFIX.lobbyWatch), under(PREFIX.challenge)];
const NAME = under(PREFIX.name);
// Web Push (functions/push): each player's devices and mutes.
const PUSH = under(PREFIX.push);
// The archive (functions/archive): archived games, each player's list, the live list.
const ARCHIVE = [under(PREFIX.game), under(PREFIX.pgames), under(PREFIX.live)];
// Tournaments (functions/tournaments): their partitions, codes and the timer's list.
const TOUR = [under(PREFIX.tour), under(PREFIX.tcode), under(PREFIX.tactive), under(PREFIX.tlist)];

export const ROUTES: readonly Route[] = [
  {
    kind: "ws",
    key: "$connect",
    module: "functions/ws/connect.ts",
    access: { table: ["PutItem"], posts: false, keys: [CONN] },
  },
  {
    kind: "ws",
    key: "$disconnect",
    module: "functions/ws/disconnect.ts",
    access: {
      table: ["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"],
      posts: true,
      // Frees the seat of a friend room and gives back the guess slot of the exchange the connection
      // had open (its locator's item); starts a ranked player's grace; drops a seek (an open one is
      // pushed to the lobby's watchers, and a watcher gone is dropped).
      keys: [CONN, ROOM, LOC, MATCH, PLAYER, SEEK, under(PREFIX.lobbyWatch)],
      secrets: ["seat-token-keys"],
    },
  },
  {
    kind: "ws",
    key: "$default",
    module: "functions/ws/default.ts",
    access: {
      // BatchGetItem: a window of locators read at once when allocating one (functions/friends/locators.ts).
      table: ["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "BatchGetItem"],
      posts: true,
      // Counters: name choices, friend creation and look-ups, ranked quotas. A match that starts or
      // ends here is filed in the live list or the archive; a spectator's join writes its match.
      keys: [
        CONN,
        ROOM,
        LOC,
        MATCH,
        PLAYER,
        SEEK,
        NAME,
        countersOf("name"),
        countersOf("friend"),
        countersOf("quota"),
        ...ARCHIVE,
        ...LOBBY,
        // A tournament message, or a tournament game's end: its items, limits, and the next pairings.
        ...TOUR,
        countersOf("tour"),
        PUSH,
      ],
      // The VAPID key signs the pushes a stored move sends (functions/push/send.ts).
      secrets: ["seat-token-keys", "push-vapid-keys"],
    },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.leaderboard,
    module: "functions/http/leaderboard.ts",
    access: {
      table: [],
      indexes: { gsi1: ["Query"] },
      indexKeys: { gsi1: [under(PREFIX.board), under(PREFIX.pboard)] },
      posts: false,
      secrets: ["origin-verify"],
    },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.player,
    module: "functions/http/player.ts",
    access: { table: ["GetItem", "Query"], posts: false, keys: [PLAYER], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "POST",
    path: API_PATHS.suggestions,
    module: "functions/http/suggestions.ts",
    access: {
      table: ["UpdateItem", "PutItem"],
      posts: false,
      keys: [under(PREFIX.suggestion), countersOf("suggest")],
      secrets: ["origin-verify"],
    },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.game,
    module: "functions/http/game.ts",
    // The archived game, else the match still in play.
    access: { table: ["GetItem"], posts: false, keys: [under(PREFIX.game), MATCH], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.playerGames,
    module: "functions/http/playerGames.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.pgames)], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.playerRatings,
    module: "functions/http/playerRatings.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.pgames)], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.live,
    module: "functions/http/live.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.live)], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.tv,
    module: "functions/http/tv.ts",
    access: {
      table: ["GetItem", "Query"],
      posts: false,
      keys: [under(PREFIX.live), MATCH],
      secrets: ["origin-verify"],
    },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.lobby,
    module: "functions/http/lobby.ts",
    access: { table: ["Query"], posts: false, keys: [SEEK], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.pushKey,
    module: "functions/http/pushKey.ts",
    // Reads the VAPID seed and answers only the public key it derives (functions/push/vapid.ts).
    access: { table: [], posts: false, secrets: ["origin-verify", "push-vapid-keys"] },
  },
  {
    kind: "timer",
    module: "functions/ranked/timer.ts",
    schedule: "rate(1 minute)",
    access: {
      table: ["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query"],
      indexes: { gsi2: ["Query"] },
      // Tournaments: a game that ends on its clock records its result and may pair the next round;
      // the tick starts due tournaments and pairs arenas (it starts games: matches, profiles, archive).
      keys: [`${PREFIX.lease}timer`, MATCH, PLAYER, SEEK, NAME, ...ARCHIVE, ...TOUR, PUSH],
      indexKeys: { gsi2: [under(PREFIX.due)] },
      posts: true,
      // A game the timer ends is pushed to a player who is away (functions/push).
      secrets: ["push-vapid-keys"],
    },
    // Each invocation ticks every second for a little under its minute (functions/ranked/span.ts); it mostly waits.
    lambda: { timeoutSeconds: TIMER_TIMEOUT_SECONDS, memoryMB: 256 },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.tournaments,
    module: "functions/http/tournaments.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.tlist)], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.tournament,
    module: "functions/http/tournament.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.tour)], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.tournamentGames,
    module: "functions/http/tournamentGames.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.tour)], secrets: ["origin-verify"] },
  },
  {
    kind: "http",
    method: "GET",
    path: API_PATHS.tournamentExport,
    module: "functions/http/tournamentExport.ts",
    access: { table: ["Query"], posts: false, keys: [under(PREFIX.tour)], secrets: ["origin-verify"] },
  },
];

export const WS_ROUTES: readonly WsRoute[] = ROUTES.filter((r): r is WsRoute => r.kind === "ws");
export const HTTP_ROUTES: readonly HttpRoute[] = ROUTES.filter((r): r is HttpRoute => r.kind === "http");
export const TIMER_ROUTES: readonly TimerRoute[] = ROUTES.filter((r): r is TimerRoute => r.kind === "timer");

/** A route's name: `$connect`, `GET /api/leaderboard`, `timer functions/ranked/timer.ts`. */
export function routeName(r: Route): string {
  return r.kind === "ws" ? r.key : r.kind === "http" ? `${r.method} ${r.path}` : `timer ${r.module}`;
}

/** SST's handler string: `functions/ws/connect.handler`. */
export function sstHandler(r: Route): string {
  return `${r.module.replace(/\.ts$/, "")}.handler`;
}

/** Whether `route` may call DynamoDB `action`, on the table (`index` undefined) or on `index`. */
export function mayCall(r: Route, action: string, index: string | undefined): boolean {
  const allowed: readonly string[] =
    index === undefined
      ? r.access.table
      : ((r.access.indexes as Record<string, readonly string[]> | undefined)?.[index] ?? []);
  return allowed.includes(action);
}

/** IAM's `StringLike`: `*` matches any run of characters, `?` any one. */
function likeToRegExp(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*/g, ".*")
      .replace(/\?/g, ".")}$`,
    "s",
  );
}

/**
 * Whether `route` may touch partition key `pk` on the table (`index` undefined) or on `index`
 * (`pk` undefined: the call names no single partition). Without listed keys, nothing.
 */
export function mayTouchKey(r: Route, pk: string | undefined, index?: string): boolean {
  const keys =
    index === undefined
      ? r.access.keys
      : (r.access.indexKeys as Record<string, readonly string[]> | undefined)?.[index];
  if (keys === undefined || pk === undefined) return false;
  return keys.some((k) => likeToRegExp(k).test(pk));
}
