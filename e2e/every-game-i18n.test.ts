/**
 * Every game in every language, in Chromium against the local server: the rules page and a lesson of
 * each game in ru, kk, ky, yo and sn show that language's texts and no English sentence (no sentence
 * of the English rules, content or catalogue, and none of English's little words). The detector is
 * first shown to find English on the English pages.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FAMILIES, type Family } from "../web/src/content/families.js";
import { LESSONS } from "../web/src/content/lessons.js";
import { CONTENT_KK } from "../web/src/i18n/content/kk.js";
import { CONTENT_KY } from "../web/src/i18n/content/ky.js";
import { CONTENT_RU } from "../web/src/i18n/content/ru.js";
import { CONTENT_SN } from "../web/src/i18n/content/sn.js";
import type { ContentTranslation } from "../web/src/i18n/content/types.js";
import { CONTENT_YO } from "../web/src/i18n/content/yo.js";
import { EN } from "../web/src/i18n/en.js";
import { RULES_KK } from "../web/src/i18n/rules/kk.js";
import { RULES_KY } from "../web/src/i18n/rules/ky.js";
import { RULES_RU } from "../web/src/i18n/rules/ru.js";
import { RULES_SN } from "../web/src/i18n/rules/sn.js";
import type { RulesTranslation } from "../web/src/i18n/rules/types.js";
import { RULES_YO } from "../web/src/i18n/rules/yo.js";
import { contentTexts, rulesTexts } from "../web/src/i18n/texts.js";
import { CHROMIUM, CHROMIUM_ARGS, startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";
import { openInLanguage } from "./languages.js";

let h: Harness;
let browser: Browser;

beforeAll(async () => {
  h = await startHarness(sharedClient());
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** English's sentences of five words or more: the rules, the content and the catalogue, places removed. */
const ENGLISH_SENTENCES = [
  ...new Set(
    [...rulesTexts(RULES_RU), ...contentTexts(CONTENT_RU)]
      .map((p) => p.en)
      .concat(Object.values(EN).map((m) => m.replace(/\{[^{}]*\}/g, " ")))
      .flatMap((t) => t.split(/(?<=[.:;!?])\s+/))
      .map((s) => s.trim())
      .filter((s) => s.split(/\s+/).length >= 5 && !/[{}<>]/.test(s)),
  ),
];

/** English's little words, which none of the five languages has. */
const LITTLE = /\b(the|and|your|with|from|which|when|that|this|into|their)\b/gi;

function englishOn(text: string): string[] {
  const sentences = ENGLISH_SENTENCES.filter((s) => text.includes(s));
  const little = [...new Set((text.match(LITTLE) ?? []).map((w) => w.toLowerCase()))];
  return [...sentences, ...little.map((w) => `“${w}”`)];
}

async function shown(page: Page, selector: string): Promise<string> {
  return page.evaluate<string>(`document.querySelector(${JSON.stringify(selector)})?.innerText ?? ""`);
}

async function rulesPage(page: Page, f: Family, intro: string): Promise<string> {
  await page.goto(new URL(`#/rules/${f}`, h.url).toString());
  await page.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, intro);
  return (await shown(page, ".screen.rules")) + "\n" + (await page.title());
}

async function lessonPage(page: Page, id: string): Promise<string> {
  await page.goto(new URL(`#/lessons/${id}`, h.url).toString());
  await page.waitForSelector('[data-testid="lesson-question"]');
  return shown(page, ".screen");
}

const LANGUAGES: readonly (readonly [string, string, RulesTranslation, ContentTranslation])[] = [
  ["ru", "ru-RU", RULES_RU, CONTENT_RU],
  ["kk", "kk-KZ", RULES_KK, CONTENT_KK],
  ["ky", "ky-KG", RULES_KY, CONTENT_KY],
  ["yo", "yo-NG", RULES_YO, CONTENT_YO],
  ["sn", "sn-ZW", RULES_SN, CONTENT_SN],
];

const firstLesson = (f: Family): string => LESSONS.find((l) => l.family === f)?.id ?? "";

describe("every game in every language", () => {
  test("the detector finds English on the English rules and lessons (the check can fail)", async () => {
    const page = await openInLanguage(browser, h.url, "en-GB");
    for (const f of FAMILIES) {
      const { GUIDES } = await import("../web/src/content/rules.js");
      expect(englishOn(await rulesPage(page, f, GUIDES[f].intro)).length, f).toBeGreaterThan(10);
      expect(englishOn(await lessonPage(page, firstLesson(f))).length, f).toBeGreaterThan(1);
    }
    await page.context().close();
  }, 120_000);

  test.each(LANGUAGES)(
    "%s: the rules and a lesson of each game, no English sentence",
    async (lang, tag, rules, content) => {
      const page = await openInLanguage(browser, h.url, tag);
      for (const f of FAMILIES) {
        const r = await rulesPage(page, f, rules.guides[f].intro);
        expect(englishOn(r), `${lang} rules ${f}`).toEqual([]);
        expect(r, `${lang} rules ${f}`).toContain(content.games[f].tips[0]);
        const l = await lessonPage(page, firstLesson(f));
        expect(englishOn(l), `${lang} lesson ${f}`).toEqual([]);
      }
      await page.context().close();
    },
    120_000,
  );
});
