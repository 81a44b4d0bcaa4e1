/**
 * The client in each language, in Chromium against the local server: the first visit follows the
 * browser's languages, `<html lang>` is set, and a whole game against the computer (menu, new game,
 * play, results) shows no English word of the source catalogue; each catalogue is its own chunk,
 * outside the first page and precached; Yoruba's tone marks and dots below render in the page's font.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Catalogue } from "../src/i18n/catalogue.js";
import { EN } from "../src/i18n/en.js";
import { KK } from "../src/i18n/kk.js";
import { KY } from "../src/i18n/ky.js";
import { RU } from "../src/i18n/ru.js";
import { SN } from "../src/i18n/sn.js";
import { YO } from "../src/i18n/yo.js";
import { GUIDES } from "../src/content/rules.js";
import { RULES_KK } from "../src/i18n/rules/kk.js";
import { RULES_YO } from "../src/i18n/rules/yo.js";
import { measureClient } from "./bundle.js";
import { CHROMIUM, CHROMIUM_ARGS, startHarness, type Harness } from "./harness.js";
import { openInLanguage, playToResults, screenWords, startMatch, startSmallTsoro } from "./languages.js";

let h: Harness;
let browser: Browser;

beforeAll(async () => {
  h = await startHarness();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** The words of messages, ICU syntax (places, plural and select keywords) left out. */
function vocabulary(messages: Readonly<Record<string, string>>): Set<string> {
  const out = new Set<string>();
  for (const m of Object.values(messages)) {
    const text = m
      .replace(/\{\s*\w+\s*,\s*(plural|select)\s*,/g, " ")
      .replace(/=?\w+\s*\{/g, " ")
      .replace(/\{\w+\}/g, " ");
    for (const w of words(text)) out.add(w);
  }
  return out;
}

function words(s: string): string[] {
  return (
    s
      .normalize("NFC")
      .toLowerCase()
      .match(/\p{L}[\p{L}\p{M}]*/gu) ?? []
  ).filter((w) => w.length >= 3);
}

/** English words on screen: in the English catalogue, not in the language's own. */
function englishIn(screen: string, own: Catalogue): string[] {
  const ownWords = vocabulary(own.messages);
  const english = [...vocabulary(EN)].filter((w) => !ownWords.has(w));
  const seen = new Set(words(screen));
  return english.filter((w) => seen.has(w)).sort();
}

async function htmlLang(page: Page): Promise<string> {
  return page.evaluate(() => document.documentElement.lang);
}

const LANGUAGES = [
  ["ru", "ru-RU", RU],
  ["kk", "kk-KZ", KK],
  ["ky", "ky-KG", KY],
  ["yo", "yo-NG", YO],
  ["sn", "sn-ZW", SN],
] as const;

describe("each language, a whole game", () => {
  test("the detector finds English on an English screen (the check can fail)", async () => {
    const page = await openInLanguage(browser, h.url, "en-GB");
    expect(await htmlLang(page)).toBe("en");
    const found = englishIn(await screenWords(page), RU);
    expect(found).toEqual(expect.arrayContaining(["new", "game", "settings", "lessons", "rules"]));
    await page.context().close();
  }, 60_000);

  test.each(LANGUAGES)(
    "%s: chosen from the browser's languages; menu, new game, play and results hold no English",
    async (lang, tag, catalogue) => {
      const page = await openInLanguage(browser, h.url, tag);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      expect(await htmlLang(page)).toBe(lang);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("mancala.settings.v1") ?? "{}"));
      expect(stored.language).toBe(lang);
      expect(englishIn(await screenWords(page), catalogue), "menu").toEqual([]);

      await startSmallTsoro(page);
      expect(englishIn(await screenWords(page), catalogue), "new game").toEqual([]);
      // The computer's level sentence and the other games' cards too.
      await page.click("label.game-card.fam-togyz");
      expect(englishIn(await screenWords(page), catalogue), "new game, togyz").toEqual([]);
      await page.click("label.game-card.fam-tsoro");

      await startMatch(page);
      expect(englishIn(await screenWords(page), catalogue), "play").toEqual([]);
      const moves = await playToResults(page, lang.charCodeAt(0) * 7919);
      expect(moves).toBeGreaterThan(0);
      expect(englishIn(await screenWords(page), catalogue), "results").toEqual([]);
      // After a reload the language stays (it is remembered, not guessed again).
      await page.reload();
      await page.waitForSelector(".board, .menu-list");
      expect(await htmlLang(page)).toBe(lang);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    240_000,
  );

  test("changing the language in Settings switches the screens at once and is remembered", async () => {
    const page = await openInLanguage(browser, h.url, "en-US");
    await page.goto(new URL("#/settings", h.url).toString());
    await page.locator('fieldset:has(input[name="language"]) label.chip').nth(2).click();
    await page.waitForFunction(() => document.documentElement.lang === "kk");
    expect(await page.textContent("h1")).toBe(KK.messages["settings.title"]);
    await page.waitForSelector('[data-testid="suggest-translation"]');
    await page.reload();
    await page.waitForSelector("h1");
    expect(await htmlLang(page)).toBe("kk");
    await page.context().close();
  }, 60_000);
});

describe("rules in the community's language", () => {
  test("Togyz kumalak's rules in Kazakh, Ayo's in Yoruba; a game without a translation stays in English", async () => {
    const kk = await openInLanguage(browser, h.url, "kk-KZ");
    await kk.goto(new URL("#/rules/togyz", h.url).toString());
    await kk.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, RULES_KK.guides.togyz?.intro);
    expect(await kk.textContent(".guide li")).toBe(RULES_KK.guides.togyz?.sections[0].items[0]);
    await kk.goto(new URL("#/rules/ayo", h.url).toString());
    await kk.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, GUIDES.ayo.intro);
    await kk.context().close();
    const yo = await openInLanguage(browser, h.url, "yo-NG");
    await yo.goto(new URL("#/rules/ayo", h.url).toString());
    await yo.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, RULES_YO.guides.ayo?.intro);
    await yo.context().close();
  }, 60_000);
});

