/**
 * The shape every rule set shares, and the flat state layout.
 *
 * A position is one `Int32Array`: the pits in docs/rules.md's array order, then a small header at fixed
 * offsets from the pit count `P` (see `H_*`). Int32 rather than Uint8 because Tsoro holes can hold
 * hundreds of seeds and the ply count is unbounded; the array stays tiny (P + 9 cells), so copying a
 * whole position is the cheapest "undo" for search (copy-make, no undo records).
 */
import type { EndReason, GameId, Outcome, Result, EngineError, Seat } from "../types.js";

export const H_STORE0 = 0;
export const H_TO_MOVE = 2;
export const H_PLY = 3;
/** Moves in a row without a capture (Tsoro Classic) or a take (Tsoro WTA). */
export const H_QUIET = 4;
/** Togyz: board index of the tuzdyk owned by seat 0 / seat 1, or -1. */
export const H_TUZ0 = 5;
export const H_TUZ1 = 6;
/** 0 while playing; 1 seat 0 won; 2 seat 1 won; 3 draw. */
export const H_RESULT = 7;
/** Index into `END_REASONS` when the game is over. */
export const H_REASON = 8;
export const HEADER_SIZE = 9;

export const RESULT_NONE = 0;
export const RESULT_WIN0 = 1;
export const RESULT_WIN1 = 2;
export const RESULT_DRAW = 3;

/** Step-by-step account of one move, for animation. Board indices are docs/rules.md array indices. */
export type TraceEvent =
  /** Seeds lifted from a pit: the chosen pit (`relay: false`) or a relay. */
  | { readonly t: "lift"; readonly pit: number; readonly count: number; readonly relay: boolean }
  /** One seed dropped into a pit. */
  | { readonly t: "sow"; readonly pit: number }
  /** Togyz: a seed fell into a tuzdyk and went straight on to its owner's kazan. */
  | { readonly t: "tuzdyk-sow"; readonly pit: number; readonly owner: Seat }
  /** Seeds of one pit captured into `seat`'s store. */
  | { readonly t: "capture"; readonly pit: number; readonly count: number; readonly seat: Seat }
  /** Togyz: `pit` became `seat`'s tuzdyk (its 3 stones are captured by a `capture` event). */
  | { readonly t: "tuzdyk"; readonly pit: number; readonly seat: Seat }
  /** Tsoro WTA: seeds taken from the opponent's top and bottom holes, sown on next. */
  | { readonly t: "take"; readonly pits: readonly [number, number]; readonly count: number; readonly seat: Seat }
  /** Tsoro: the move stopped at its 100th relay where another relay would have started. */
  | { readonly t: "relay-limit"; readonly pit: number }
  /** Ayo: the mover had no seeds and passed. */
  | { readonly t: "pass"; readonly seat: Seat }
  /** Togyz atsyz: seeds left on a side were added to that side's kazan. */
  | { readonly t: "collect"; readonly seat: Seat; readonly count: number }
  /** The game ended with this move. */
  | { readonly t: "end"; readonly winner: Seat | null; readonly reason: EndReason };

/**
 * A rule set bound to its options, with its lookup tables built once. The `*InPlace` and
 * `generate` functions are the search fast path: they allocate nothing when `trace` is null.
 */
export interface Engine {
  readonly game: GameId;
  /** Normalised options (all defaults filled in). */
  readonly options: Readonly<Record<string, number | boolean>>;
  /** Number of pits on the board; the header starts at this index. */
  readonly pits: number;
  /** Length of a position buffer. */
  readonly size: number;
  /** Seeds in the game: board + stores always equals this. */
  readonly total: number;
  /** Upper bound on the number of legal moves in any position. */
  readonly maxMoves: number;
  /** Pits owned by a seat, as board indices. */
  ownPits(seat: Seat): readonly number[];
  /** Converts a public move number (docs/rules.md numbering) to the mover's board index, or -1 for a pass. */
  moveToPit(seat: Seat, move: number): number;
  /** Converts a board index of the mover's pit to its public move number. */
  pitToMove(seat: Seat, pit: number): number;
  /** Writes the initial position into `buf`. */
  init(buf: Int32Array): void;
  /** Writes the legal moves (public numbering) into `out` from index 0; returns how many. 0 when over. */
  generate(buf: Int32Array, out: Int32Array | number[]): number;
  /** Whether `move` is legal in `buf`. */
  isLegal(buf: Int32Array, move: number): boolean;
  /** Plays a legal move in place, updating the header and the result. */
  playInPlace(buf: Int32Array, move: number, trace: TraceEvent[] | null): void;
  /**
   * Writes into `dst` the position `src` becomes after the legal `move` (no trace); `src` is not
   * changed. The search's copy-make step in one call: a rule set with a small board copies it
   * unrolled, which costs a fraction of `TypedArray.prototype.set` on a few dozen cells.
   */
  playInto(src: Int32Array, dst: Int32Array, move: number): void;
  /** Checks a hand-built position for consistency (used by `setup` and `decode`). */
  validate(buf: Int32Array): string | null;
  /** Applies the end checks to a position as if it had just been reached (used by `setup`). */
  settle(buf: Int32Array): void;
}

/**
 * Position buffers addressed by slot number, for a search's stack (`workspaceFor` in
 * `workspace.ts`, which the search and perft import, so the first page's bundle does without it): `bufs[i]` is an ordinary
 * position of `engine.size` cells (read and written as any), and `play(src, dst, move)` does what
 * `playInto(bufs[src], bufs[dst], move)` does, without the engine having to find where the buffers are.
 */
export interface Workspace {
  readonly bufs: readonly Int32Array[];
  play(src: number, dst: number, move: number): void;
}

export interface RuleSet<O extends Readonly<Record<string, number | boolean>>> {
  readonly id: GameId;
  readonly defaults: O;
  parseOptions(raw: unknown): Result<O, EngineError>;
  create(options: O): Engine;
}

export function outcomeOf(buf: Int32Array, pits: number, reasons: readonly EndReason[]): Outcome | null {
  const r = buf[pits + H_RESULT];
  if (r === RESULT_NONE) return null;
  const reason = reasons[buf[pits + H_REASON]];
  return { winner: r === RESULT_WIN0 ? 0 : r === RESULT_WIN1 ? 1 : null, reason };
}

/** Sets the result to "more wins, equal draws" between two scores. */
export function setScored(buf: Int32Array, pits: number, a: number, b: number, reason: number): void {
  buf[pits + H_RESULT] = a > b ? RESULT_WIN0 : b > a ? RESULT_WIN1 : RESULT_DRAW;
  buf[pits + H_REASON] = reason;
}

export function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}
