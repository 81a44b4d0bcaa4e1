/** Computer levels as the AI names them (core/ai `LEVELS`), with the words the menus show. */
export const LEVEL_IDS = ["easy", "normal", "hard", "crazy"] as const;
export type LevelId = (typeof LEVEL_IDS)[number];

export const LEVEL_NAMES: { readonly [L in LevelId]: string } = {
  easy: "Easy",
  normal: "Normal",
  hard: "Hard",
  crazy: "Crazy",
};

/** Kept in step with the AI's own list (a type-only import: the AI stays out of the page's bundle). */
export const LEVELS_MATCH_AI: readonly import("../../../core/ai/index.js").Level[] = LEVEL_IDS;
