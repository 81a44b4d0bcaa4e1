/**
 * Ranked play and device authentication over the WebSocket: every `auth.*` and `ranked.*` message,
 * both directions, as valibot schemas with their types, and the error codes the server answers with.
 *
 * Flow: `auth.hello {playerId}` → `auth.challenge {challenge}` → `auth.prove {signature, name?}` →
 * `auth.ok`. Then `ranked.seek` → `ranked.seeking` … `ranked.start` to both players; `ranked.move`
 * (with the match `version` the client saw) → `ranked.update` to both, or `ranked.error` with the
 * current version; the match ends with `ranked.end` (result, whether rated, rating changes).
 */
import * as v from "valibot";
import { GAMES, type GameId, type Result, err, ok } from "../types.js";
import { END_REASONS } from "../types.js";
import { TIME_PRESETS } from "../ranked/presets.js";
import { LOBBY_TYPE_PREFIXES, LobbyClientSchemas, LobbyServerSchemas } from "./lobby.js";
import { SUGGESTION_CATEGORIES, SUGGESTION_LOCALES, SUGGESTION_MAX_CHARS } from "./suggestion.js";

/** Largest ranked client message accepted, in characters of JSON. */
export const RANKED_MESSAGE_MAX = 2048;

export const RANKED_ERROR_CODES = [
  "proto/invalid", // the message does not match its schema
  "proto/too_large",
  "auth/required", // a ranked action before `auth.prove` succeeded
  "auth/no_challenge", // `auth.prove` without a pending challenge (or it expired)
  "auth/bad_player_id",
  "auth/bad_signature",
  "auth/bad_challenge",
  "auth/name_required", // seeking without a display name
  "name/too_short",
  "name/too_long",
  "name/bad_chars",
  "name/mixed_scripts",
  "name/reserved",
  "name/taken", // looks like another listed player's name
  "ranked/bad_options", // game options the engine refuses
  "ranked/in_match", // already playing a ranked match (resume it with `ranked.sync`)
  "ranked/not_seeking",
  "ranked/not_found", // no such match
  "ranked/not_player", // the match is not yours
  "ranked/over", // the match has ended
  "ranked/not_your_turn",
  "ranked/stale", // the move was made against an older version of the match
  "ranked/duplicate", // this very move was already applied (a retried message)
  "ranked/conflict", // another write won the race; retry with the current version
  "ranked/cannot_abort", // both sides have moved: resign instead
  "ranked/not_allowed", // e.g. ending on the score outside Ayo
  "lobby/gone", // the seek was accepted, cancelled or expired
  "lobby/own_seek", // accepting one's own seek
  "lobby/out_of_range", // the seeker asked for players within a rating range
  "lobby/not_posted", // cancelling with no open seek
  "challenge/self",
  "challenge/unknown_player",
  "challenge/refused", // the player takes no challenges
  "challenge/gone", // accepted, declined, cancelled or expired
  "challenge/not_rematch", // `rematchOf` names no ended match of these two players
  "move/illegal",
  "rate/limited",
  "server/error",
] as const;
export type RankedErrorCode = (typeof RANKED_ERROR_CODES)[number];

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const B64 = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/), v.minLength(min), v.maxLength(max));
const Version = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1_000_000));
const GameSchema = v.picklist(GAMES);
const Seat = v.picklist([0, 1] as const);

/** Options a ranked seek may carry; the engine checks their ranges. Ayo is always between people. */
const RankedOptionsSchema = v.strictObject({
  holes: v.optional(v.pipe(v.number(), v.integer())),
  seeds: v.optional(v.pipe(v.number(), v.integer())),
});
const PresetSchema = v.picklist(TIME_PRESETS);
export type RankedOptions = v.InferOutput<typeof RankedOptionsSchema>;

// ---- client → server ----

