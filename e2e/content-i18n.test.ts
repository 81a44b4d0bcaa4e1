/**
 * Tips, questions and lessons in the communities' languages, in Chromium against the local server:
 * a Togyz lesson in Kazakh and an Ayo lesson in Yoruba are shown and played in their words (the
 * engine still judges the translated choice), Tsoro's tips and questions read in Shona, a game
 * without a translation keeps its English lesson, and each language's content is its own chunk,
 * outside the first page and precached.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LESSONS, type Lesson } from "../web/src/content/lessons.js";
import { TIPS } from "../web/src/content/rules.js";
import { fill } from "../web/src/content/text.js";
import { levelText } from "../web/src/content/levels.js";
import { LEVEL_IDS } from "../web/src/game/levels.js";
import { lessonWords } from "../web/src/i18n/content/apply.js";
import { CONTENT_KK } from "../web/src/i18n/content/kk.js";
import { CONTENT_KY } from "../web/src/i18n/content/ky.js";
import { CONTENT_RU } from "../web/src/i18n/content/ru.js";
import { CONTENT_SN } from "../web/src/i18n/content/sn.js";
import type { ContentTranslation } from "../web/src/i18n/content/types.js";
import { CONTENT_YO } from "../web/src/i18n/content/yo.js";
import { RULES_SN } from "../web/src/i18n/rules/sn.js";
import { measureClient } from "./bundle.js";
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

function lesson(id: string): Lesson {
  const l = LESSONS.find((x) => x.id === id);
  if (l === undefined) throw new Error(id);
  return l;
}

const text = async (page: Page, selector: string): Promise<string> => ((await page.textContent(selector)) ?? "").trim();

/**
 * From the lesson list (reached from the menu's structure, not its words): the lesson by its
 * translated title; its words, then the translated `right` choice predicted, the marked pit sown,
 * and the verdict.
 */
async function playLesson(page: Page, id: string, c: ContentTranslation, right: number): Promise<void> {
  const en = lesson(id);
  const w = lessonWords(en, c);
  if (w === undefined) throw new Error(`${id} not translated`);
  await page.goto(new URL("#/lessons", h.url).toString());
  await page.waitForSelector(".lesson-list");
  const titles = await page.$$eval(".lesson-list .menu-label", (els) => els.map((e) => e.textContent));
  expect(titles).toContain(w.title);
  expect(titles).not.toContain(en.title);
  await page.click(`.lesson-list button.menu-item:has(.menu-label:text-is("${w.title}"))`);
  await page.waitForSelector('[data-testid="lesson-question"]');
  expect(await text(page, '[data-testid="lesson-task"] h2')).toBe(w.title);
  expect(await text(page, ".lesson-prompt")).toBe(w.prompt);
  expect(await text(page, '[data-testid="lesson-question"] legend')).toBe(w.question);
  expect(await page.$$eval(".chips button.chip", (els) => els.map((e) => e.textContent))).toEqual([...w.choices]);
  expect(await text(page, "details.worked p")).toBe(w.answer);
  const page_ = await page.textContent('[data-testid="lesson"]');
  for (const english of [en.prompt, en.question, en.answer]) expect(page_).not.toContain(english);
  await page.locator(".chips button.chip").nth(right).click();
  await page.waitForSelector('[data-testid="lesson-tap"]');
  await page.click(".pit.legal");
  await page.waitForSelector('[data-testid="lesson-result"]');
  const result = page.locator('[data-testid="lesson-result"]');
  expect(await result.getAttribute("class")).toContain("good");
  expect(await result.textContent()).toContain(w.answer);
}

