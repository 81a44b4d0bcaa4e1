import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  PROVISIONAL_RD,
  RATING_PERIOD_MS,
  RD_START,
  ageRating,
  initialRating,
  isProvisional,
  rate,
  rateGame,
  type Rating,
} from "./ratings.js";

describe("Glicko-2", () => {
  // Glickman, "Example of the Glicko-2 system" (2012), section "Example calculation".
  test("matches the paper's worked example (1500/200 vs 1400/30 W, 1550/100 L, 1700/300 L)", () => {
    const player: Rating = { rating: 1500, rd: 200, vol: 0.06 };
    const out = rate(
      player,
      [
        { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
        { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
        { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
      ],
      0.5,
    );
    // The paper rounds intermediate values (mu' = -0.2069, phi' = 0.8722), hence the tolerances.
    expect(Math.abs(out.rating - 1464.06)).toBeLessThan(0.02);
    expect(Math.abs(out.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(out.vol - 0.05999)).toBeLessThan(0.00001);
  });

  test("a player who does not compete only gains deviation (step 6)", () => {
    const out = rate({ rating: 1500, rd: 200, vol: 0.06 }, []);
    expect(out.rating).toBe(1500);
    // phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale
    const phi = 200 / 173.7178;
    expect(out.rd).toBeCloseTo(Math.sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 6);
  });

  test("new players start at 1500 / 350 and are provisional", () => {
    const r = initialRating();
    expect(r).toEqual({ rating: 1500, rd: 350, vol: 0.06 });
    expect(isProvisional(r)).toBe(true);
    expect(isProvisional({ rd: PROVISIONAL_RD - 0.01 })).toBe(false);
    expect(isProvisional({ rd: PROVISIONAL_RD })).toBe(true);
  });

  test("winner gains what loser loses between equal new players, and both RDs drop", () => {
    const [a, b] = rateGame(initialRating(), initialRating(), 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(b.rating).toBeLessThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rd).toBeLessThan(350);
    expect(b.rd).toBeCloseTo(a.rd, 6);
    const [c, d] = rateGame(initialRating(), initialRating(), 0.5);
    expect(c.rating).toBeCloseTo(1500, 6);
    expect(d.rating).toBeCloseTo(1500, 6);
  });

  test("repeated games bring RD below the provisional threshold", () => {
    let a = initialRating();
    let b = initialRating();
    let n = 0;
    while (isProvisional(a) && n < 100) {
      [a, b] = rateGame(a, b, n % 2 === 0 ? 1 : 0.5);
      n++;
    }
    expect(n).toBeGreaterThan(3);
    expect(n).toBeLessThan(40);
  });

  test("idle periods grow RD back, never above the start value", () => {
    const r: Rating = { rating: 1700, rd: 60, vol: 0.06 };
    expect(ageRating(r, RATING_PERIOD_MS - 1)).toEqual(r);
    const aged = ageRating(r, 10 * RATING_PERIOD_MS);
    expect(aged.rd).toBeGreaterThan(60);
    expect(aged.rating).toBe(1700);
    expect(ageRating(r, 1e15).rd).toBeLessThanOrEqual(RD_START);
  });

  test("property: a win never lowers and a loss never raises a rating; RD stays in (0, 350]", () => {
    const arb = fc.record({
      rating: fc.double({ min: 500, max: 3000, noNaN: true }),
      rd: fc.double({ min: 30, max: 350, noNaN: true }),
      vol: fc.double({ min: 0.03, max: 0.1, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, arb, fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1), (a, b, s) => {
        const [a2, b2] = rateGame(a, b, s);
        for (const r of [a2, b2]) {
          expect(Number.isFinite(r.rating)).toBe(true);
          expect(r.rd).toBeGreaterThan(0);
          expect(r.rd).toBeLessThanOrEqual(RD_START);
        }
        if (s === 1) expect(a2.rating).toBeGreaterThanOrEqual(a.rating);
        if (s === 0) expect(a2.rating).toBeLessThanOrEqual(a.rating);
      }),
      { numRuns: 300 },
    );
  });
});