const AuthHelloSchema = v.strictObject({ type: v.literal("auth.hello"), rid: Rid, playerId: B64(43, 43) });
const AuthProveSchema = v.strictObject({
  type: v.literal("auth.prove"),
  rid: Rid,
  signature: B64(86, 86),
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const AuthNameSchema = v.strictObject({
  type: v.literal("auth.name"),
  rid: Rid,
  name: v.pipe(v.string(), v.maxLength(200)),
});
const RankedSeekSchema = v.strictObject({
  type: v.literal("ranked.seek"),
  rid: Rid,
  game: GameSchema,
  options: v.optional(RankedOptionsSchema),
  /** The pool: a time control (the game's default without one) and rated or casual. */
  preset: v.optional(PresetSchema),
  casual: v.optional(v.boolean()),
});
const RankedCancelSchema = v.strictObject({ type: v.literal("ranked.cancel"), rid: Rid });
const RankedMoveSchema = v.strictObject({
  type: v.literal("ranked.move"),
  rid: Rid,
  matchId: Id,
  version: Version,
  move: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
});
const RankedResignSchema = v.strictObject({ type: v.literal("ranked.resign"), rid: Rid, matchId: Id });
const RankedAbortSchema = v.strictObject({ type: v.literal("ranked.abort"), rid: Rid, matchId: Id });
/** Ayo: offer (or accept the opponent's offer) to end on the current score; lapses with the next move. */
const RankedAgreeEndSchema = v.strictObject({
  type: v.literal("ranked.agree_end"),
  rid: Rid,
  matchId: Id,
  version: Version,
});
const RankedSyncSchema = v.strictObject({ type: v.literal("ranked.sync"), rid: Rid, matchId: v.optional(Id) });

const RankedClientMessageSchema = v.variant("type", [
  AuthHelloSchema,
  AuthProveSchema,
  AuthNameSchema,
  RankedSeekSchema,
  RankedCancelSchema,
  RankedMoveSchema,
  RankedResignSchema,
  RankedAbortSchema,
  RankedAgreeEndSchema,
  RankedSyncSchema,
  ...LobbyClientSchemas,
]);
export type RankedClientMessage = v.InferOutput<typeof RankedClientMessageSchema>;

/** The messages that act on a match, each answered from the match item alone. */
const RANKED_MATCH_ACTIONS = ["ranked.move", "ranked.resign", "ranked.abort", "ranked.agree_end"] as const;
export type RankedMatchAction = Extract<RankedClientMessage, { type: (typeof RANKED_MATCH_ACTIONS)[number] }>;

export function isMatchAction(type: string): type is RankedMatchAction["type"] {
  return (RANKED_MATCH_ACTIONS as readonly string[]).includes(type);
}

// ---- server → client ----

const GameStatsSchema = v.object({
  rating: v.number(),
  rd: v.number(),
  games: v.number(),
  wins: v.number(),
  losses: v.number(),
  draws: v.number(),
  provisional: v.boolean(),
});
export type GameStats = v.InferOutput<typeof GameStatsSchema>;

const SeatViewSchema = v.object({
  playerId: v.string(),
  name: v.string(),
  rating: v.number(),
  provisional: v.boolean(),
});

const OutcomeSchema = v.object({ winner: v.nullable(Seat), reason: v.picklist(END_REASONS) });

const MatchViewSchema = v.object({
  id: v.string(),
  game: GameSchema,
  options: v.record(v.string(), v.union([v.number(), v.boolean()])),
  seats: v.tuple([SeatViewSchema, SeatViewSchema]),
  moves: v.array(v.number()),
  version: v.number(),
  toMove: Seat,
  /** Milliseconds left on each clock at `serverTime` (the running clock already charged). */
  clocks: v.tuple([v.number(), v.number()]),
  increment: v.number(),
  serverTime: v.number(),
  status: v.picklist(["active", "finished", "aborted"] as const),
  result: v.nullable(OutcomeSchema),
  rated: v.boolean(),
  /** The time control (null on matches from before presets). */
  preset: v.optional(v.nullable(PresetSchema)),
  /** A casual game: never rated. */
  casual: v.optional(v.boolean()),
  /** Seat whose "end on the current score" offer stands, if any (Ayo). */
  endOffer: v.nullable(Seat),
  /** Per seat: when a dropped player's grace period ends (epoch ms), or null while connected. */
  graceUntil: v.tuple([v.nullable(v.number()), v.nullable(v.number())]),
});
export type MatchView = v.InferOutput<typeof MatchViewSchema>;

const RatingChangeSchema = v.object({ before: v.number(), after: v.number(), rd: v.number() });
export type RatingChange = v.InferOutput<typeof RatingChangeSchema>;

const RankedServerMessageSchema = v.variant("type", [
  v.object({ type: v.literal("auth.challenge"), rid: Rid, challenge: v.string() }),
  v.object({
    type: v.literal("auth.ok"),
    rid: Rid,
    playerId: v.string(),
    /** The claimed name (claimed after a first rated game), or null. */
    name: v.nullable(v.string()),
    /** The name others see: the claimed one, else one generated from the player id. */
    shown: v.string(),
    /** A chosen name waiting for the player's next rated game to be claimed. */
    pending: v.nullable(v.string()),
    stats: v.record(v.string(), GameStatsSchema),
    activeMatch: v.nullable(v.string()),
  }),
  v.object({
    type: v.literal("auth.named"),
    rid: Rid,
    name: v.string(),
    /** False: kept as the player's wish, claimed after their next rated game. */
    claimed: v.boolean(),
    shown: v.string(),
  }),
  v.object({
    type: v.literal("ranked.seeking"),
    rid: Rid,
    game: GameSchema,
    options: v.record(v.string(), v.union([v.number(), v.boolean()])),
    preset: v.optional(PresetSchema),
    casual: v.optional(v.boolean()),
    since: v.number(),
  }),
  v.object({ type: v.literal("ranked.cancelled"), rid: Rid }),
  v.object({ type: v.literal("ranked.start"), rid: Rid, seat: Seat, match: MatchViewSchema }),
  v.object({
    type: v.literal("ranked.update"),
    rid: Rid,
    seat: Seat,
    match: MatchViewSchema,
    last: v.nullable(v.object({ seat: Seat, move: v.number() })),
  }),
  v.object({ type: v.literal("ranked.offer"), matchId: v.string(), seat: Seat, version: v.number() }),
  v.object({
    type: v.literal("ranked.presence"),
    matchId: v.string(),
    seat: Seat,
    connected: v.boolean(),
    graceUntil: v.nullable(v.number()),
  }),
  v.object({
    type: v.literal("ranked.end"),
    rid: Rid,
    seat: Seat,
    match: MatchViewSchema,
    changes: v.nullable(v.tuple([RatingChangeSchema, RatingChangeSchema])),
  }),
  v.object({
    type: v.literal("ranked.error"),
    rid: Rid,
    code: v.picklist(RANKED_ERROR_CODES),
    message: v.string(),
    matchId: v.optional(v.string()),
    version: v.optional(v.number()),
  }),
  ...LobbyServerSchemas,
]);
export type RankedServerMessage = v.InferOutput<typeof RankedServerMessageSchema>;
export type RankedErrorMessage = Extract<RankedServerMessage, { type: "ranked.error" }>;

export interface ProtocolError {
  readonly code: "proto/invalid" | "proto/too_large";
  readonly message: string;
}

/** Every ranked message type starts with one of these. */
export const RANKED_TYPE_PREFIXES = ["auth.", "ranked.", ...LOBBY_TYPE_PREFIXES] as const;

export function isRankedType(type: unknown): boolean {
  return typeof type === "string" && RANKED_TYPE_PREFIXES.some((p) => type.startsWith(p));
}

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  const path = first.path?.map((p) => String(p.key)).join(".") ?? "";
  return path === "" ? first.message : `${path}: ${first.message}`;
}

/** Validates an already-decoded client message. */
export function parseRankedClientMessage(raw: unknown): Result<RankedClientMessage, ProtocolError> {
  const r = v.safeParse(RankedClientMessageSchema, raw);
  if (!r.success) return err({ code: "proto/invalid", message: describeIssues(r.issues) });
  return ok(r.output);
}

/** Decodes and validates the JSON text of a client message (size first). */
export function parseRankedClientText(text: string): Result<RankedClientMessage, ProtocolError> {
  if (text.length > RANKED_MESSAGE_MAX)
    return err({ code: "proto/too_large", message: `at most ${RANKED_MESSAGE_MAX} characters` });
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err({ code: "proto/invalid", message: "not JSON" });
  }
  return parseRankedClientMessage(raw);
}

