import { describe, expect, test } from "vitest";
import { eloOf, eloSummary } from "./elo.js";

describe("Elo from match points", () => {
  test("known points of the logistic curve", () => {
    expect(eloOf(0.5)).toBe(0);
    expect(eloOf(0.75)).toBeCloseTo(190.85, 1);
    expect(eloOf(0.25)).toBeCloseTo(-190.85, 1);
    expect(eloOf(1)).toBeNull();
    expect(eloOf(0)).toBeNull();
  });

  test("the interval holds the estimate, narrows with more games and is symmetric in the score", () => {
    const few = eloSummary([1, 0, 1, 0.5, 1, 0, 1, 1]);
    const many = eloSummary(Array.from({ length: 20 }, () => [1, 0, 1, 0.5, 1, 0, 1, 1]).flat());
    expect(few.score).toBeCloseTo(0.6875, 4);
    expect(many.score).toBeCloseTo(0.6875, 4);
    for (const s of [few, many]) {
      expect(s.elo95[0]).not.toBeNull();
      expect(s.elo95[0] as number).toBeLessThan(s.elo as number);
      expect(s.elo as number).toBeLessThan(s.elo95[1] ?? Infinity);
    }
    const width = (s: typeof few): number => (s.elo95[1] ?? 1e9) - (s.elo95[0] ?? -1e9);
    expect(width(many)).toBeLessThan(width(few) / 3);
    const mirrored = eloSummary([0, 1, 0, 0.5, 0, 1, 0, 0]);
    expect(mirrored.elo).toBeCloseTo(-(few.elo as number), 5);
  });

  test("a clean sweep has no finite Elo and an open upper end", () => {
    const s = eloSummary([1, 1, 1, 1]);
    expect(s.elo).toBeNull();
    expect(s.elo95[1]).toBeNull();
  });

  test("pairs that split evenly give a tight interval around zero", () => {
    const s = eloSummary(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 1 : 0)));
    expect(s.elo).toBe(0);
    expect(s.se).toBe(0);
  });
});
