/**
 * The content translations held to the English source: every tip, question and lesson of each
 * community's game is there (and nothing else), each keeps the English numbers and places, is not
 * left in English, uses the community's words for the game's parts, and the engine still picks
 * exactly one (translated) choice of each lesson.
 */
import { describe, expect, test } from "vitest";
import { FAMILIES, type Family } from "../../content/families.js";
import { LESSONS, trueChoices } from "../../content/lessons.js";
import { CAPTURE_DIAGRAM, FAQ, GUIDES, PLAYING_ITEMS, TIPS } from "../../content/rules.js";
import { placesOf } from "../../content/text.js";
import { tryLesson } from "../../state/createLesson.js";
import { lessonWords, translatedLesson, withContent } from "./apply.js";
import { CONTENT_KK } from "./kk.js";
import { CONTENT_KY } from "./ky.js";
import { CONTENT_LOADERS } from "./load.js";
import { CONTENT_RU } from "./ru.js";
import { CONTENT_SN } from "./sn.js";
import { COMMUNITY_GAMES, type ContentTranslation, type GameContent, type TranslatedLocale } from "./types.js";
import { CONTENT_YO } from "./yo.js";

const ALL: { readonly [L in TranslatedLocale]: ContentTranslation } = {
  ru: CONTENT_RU,
  kk: CONTENT_KK,
  ky: CONTENT_KY,
  yo: CONTENT_YO,
  sn: CONTENT_SN,
};

function game(c: ContentTranslation, f: Family): GameContent<Family> | undefined {
  return c.games[f] as GameContent<Family> | undefined;
}

/** The numbers a text names, in order of size (a translation may move them within its sentence). */
function numbersOf(s: string): string[] {
  return (s.match(/\d+/g) ?? []).sort();
}

/** Every English text with its translation, named for the failure message. */
function pairs(c: ContentTranslation): [string, string, string][] {
  const out: [string, string, string][] = [];
  const d = c.captureDiagram;
  if (d !== undefined)
    for (const k of Object.keys(CAPTURE_DIAGRAM) as (keyof typeof CAPTURE_DIAGRAM)[])
      out.push([`capture diagram ${k}`, CAPTURE_DIAGRAM[k], d[k]]);
  PLAYING_ITEMS.forEach((en, i) => out.push([`playing ${i}`, en, c.general.playing[i]]));
  for (const f of FAMILIES) {
    const g = game(c, f);
    if (g === undefined) continue;
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
  return pairs(c)
    .filter(
      ([, en, tr]) =>
        numbersOf(en).join() !== numbersOf(tr).join() || placesOf(en).sort().join() !== placesOf(tr).sort().join(),
    )
    .map(([name, en, tr]) => `${name}: ${numbersOf(en).join()} vs ${numbersOf(tr).join()} (${tr})`);
}

/** The community's words for the game's parts: where English names the part, the translation does too. */
const WORDS: { readonly [L in TranslatedLocale]: readonly (readonly [RegExp, string])[] } = {
  ru: [
    [/tuzdyk/i, "туздык"],
    [/kazan/i, "казан"],
    [/atsyz/i, "атсыз"],
    [/\bpits?\b/i, "лунк"],
  ],
  kk: [
    [/tuzdyk/i, "тұзды"],
    [/kazan/i, "қазан"],
    [/atsyz/i, "атсыз"],
    [/\bpits?\b/i, "отау"],
  ],
  ky: [
    [/tuzdyk/i, "түздү"],
    [/kazan/i, "казан"],
    [/atsyz/i, "атсыз"],
    [/\bpits?\b/i, "уя"],
  ],
  yo: [
    [/\bpits?\b/i, "ihò"],
    [/\bseeds?\b/i, "ẹyọ"],
  ],
  sn: [
    [/\bholes?\b/i, "buri"],
    [/\bseeds?\b/i, "mhodzi"],
  ],
};

describe("content in the communities' languages", () => {
  test("each language carries its community's games, has a loader, and is marked not reviewed", () => {
    expect(Object.keys(CONTENT_LOADERS).sort()).toEqual(Object.keys(ALL).sort());
    for (const [l, c] of Object.entries(ALL) as [TranslatedLocale, ContentTranslation][]) {
      expect(c.reviewed, l).toBe(false);
      for (const f of COMMUNITY_GAMES[l]) expect(game(c, f), `${l} ${f}`).toBeDefined();
    }
    // Ayo's capture diagram where Ayo is translated, and only there.
    for (const [l, c] of Object.entries(ALL) as [TranslatedLocale, ContentTranslation][])
      expect(c.captureDiagram !== undefined, l).toBe((COMMUNITY_GAMES[l] as readonly Family[]).includes("ayo"));
    // Togyz in Kazakh, Russian and Kyrgyz; Ayo in Yoruba; Tsoro in Shona.
    expect(COMMUNITY_GAMES).toEqual({ ru: ["togyz"], kk: ["togyz"], ky: ["togyz"], yo: ["ayo"], sn: ["tsoro"] });
  });

  test("each loader gives that language's translation", async () => {
    for (const [l, c] of Object.entries(ALL) as [TranslatedLocale, ContentTranslation][])
      expect(await CONTENT_LOADERS[l](), l).toBe(c);
  });

  test.each(Object.entries(ALL))("%s: every tip, question and lesson of English, and no other", (_l, c) => {
    for (const f of FAMILIES) {
      const g = game(c, f);
      if (g === undefined) continue;
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
    for (const [name, en, tr] of pairs(c)) {
      expect(tr.trim(), name).not.toBe("");
      // A text with words is not left in English (a bare number such as a choice "9" stays as it is).
      if (/\p{L}{3}/u.test(en.replace(/\b(Tab|Enter)\b/g, ""))) expect(tr, name).not.toBe(en);
    }
  });

  test.each(Object.entries(ALL) as [TranslatedLocale, ContentTranslation][])(
    "%s: the community's words for the game's parts",
    (l, c) => {
      const missing: string[] = [];
      for (const [name, en, tr] of pairs(c))
        for (const [english, own] of WORDS[l])
          if (english.test(en) && !tr.normalize("NFC").toLowerCase().includes(own.normalize("NFC")))
            missing.push(`${name}: ${own} (${tr})`);
      expect(missing).toEqual([]);
    },
  );

  test("the number check can fail: a changed pit number or a lost place is found", () => {
    const g = CONTENT_KK.games.togyz;
    const lesson = g.lessons["togyz-even"];
    const broken: ContentTranslation = {
      ...CONTENT_KK,
      games: {
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
    expect(part("playing")?.items).toEqual(CONTENT_KK.general.playing);
    expect(part("levels")?.items).toEqual(levels);
    expect(part("levels")?.heading).toBe(CONTENT_KK.general.levelsHeading);
    const rules = GUIDES.togyz.sections.filter((s) => s.part === undefined);
    expect(rules.length).toBeGreaterThan(0);
    for (const s of rules) expect(shown.sections).toContain(s);
    // A game the language's community does not play keeps its English tips and questions.
    const ayo = withContent(GUIDES.ayo, "ayo", CONTENT_KK, levels);
    expect(ayo.sections.find((s) => s.part === "tips")?.items).toEqual(TIPS.ayo);
    expect(ayo.sections.find((s) => s.part === "playing")?.items).toEqual(CONTENT_KK.general.playing);
    // English: the guide as written.
    expect(withContent(GUIDES.tsoro, "tsoro", undefined, levels)).toBe(GUIDES.tsoro);
    expect(translatedLesson(LESSONS[0], undefined)).toBe(LESSONS[0]);
  });
});