export function makeRankedClientText(msg: RankedClientMessage): string {
  return JSON.stringify(msg);
}

/** For clients: validates a message from the server. */
export function parseRankedServerMessage(raw: unknown): Result<RankedServerMessage, ProtocolError> {
  const r = v.safeParse(RankedServerMessageSchema, raw);
  if (!r.success) return err({ code: "proto/invalid", message: describeIssues(r.issues) });
  return ok(r.output);
}

export function makeRankedError(
  code: RankedErrorCode,
  message: string,
  extra: { rid?: string | number; matchId?: string; version?: number } = {},
): RankedErrorMessage {
  return { type: "ranked.error", code, message, ...extra };
}

// ---- HTTP API ----

const LEADERBOARD_LIMIT_MAX = 100;
const LEADERBOARD_LIMIT_DEFAULT = 50;

/** `GET /leaderboard?game=G&limit=N&cursor=C`: query parameters arrive as text. */
export const LeaderboardQuerySchema = v.strictObject({
  game: v.picklist(GAMES, `game must be one of ${GAMES.join(", ")}`),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,3}$/, "limit must be a whole number"),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(LEADERBOARD_LIMIT_MAX, `limit must be at most ${LEADERBOARD_LIMIT_MAX}`),
    ),
    String(LEADERBOARD_LIMIT_DEFAULT),
  ),
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor is not one this server gave out"))),
  /** `include`: provisional players (RD ≥ 110) follow the established ones, marked `provisional`. */
  provisional: v.optional(
    v.picklist(["include", "exclude"] as const, "provisional must be include or exclude"),
    "exclude",
  ),
});

