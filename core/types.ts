/** Shared types for every layer: games, seats, outcomes, results and error codes. */

export const GAMES = ["togyz", "ayo", "tsoro-classic", "tsoro-wta"] as const;
export type GameId = (typeof GAMES)[number];

export type Seat = 0 | 1;

/**
 * Engine seat 0 always starts a game; a player's own seat (in a series, a room) starts every other
 * game. In a game started by the player on `starter`, player seat `seat` plays engine seat
 * `seatIn(starter, seat)`, and engine seat `e` is player seat `seatIn(starter, e)`: the map is its own inverse.
 */
export function seatIn(starter: Seat, seat: Seat): Seat {
  return (seat ^ starter) as Seat;
}

/** Per-seat data, indexed by `Seat`. */
export type BySeat<T> = readonly [T, T];

export const END_REASONS = [
  "kazan", // togyz: a kazan holds 82 or more
  "kazan-draw", // togyz: both kazans at 81
  "atsyz", // togyz: the player to move has no stones
  "captures", // ayo: a player has 25 or more captured
  "few-seeds", // ayo: fewer than 4 seeds left on the board
  "repetition", // ayo vs computer: third occurrence of a position
  "no-seeds", // tsoro: the player to move has no seeds and loses
  "no-capture", // tsoro classic: 50 moves without a capture
  "no-take", // tsoro wta: 80 moves without a take
  "move-limit", // tsoro wta: the game reached 400 moves
  "forfeit", // match layer: a player gave up
  "agreed", // match layer: both players agreed to end on the current score
  "timeout", // ranked: a clock ran out
  "abandoned", // ranked: a player left and did not come back in time
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** The result of a finished game; `winner: null` is a draw. */
export interface Outcome {
  readonly winner: Seat | null;
  readonly reason: EndReason;
}

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** Error codes of the engine layer; every code names its layer first. */
export type EngineErrorCode =
  "game/unknown" | "options/invalid" | "position/invalid" | "move/illegal" | "move/game_over" | "decode/invalid";

export interface EngineError {
  readonly code: EngineErrorCode;
  readonly message: string;
}

export function engineError(code: EngineErrorCode, message: string): EngineError {
  return { code, message };
}

export function isGameId(x: unknown): x is GameId {
  return typeof x === "string" && (GAMES as readonly string[]).includes(x);
}
