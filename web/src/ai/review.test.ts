import { describe, expect, test } from "vitest";
import { legalMoves, newGame, outcome, play, type State } from "../../../core/games/index.js";
import { findMistakes, MISTAKE_THRESHOLD, SCORE_CAP, type PlyReview } from "./mistakes.js";
import { reviewGame } from "./review.js";

function after(game: string, options: Record<string, number | boolean>, moves: number[]): State {
  const g = newGame(game, options);
  if (!g.ok) throw new Error(g.error.message);
  let s = g.value;
  for (const m of moves) {
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

describe("engine review", () => {
  test("a score and a legal best move for every position; none after the end", () => {
    // A whole small Tsoro game.
    const moves: number[] = [];
    let s = after("tsoro-classic", { holes: 4, seeds: 1 }, []);
    for (let i = 0; i < 200 && legalMoves(s).length > 0; i++) {
      const ms = legalMoves(s);
      moves.push(ms[(i * 3 + 1) % ms.length]);
      s = after("tsoro-classic", { holes: 4, seeds: 1 }, moves);
    }
    const plies: PlyReview[] = [];
    reviewGame({ id: 1, game: "tsoro-classic", options: { holes: 4, seeds: 1 }, moves, timeMs: 20 }, (p) =>
      plies.push(p),
    );
    expect(plies.map((p) => p.ply)).toEqual(Array.from({ length: moves.length + 1 }, (_, i) => i));
    for (let i = 0; i < moves.length; i++) {
      expect(legalMoves(after("tsoro-classic", { holes: 4, seeds: 1 }, moves.slice(0, i)))).toContain(plies[i].best);
      expect(Math.abs(plies[i].score)).toBeLessThanOrEqual(SCORE_CAP);
    }
    const last = plies[moves.length];
    expect(last.best).toBeNull();
    // The final score is seat 0's: positive exactly when seat 0 won.
    const winner = outcome(s)?.winner;
    expect(Math.sign(last.score)).toBe(winner === 0 ? 1 : winner === 1 ? -1 : 0);
  });

  test("passing up the opening capture of ten is flagged, with the capture as the better move", () => {
    // Togyz opening: pit 7 lands on the opponent's pit 6 and takes 10; pit 1 stays at home.
    const plies: PlyReview[] = [];
    reviewGame({ id: 2, game: "togyz", options: {}, moves: [1], timeMs: 150 }, (p) => plies.push(p));
    const found = findMistakes([1], [0], plies);
    expect(found).toHaveLength(1);
    expect(found[0].ply).toBe(0);
    expect(found[0].played).toBe(1);
    expect(found[0].loss).toBeGreaterThan(MISTAKE_THRESHOLD);
    expect(play(after("togyz", {}, []), found[0].best).ok).toBe(true);
  });

  test("losses are counted from the mover's side", () => {
    const plies: PlyReview[] = [
      { ply: 0, score: 0, best: 3 },
      { ply: 1, score: -500, best: 2 },
      { ply: 2, score: 300, best: 4 },
      { ply: 3, score: 250, best: null },
    ];
    // Seat 0 drops 5 seeds, seat 1 drops 8 (seat 0's score rises from -5 to +3), seat 0 loses half a seed.
    expect(findMistakes([1, 5, 6], [0, 1, 0], plies)).toEqual([
      { ply: 0, played: 1, best: 3, loss: 500 },
      { ply: 1, played: 5, best: 2, loss: 800 },
    ]);
    // The engine's own move is never a mistake, and positions not reviewed yet are skipped.
    expect(findMistakes([3, 2], [0, 1], plies)).toEqual([]);
    expect(findMistakes([1, 5], [0, 1], [plies[0], undefined, plies[2]])).toEqual([]);
  });
});
