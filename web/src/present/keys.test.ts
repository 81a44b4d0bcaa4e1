import { describe, expect, test } from "vitest";
import { keyRefusal, type KeySituation } from "./keys.js";

const turn: KeySituation = { over: false, paused: false, yourTurn: true, canUndo: true, pitLegal: true };

describe("keys that cannot act say why", () => {
  test("on the player's turn every key acts", () => {
    for (const k of ["pause", "undo", "hint", "pit"] as const) expect(keyRefusal(k, turn)).toBeNull();
  });

  test("during the computer's turn a hint or a pit says to wait; pause still acts", () => {
    const waiting = { ...turn, yourTurn: false };
    expect(keyRefusal("hint", waiting)).toBe("keys.notYourTurn");
    expect(keyRefusal("pit", waiting)).toBe("keys.notYourTurn");
    expect(keyRefusal("pause", waiting)).toBeNull();
  });

  test("paused, over, nothing to undo, a pit that cannot be sown", () => {
    expect(keyRefusal("hint", { ...turn, paused: true })).toBe("keys.paused");
    expect(keyRefusal("pause", { ...turn, over: true })).toBe("keys.over");
    expect(keyRefusal("undo", { ...turn, canUndo: false })).toBe("keys.noUndo");
    expect(keyRefusal("pit", { ...turn, pitLegal: false })).toBe("keys.noPit");
  });
});
