/**
 * The partition-key prefixes of the one table, each item family's defined here once: the stores
 * build their keys from them and the route table (functions/routes.ts) its key grants, so a grant
 * cannot drift from the keys the code writes.
 */
export const PREFIX = {
  /** A WebSocket connection (functions/lib/connections.ts). */
  conn: "CONN#",
  /** A friend room: its seats, its join exchanges and its log (functions/friends/). */
  room: "ROOM#",
  /** A friend room's locator, its guess slots and the knock turns on it (functions/friends/door*.ts). */
  loc: "LOC#",
  match: "MATCH#",
  player: "PLAYER#",
  seek: "SEEK#",
  /** The connections pushed a game's lobby changes (functions/lobby/store.ts). */
  lobbyWatch: "LOBBYW#",
  /** Challenges waiting for one player, one per challenger (functions/lobby/store.ts). */
  challenge: "CHAL#",
  name: "NAME#",
  suggestion: "SUGGESTION#",
  lease: "LEASE#",
  /** An archived game (functions/archive/store.ts), kept with no expiry. */
  game: "GAME#",
  /** A player's games, newest last in each game's run of sort keys (functions/archive/store.ts). */
  pgames: "PGAMES#",
  /** The games in play of one game, for the live list and TV (functions/archive/store.ts). */
  live: "LIVE#",
  /** A player's push subscriptions (one item per device) and mutes (functions/push/store.ts). */
  push: "PUSH#",
  /** Fixed-window counters (functions/lib/counters.ts), under one of COUNTER_SPACES. */
  rate: "RATE#",
  /** Index partitions: the leaderboards and the ranked deadlines. */
  board: "BOARD#",
  pboard: "PBOARD#",
  due: "DUE#",
  /** A tournament: its settings, entrants, boards and games (functions/tournaments/store.ts). */
  tour: "TOUR#",
  /** A private tournament's code → its id. */
  tcode: "TCODE#",
  /** The tournaments the timer watches (not finished). */
  tactive: "TACTIVE#",
  /** The public tournaments, newest start last (`GET /api/tournaments`). */
  tlist: "TLIST#",
} as const;

/** The counters' namespaces under `RATE#`: name choices, friend rooms, ranked quotas, suggestions, tournaments. */
export const COUNTER_SPACES = {
  name: "name#",
  friend: "friend#",
  quota: "q#",
  suggest: "suggest#",
  tour: "tour#",
} as const;
export type CounterSpace = keyof typeof COUNTER_SPACES;

/** The IAM `StringLike` pattern of every key under `prefix`. */
export const under = (prefix: string): string => `${prefix}*`;

/** The pattern of every counter of `space`. */
export const countersOf = (space: CounterSpace): string => under(`${PREFIX.rate}${COUNTER_SPACES[space]}`);
