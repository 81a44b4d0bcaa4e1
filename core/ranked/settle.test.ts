import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { PROVISIONAL_RD, rate, type Score } from "../ratings.js";
import {
  DAILY_GAIN_CAP,
  ESTABLISHED_GAMES,
  GAIN_WINDOW_MS,
  PROVISIONAL_GAIN_CAP,
  freshRecord,
  gameWeight,
  isEstablished,
  nextRecord,
} from "./settle.js";
import type { PlayerGameRecord, SeatRecord } from "./types.js";

const NOW = 10_000 * 24 * 3600_000;
const DAY = 24 * 3600_000;
const seat = (id: string, games: number, rd: number, rating = 1500): SeatRecord => ({
  playerId: id,
  name: id,
  rating,
  rd,
  vol: 0.06,
  games,
});
const established = seat("old", 50, 60);

describe("who is established", () => {
  test.each([
    ["a fresh key", 0, 350, false],
    ["many games, deviation still high", 500, PROVISIONAL_RD, false],
    [`a low deviation, ${ESTABLISHED_GAMES - 1} games`, ESTABLISHED_GAMES - 1, 60, false],
    ["a low deviation and enough games", ESTABLISHED_GAMES, PROVISIONAL_RD - 1, true],
  ])("%s: %s", (_, games, rd, want) => {
    expect(isEstablished(seat("x", games, rd))).toBe(want);
  });
});

describe("game weights", () => {
  test("the n-th game against the same opponent within a day counts 1/n; a day later, fully again", () => {
    let cur = freshRecord("me", "ayo", "me");
    for (let n = 1; n <= 4; n++) {
      expect(gameWeight(cur, established, NOW + n)).toBeCloseTo(1 / n, 12);
      cur = nextRecord(cur, `m${n}`, established, 1, "me", NOW + n);
    }
    expect(gameWeight(cur, seat("other", 50, 60), NOW + 5)).toBe(1);
    expect(gameWeight(cur, established, NOW + DAY + 10)).toBe(1);
  });

  test("a win over an opponent not established adds at most what is left of the cap; the deviation still falls", () => {
    let cur = freshRecord("me", "ayo", "me");
    for (let i = 0; i < 5; i++) cur = nextRecord(cur, `m${i}`, seat(`k${i}`, 0, 350), 1, "me", NOW + i);
    expect(cur.rating).toBeCloseTo(1500 + PROVISIONAL_GAIN_CAP, 9);
    const before = cur;
    cur = nextRecord(cur, "m9", seat("k9", 0, 350), 1, "me", NOW + 10);
    expect(cur.rating).toBe(before.rating);
    expect(cur.rd).toBeLessThan(before.rd);
    // A loss still costs, and a day after the gains the cap is free again.
    expect(nextRecord(cur, "m10", seat("k10", 0, 350), 0, "me", NOW + 11).rating).toBeLessThan(cur.rating);
    expect(nextRecord(cur, "m11", seat("k11", 0, 350), 1, "me", NOW + 4 + DAY).rating).toBeGreaterThan(cur.rating);
  });
});

/** An established player of `rating` (deviation `rd`) with a long history and no gains of late. */
const player = (rating: number, rd: number): PlayerGameRecord => ({
  ...freshRecord("me", "ayo", "me"),
  rating,
  rd,
  games: 200,
  lastPlayedAt: NOW - 60_000,
});

describe("honest play moves ratings as Glicko-2 does", () => {
  test("a run of results against distinct established opponents near one's rating is plain Glicko-2", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 2400 }),
        fc.integer({ min: 45, max: 80 }),
        fc.array(
          fc.record({
            dr: fc.integer({ min: -200, max: 100 }),
            rd: fc.integer({ min: 45, max: PROVISIONAL_RD - 1 }),
            score: fc.constantFrom<Score>(0, 0.5, 1),
          }),
          // At most some 21 points a game here: a run stays under the daily cap, which it never meets.
          { minLength: 1, maxLength: 6 },
        ),
        (rating, rd, games) => {
          let cur = player(rating, rd);
          let glicko = { rating: cur.rating, rd: cur.rd, vol: cur.vol };
          games.forEach((g, i) => {
            const opp = seat(`o${i}`, 100, g.rd, cur.rating + g.dr);
            glicko = rate(glicko, [{ opponent: { rating: opp.rating, rd: opp.rd, vol: opp.vol }, score: g.score }]);
            cur = nextRecord(cur, `m${i}`, opp, g.score, "me", NOW + i * 1000);
            expect(cur.rating).toBeCloseTo(glicko.rating, 9);
            expect(cur.rd).toBeCloseTo(glicko.rd, 9);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  test("ten straight wins over established equals gain what Glicko-2 gives, well under the daily cap", () => {
    let cur = player(1800, 60);
    for (let i = 0; i < 10; i++) cur = nextRecord(cur, `m${i}`, seat(`o${i}`, 100, 60, cur.rating), 1, "me", NOW + i);
    expect(cur.rating - 1800).toBeGreaterThan(40);
    expect(cur.rating - 1800).toBeLessThan(DAILY_GAIN_CAP);
  });
});

describe("the caps hold in every window", () => {
  test("whatever is played, no 24 h holds more than the caps' gains", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gapMs: fc.integer({ min: 0, max: 6 * 3600_000 }),
            established: fc.boolean(),
            dr: fc.integer({ min: -300, max: 600 }),
            score: fc.constantFrom<Score>(0, 0.5, 1, 1, 1),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (games) => {
          let cur = freshRecord("me", "ayo", "me");
          let t = NOW;
          const log: { at: number; gain: number; vsProvisional: boolean }[] = [];
          games.forEach((g, i) => {
            t += g.gapMs;
            const opp = g.established
              ? seat(`e${i}`, 100, 60, cur.rating + g.dr)
              : seat(`p${i}`, 3, 300, cur.rating + g.dr);
            const next = nextRecord(cur, `m${i}`, opp, g.score, "me", t);
            log.push({ at: t, gain: Math.max(0, next.rating - cur.rating), vsProvisional: !g.established });
            cur = next;
          });
          for (const start of log) {
            const inWindow = log.filter((x) => x.at >= start.at && x.at - start.at < GAIN_WINDOW_MS);
            const sum = (xs: typeof log): number => xs.reduce((n, x) => n + x.gain, 0);
            expect(sum(inWindow)).toBeLessThanOrEqual(DAILY_GAIN_CAP + 1e-9);
            expect(sum(inWindow.filter((x) => x.vsProvisional))).toBeLessThanOrEqual(PROVISIONAL_GAIN_CAP + 1e-9);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
