/**
 * Reading an engine review (no engine code here, so the replay screen stays small): the per-ply
 * scores and the moves that lost more than a threshold against the engine's choice.
 */

export interface PlyReview {
  readonly ply: number;
  /** Seat 0's evaluation of the position before move `ply` (after the last move for the final one). */
  readonly score: number;
  /** The engine's move there, or null when the game is over. */
  readonly best: number | null;
}

/** Scores are drawn and compared up to this many hundredths (a proven win counts as this much). */
export const SCORE_CAP = 5000;

export interface Mistake {
  /** Index of the move in the record. */
  readonly ply: number;
  readonly played: number;
  readonly best: number;
  /** How much worse than the engine's move, in hundredths of a seed for the mover. */
  readonly loss: number;
}

/** A move that loses more than this (hundredths of a seed) against the engine's choice is flagged. */
export const MISTAKE_THRESHOLD = 200;

/**
 * The moves that lose more than `threshold` against the engine's move: the mover's view of the
 * position before (with the best move) against the position the played move led to.
 */
export function findMistakes(
  moves: readonly number[],
  movers: readonly (0 | 1)[],
  plies: readonly (PlyReview | undefined)[],
  threshold = MISTAKE_THRESHOLD,
): Mistake[] {
  const out: Mistake[] = [];
  for (let i = 0; i < moves.length; i++) {
    const before = plies[i];
    const after = plies[i + 1];
    if (before === undefined || after === undefined || before.best === null || before.best === moves[i]) continue;
    const sign = movers[i] === 0 ? 1 : -1;
    const loss = sign * before.score - sign * after.score;
    if (loss > threshold) out.push({ ply: i, played: moves[i], best: before.best, loss });
  }
  return out;
}
