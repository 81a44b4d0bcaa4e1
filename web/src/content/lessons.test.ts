import { describe, expect, test } from "vitest";
import { isLegal, play, toMove } from "../../../core/games/index.js";
import { startPosition, tryLesson } from "../state/createLesson.js";
import { claimHolds, LESSONS, outcomeOf, trueChoices, type Claim, type Tried } from "./lessons.js";

/** The lesson's move played on the engine from its position. */
function played(id: string): Tried {
  const lesson = LESSONS.find((l) => l.id === id);
  if (lesson === undefined) throw new Error(id);
  return tryLesson(lesson).tried;
}

describe("lessons", () => {
  test("the four Ayo lessons of the product text and three each for Togyz and Tsoro", () => {
    const count = (f: string) => LESSONS.filter((l) => l.family === f).length;
    expect(count("ayo")).toBe(4);
    expect(count("togyz")).toBeGreaterThanOrEqual(3);
    expect(count("tsoro")).toBeGreaterThanOrEqual(3);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
  });

  // No answer key: the engine plays each lesson's move and every choice's claim is checked against
  // what happened. Exactly one choice may be true, and the worked answer must describe the same move.
  test.each(LESSONS.map((l) => [l.id, l] as const))(
    "%s: a legal move, exactly one true choice, and a worked answer the engine agrees with",
    (_id, lesson) => {
      const s = startPosition(lesson);
      expect(isLegal(s, lesson.move)).toBe(true);
      const r = play(s, lesson.move);
      if (!r.ok) throw new Error(r.error.message);
      const tried: Tried = { before: s, after: r.value.state, trace: r.value.trace, mover: toMove(s) };
      const right = trueChoices(lesson, tried);
      expect(
        right.map((c) => c.text),
        JSON.stringify(outcomeOf(tried)),
      ).toHaveLength(1);
      expect(claimHolds(lesson.answerClaim, tried)).toBe(true);
      // The right choice and the worked answer agree wherever both say something.
      for (const [k, v] of Object.entries(right[0].claim)) {
        const a = (lesson.answerClaim as Record<string, unknown>)[k];
        if (a !== undefined && k !== "counts") expect(a).toEqual(v);
      }
      expect(tryLesson(lesson).truth).toBe(right[0].text);
      // Every choice says something, and no two say the same.
      const claims = lesson.choices.map((c) => JSON.stringify(c.claim));
      expect(new Set(claims).size).toBe(claims.length);
      for (const c of lesson.choices) expect(Object.keys(c.claim).length).toBeGreaterThan(0);
    },
  );

  test("a claim is checked, not assumed: each fact, changed, makes it false", () => {
    const r = played("ayo-capture-seven");
    const o = outcomeOf(r);
    expect(o.captured).toBe(7);
    expect(o.takenFrom).toEqual([6, 7, 8]);
    const wrong: Claim[] = [
      { captured: 6 },
      { takenFrom: [7, 8] },
      { changed: [5] },
      { gotTwo: [6] },
      { tuzdyk: 8 },
      { lifts: 2 },
      { owned: 0 },
      { counts: { 5: 3 } },
    ];
    for (const c of wrong) expect(claimHolds(c, r), JSON.stringify(c)).toBe(false);
    expect(claimHolds({ captured: 7, counts: { 5: 0, 6: 0 } }, r)).toBe(true);
  });

  test("the safe opening: pit 1 changes too (it empties), and the choice saying so is the true one", () => {
    const r = played("ayo-safe-opening");
    expect(outcomeOf(r).changed).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(r.after.buf.subarray(0, 6))).toEqual([0, 5, 5, 5, 5, 4]);
    const lesson = LESSONS.find((l) => l.id === "ayo-safe-opening")!;
    expect(trueChoices(lesson, r).map((c) => c.text)).toEqual(["Pits 1–5: pit 1 empties, pits 2–5 become 5"]);
  });

  test("the seed's worked answers are the lessons' answers, word for word", () => {
    const answer = (id: string): string => LESSONS.find((l) => l.id === id)!.answer;
    expect(answer("ayo-capture-seven")).toBe(
      "Pit 9 ends with 2 seeds. Walking backward, pit 8 has 3 and pit 7 has 2: all three are captured, for 7. Pit 6 is your side, so the chain stops.",
    );
    expect(answer("ayo-capture-stops")).toContain("A capture does not jump over a pit with the wrong count.");
    expect(answer("ayo-skip-start")).toContain("The twelfth seed returns to pit 8");
  });

  test("Tsoro lessons name the holes by number, as the board numbers them", () => {
    for (const l of LESSONS.filter((x) => x.family === "tsoro"))
      expect(l.prompt).toMatch(new RegExp(`hole ${l.move + 1}\\b`));
  });
});
