import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  CORRESPONDENCE_PRESETS,
  daysAndHours,
  isCorrespondencePreset,
  isFlagged,
  leaderboardKey,
  moveDeadline,
  nextWake,
  perMoveMs,
  reminderAt,
} from "./correspondence.js";
import { TIME_PRESETS } from "./presets.js";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const T0 = 1_800_000_000_000;

describe("correspondence presets", () => {
  test.each([
    ["corr-1", 1],
    ["corr-2", 2],
    ["corr-3", 3],
    ["corr-5", 5],
    ["corr-7", 7],
    ["corr-14", 14],
  ] as const)("%s gives %i days a move", (p, days) => {
    expect(perMoveMs(p)).toBe(days * DAY);
  });

  test("a separate kind: no clock preset is a correspondence one", () => {
    for (const p of TIME_PRESETS) expect(isCorrespondencePreset(p)).toBe(false);
    expect(isCorrespondencePreset("corr-4")).toBe(false);
    expect(isCorrespondencePreset(undefined)).toBe(false);
  });
});

describe("the clock rule: the allowance for every move, the deadline starting again at each move", () => {
  const preset = fc.constantFrom(...CORRESPONDENCE_PRESETS);

  test("after any sequence of moves in time, the deadline is the last move plus the allowance", () => {
    fc.assert(
      fc.property(preset, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), (p, fractions) => {
        let turnStartedAt = T0;
        for (const f of fractions) {
          const movedAt = turnStartedAt + Math.floor(f * perMoveMs(p));
          expect(isFlagged(p, turnStartedAt, movedAt)).toBe(false);
          turnStartedAt = movedAt;
        }
        expect(moveDeadline(p, turnStartedAt)).toBe(turnStartedAt + perMoveMs(p));
      }),
    );
  });

  test("flagged exactly when the deadline has passed", () => {
    fc.assert(
      fc.property(preset, fc.integer({ min: -DAY, max: 20 * DAY }), (p, dt) => {
        expect(isFlagged(p, T0, T0 + dt)).toBe(dt > perMoveMs(p));
      }),
    );
  });

  test("the reminder comes after the turn starts and before the deadline, at most a day before", () => {
    fc.assert(
      fc.property(preset, (p) => {
        const r = reminderAt(p, T0);
        expect(r).toBeGreaterThan(T0);
        expect(r).toBeLessThan(moveDeadline(p, T0));
        expect(moveDeadline(p, T0) - r).toBeLessThanOrEqual(DAY);
      }),
    );
    expect(moveDeadline("corr-1", T0) - reminderAt("corr-1", T0)).toBe(6 * HOUR);
    expect(moveDeadline("corr-14", T0) - reminderAt("corr-14", T0)).toBe(DAY);
  });

  test("the timer wakes for the reminder, then for the deadline", () => {
    expect(nextWake("corr-3", T0, T0, false)).toBe(reminderAt("corr-3", T0));
    expect(nextWake("corr-3", T0, T0, true)).toBe(moveDeadline("corr-3", T0));
    expect(nextWake("corr-3", T0, reminderAt("corr-3", T0) + 1, false)).toBe(moveDeadline("corr-3", T0));
  });
});

describe("showing and counting", () => {
  test.each([
    [0, 0, 0],
    [59 * 60_000, 0, 0],
    [HOUR, 0, 1],
    [DAY - 1, 0, 23],
    [3 * DAY + 5 * HOUR + 59 * 60_000, 3, 5],
    [-5, 0, 0],
  ])("%i ms left: %i d %i h", (ms, days, hours) => {
    expect(daysAndHours(ms)).toEqual({ days, hours });
  });

  test("rated correspondence has its own leaderboard per game", () => {
    expect(leaderboardKey("togyz", "corr-3")).toBe("togyz:corr");
    expect(leaderboardKey("togyz", "10+5")).toBe("togyz");
    expect(leaderboardKey("ayo", undefined)).toBe("ayo");
  });
});