describe("loading and fonts", () => {
  test("each catalogue is its own chunk, not on the first page, and precached for offline use", () => {
    const sizes = measureClient(h.dist);
    expect(sizes.initialJs).toBeLessThan(60_000);
    const html = readFileSync(join(h.dist, "index.html"), "utf8");
    const sw = readFileSync(join(h.dist, "sw.js"), "utf8");
    const assets = readdirSync(join(h.dist, "assets"));
    for (const lang of ["ru", "kk", "ky", "yo", "sn"]) {
      const chunk = assets.find((f) => new RegExp(`^${lang}-[\\w-]+\\.js$`).test(f));
      expect(chunk, lang).toBeDefined();
      expect(html).not.toContain(chunk as string);
      expect(sw).toContain(`assets/${chunk as string}`);
    }
  });

  test("Yoruba's tone marks and dots below render in the same font as plain Latin letters", async () => {
    const page = await openInLanguage(browser, h.url, "yo-NG");
    const yoruba = Object.values(YO.messages).join(" ").normalize("NFC");
    for (const cp of [0x1eb9, 0x1ecd, 0x0301, 0x0300, 0x1e63]) expect(yoruba).toContain(String.fromCodePoint(cp));
    await page.evaluate((text) => {
      const app = document.querySelector("main.app") as HTMLElement;
      for (const [id, t] of [
        ["probe-yo", text],
        ["probe-latin", "Mancala board seeds pits"],
      ]) {
        const p = document.createElement("p");
        p.id = id;
        p.textContent = t;
        app.append(p);
      }
    }, yoruba);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const fontsOf = async (selector: string): Promise<string[]> => {
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      return fonts.map((f) => f.familyName);
    };
    const latin = await fontsOf("#probe-latin");
    expect(latin).toHaveLength(1);
    // No fallback font was needed for any letter or mark of the Yoruba catalogue.
    expect(await fontsOf("#probe-yo")).toEqual(latin);
    await page.context().close();
  }, 60_000);
});
