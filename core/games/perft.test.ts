import { describe, expect, test } from "vitest";
import { makeEngine, type Engine } from "./index.js";
import { perft } from "./perft.js";
import { refInit, refPerft } from "./testing/reference.js";

function engine(game: string, options?: unknown): Engine {
  const e = makeEngine(game, options);
  if (!e.ok) throw new Error(e.error.message);
  return e.value;
}

function run(e: Engine, depth: number): number {
  const start = new Int32Array(e.size);
  e.init(start);
  return perft(e, start, depth);
}

// Node counts from the initial position, depth 1 upwards. Each table was checked against the plain
// reference implementation (testing/reference.ts), which shares no code with the engine.
const TABLE: [string, { holes: number; seeds: number } | undefined, number[]][] = [
  ["togyz", undefined, [9, 73, 613, 5199, 43184, 360035, 3003052]],
  ["ayo", undefined, [6, 36, 190, 1014, 5219, 27332]],
  ["tsoro-classic", { holes: 4, seeds: 2 }, [8, 50, 272, 1387, 7004, 33578]],
  ["tsoro-classic", { holes: 8, seeds: 2 }, [16, 224, 2815, 32643, 359817]],
  ["tsoro-classic", { holes: 6, seeds: 1 }, [12, 120, 1041, 7958, 57620, 384883]],
  ["tsoro-wta", { holes: 4, seeds: 2 }, [8, 42, 242, 1156, 6150, 29552]],
  ["tsoro-wta", { holes: 8, seeds: 2 }, [16, 188, 2380, 25474, 304513]],
  ["tsoro-wta", { holes: 12, seeds: 10 }, [24, 293, 5552, 88420]],
];

describe("perft node counts", () => {
  test.each(TABLE)("%s %j", (game, options, counts) => {
    const e = engine(game, options);
    counts.forEach((n, i) => expect(run(e, i + 1)).toBe(n));
  });

  test.each(TABLE.filter(([g]) => g !== "togyz"))("%s %j agrees with the reference to depth 4", (game, options) => {
    const e = engine(game, options);
    const ref = refInit(game as never, options?.holes ?? 8, options?.seeds ?? 2);
    for (let d = 1; d <= 4; d++) expect(run(e, d)).toBe(refPerft(ref, d));
  });

  test("togyz agrees with the reference to depth 4", () => {
    const e = engine("togyz");
    for (let d = 1; d <= 4; d++) expect(run(e, d)).toBe(refPerft(refInit("togyz"), d));
  });

  test.each(TABLE)("%s %j: making every leaf move counts the same as bulk counting", (game, options, counts) => {
    const e = engine(game, options);
    const start = new Int32Array(e.size);
    e.init(start);
    const depth = Math.min(counts.length, 5);
    expect(perft(e, start, depth, false)).toBe(counts[depth - 1]);
  });

  test("depth 0 is one position", () => {
    expect(run(engine("ayo"), 0)).toBe(1);
  });
});
