/** Computer levels as the AI names them (core/ai `LEVELS`), with the words the menus show. */
import { t } from "../i18n/i18n.js";

export const LEVEL_IDS = ["easy", "normal", "hard", "crazy"] as const;
export type LevelId = (typeof LEVEL_IDS)[number];

/** Read in the interface's language when used. */
export const LEVEL_NAMES: { readonly [L in LevelId]: string } = {
  get easy() {
    return t("level.easy");
  },
  get normal() {
    return t("level.normal");
  },
  get hard() {
    return t("level.hard");
  },
  get crazy() {
    return t("level.crazy");
  },
};

/** Kept in step with the AI's own list (a type-only import: the AI stays out of the page's bundle). */
const LEVELS_MATCH_AI: readonly import("../../../core/ai/index.js").Level[] = LEVEL_IDS;
void LEVELS_MATCH_AI;
