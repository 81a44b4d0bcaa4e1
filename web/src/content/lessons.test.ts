import { describe, expect, test } from "vitest";
import { isLegal } from "../../../core/games/index.js";
import { startPosition, tryLesson } from "../state/createLesson.js";
import { LESSONS } from "./lessons.js";

describe("lessons", () => {
  test("at least the four Ayo lessons of the product text and three each for Togyz and Tsoro", () => {
    const count = (f: string) => LESSONS.filter((l) => l.family === f).length;
    expect(count("ayo")).toBeGreaterThanOrEqual(4);
    expect(count("togyz")).toBeGreaterThanOrEqual(3);
    expect(count("tsoro")).toBeGreaterThanOrEqual(3);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
  });

  test.each(LESSONS.map((l) => [l.id, l] as const))(
    "%s: a valid position, a legal move, an answer among the choices",
    (_id, lesson) => {
      const s = startPosition(lesson);
      expect(isLegal(s, lesson.move)).toBe(true);
      const { truth } = tryLesson(lesson);
      expect(lesson.choices).toContain(truth);
    },
  );

  // The worked answers of the product text, checked against the rules engine.
  test.each([
    ["ayo-capture-seven", "7"],
    ["ayo-safe-opening", "Pits 2–5"],
    ["ayo-capture-stops", "No: only pit 10 is taken"],
    ["ayo-skip-start", "Pit 8"],
    ["togyz-even", "10"],
    ["togyz-tuzdyk", "It becomes your tuzdyk"],
    ["togyz-ninth", "No: the three stones stay"],
    ["tsoro-relay", "2"],
    ["tsoro-capture", "5"],
    ["tsoro-take", "10"],
  ])("%s → %s", (id, expected) => {
    const lesson = LESSONS.find((l) => l.id === id);
    expect(lesson).toBeDefined();
    expect(tryLesson(lesson!).truth).toBe(expected);
  });

  test("a wrong prediction is not the truth: every other choice differs from the result", () => {
    for (const l of LESSONS) {
      const { truth } = tryLesson(l);
      expect(l.choices.filter((c) => c === truth).length).toBe(1);
    }
  });
});
