import { describe, expect, test } from "vitest";
import type { MatchView } from "../protocol/ranked.js";
import { clockOf, endSummary, flagFallen, ratingChangeText } from "./view.js";

const seats: MatchView["seats"] = [
  { playerId: "a", name: "Aigerim", rating: 1500, provisional: true },
  { playerId: "b", name: "Tendai", rating: 1620, provisional: false },
];

describe("the player's view of a ranked match", () => {
  test("only the running clock is charged, never below zero; its flag falls at zero", () => {
    const v = { clocks: [5_000, 7_000] as [number, number], status: "active" as const, toMove: 1 as const };
    expect(clockOf(v, 1, 2_000)).toBe(5_000);
    expect(clockOf(v, 0, 2_000)).toBe(5_000);
    expect(clockOf(v, 1, 9_000)).toBe(0);
    expect(flagFallen(v, 6_999)).toBeNull();
    expect(flagFallen(v, 7_000)).toBe(1);
    expect(clockOf({ ...v, status: "finished" }, 1, 9_000)).toBe(7_000);
  });

  test.each([
    ["resigned, seen by the winner", { winner: 0, reason: "forfeit" }, 0, "You won!", "Tendai resigned."],
    ["resigned, seen by the one who resigned", { winner: 0, reason: "forfeit" }, 1, "Aigerim won", "You resigned."],
    ["flagged, seen by the winner", { winner: 1, reason: "timeout" }, 1, "You won!", "Aigerim's clock ran out."],
    ["flagged, seen by the loser", { winner: 1, reason: "timeout" }, 0, "Tendai won", "Your clock ran out."],
    ["left", { winner: 0, reason: "abandoned" }, 0, "You won!", "Tendai left and did not come back in time."],
    ["agreed draw", { winner: null, reason: "agreed" }, 0, "Draw", "You agreed to end on the current score."],
    ["rules", { winner: 1, reason: "no-seeds" }, 0, "Tendai won", null],
  ] as const)("%s", (_, result, seat, title, how) => {
    expect(endSummary({ seats, status: "finished", result }, seat)).toEqual({ title, how, reason: result.reason });
  });

  test("an aborted match says it is not rated; rating changes read as shown", () => {
    expect(endSummary({ seats, status: "aborted", result: null }, 0).title).toBe("Game aborted");
    expect(endSummary({ seats, status: "aborted", result: null }, 0).how).toMatch(/not rated/);
    expect(ratingChangeText({ before: 1500, after: 1511.6 })).toBe("Rating 1500 → 1512 (+12)");
    expect(ratingChangeText({ before: 1500.4, after: 1488.5 })).toBe("Rating 1500 → 1489 (−11)");
  });
});
