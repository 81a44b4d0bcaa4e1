import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bergerRounds } from "./roundrobin.js";

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i + 1));
const text = (n: number): string[][] => {
  const rounds: string[][] = [];
  for (const b of bergerRounds(ids(n))) (rounds[b.round - 1] ??= []).push(`${b.first}-${b.second ?? "off"}`);
  return rounds;
};

describe("Berger tables", () => {
  it("match FIDE's published tables for 4 and 6 players", () => {
    expect(text(4)).toEqual([
      ["1-4", "2-3"],
      ["4-3", "1-2"],
      ["2-4", "3-1"],
    ]);
    expect(text(6)).toEqual([
      ["1-6", "2-5", "3-4"],
      ["6-4", "5-3", "1-2"],
      ["2-6", "3-1", "4-5"],
      ["6-5", "1-4", "2-3"],
      ["3-6", "4-2", "5-1"],
    ]);
  });

  it("meet everyone once, once a round, first moves balanced within one (two with an odd number, where each has one round off)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), (n) => {
        const boards = bergerRounds(ids(n));
        const even = n + (n % 2);
        const met = new Set<string>();
        const firsts = new Map<string, number>();
        for (let r = 1; r < even; r++) {
          const seen = boards
            .filter((b) => b.round === r)
            .flatMap((b) => (b.second === null ? [b.first] : [b.first, b.second]));
          expect([...seen].sort()).toEqual(ids(n).sort());
        }
        for (const b of boards) {
          if (b.second === null) continue;
          const key = [b.first, b.second].sort().join("|");
          expect(met.has(key)).toBe(false);
          met.add(key);
          firsts.set(b.first, (firsts.get(b.first) ?? 0) + 1);
          firsts.set(b.second, (firsts.get(b.second) ?? 0) - 1);
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
        for (const d of firsts.values()) expect(Math.abs(d)).toBeLessThanOrEqual(n % 2 === 0 ? 1 : 2);
        if (n % 2 === 1) expect(boards.filter((b) => b.second === null)).toHaveLength(n);
      }),
    );
  });
});
