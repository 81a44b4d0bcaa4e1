/**
 * Tournaments over the WebSocket (`tour.*`, both directions) as valibot schemas, and the JSON of
 * `GET /api/tournaments/{id}` (docs/tournaments.md). A connection acts as the ranked identity it
 * proved (`auth.prove`); the organiser is the identity that created the tournament.
 */
import * as v from "valibot";
import { GAMES, err, ok, type Result } from "../types.js";
import { TIME_PRESETS } from "../ranked/presets.js";
import { TIEBREAKS } from "../tournament/standings.js";
import type { StandingRow } from "../tournament/standings.js";
import type { ArenaRow } from "../tournament/arena.js";
import type { Board } from "../tournament/types.js";

export const TOUR_TYPE_PREFIX = "tour.";

export const TOUR_ERROR_CODES = [
  "proto/invalid",
  "auth/required", // sign in first (auth.hello / auth.prove)
  "tour/not_found",
  "tour/wrong_code", // a private tournament's code is missing or wrong
  "tour/full",
  "tour/closed", // finished, or a Swiss past its last round
  "tour/forbidden", // only the organiser may do this
  "tour/not_joined",
  "tour/bad_options", // options the engine refuses, or settings that do not fit the kind
  "tour/round_open", // boards of the current round still have no result
  "tour/no_board",
  "rate/limited",
  "server/error",
] as const;
export type TourErrorCode = (typeof TOUR_ERROR_CODES)[number];

/** Largest tournament: what one Swiss pairing (core/tournament/swiss.ts) handles exactly. */
export const TOUR_MAX_PLAYERS = 200;
const TOUR_MAX_ROUNDS = 9;

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/));
/** A private tournament's code: 6 Crockford base32 characters, typed in any case, with or without a dash. */
const Code = v.pipe(
  v.string(),
  v.maxLength(8),
  v.transform((s) => s.replace(/-/g, "").toUpperCase()),
  v.regex(/^[0-9A-HJKMNP-TV-Z]{6}$/),
);
const Name = v.pipe(v.string(), v.minLength(1), v.maxLength(60), v.regex(/^[^\p{C}]+$/u));
const Options = v.strictObject({
  holes: v.optional(v.pipe(v.number(), v.integer())),
  seeds: v.optional(v.pipe(v.number(), v.integer())),
});
const Result3 = v.picklist(["first", "second", "draw"] as const);

const CreateSchema = v.strictObject({
  type: v.literal("tour.create"),
  rid: Rid,
  kind: v.picklist(["swiss", "arena"] as const),
  name: Name,
  game: v.picklist(GAMES),
  options: v.optional(Options),
  preset: v.picklist(TIME_PRESETS),
  rated: v.optional(v.boolean()),
  /** Epoch ms; at most 30 days ahead. */
  startsAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Swiss: the number of rounds. */
  rounds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TOUR_MAX_ROUNDS))),
  /** Arena: its length in minutes. */
  minutes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24 * 60))),
  /** Private: joined only with the code the server answers with. */
  private: v.optional(v.boolean()),
  maxPlayers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(TOUR_MAX_PLAYERS))),
  /** Swiss: a bye's points (1, ½ or 0). */
  byePoints: v.optional(v.picklist([0, 0.5, 1] as const)),
  tiebreaks: v.optional(v.pipe(v.array(v.picklist(TIEBREAKS)), v.maxLength(TIEBREAKS.length))),
  /** Swiss: the organiser starts every round (otherwise a round starts when the last one has ended). */
  manualRounds: v.optional(v.boolean()),
  /** Swiss: boards are played over the table and the organiser enters their results (no server games). */
  overTheBoard: v.optional(v.boolean()),
});
const JoinSchema = v.strictObject({
  type: v.literal("tour.join"),
  rid: Rid,
  id: v.optional(Id),
  code: v.optional(Code),
});
const LeaveSchema = v.strictObject({ type: v.literal("tour.leave"), rid: Rid, id: Id });
const StartSchema = v.strictObject({ type: v.literal("tour.start"), rid: Rid, id: Id });
const SyncSchema = v.strictObject({ type: v.literal("tour.sync"), rid: Rid, id: Id });
/** The organiser withdraws a player: not paired again, their games so far still count. */
const RemoveSchema = v.strictObject({
  type: v.literal("tour.remove"),
  rid: Rid,
  id: Id,
  playerId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});
const ResultSchema = v.strictObject({
  type: v.literal("tour.result"),
  rid: Rid,
  id: Id,
  round: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TOUR_MAX_ROUNDS)),
  board: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(TOUR_MAX_PLAYERS)),
  result: Result3,
  forfeit: v.optional(v.boolean()),
});

const TourClientMessageSchema = v.variant("type", [
  CreateSchema,
  JoinSchema,
  LeaveSchema,
  StartSchema,
  SyncSchema,
  ResultSchema,
  RemoveSchema,
]);
export type TourClientMessage = v.InferOutput<typeof TourClientMessageSchema>;
export type TourCreate = v.InferOutput<typeof CreateSchema>;

export function parseTourClientMessage(
  raw: unknown,
): Result<TourClientMessage, { code: "proto/invalid"; message: string }> {
  const r = v.safeParse(TourClientMessageSchema, raw);
  if (!r.success)
    return err({
      code: "proto/invalid",
      message: r.issues
        .slice(0, 3)
        .map((i) => `${i.path?.map((p) => String(p.key)).join(".") ?? ""}: ${i.message}`)
        .join("; "),
    });
  return ok(r.output);
}

