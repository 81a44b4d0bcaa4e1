/**
 * The lobby and challenges over the WebSocket (docs/lobby.md): open seeks anyone can see and accept,
 * and challenges to a named player. Both start the same server-run match as a quick-pairing pool
 * (`ranked.start` to both players), rated or casual, with a time control from core/ranked/presets.ts.
 * These messages ride on the ranked identity (`auth.*` first) and answer errors as `ranked.error`.
 *
 * Lobby: `lobby.watch {game}` → `lobby.list` (the open seeks now; then `lobby.added` / `lobby.removed`
 * as they change, unless the list says `live: false`, when the client polls `GET /api/lobby`).
 * `lobby.post` → `lobby.posted`; someone's `lobby.accept {game, seekId}` → `ranked.start` to both;
 * `lobby.cancel` → `lobby.cancelled`. One seek at a time per player (a quick-pairing seek included).
 *
 * Challenges: `challenge.send {to, …}` → `challenge.sent` to the challenger and `challenge.received`
 * to the player challenged, if online; `challenge.accept` → `ranked.start` to both;
 * `challenge.decline` → `challenge.declined` to both; `challenge.cancel` → `challenge.cancelled` to
 * both; `challenge.list` → the challenges waiting for this player. `challenge.setting {accept}` lets
 * a player refuse every challenge. A rematch is a challenge naming the ended match (`rematchOf`):
 * the same game, options and time control, the sides swapped.
 */
import * as v from "valibot";
import { GAMES } from "../types.js";
import { TIME_PRESETS } from "../ranked/presets.js";

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));
const PlayerId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/));
const GameSchema = v.picklist(GAMES);
const PresetSchema = v.picklist(TIME_PRESETS);
const OptionsSchema = v.strictObject({
  holes: v.optional(v.pipe(v.number(), v.integer())),
  seeds: v.optional(v.pipe(v.number(), v.integer())),
});

/** A seek's rating range: only players within ± this many points of the seeker may accept. */
export const LOBBY_RANGES = [100, 200, 300, 500, 800] as const;

/** Every lobby and challenge message type starts with one of these. */
export const LOBBY_TYPE_PREFIXES = ["lobby.", "challenge."] as const;

// ---- client → server ----

export const LobbyClientSchemas = [
  v.strictObject({ type: v.literal("lobby.watch"), rid: Rid, game: GameSchema }),
  v.strictObject({ type: v.literal("lobby.unwatch"), rid: Rid, game: GameSchema }),
  v.strictObject({
    type: v.literal("lobby.post"),
    rid: Rid,
    game: GameSchema,
    options: v.optional(OptionsSchema),
    preset: v.optional(PresetSchema),
    casual: v.optional(v.boolean()),
    range: v.optional(v.picklist(LOBBY_RANGES)),
  }),
  v.strictObject({ type: v.literal("lobby.cancel"), rid: Rid }),
  v.strictObject({ type: v.literal("lobby.accept"), rid: Rid, game: GameSchema, seekId: Id }),
  v.strictObject({
    type: v.literal("challenge.send"),
    rid: Rid,
    to: PlayerId,
    game: GameSchema,
    options: v.optional(OptionsSchema),
    preset: v.optional(PresetSchema),
    casual: v.optional(v.boolean()),
    /** A rematch of this ended match: its game, options and time control, the sides swapped. */
    rematchOf: v.optional(Id),
  }),
  v.strictObject({ type: v.literal("challenge.accept"), rid: Rid, from: PlayerId, id: Id }),
  v.strictObject({ type: v.literal("challenge.decline"), rid: Rid, from: PlayerId, id: Id }),
  v.strictObject({ type: v.literal("challenge.cancel"), rid: Rid, to: PlayerId }),
  v.strictObject({ type: v.literal("challenge.list"), rid: Rid }),
  v.strictObject({ type: v.literal("challenge.setting"), rid: Rid, accept: v.boolean() }),
] as const;

// ---- server → client ----

const Options = v.record(v.string(), v.union([v.number(), v.boolean()]));

const OpenSeekSchema = v.object({
  /** What `lobby.accept` names (with the game). */
  id: v.string(),
  game: GameSchema,
  options: Options,
  preset: PresetSchema,
  casual: v.boolean(),
  playerId: v.string(),
  name: v.string(),
  rating: v.number(),
  provisional: v.boolean(),
  /** ± points around `rating` an accepting player must be within, or null for anyone. */
  range: v.nullable(v.number()),
  since: v.number(),
  expiresAt: v.number(),
});
export type OpenSeek = v.InferOutput<typeof OpenSeekSchema>;

const ChallengeSideSchema = v.object({
  playerId: v.string(),
  name: v.string(),
  rating: v.number(),
  provisional: v.boolean(),
});

const ChallengeViewSchema = v.object({
  id: v.string(),
  from: ChallengeSideSchema,
  to: v.object({ playerId: v.string(), name: v.string() }),
  game: GameSchema,
  options: Options,
  preset: PresetSchema,
  casual: v.boolean(),
  /** The ended match this is a rematch of, or null. */
  rematchOf: v.nullable(v.string()),
  createdAt: v.number(),
  expiresAt: v.number(),
});
export type ChallengeView = v.InferOutput<typeof ChallengeViewSchema>;

export const LobbyServerSchemas = [
  v.object({
    type: v.literal("lobby.list"),
    rid: Rid,
    game: GameSchema,
    seeks: v.array(OpenSeekSchema),
    /** False: the lobby's live list is full; poll `GET /api/lobby?game=…` instead. */
    live: v.boolean(),
  }),
  v.object({ type: v.literal("lobby.added"), game: GameSchema, seek: OpenSeekSchema }),
  v.object({ type: v.literal("lobby.removed"), game: GameSchema, id: v.string() }),
  v.object({ type: v.literal("lobby.posted"), rid: Rid, seek: OpenSeekSchema }),
  v.object({ type: v.literal("lobby.cancelled"), rid: Rid }),
  v.object({ type: v.literal("lobby.unwatched"), rid: Rid, game: GameSchema }),
  v.object({ type: v.literal("challenge.sent"), rid: Rid, challenge: ChallengeViewSchema }),
  v.object({ type: v.literal("challenge.received"), challenge: ChallengeViewSchema }),
  v.object({
    type: v.literal("challenge.declined"),
    rid: Rid,
    id: v.string(),
    /** "declined": by the player; "refused": they take no challenges. */
    why: v.picklist(["declined", "refused"] as const),
  }),
  v.object({ type: v.literal("challenge.cancelled"), rid: Rid, id: v.string() }),
  v.object({ type: v.literal("challenge.list"), rid: Rid, incoming: v.array(ChallengeViewSchema) }),
  v.object({ type: v.literal("challenge.setting"), rid: Rid, accept: v.boolean() }),
] as const;

/** `GET /api/lobby?game=G`: the open seeks of one game, oldest first. */
export interface LobbyResponse {
  readonly game: (typeof GAMES)[number];
  readonly seeks: readonly OpenSeek[];
}
