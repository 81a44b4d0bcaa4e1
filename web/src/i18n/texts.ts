/**
 * Every text a language shows beside the English it translates, each under the key it is reviewed and
 * suggested by: the catalogue's messages by their own keys, the rules and content by their paths
 * ("rules.guides.ayo.sections.0.items.2", "content.games.togyz.tips.1"). The glossary's test, the
 * review list (scripts/i18n-review.ts) and the per-key review state all read this one list.
 */
import { FAMILIES } from "../content/families.js";
import { LESSONS } from "../content/lessons.js";
import { CAPTURE_DIAGRAM, FAQ, GAME_PLAYING, GUIDES, KEYBOARD_ITEM, PLAYING_ITEMS, TIPS } from "../content/rules.js";
import type { Catalogue } from "./catalogue.js";
import { lessonWords } from "./content/apply.js";
import type { ContentTranslation, GameContent } from "./content/types.js";
import { EN } from "./en.js";
import type { RulesTranslation } from "./rules/types.js";

export interface TextPair {
  readonly key: string;
  readonly en: string;
  readonly text: string;
}

/** The catalogue's messages beside English. */
export function catalogueTexts(c: Catalogue): TextPair[] {
  return (Object.keys(EN) as (keyof typeof EN)[]).map((k) => ({ key: k, en: EN[k], text: c.messages[k] }));
}

/** The rules overlay's intros and rule sections beside English. */
export function rulesTexts(r: RulesTranslation): TextPair[] {
  const out: TextPair[] = [];
  for (const f of FAMILIES) {
    const o = r.guides[f];
    out.push({ key: `rules.guides.${f}.intro`, en: GUIDES[f].intro, text: o.intro });
    for (const [i, s] of Object.entries(o.sections)) {
      const en = GUIDES[f].sections[Number(i)];
      out.push({ key: `rules.guides.${f}.sections.${i}.heading`, en: en.heading, text: s.heading });
      s.items.forEach((text, k) =>
        out.push({ key: `rules.guides.${f}.sections.${i}.items.${k}`, en: en.items[k], text }),
      );
    }
  }
  return out;
}

/** A lesson id as a key segment ("togyz-even" → "togyzEven"), as the suggestion keys spell it. */
function segment(s: string): string {
  return s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The content (tips, questions, lessons, how-to items, the capture diagram) beside English. */
export function contentTexts(c: ContentTranslation): TextPair[] {
  const out: TextPair[] = [];
  const push = (key: string, en: string, text: string): void => void out.push({ key: `content.${key}`, en, text });
  for (const k of Object.keys(CAPTURE_DIAGRAM) as (keyof typeof CAPTURE_DIAGRAM)[])
    push(`captureDiagram.${k}`, CAPTURE_DIAGRAM[k], c.captureDiagram[k]);
  push("general.playingHeading", "Playing on this device", c.general.playingHeading);
  push("general.levelsHeading", "Computer levels", c.general.levelsHeading);
  PLAYING_ITEMS.forEach((en, i) => push(`general.playing.${i}`, en, c.general.playing[i]));
  for (const f of FAMILIES) {
    const g = c.games[f] as GameContent<typeof f>;
    (GAME_PLAYING[f] as readonly string[]).forEach((en, i) => push(`games.${f}.playing.${i}`, en, g.playing[i]));
    push(`games.${f}.keyboard`, KEYBOARD_ITEM[f], g.keyboard);
    push(`games.${f}.tipsHeading`, "Strategy tips", g.tipsHeading);
    push(`games.${f}.faqHeading`, "Common questions", g.faqHeading);
    TIPS[f].forEach((en, i) => push(`games.${f}.tips.${i}`, en, g.tips[i]));
    FAQ[f].forEach(([q, a], i) => {
      push(`games.${f}.faq.${i}.0`, q, g.faq[i][0]);
      push(`games.${f}.faq.${i}.1`, a, g.faq[i][1]);
    });
    for (const l of LESSONS.filter((x) => x.family === f)) {
      const w = lessonWords(l, c);
      if (w === undefined) throw new Error(`${l.id}: no translation`);
      const base = `games.${f}.lessons.${segment(l.id)}`;
      for (const k of ["title", "prompt", "question", "answer"] as const) push(`${base}.${k}`, l[k], w[k]);
      l.choices.forEach((ch, i) => push(`${base}.choices.${i}`, ch.text, w.choices[i]));
    }
  }
  return out;
}
