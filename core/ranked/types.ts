/**
 * The records of a ranked match and of a player's rating in one game: plain data the server stores
 * and the pure rules in this folder transform. Shared by the server (functions/matches,
 * functions/ratings) and the client, which shows clocks and results from the same code.
 */
import type { RatingChange } from "../protocol/ranked.js";
import type { GameId, Outcome, Seat } from "../types.js";
import type { ClockSetting, TimePreset } from "./presets.js";

export type { RatingChange };

export type { ClockSetting };

export interface SeatRecord {
  readonly playerId: string;
  readonly name: string;
  /** Rating when the match was made: what the opponent is rated against. */
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  /** Rated games the player had finished in this game when the match was made (absent on old records). */
  readonly games?: number;
}

type MatchStatus = "active" | "finished" | "aborted";

export interface MatchRecord {
  readonly id: string;
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly seats: readonly [SeatRecord, SeatRecord];
  readonly moves: readonly number[];
  /** Milliseconds each move in `moves` took, from the end of the move before (absent on old records). */
  readonly moveMs?: readonly number[];
  /**
   * Spectators' connections pushed every change (core/archive: at most the cap; others poll the
   * cached `GET /api/games/{id}`). Kept in the match item so a move reads no more than it did.
   */
  readonly watchers?: readonly string[];
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
  /** A side that has not made its first move within this is aborted, unrated. */
  readonly firstMoveMs: number;
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
  /** The time control the match was made with (absent on records from before presets). */
  readonly preset?: TimePreset;
  /** A casual game: played exactly as a rated one, but it settles no rating and skips the leaderboard. */
  readonly casual?: boolean;
  /** The tournament this game is a pairing of (functions/tournaments), told when it ends. */
  readonly tournament?: string;
  readonly endedAt: number | null;
  /** Set once ratings, profiles and names have caught up with the end of the match. */
  readonly settled: boolean;
  readonly changes: readonly [RatingChange, RatingChange] | null;
  /**
   * When the timer must look at this match next (epoch ms), or null when never again: the earliest
   * flag, first-move or grace deadline while active, the end itself while unsettled. The store
   * indexes it, so a tick reads only the matches that are due.
   */
  readonly dueAt: number | null;
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
  /** Opponents of the rated games of the last day (repeated pairings count less). */
  readonly recent?: readonly { readonly opponent: string; readonly at: number }[];
  /**
   * Points gained in the last day, per hour with the hour's latest gain (core/ranked/settle.ts): in
   * all, and from opponents that were not established.
   */
  readonly gains?: readonly {
    readonly hour: number;
    readonly at: number;
    readonly total: number;
    readonly vsProvisional: number;
  }[];
  /** The change the latest applied match made. */
  readonly last: ({ readonly matchId: string } & RatingChange) | null;
  readonly rev: number;
}
