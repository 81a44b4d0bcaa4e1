import { describe, expect, test } from "vitest";
import { clockOf, flagFallen } from "./view.js";

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
});
