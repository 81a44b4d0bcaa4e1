/**
 * A game's rules in a language of its own community, laid over the English guide (content/rules.ts):
 * the intro and some sections translated whole, the rest shown in English. Loaded with the Rules
 * screen only when that language is chosen.
 */
import type { GameGuide, Section } from "../../content/rules.js";
import type { Locale } from "../locales.js";
import type { GuideOverlay, RulesTranslation } from "./types.js";

export const RULES_LOADERS: Partial<Readonly<Record<Locale, () => Promise<RulesTranslation>>>> = {
  ru: () => import("./ru.js").then((m) => m.RULES_RU),
  kk: () => import("./kk.js").then((m) => m.RULES_KK),
  ky: () => import("./ky.js").then((m) => m.RULES_KY),
  yo: () => import("./yo.js").then((m) => m.RULES_YO),
  sn: () => import("./sn.js").then((m) => m.RULES_SN),
};

/** The English guide with the overlay's intro and sections in place. */
export function overlaid(guide: GameGuide, o: GuideOverlay | undefined): GameGuide {
  if (o === undefined) return guide;
  return {
    ...guide,
    intro: o.intro,
    sections: guide.sections.map((s, i): Section => {
      const t = o.sections[i];
      return t === undefined ? s : { ...s, heading: t.heading, items: t.items };
    }),
  };
}
