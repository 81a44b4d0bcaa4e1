import { describe, expect, test } from "vitest";
import {
  createSeries,
  forfeit,
  gameNumber,
  recordGame,
  rematchSeries,
  starterOf,
  winsNeeded,
  type BestOf,
  type Series,
} from "./series.js";
import type { Outcome } from "./types.js";

const win0: Outcome = { winner: 0, reason: "kazan" };
const win1: Outcome = { winner: 1, reason: "kazan" };
const draw: Outcome = { winner: null, reason: "kazan-draw" };

function playOut(bestOf: BestOf, outcomes: Outcome[]): Series {
  return outcomes.reduce(recordGame, createSeries(bestOf));
}

describe("series", () => {
  test.each([
    [1, 1],
    [3, 2],
    [5, 3],
    [7, 4],
  ] as const)("best of %i is won with %i games", (bestOf, need) => {
    expect(winsNeeded(bestOf)).toBe(need);
    const s = playOut(bestOf, new Array(need).fill(win1));
    expect(s.over).toBe(true);
    expect(s.winner).toBe(1);
    expect(s.end).toBe("majority");
    const short = playOut(bestOf, new Array(need - 1).fill(win1));
    expect(short.over).toBe(false);
  });

  test("players take turns to start, seat 0 first, drawn games included", () => {
    let s = createSeries(7);
    const starters = [];
    for (const o of [draw, win0, win1, draw, win0]) {
      starters.push(starterOf(s));
      s = recordGame(s, o);
    }
    expect(starters).toEqual([0, 1, 0, 1, 0]);
    expect(s.games.map((g) => g.starter)).toEqual(starters);
    expect(gameNumber(s)).toBe(6);
  });

  test("a drawn game counts for neither and is replayed", () => {
    const s = playOut(3, [win0, draw, win1, draw]);
    expect(s.score).toEqual([1, 1]);
    expect(s.draws).toBe(2);
    expect(s.over).toBe(false);
    expect(recordGame(s, win0).winner).toBe(0);
  });

  test("the cap of twice the series length ends it: higher score wins", () => {
    const s = playOut(3, [win0, draw, draw, draw, draw, draw]);
    expect(s.over).toBe(true);
    expect(s.end).toBe("cap");
    expect(s.winner).toBe(0);
  });

  test("the cap with equal scores is a drawn series", () => {
    const s = playOut(1, [draw, draw]);
    expect(s.over).toBe(true);
    expect(s.winner).toBeNull();
    expect(s.end).toBe("cap");
  });

  test("a finished series ignores further results", () => {
    const s = playOut(1, [win0]);
    expect(recordGame(s, win1)).toBe(s);
    expect(forfeit(s, 0, true)).toBe(s);
  });

  test("forfeiting a game loses that game only", () => {
    const s = forfeit(playOut(5, [win0]), 0, false);
    expect(s.score).toEqual([1, 1]);
    expect(s.over).toBe(false);
    expect(s.games[1]).toEqual({ starter: 1, winner: 1, reason: "forfeit" });
  });

  test("forfeiting the series gives it to the opponent whatever the score", () => {
    const s = forfeit(playOut(7, [win0, win0, win0]), 0, true);
    expect(s.over).toBe(true);
    expect(s.winner).toBe(1);
    expect(s.end).toBe("forfeit");
    expect(s.score).toEqual([3, 1]);
  });
});

describe("rematch", () => {
  test("the seat that did not start the last series starts the rematch, then they take turns again", () => {
    const first = playOut(3, [win0, win0]);
    expect(first.games.map((g) => g.starter)).toEqual([0, 1]);
    const second = rematchSeries(first);
    expect(starterOf(second)).toBe(1);
    const played = [win1, draw].reduce(recordGame, second);
    expect(played.games.map((g) => g.starter)).toEqual([1, 0]);
    expect(starterOf(rematchSeries(played))).toBe(0);
    expect(rematchSeries(first, 5).bestOf).toBe(5);
  });
});
