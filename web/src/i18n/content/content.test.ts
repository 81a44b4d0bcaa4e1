/**
 * The content translations held to the English source: every tip, question and lesson of every
 * game is there (and nothing else), each keeps the English numbers and places, is not left in
 * English, and the engine still picks exactly one (translated) choice of each lesson. The words for
 * the game's parts are held by the glossary's test (i18n/glossary.test.ts).
 */
import { describe, expect, test } from "vitest";
import { FAMILIES, type Family } from "../../content/families.js";
import { LESSONS, trueChoices } from "../../content/lessons.js";
import { CAPTURE_DIAGRAM, FAQ, GAME_PLAYING, GUIDES, KEYBOARD_ITEM, PLAYING_ITEMS, TIPS } from "../../content/rules.js";
import { placesOf } from "../../content/text.js";
import { tryLesson } from "../../state/createLesson.js";
import { lessonWords, translatedLesson, withContent } from "./apply.js";
import { CONTENT_KK } from "./kk.js";
import { CONTENT_KY } from "./ky.js";
import { CONTENT_LOADERS } from "./load.js";
import { CONTENT_RU } from "./ru.js";
import { CONTENT_SN } from "./sn.js";
import type { ContentTranslation, GameContent, TranslatedLocale } from "./types.js";
import { CONTENT_YO } from "./yo.js";

const ALL: { readonly [L in TranslatedLocale]: ContentTranslation } = {
  ru: CONTENT_RU,
  kk: CONTENT_KK,
  ky: CONTENT_KY,
  yo: CONTENT_YO,
  sn: CONTENT_SN,
};

function game(c: ContentTranslation, f: Family): GameContent<Family> {
  return c.games[f] as GameContent<Family>;
}

/** The numbers a text names, in order of size (a translation may move them within its sentence). */
function numbersOf(s: string): string[] {
  return (s.match(/\d+/g) ?? []).sort();
}

/** Every English text with its translation, named for the failure message. */
export function contentPairs(c: ContentTranslation): [string, string, string][] {
  const out: [string, string, string][] = [];
  const d = c.captureDiagram;
  for (const k of Object.keys(CAPTURE_DIAGRAM) as (keyof typeof CAPTURE_DIAGRAM)[])
    out.push([`capture diagram ${k}`, CAPTURE_DIAGRAM[k], d[k]]);
  PLAYING_ITEMS.forEach((en, i) => out.push([`playing ${i}`, en, c.general.playing[i]]));
  for (const f of FAMILIES) {
    const g = game(c, f);
    (GAME_PLAYING[f] as readonly string[]).forEach((en, i) => out.push([`${f} playing ${i}`, en, g.playing[i]]));
    out.push([`${f} keyboard`, KEYBOARD_ITEM[f], g.keyboard]);
    TIPS[f].forEach((en, i) => out.push([`${f} tip ${i}`, en, g.tips[i]]));
    FAQ[f].forEach(([q, a], i) => {
      out.push([`${f} question ${i}`, q, g.faq[i][0]]);
      out.push([`${f} answer ${i}`, a, g.faq[i][1]]);
    });
    for (const l of LESSONS.filter((x) => x.family === f)) {
      const w = lessonWords(l, c);
      if (w === undefined) throw new Error(`${l.id} missing`);
      for (const k of ["title", "prompt", "question", "answer"] as const) out.push([`${l.id} ${k}`, l[k], w[k]]);
      l.choices.forEach((ch, i) => out.push([`${l.id} choice ${i}`, ch.text, w.choices[i]]));
    }
  }
  return out;
}

/** Where a translation's numbers or places differ from the English text's. */
function mismatches(c: ContentTranslation): string[] {
  return contentPairs(c)
    .filter(
      ([, en, tr]) =>
        numbersOf(en).join() !== numbersOf(tr).join() || placesOf(en).sort().join() !== placesOf(tr).sort().join(),
    )
    .map(([name, en, tr]) => `${name}: ${numbersOf(en).join()} vs ${numbersOf(tr).join()} (${tr})`);
}

