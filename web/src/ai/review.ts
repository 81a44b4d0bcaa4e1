/**
 * Engine review of a whole game: the strongest level's evaluation of every position and its best
 * move there. Runs in the review worker (or inline where there are no workers). Scores are in
 * hundredths of a seed from seat 0's side, so one line can be drawn over the plies.
 */
import { hint, MATE_BOUND } from "../../../core/ai/index.js";
import { newGame, outcome, play, toMove, view, type State } from "../../../core/games/index.js";
import type { GameId } from "../../../core/types.js";
import { SCORE_CAP, type PlyReview } from "./mistakes.js";

export { type PlyReview };

export interface ReviewJob {
  readonly id: number;
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly moves: readonly number[];
  /** Thinking time for each position, milliseconds. */
  readonly timeMs: number;
}

export type ReviewMessage =
  | ({ readonly id: number; readonly t: "ply" } & PlyReview)
  | { readonly id: number; readonly t: "done" }
  | { readonly id: number; readonly t: "error"; readonly error: string };

const clamp = (x: number): number => Math.max(-SCORE_CAP, Math.min(SCORE_CAP, x));

/** The position's value for seat 0 once the game is over: the winner's side gets the cap. */
function finalScore(s: State): number {
  const o = outcome(s);
  if (o === null) return 0;
  if (o.winner === null) return 0;
  const v = view(s);
  const margin = Math.abs(v.stores[0] - v.stores[1]) * 100;
  return (o.winner === 0 ? 1 : -1) * Math.max(SCORE_CAP / 2, Math.min(SCORE_CAP, margin));
}

/** Reviews every position, calling `report` as each one is done. */
export function reviewGame(job: ReviewJob, report: (p: PlyReview) => void): void {
  const start = newGame(job.game, job.options);
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  for (let ply = 0; ply <= job.moves.length; ply++) {
    if (outcome(s) !== null) {
      report({ ply, score: finalScore(s), best: null });
    } else {
      const r = hint(s, { timeMs: job.timeMs, seed: ply + 1 });
      const mine = Math.abs(r.score) > MATE_BOUND ? Math.sign(r.score) * SCORE_CAP : clamp(r.score);
      report({ ply, score: toMove(s) === 0 ? mine : -mine, best: r.move });
    }
    if (ply === job.moves.length) break;
    const next = play(s, job.moves[ply]);
    if (!next.ok) throw new Error(`move ${ply + 1} is not legal`);
    s = next.value.state;
  }
}
