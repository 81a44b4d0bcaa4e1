import { afterAll, describe, expect, test } from "vitest";
import { loadLocale } from "../i18n/i18n.js";
import { formatClock, formatTimeLeft } from "./clock.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("time left on a clock", () => {
  afterAll(() => loadLocale("en"));

  test.each([
    [0, "0:00"],
    [1, "0:01"],
    [10 * MIN + 5_000, "10:05"],
    [59 * MIN + 59_000, "59:59"],
    [HOUR, "1 h 0 min"],
    [5 * HOUR + 30 * MIN, "5 h 30 min"],
    [DAY, "1 day, 0 h"],
    [3 * DAY + 7 * HOUR + 59 * MIN, "3 days, 7 h"],
    [14 * DAY, "14 days, 0 h"],
  ])("%i ms: %s", (ms, shown) => {
    expect(formatTimeLeft(ms)).toBe(shown);
  });

  test("minutes and seconds as before under an hour", () => {
    expect(formatTimeLeft(3 * MIN)).toBe(formatClock(3 * MIN));
  });

  test("days with their plural forms in Russian", async () => {
    await loadLocale("ru");
    expect(formatTimeLeft(DAY)).toBe("1 день, 0 ч");
    expect(formatTimeLeft(2 * DAY + HOUR)).toBe("2 дня, 1 ч");
    expect(formatTimeLeft(5 * DAY)).toBe("5 дней, 0 ч");
  });
});
