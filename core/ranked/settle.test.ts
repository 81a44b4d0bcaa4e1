import { describe, expect, test } from "vitest";
import { rate } from "../ratings.js";
import {
  NEW_OPPONENT_WEIGHT,
  NEW_PLAYER_GAMES,
  NEW_PLAYER_MS,
  freshRecord,
  gameWeight,
  isNewOpponent,
  nextRecord,
} from "./settle.js";
import type { SeatRecord } from "./types.js";

const NOW = 10_000 * 24 * 3600_000;
const DAY = 24 * 3600_000;
const seat = (id: string, games: number, joinedAt: number): SeatRecord => ({
  playerId: id,
  name: id,
  rating: 1500,
  rd: 200,
  vol: 0.06,
  games,
  joinedAt,
});
const established = seat("old", 50, NOW - 100 * DAY);

describe("game weights", () => {
  test.each([
    ["no rated games", 0, NOW - 100 * DAY, true],
    [`${NEW_PLAYER_GAMES - 1} games`, NEW_PLAYER_GAMES - 1, NOW - 100 * DAY, true],
    ["an identity made an hour ago", 50, NOW - 3600_000, true],
    ["established", NEW_PLAYER_GAMES, NOW - NEW_PLAYER_MS, false],
  ])("an opponent with %s is new: %s", (_, games, joinedAt, isNew) => {
    expect(isNewOpponent(seat("x", games, joinedAt), NOW)).toBe(isNew);
  });

  test("a game against a new opponent moves the rating by the weight of its Glicko-2 change", () => {
    const cur = freshRecord("me", "ayo", "me");
    const full = rate(cur, [{ opponent: { rating: 1500, rd: 200, vol: 0.06 }, score: 1 }]);
    const vsNew = nextRecord(cur, "m1", seat("new", 0, NOW), 1, "me", NOW);
    const vsOld = nextRecord(cur, "m2", established, 1, "me", NOW);
    expect(vsOld.rating).toBeCloseTo(full.rating, 9);
    expect(vsNew.rating - 1500).toBeCloseTo(NEW_OPPONENT_WEIGHT * (full.rating - 1500), 9);
  });

  test("the n-th game against the same opponent within a day counts 1/n; a day later, fully again", () => {
    let cur = freshRecord("me", "ayo", "me");
    for (let n = 1; n <= 4; n++) {
      expect(gameWeight(cur, established, NOW + n)).toBeCloseTo(1 / n, 12);
      cur = nextRecord(cur, `m${n}`, established, 1, "me", NOW + n);
    }
    expect(gameWeight(cur, seat("other", 50, 0), NOW + 5)).toBe(1);
    expect(gameWeight(cur, established, NOW + DAY + 10)).toBe(1);
  });
});
