import { describe, expect, test } from "vitest";
import { fewSeedsLeft, LEVEL_SPECS } from "../../../core/ai/levels.js";
import { newGame } from "../../../core/games/index.js";
import { MAX_PLY } from "../../../core/ai/search.js";
import type { GameId } from "../../../core/types.js";
import { LEVEL_IDS } from "../present/levels.js";
import { FAMILIES, familyOf } from "./games.js";
import { ENDING_SOLVED, LEVEL_FACTS, LEVEL_TEXT, levelText } from "./levels.js";
import { placesOf } from "./text.js";

const GAMES: readonly GameId[] = ["togyz", "ayo", "tsoro-classic", "tsoro-wta"];

describe("level descriptions", () => {
  test.each(LEVEL_IDS.map((l) => [l] as const))("%s: the facts are the AI's own (core/ai/levels.ts)", (level) => {
    const spec = LEVEL_SPECS[level];
    const f = LEVEL_FACTS[level];
    expect(f.randomRate).toBe(spec.randomRate);
    expect(f.knowledge).toBe(spec.knowledge);
    expect(f.solvesEnding).toBe(spec.solve);
    // A fixed depth is stated as such; iterative deepening to the search's limit is "as deep as it can".
    if (spec.depth >= MAX_PLY - 2) expect(f.depth).toBeNull();
    else expect(f.depth).toBe(spec.depth);
  });

  test("Crazy's exact ending is claimed only where the rule set has one", () => {
    for (const game of GAMES) {
      const s = newGame(game);
      if (!s.ok) throw new Error(s.error.message);
      const bare = new Int32Array(s.value.buf.length); // no seeds left at all: the plainest ending
      expect(fewSeedsLeft(s.value.engine, bare), game).toBe(ENDING_SOLVED[familyOf(game)]);
    }
  });

  test.each(FAMILIES.flatMap((f) => LEVEL_IDS.map((l) => [f, l] as const)))(
    "%s %s: the sentence states the facts and nothing else",
    (family, level) => {
      const f = LEVEL_FACTS[level];
      const template = LEVEL_TEXT[family][level];
      const text = levelText(family, level);
      // A number place for each number the level has, and every place filled.
      expect(placesOf(template).includes("depth")).toBe(f.depth !== null && f.depth > 1);
      expect(placesOf(template).includes("oneIn")).toBe(f.randomRate > 0);
      expect(text).not.toMatch(/[{}]/);
      if (f.depth !== null && f.depth > 1) expect(text).toMatch(/looks (three|seven) moves ahead/);
      if (f.depth === null) expect(text).toMatch(/as deep as it can/);
      if (f.depth === 1) expect(text).toMatch(/biggest capture it can see right now/);
      if (f.randomRate > 0) expect(text).toContain(`one move in ${level === "easy" ? "three" : "seven"}`);
      else expect(text).not.toMatch(/random/);
      expect(Math.abs(1 / Math.round(1 / (f.randomRate || 1)) - (f.randomRate || 1))).toBeLessThan(0.02);
      // Tuzdyks are Togyz's alone; the exact ending only where Crazy solves it.
      if (family !== "togyz") expect(text).not.toMatch(/tuzdyk/i);
      expect(/to the finish/.test(text)).toBe(f.solvesEnding && ENDING_SOLVED[family]);
      expect(text.startsWith(level[0].toUpperCase() + level.slice(1))).toBe(true);
    },
  );

  test("Hard knows what a tuzdyk is worth in Togyz (the seed's words)", () => {
    expect(levelText("togyz", "hard")).toBe("Hard looks seven moves ahead and knows what a tuzdyk is worth.");
    expect(levelText("togyz", "normal")).toMatch(/^Normal looks three moves ahead/);
  });
});
