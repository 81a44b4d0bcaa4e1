import { createRoot } from "solid-js";
import { describe, expect, test } from "vitest";
import { lessonById, LESSONS, type Lesson } from "../content/lessons.js";
import { legalPits } from "../present/moves.js";
import { createLesson, sownDisplay, startPosition, tryLesson } from "./createLesson.js";

function lesson(id: string): Lesson {
  const l = lessonById(id);
  if (l === undefined) throw new Error(id);
  return l;
}

function open(l: Lesson) {
  return createRoot((dispose) => {
    const [s, act] = createLesson(l, () => "fast");
    return { s, act, dispose: () => (act.dispose(), dispose()) };
  });
}

const until = async (ok: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("createLesson", () => {
  test.each(LESSONS.map((l) => [l.id, l] as const))(
    "%s: only the lesson's pit can be sown, though others are legal",
    (_id, l) => {
      const { s, act, dispose } = open(l);
      act.predict(l.choices[0].text);
      expect(s.step).toBe("try");
      expect(s.legal).toEqual([s.target]);
      expect(legalPits(startPosition(l))).toContain(s.target);
      dispose();
    },
  );

  test("tapping another pit explains and sows nothing; the lesson's pit then plays and is judged", async () => {
    const l = lesson("ayo-capture-seven");
    const { s, act, dispose } = open(l);
    act.predict("7");
    const board = [...s.display.board];
    act.pick(0); // pit 1: legal in the game, not this lesson's
    expect(s.triedOther).toBe(0);
    expect(s.step).toBe("try");
    expect(s.display.board).toEqual(board);
    act.pick(8); // the opponent's pit 9
    expect(s.triedOther).toBe(8);
    expect(s.display.board).toEqual(board);
    act.pick(s.target);
    await until(() => s.step === "done");
    expect(s.solved).toBe(true);
    expect(s.triedOther).toBeNull();
    expect(s.truth).toBe("7");
    expect(s.display.board).toEqual([4, 4, 4, 4, 4, 0, 0, 0, 0, 4, 4, 4]);
    dispose();
  });

  test("the capture diagram's moment: pits 7–9 hold 2, 3, 2 before the capture takes them", () => {
    const { tried } = tryLesson(lesson("ayo-capture-seven"));
    const d = sownDisplay(tried);
    expect(d.board).toEqual([4, 4, 4, 4, 4, 0, 2, 3, 2, 4, 4, 4]);
    expect(d.stores).toEqual([0, 9]);
    // A Togyz tuzdyk is not made yet either: the opponent's pit 2 holds its 3 stones.
    const t = sownDisplay(tryLesson(lesson("togyz-tuzdyk")).tried);
    expect(t.board[10]).toBe(3);
    expect(t.tuzdyk).toEqual([null, null]);
  });
});
