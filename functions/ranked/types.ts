/**
 * The records of ranked play and the ports the ranked service works through. The service never
 * touches DynamoDB or API Gateway itself: it takes a `RankedStore` (DynamoDB in AWS and locally,
 * an in-memory map in unit tests) and a `RankedGateway` (API Gateway's `@connections`).
 *
 * Every write that can race is conditional: records carry a `rev` that each write checks and bumps,
 * seeks are claimed by a conditional delete, names by a conditional put.
 */
import type { GameId, Outcome, Seat } from "../../core/types.js";
import type { RatingChange, RankedServerMessage } from "../../core/protocol/ranked.js";

/** Per connection: the pending challenge, then the proven player id. */
export interface ConnAuth {
  readonly connId: string;
  readonly playerId: string | null;
  readonly challenge: string | null;
  /** The player id the challenge was issued for. */
  readonly challengeFor: string | null;
  /** Epoch ms after which the record is ignored. */
  readonly expiresAt: number;
}

export interface Profile {
  readonly playerId: string;
  readonly name: string | null;
  /** Look-alike key of `name` (core/names.ts), owned through a name claim. */
  readonly skeleton: string | null;
  readonly createdAt: number;
  /** The ranked match the player is in, if any. */
  readonly activeMatch: string | null;
  /** The connection that last proved this identity. */
  readonly connId: string | null;
  readonly rev: number;
}

/** A player's record in one game: Glicko-2 state, results, and the matches already counted. */
export interface PlayerGameRecord {
  readonly playerId: string;
  readonly game: GameId;
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly streak: number;
  readonly bestStreak: number;
  readonly lastPlayedAt: number;
  /** Ids of the latest matches applied to this record (exactly-once rating updates). */
  readonly applied: readonly string[];
  /** The change the latest applied match made. */
  readonly last: ({ readonly matchId: string } & RatingChange) | null;
  readonly rev: number;
}

export interface SeekRecord {
  readonly game: GameId;
  /** Canonical text of the normalised options: only equal keys are paired. */
  readonly optionsKey: string;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  readonly connId: string;
  readonly since: number;
  /** Random per seek: a claim deletes only the very seek it saw. */
  readonly token: string;
  readonly expiresAt: number;
}

export interface SeatRecord {
  readonly playerId: string;
  readonly name: string;
  /** Rating when the match was made: what the opponent is rated against. */
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
}

export type MatchStatus = "active" | "finished" | "aborted";

export interface MatchRecord {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly seats: readonly [SeatRecord, SeatRecord];
  readonly moves: readonly number[];
  /** Encoded position after `moves` (core `encode`). */
  readonly position: string;
  /** Public version: bumped by every move and every change of the game's course. */
  readonly version: number;
  /** Write guard: bumped by every write (presence included). */
  readonly rev: number;
  readonly toMove: Seat;
  /** Time left on each clock when the current turn started (ms). */
  readonly clocks: readonly [number, number];
  readonly increment: number;
  readonly turnStartedAt: number;
  readonly createdAt: number;
  readonly movesBy: readonly [number, number];
  readonly lastMove: { readonly seat: Seat; readonly move: number; readonly version: number } | null;
  readonly endOffer: { readonly seat: Seat; readonly version: number } | null;
  readonly conns: readonly [string | null, string | null];
  readonly graceUntil: readonly [number | null, number | null];
  readonly status: MatchStatus;
  readonly result: Outcome | null;
  readonly rated: boolean;
  readonly endedAt: number | null;
  /** Set once ratings, profiles and the active list have caught up with the end of the match. */
  readonly settled: boolean;
  readonly changes: readonly [RatingChange, RatingChange] | null;
}

export interface LeaderboardPage {
  readonly items: readonly PlayerGameRecord[];
  /** Opaque position after the last item, or null at the end. */
  readonly next: string | null;
}

export interface RankedStore {
  getAuth(connId: string): Promise<ConnAuth | null>;
  putAuth(rec: ConnAuth): Promise<void>;
  deleteAuth(connId: string): Promise<void>;

  getProfile(playerId: string): Promise<Profile | null>;
  /** Writes if the stored rev equals `expectedRev` (null: the profile must not exist). */
  putProfile(p: Profile, expectedRev: number | null): Promise<boolean>;

  /** Claims a name skeleton for a player: succeeds if free or already theirs. */
  claimName(skeleton: string, playerId: string): Promise<boolean>;
  releaseName(skeleton: string, playerId: string): Promise<void>;

  getStats(playerId: string, game: GameId): Promise<PlayerGameRecord | null>;
  listStats(playerId: string): Promise<PlayerGameRecord[]>;
  putStats(rec: PlayerGameRecord, expectedRev: number | null): Promise<boolean>;
  /** Non-provisional records of a game, best first. `cursor` comes from a previous page. */
  leaderboard(game: GameId, limit: number, cursor: string | null): Promise<LeaderboardPage>;

  putSeek(s: SeekRecord): Promise<void>;
  listSeeks(game: GameId): Promise<SeekRecord[]>;
  getSeek(game: GameId, playerId: string): Promise<SeekRecord | null>;
  /** Deletes the seek if it is still the one with `token`; returns whether this call deleted it. */
  takeSeek(game: GameId, playerId: string, token: string): Promise<boolean>;

  getMatch(id: string): Promise<MatchRecord | null>;
  /** Writes if the stored rev equals `expectedRev` (null: the match must not exist). */
  putMatch(m: MatchRecord, expectedRev: number | null): Promise<boolean>;
  /** Ids of matches not yet settled, for the timer. */
  listActive(): Promise<string[]>;
  addActive(id: string): Promise<void>;
  removeActive(id: string): Promise<void>;

  /** Adds one to a fixed-window counter and returns the new count (rate limits). */
  bump(key: string, windowMs: number, now: number): Promise<number>;
  putSuggestion(s: SuggestionRecord): Promise<void>;
}

export interface SuggestionRecord {
  readonly id: string;
  readonly createdAt: number;
  readonly text: string;
  readonly category: string;
  readonly playerId: string | null;
  readonly contact: string | null;
  readonly userAgent: string;
}

export type ServerMessage = RankedServerMessage;

export interface RankedGateway {
  /** Sends to a connection; false when the connection is gone. */
  send(connId: string, msg: ServerMessage): Promise<boolean>;
  /** Whether a connection is still open. */
  isConnected(connId: string): Promise<boolean>;
}

export interface ClockSetting {
  readonly initialMs: number;
  readonly incrementMs: number;
}

export interface RankedConfig {
  /** Clock for a game and its options. */
  readonly clockFor: (game: GameId, options: Readonly<Record<string, number | boolean>>) => ClockSetting;
  /** How long a dropped player has to come back before losing (or the match being aborted). */
  readonly graceMs: number;
  /** A side that has not made its first move within this is aborted, unrated. */
  readonly firstMoveMs: number;
  readonly seekTtlMs: number;
  readonly challengeTtlMs: number;
  /** Rating window: `base + step * floor(wait / stepMs)`, at most `max`. */
  readonly windowBase: number;
  readonly windowStep: number;
  readonly windowStepMs: number;
  readonly windowMax: number;
}

export interface RankedPorts {
  readonly store: RankedStore;
  readonly gateway: RankedGateway;
  readonly config: RankedConfig;
  /** Epoch ms; injected so tests can move time. */
  readonly now: () => number;
  /** Random text for ids and tokens (base64url). */
  readonly randomId: () => string;
  /** Random seat for the first seeker: 0 or 1. */
  readonly randomSeat: () => Seat;
}
