/**
 * The new-game screen's sentence about a computer level, in the interface's language. English keeps
 * content/levels.ts's own wording (numbers as words); the translations take the numbers as digits.
 */
import { LEVEL_FACTS, levelText } from "../content/levels.js";
import type { Family } from "../content/games.js";
import type { LevelId } from "../present/levels.js";
import type { MessageKey } from "./en.js";
import { locale, t } from "./i18n.js";

const KEYS: { readonly [F in Family]: { readonly [L in LevelId]: MessageKey } } = {
  togyz: {
    easy: "level.togyz.easy",
    normal: "level.togyz.normal",
    hard: "level.togyz.hard",
    crazy: "level.togyz.crazy",
  },
  ayo: { easy: "level.ayo.easy", normal: "level.ayo.normal", hard: "level.ayo.hard", crazy: "level.ayo.crazy" },
  tsoro: {
    easy: "level.tsoro.easy",
    normal: "level.tsoro.normal",
    hard: "level.tsoro.hard",
    crazy: "level.tsoro.crazy",
  },
};

export function levelSentence(family: Family, level: LevelId): string {
  if (locale() === "en") return levelText(family, level);
  const f = LEVEL_FACTS[level];
  // Numbers, so that a sentence's plural follows them (0 where the level has no such fact).
  return t(KEYS[family][level], {
    depth: f.depth ?? 0,
    oneIn: f.randomRate > 0 ? Math.round(1 / f.randomRate) : 0,
  });
}
