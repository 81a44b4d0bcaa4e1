/**
 * Why a key of the board's keyboard (P pause, U undo, H hint, 1–9 a pit) cannot act now, as the
 * message that says so: a key that does nothing says why instead of staying silent.
 */
import type { MessageKey } from "../i18n/en.js";

export type BoardKey = "pause" | "undo" | "hint" | "pit";

export interface KeySituation {
  readonly over: boolean;
  readonly paused: boolean;
  /** The player's move is awaited (their turn, nothing moving). */
  readonly yourTurn: boolean;
  readonly canUndo: boolean;
  /** For "pit": whether the pit the key names can be sown now. */
  readonly pitLegal?: boolean;
  /** For "hint": a hint is already being worked out. */
  readonly hinting?: boolean;
}

/** The message for a key that cannot act in `s`, or null when it acts (or is already acting). */
export function keyRefusal(key: BoardKey, s: KeySituation): MessageKey | null {
  if (s.over) return "keys.over";
  switch (key) {
    case "pause":
      return null;
    case "undo":
      return s.canUndo ? null : "keys.noUndo";
    case "hint":
      if (s.paused) return "keys.paused";
      if (!s.yourTurn) return "keys.notYourTurn";
      return null;
    case "pit":
      if (s.paused) return "keys.paused";
      if (!s.yourTurn) return "keys.notYourTurn";
      return s.pitLegal === true ? null : "keys.noPit";
  }
}