export function makeTourError(code: TourErrorCode, message: string, rid?: string | number): object {
  return { type: "tour.error", code, message, ...(rid !== undefined ? { rid } : {}) };
}

// ---- what the server shows ----

export type TourStatus = "upcoming" | "live" | "finished";

export interface TourSettings {
  readonly id: string;
  readonly kind: "swiss" | "arena";
  readonly name: string;
  readonly game: (typeof GAMES)[number];
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly preset: (typeof TIME_PRESETS)[number];
  readonly rated: boolean;
  readonly startsAt: number;
  /** Arena: when pairing stops. */
  readonly endsAt: number | null;
  readonly rounds: number | null;
  readonly private: boolean;
  readonly maxPlayers: number;
  readonly byePoints: number;
  readonly tiebreaks: readonly (typeof TIEBREAKS)[number][];
  readonly manualRounds: boolean;
  readonly overTheBoard: boolean;
  readonly organiser: string;
}

/** `GET /api/tournaments/{id}`: settings, status, standings and every board or game. */
export interface TournamentResponse {
  readonly tournament: TourSettings & { readonly status: TourStatus; readonly round: number; readonly players: number };
  readonly standings: readonly (StandingRow | ArenaRow)[];
  /** Swiss: every board of every round. */
  readonly boards: readonly Board[];
  /** Arena: every game, with its result once ended. */
  readonly games: readonly {
    readonly id: string;
    readonly first: string;
    readonly second: string;
    readonly startedAt: number;
    readonly endedAt: number | null;
    readonly result: "first" | "second" | "draw" | null;
  }[];
}

/**
 * `GET /api/tournaments/{id}/games`: every game with its round (0 in an arena), board, players (the
 * first moves first), server match (null for a board over the table or a bye) and result.
 */
export interface TournamentGamesResponse {
  readonly games: readonly {
    readonly round: number;
    readonly board: number;
    readonly first: string;
    readonly second: string | null;
    readonly matchId: string | null;
    readonly result: "first" | "second" | "draw" | null;
    readonly forfeit: boolean;
  }[];
}

// ---- what the client reads (validated before use, like every server message) ----

const Num = v.number();
const RowSchema = v.object({
  rank: Num,
  id: v.string(),
  name: v.string(),
  rating: Num,
  points: Num,
  /** Swiss. */
  number: v.optional(Num),
  played: v.optional(Num),
  tiebreaks: v.optional(v.record(v.string(), Num)),
  /** Arena. */
  games: v.optional(Num),
  fire: v.optional(v.boolean()),
  performance: v.optional(Num),
  wins: v.optional(Num),
  draws: v.optional(Num),
  losses: v.optional(Num),
});
/** A row of the standings as the client shows it: a Swiss row with its tiebreaks, or an arena row. */
export type TourRow = v.InferOutput<typeof RowSchema>;

const StateSchema = v.object({
  type: v.picklist(["tour.state", "tour.joined"] as const),
  rid: v.optional(v.string()),
  id: v.string(),
  kind: v.picklist(["swiss", "arena"] as const),
  status: v.picklist(["upcoming", "live", "finished"] as const),
  round: Num,
  rounds: v.nullable(Num),
  players: Num,
  standings: v.array(RowSchema),
  me: v.optional(RowSchema),
  board: v.optional(
    v.object({
      round: Num,
      board: Num,
      first: v.string(),
      second: v.nullable(v.string()),
      result: v.nullable(Result3),
      matchId: v.nullable(v.string()),
    }),
  ),
});
const TourServerMessageSchema = v.variant("type", [
  StateSchema,
  v.object({
    type: v.literal("tour.created"),
    rid: v.optional(v.string()),
    id: v.string(),
    code: v.nullable(v.string()),
  }),
  v.object({ type: v.literal("tour.left"), rid: v.optional(v.string()), id: v.string() }),
  v.object({
    type: v.literal("tour.paired"),
    id: v.string(),
    round: Num,
    board: Num,
    seat: v.picklist([0, 1] as const),
    opponent: v.nullable(v.string()),
    matchId: v.nullable(v.string()),
  }),
  v.object({
    type: v.literal("tour.error"),
    rid: v.optional(v.string()),
    code: v.picklist(TOUR_ERROR_CODES),
    message: v.string(),
  }),
]);
export type TourServerMessage = v.InferOutput<typeof TourServerMessageSchema>;
export type TourStateMessage = v.InferOutput<typeof StateSchema>;

/** A `tour.*` frame from the server, or null when it is not one or does not fit its schema. */
export function parseTourServerMessage(raw: unknown): TourServerMessage | null {
  const r = v.safeParse(TourServerMessageSchema, raw);
  return r.success ? r.output : null;
}

/** A line of `GET /api/tournaments`. */
export interface ListedTour {
  readonly id: string;
  readonly kind: "swiss" | "arena";
  readonly name: string;
  readonly game: (typeof GAMES)[number];
  readonly preset: (typeof TIME_PRESETS)[number];
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly rounds: number | null;
  readonly status: TourStatus;
}

/** A client message before the link adds its request id. */
export type TourRequest = TourClientMessage extends infer M
  ? M extends { rid?: unknown }
    ? Omit<M, "rid">
    : never
  : never;