export interface LeaderboardRow {
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Still provisional (RD ≥ 110): only listed with `provisional=include`, below everyone established. */
  readonly provisional: boolean;
}

export interface LeaderboardResponse {
  readonly game: GameId;
  readonly rows: readonly LeaderboardRow[];
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly next: string | null;
}

export interface PlayerResponse {
  readonly playerId: string;
  readonly name: string | null;
  readonly createdAt: number;
  readonly games: Readonly<Record<string, GameStats & { readonly streak: number; readonly bestStreak: number }>>;
}

/** `POST /suggestions` body. */
export const SuggestionSchema = v.strictObject({
  text: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(3, "text is too short"),
    v.maxLength(SUGGESTION_MAX_CHARS, `text holds at most ${SUGGESTION_MAX_CHARS} characters`),
  ),
  category: v.optional(v.picklist(SUGGESTION_CATEGORIES), "other"),
  playerId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, "playerId is not a player id"))),
  contact: v.optional(v.pipe(v.string(), v.maxLength(200, "contact holds at most 200 characters"))),
  game: v.optional(GameSchema),
  /** A translation suggestion names the language and the catalogue key it is about. */
  locale: v.optional(v.picklist(SUGGESTION_LOCALES, `locale must be one of ${SUGGESTION_LOCALES.join(", ")}`)),
  key: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.]{1,80}$/, "key is not a message key"))),
});
export type Suggestion = v.InferOutput<typeof SuggestionSchema>;

/** Validates a query or body for the HTTP API; the error names the first problem. */
export function parseWith<S extends v.GenericSchema>(schema: S, raw: unknown): Result<v.InferOutput<S>, ProtocolError> {
  const r = v.safeParse(schema, raw);
  if (!r.success) return err({ code: "proto/invalid", message: describeIssues(r.issues) });
  return ok(r.output);
}