describe("content in the community's language", () => {
  test("a Togyz lesson in Kazakh: title, prompt, question, choices and answer in Kazakh, judged right", async () => {
    const page = await openInLanguage(browser, h.url, "kk-KZ");
    await playLesson(page, "togyz-even", CONTENT_KK, 2);
    await page.context().close();
  }, 90_000);

  test("an Ayo lesson in Yoruba, judged right; a game without a translation keeps its English lesson", async () => {
    const page = await openInLanguage(browser, h.url, "yo-NG");
    await playLesson(page, "ayo-capture-seven", CONTENT_YO, 3);
    // Ayo's tips and capture diagram on the Rules screen, in Yoruba, the diagram's numbers filled in.
    const yo = CONTENT_YO.games.ayo;
    await page.goto(new URL("#/rules/ayo", h.url).toString());
    await page.waitForSelector(`.guide h3:text-is("${yo.tipsHeading}")`);
    expect(
      await page
        .locator(".guide section", { has: page.locator(`h3:text-is("${yo.tipsHeading}")`) })
        .locator("li")
        .allTextContents(),
    ).toEqual([...yo.tips]);
    expect(await text(page, '[data-testid="capture-diagram"] summary')).toBe(CONTENT_YO.captureDiagram.summary);
    expect(await text(page, '[data-testid="capture-diagram"] p')).toBe(
      fill(CONTENT_YO.captureDiagram.before, { from: 3, a: 1, b: 2, c: 1 }),
    );
    // Tsoro is not translated into Yoruba: its lessons stay English (the check above can fail).
    await page.goto(new URL("#/lessons/tsoro-relay", h.url).toString());
    await page.waitForSelector('[data-testid="lesson-question"]');
    expect(await text(page, ".lesson-prompt")).toBe(lesson("tsoro-relay").prompt);
    await page.context().close();
  }, 90_000);

  test("Tsoro's tips, questions and Winner Takes All rules in Shona; Togyz tips stay English in Shona", async () => {
    const page = await openInLanguage(browser, h.url, "sn-ZW");
    const sn = CONTENT_SN.games.tsoro;
    await page.goto(new URL("#/rules/tsoro", h.url).toString());
    await page.waitForSelector(`.guide h3:text-is("${sn.tipsHeading}")`);
    const section = (heading: string) =>
      page.locator(".guide section", { has: page.locator(`h3:text-is("${heading}")`) });
    expect(await section(sn.tipsHeading).locator("li").allTextContents()).toEqual([...sn.tips]);
    expect(await section(sn.faqHeading).locator("dt").allTextContents()).toEqual(sn.faq.map(([q]) => q));
    expect(await section(sn.faqHeading).locator("dd").allTextContents()).toEqual(sn.faq.map(([, a]) => a));
    expect(await section(CONTENT_SN.general.playingHeading).locator("li").allTextContents()).toEqual([
      ...CONTENT_SN.general.playing,
    ]);
    const wta = RULES_SN.guides.tsoro?.sections[2];
    expect(
      await section(wta?.heading ?? "?")
        .locator("li")
        .allTextContents(),
    ).toEqual([...(wta?.items ?? [])]);
    // The computer levels: heading from the content, sentences from the Shona catalogue (not English).
    const levels = await section(CONTENT_SN.general.levelsHeading).locator("li").allTextContents();
    expect(levels).toHaveLength(LEVEL_IDS.length);
    LEVEL_IDS.forEach((l, i) => expect(levels[i]).not.toBe(levelText("tsoro", l)));
    const guide = (await page.textContent(".guide")) ?? "";
    for (const tip of TIPS.tsoro) expect(guide).not.toContain(tip);
    await page.click('.tabs [role="tab"]:nth-child(1)');
    await page.waitForSelector(`.guide li:text-is("${TIPS.togyz[0]}")`);
    await page.context().close();
  }, 90_000);

  test("each language's content is a chunk of its own, not on the first page, and precached", () => {
    const sizes = measureClient(h.dist);
    expect(sizes.initialJs).toBeLessThan(60_000);
    const html = readFileSync(join(h.dist, "index.html"), "utf8");
    const sw = readFileSync(join(h.dist, "sw.js"), "utf8");
    const assets = readdirSync(join(h.dist, "assets"));
    const titles = {
      ru: CONTENT_RU.games.togyz.lessons["togyz-even"].title,
      kk: CONTENT_KK.games.togyz.lessons["togyz-even"].title,
      ky: CONTENT_KY.games.togyz.lessons["togyz-even"].title,
      yo: CONTENT_YO.games.ayo.lessons["ayo-capture-seven"].title,
      sn: CONTENT_SN.games.tsoro.lessons["tsoro-relay"].title,
    };
    const escaped = (t: string) =>
      t.replace(/[^\x20-\x7e]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
    for (const [lang, title] of Object.entries(titles)) {
      const chunks = assets.filter((f) => new RegExp(`^${lang}-[\\w-]+\\.js$`).test(f));
      const holding = chunks.filter((f) => {
        const js = readFileSync(join(h.dist, "assets", f), "utf8");
        return js.includes(title) || js.includes(escaped(title));
      });
      expect(holding, lang).toHaveLength(1);
      for (const f of chunks) {
        expect(html, f).not.toContain(f);
        expect(sw, f).toContain(`assets/${f}`);
      }
    }
  });
});