describe("content in the communities' languages", () => {
  test("each language carries every game and has a loader", () => {
    expect(Object.keys(CONTENT_LOADERS).sort()).toEqual(Object.keys(ALL).sort());
    for (const [l, c] of Object.entries(ALL) as [TranslatedLocale, ContentTranslation][])
      expect(Object.keys(c.games).sort(), l).toEqual([...FAMILIES].sort());
  });

  test("each loader gives that language's translation", async () => {
    for (const [l, c] of Object.entries(ALL) as [TranslatedLocale, ContentTranslation][])
      expect(await CONTENT_LOADERS[l](), l).toBe(c);
  });

  test.each(Object.entries(ALL))("%s: every tip, question and lesson of English, and no other", (_l, c) => {
    for (const f of FAMILIES) {
      const g = game(c, f);
      expect(g.playing.length).toBe(GAME_PLAYING[f].length);
      expect(g.tips.length).toBe(TIPS[f].length);
      expect(g.faq.length).toBe(FAQ[f].length);
      for (const qa of g.faq) expect(qa.length).toBe(2);
      const ids = LESSONS.filter((l) => l.family === f).map((l) => l.id);
      expect(Object.keys(g.lessons).sort()).toEqual([...ids].sort());
      for (const l of LESSONS.filter((x) => x.family === f))
        expect(lessonWords(l, c)?.choices.length, l.id).toBe(l.choices.length);
      expect(g.tipsHeading.trim()).not.toBe("");
      expect(g.faqHeading.trim()).not.toBe("");
    }
    expect(c.general.playing.length).toBe(PLAYING_ITEMS.length);
  });

  test.each(Object.entries(ALL))("%s: each text keeps the English numbers and places, and is translated", (_l, c) => {
    expect(mismatches(c)).toEqual([]);
    for (const [name, en, tr] of contentPairs(c)) {
      expect(tr.trim(), name).not.toBe("");
      // A text with words is not left in English (a bare number such as a choice "9" stays as it is).
      if (/\p{L}{3}/u.test(en.replace(/\b(Tab|Enter)\b/g, ""))) expect(tr, name).not.toBe(en);
    }
  });

  test("the number check can fail: a changed pit number or a lost place is found", () => {
    const g = CONTENT_KK.games.togyz;
    const lesson = g.lessons["togyz-even"];
    const broken: ContentTranslation = {
      ...CONTENT_KK,
      games: {
        ...CONTENT_KK.games,
        togyz: {
          ...g,
          lessons: { ...g.lessons, "togyz-even": { ...lesson, prompt: lesson.prompt.replace("7-", "8-") } },
        },
      },
    };
    expect(mismatches(broken)).toHaveLength(1);
    expect(numbersOf("pits 1–6 and {n}")).toEqual(["1", "6"]);
    expect(placesOf("Pits {from}–{to}")).toEqual(["from", "to"]);
  });

  test.each(Object.entries(ALL))(
    "%s: in each translated lesson the engine picks one choice, the English one's translation",
    (_l, c) => {
      for (const lesson of LESSONS) {
        const t = translatedLesson(lesson, c);
        if (t === lesson) continue;
        expect(new Set(t.choices.map((ch) => ch.text)).size, lesson.id).toBe(t.choices.length);
        const { tried } = tryLesson(t);
        const right = trueChoices(t, tried);
        expect(right, lesson.id).toHaveLength(1);
        const englishRight = trueChoices(lesson, tried)[0];
        expect(t.choices.indexOf(right[0])).toBe(lesson.choices.indexOf(englishRight));
        expect(t.position).toBe(lesson.position);
        expect(t.move).toBe(lesson.move);
      }
    },
  );

  test("the guide shows the translated tips, questions and general parts; rule sections are left to the rules overlay", () => {
    const levels = ["a", "b", "c", "d"];
    const shown = withContent(GUIDES.togyz, "togyz", CONTENT_KK, levels);
    const part = (p: string) => shown.sections.find((s) => s.part === p);
    expect(part("tips")?.heading).toBe(CONTENT_KK.games.togyz.tipsHeading);
    expect(part("tips")?.items).toEqual(CONTENT_KK.games.togyz.tips);
    expect(part("faq")?.qa).toEqual(CONTENT_KK.games.togyz.faq);
    expect(part("faq")?.heading).toBe(CONTENT_KK.games.togyz.faqHeading);
    const own = CONTENT_KK.games.togyz;
    expect(part("playing")?.items).toEqual([
      CONTENT_KK.general.playing[0],
      ...own.playing,
      own.keyboard,
      ...CONTENT_KK.general.playing.slice(1),
    ]);
    expect(part("levels")?.items).toEqual(levels);
    expect(part("levels")?.heading).toBe(CONTENT_KK.general.levelsHeading);
    const rules = GUIDES.togyz.sections.filter((s) => s.part === undefined);
    expect(rules.length).toBeGreaterThan(0);
    for (const s of rules) expect(shown.sections).toContain(s);
    // Every game is translated: Ayo's tips and keyboard in Kazakh too.
    const ayo = withContent(GUIDES.ayo, "ayo", CONTENT_KK, levels);
    expect(ayo.sections.find((s) => s.part === "tips")?.items).toEqual(CONTENT_KK.games.ayo.tips);
    expect(ayo.sections.find((s) => s.part === "playing")?.items).toContain(CONTENT_KK.games.ayo.keyboard);
    // English: the guide as written.
    expect(withContent(GUIDES.tsoro, "tsoro", undefined, levels)).toBe(GUIDES.tsoro);
    expect(translatedLesson(LESSONS[0], undefined)).toBe(LESSONS[0]);
  });
});
