/**
 * The client in each language, in Chromium against the local server: the first visit follows the
 * browser's languages, `<html lang>` is set, and a whole game against the computer (menu, new game,
 * play, results) shows no English word of the source catalogue; each catalogue is its own chunk,
 * outside the first page and precached; Yoruba's tone marks and dots below render in the page's font.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { legalMoves, newGame, play } from "../core/games/index.js";
import { makeRecord, makeShareCode, replayRecord } from "../core/records/index.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Catalogue } from "../web/src/i18n/catalogue.js";
import { EN } from "../web/src/i18n/en.js";
import { KK } from "../web/src/i18n/kk.js";
import { KY } from "../web/src/i18n/ky.js";
import { RU } from "../web/src/i18n/ru.js";
import { SN } from "../web/src/i18n/sn.js";
import { YO } from "../web/src/i18n/yo.js";
import { RULES_KK } from "../web/src/i18n/rules/kk.js";
import { RULES_YO } from "../web/src/i18n/rules/yo.js";
import { CONTENT_KK } from "../web/src/i18n/content/kk.js";
import { measureClient } from "./bundle.js";
import { CHROMIUM, CHROMIUM_ARGS, startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";
import { openInLanguage, playToResults, screenWords, startMatch, startSmallTsoro } from "./languages.js";
import { ERROR_KEYS } from "../web/src/i18n/errors.js";

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

  test("a tip of the language's content can be suggested better, named by its key and language", async () => {
    const page = await openInLanguage(browser, h.url, "kk-KZ");
    await page.goto(new URL("#/settings", h.url).toString());
    await page.click('[data-testid="suggest-translation"] summary');
    const key = "content.games.togyz.tips.0";
    const select = page.locator('[data-testid="suggest-translation"] select');
    await page.waitForSelector(`[data-testid="suggest-translation"] option[value="${key}"]`, { state: "attached" });
    expect(await page.textContent(`option[value="${key}"]`)).toBe(CONTENT_KK.games.togyz.tips[0].slice(0, 80));
    await select.selectOption(key);
    await page.fill('[data-testid="suggest-translation"] textarea', "Жақсырақ аударма");
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes("/api/suggestions") && r.method() === "POST"),
      page.click('[data-testid="suggest-translation"] button'),
    ]);
    expect(request.postDataJSON()).toMatchObject({ category: "translation", locale: "kk", key });
    expect((await request.response())?.ok()).toBe(true);
    await page.context().close();
  }, 60_000);
});

/** A short finished Togyz kumalak game (six moves, then White resigned) as a `#/replay/` code. */
function shortGameCode(): string {
  const start = newGame("togyz", {});
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  const moves: number[] = [];
  for (let i = 0; i < 6; i++) {
    const m = legalMoves(s)[i % legalMoves(s).length];
    const next = play(s, m);
    if (!next.ok) throw new Error(next.error.message);
    moves.push(m);
    s = next.value.state;
  }
  const rec = makeRecord("togyz", {}, moves, {
    result: { winner: 1, reason: "forfeit" },
    players: ["Aigerim", "Daulet"],
  });
  if (!rec.ok) throw new Error(rec.error.message);
  const replayed = replayRecord(rec.value);
  if (!replayed.ok) throw new Error(replayed.error.message);
  return makeShareCode(replayed.value);
}

/** The screen's words without what are names, not words: game codes and players' generated names. */
async function wordsWithoutNames(page: Page): Promise<string> {
  const shown =
    (await page.$('[data-testid="ranked-me"]')) !== null ? await page.textContent('[data-testid="ranked-me"]') : null;
  const text = (await screenWords(page))
    .replace(/\b[0-9A-Z]{4}-?[0-9A-Z]{4}\b|(\b[0-9A-Z] ){7}[0-9A-Z]\b/g, " ")
    // Generated public names of players without one: a `#` no chosen name may hold (core/names.ts).
    .replace(/Player #[0-9A-Z]{6}/g, " ");
  return shown === null || shown === "" ? text : text.split(shown).join(" ");
}

/** The lesson list without the lessons' own titles (content translated apart from the screens). */
async function lessonChrome(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const titles = new Set([...document.querySelectorAll(".lesson-list .menu-label")].map((e) => e.textContent));
    const labels = [...document.querySelectorAll("[aria-label],[title],[placeholder]")].flatMap((e) =>
      ["aria-label", "title", "placeholder"].map((a) => e.getAttribute(a) ?? ""),
    );
    const text = [...document.querySelectorAll(".lessons h1, .lessons h2, .lessons .intro, .lesson-list .menu-sub")]
      .map((e) => e.textContent)
      .filter((t) => !titles.has(t));
    return [document.title, ...text, ...labels].join("\\n");
  })()`);
}

type ScreenCase = readonly [string, string, Readonly<Record<string, string>>, Catalogue];
const SCREEN_LANGUAGES: readonly ScreenCase[] = [
  ["en", "en-GB", EN, RU],
  ...LANGUAGES.map(([l, tag, c]): ScreenCase => [l, tag, c.messages, c]),
];

describe("friend game, ranked, replay and lessons in each language", () => {
  test.each(SCREEN_LANGUAGES)(
    "%s: a friend game (waiting, joining, board and chat, forfeit, results), the ranked lobby with a server error, a replay, the lessons list, settings and profile",
    async (lang, tag, messages, catalogue) => {
      const page = await openInLanguage(browser, h.url, tag);
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      // English is the control: every screen below is reached and the detector finds its English words.
      const check = (found: string[], where: string): void => {
        if (lang === "en") expect(found.length, where).toBeGreaterThan(2);
        else expect(found, where).toEqual([]);
      };
      // The server's answer to a seek is replaced by a ranked error frame with its English message.
      await page.routeWebSocket(/\/ws/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => {
          const frame = JSON.parse(String(m)) as { type?: string; rid?: string | number };
          if (frame.type === "ranked.seek")
            ws.send(
              JSON.stringify({
                type: "ranked.error",
                code: "ranked/in_match",
                message: "already playing a ranked match",
                ...(frame.rid !== undefined ? { rid: frame.rid } : {}),
              }),
            );
          else server.send(m);
        });
        server.onMessage((m) => ws.send(m));
      });

      // A friend game: create it, then its waiting screen with the code to share.
      await page.goto(new URL("#/online", h.url).toString());
      await page.click(".create-form .btn.primary.big");
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="room-status"]')?.textContent === t,
        messages["room.waitFriend"],
        { timeout: 20_000 },
      );
      const code = (await page.textContent('[data-testid="room-code"]')) ?? "";
      check(englishIn(await wordsWithoutNames(page), catalogue), "friend game, waiting");
      // A guest in the same language asks to join, waits to be let in; both then play with the chat open.
      const guest = await openInLanguage(browser, h.url, tag);
      await guest.goto(new URL(`#/join/${code}`, h.url).toString());
      await guest.click('form button[type="submit"]');
      await guest.waitForFunction(
        (waits) => waits.includes(document.querySelector('[data-testid="room-status"]')?.textContent ?? "-"),
        [messages["room.waitLetIn"], messages["room.waitOwnerOpen"]],
        { timeout: 20_000 },
      );
      check(englishIn(await wordsWithoutNames(guest), catalogue), "friend game, guest waiting to be let in");
      await page.waitForSelector('[data-testid="join-request"]', { timeout: 20_000 });
      check(englishIn(await wordsWithoutNames(page), catalogue), "friend game, a join request");
      await page.click('[data-testid="join-request"] .btn.primary');
      await Promise.all([page.waitForSelector(".board"), guest.waitForSelector(".board", { timeout: 20_000 })]);
      await page.click('[data-testid="chat-button"]');
      await page.waitForSelector('[data-testid="chat"]');
      check(englishIn(await wordsWithoutNames(page), catalogue), "friend game, board and chat");
      check(englishIn(await wordsWithoutNames(guest), catalogue), "friend game, guest's board");
      // The owner forfeits: the dialog, then both players' results.
      await page.click("header.play-top button.icon-btn:last-child");
      await page.waitForSelector('.dialog[role="dialog"] .btn.danger');
      check(englishIn(await wordsWithoutNames(page), catalogue), "friend game, forfeit dialog");
      await page.click('.dialog[role="dialog"] .btn.danger');
      await Promise.all([
        page.waitForSelector('[data-testid="results"]'),
        guest.waitForSelector('[data-testid="results"]', { timeout: 20_000 }),
      ]);
      check(englishIn(await wordsWithoutNames(page), catalogue), "friend game, results of the one who forfeited");
      check(englishIn(await wordsWithoutNames(guest), catalogue), "friend game, results of the winner");
      await guest.context().close();

      // The ranked lobby, connected; then a seek answered by the server's error code.
      await page.goto(new URL("#/ranked", h.url).toString());
      await page.waitForSelector(".ranked .btn.primary.big:not([disabled])", { timeout: 20_000 });
      check(englishIn(await wordsWithoutNames(page), catalogue), "ranked lobby");
      await page.click(".ranked .btn.primary.big");
      await page.waitForSelector(".ranked .banner.error");
      const shown = await page.textContent(".ranked .banner.error");
      expect(shown).toBe(messages[ERROR_KEYS["ranked/in_match"]]);
      expect(shown).not.toContain("already playing a ranked match");
      check(englishIn(await wordsWithoutNames(page), catalogue), "ranked lobby, error");

      // A replay: its first position, then its end (who won and how).
      await page.goto(new URL(`#/replay/${shortGameCode()}`, h.url).toString());
      await page.waitForSelector('[data-testid="replay-info"]');
      check(englishIn(await wordsWithoutNames(page), catalogue), "replay, start");
      await page.keyboard.press("End");
      await page.waitForFunction(() => document.querySelector('[data-testid="replay-step"]')?.textContent === "6 / 6");
      const end = await wordsWithoutNames(page);
      expect(end).toContain("Daulet");
      check(englishIn(end, catalogue), "replay, end");

      // The lessons list: headings, intro and game names (the lessons' titles are content of their own).
      await page.goto(new URL("#/lessons", h.url).toString());
      await page.waitForSelector(".lesson-list");
      check(englishIn(await lessonChrome(page), catalogue), "lessons list");

      // Settings and Profile: every label, choice and note.
      await page.goto(new URL("#/settings", h.url).toString());
      await page.waitForSelector("#settings-title");
      check(englishIn(await wordsWithoutNames(page), catalogue), "settings");
      await page.goto(new URL("#/profile", h.url).toString());
      await page.waitForSelector("#profile-title");
      check(englishIn(await wordsWithoutNames(page), catalogue), "profile");
      expect(errors).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});

/** Waits until one of the pages may move, and plays its first legal pit there; returns that page. */
async function moveOnce(pages: readonly Page[]): Promise<Page> {
  for (let tries = 0; tries < 200; tries++) {
    for (const p of pages) {
      const pit = await p.$(".pit.legal");
      if (pit !== null) {
        await pit.click();
        return p;
      }
    }
    await pages[0].waitForTimeout(100);
  }
  throw new Error("nobody could move");
}

describe("a ranked game in each language", () => {
  test.each(LANGUAGES)(
    "%s: two players are paired, play, one resigns; the boards, the dialog and both results hold no English",
    async (lang, tag, catalogue) => {
      const m = catalogue.messages;
      const players = [await openInLanguage(browser, h.url, tag), await openInLanguage(browser, h.url, tag)];
      for (const p of players) {
        await p.goto(new URL("#/ranked", h.url).toString());
        await p.waitForSelector(".ranked .btn.primary.big:not([disabled])", { timeout: 20_000 });
      }
      for (const p of players) await p.click(".ranked .btn.primary.big");
      await Promise.all(players.map((p) => p.waitForSelector(".board", { timeout: 30_000 })));
      for (const p of players) expect(englishIn(await wordsWithoutNames(p), catalogue), `${lang} board`).toEqual([]);
      // Each side moves once (a match a side has not moved in ends aborted), then the first resigns.
      for (let i = 0; i < 2; i++) {
        const mover = await moveOnce(players);
        await mover.waitForFunction(
          (their) => document.querySelector('[data-testid="turn"]')?.textContent === their,
          m["ranked.theirTurn"],
          { timeout: 20_000 },
        );
      }
      const [quitter, winner] = players;
      await quitter.click(".controls .ctl");
      await quitter.waitForSelector('.dialog[role="dialog"] .btn.danger');
      expect(englishIn(await wordsWithoutNames(quitter), catalogue), `${lang} resign dialog`).toEqual([]);
      await quitter.click('.dialog[role="dialog"] .btn.danger');
      await Promise.all(players.map((p) => p.waitForSelector('[data-testid="results"]', { timeout: 20_000 })));
      expect(await winner.textContent("#ranked-result")).toBe(m["result.youWon"]);
      for (const p of players) expect(englishIn(await wordsWithoutNames(p), catalogue), `${lang} results`).toEqual([]);
      for (const p of players) await p.context().close();
    },
    120_000,
  );
});

describe("rules in every language", () => {
  test("Togyz kumalak's rules in Kazakh, Ayo's in Kazakh and Yoruba", async () => {
    const kk = await openInLanguage(browser, h.url, "kk-KZ");
    await kk.goto(new URL("#/rules/togyz", h.url).toString());
    await kk.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, RULES_KK.guides.togyz?.intro);
    expect(await kk.textContent(".guide li")).toBe(RULES_KK.guides.togyz?.sections[0].items[0]);
    await kk.goto(new URL("#/rules/ayo", h.url).toString());
    await kk.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, RULES_KK.guides.ayo.intro);
    await kk.context().close();
    const yo = await openInLanguage(browser, h.url, "yo-NG");
    await yo.goto(new URL("#/rules/ayo", h.url).toString());
    await yo.waitForFunction((t) => document.querySelector(".intro")?.textContent === t, RULES_YO.guides.ayo?.intro);
    await yo.context().close();
  }, 60_000);
});

describe("a refused record in the chosen language", () => {
  test("Import names the game and move of an illegal move in Russian, not the parser's English", async () => {
    // A Togyz record whose first move is marked with a wrong landing: refused as illegal at move 1.
    const ru = await openInLanguage(browser, h.url, "ru-RU");
    await ru.goto(new URL("#/import", h.url).toString());
    await ru.fill('[data-testid="import-text"]', '[White "A"]\n[Black "B"]\n\n1. 11(10) 23');
    await ru.click(`button:has-text("${RU.messages["import.import"]}")`);
    const shown = await ru.textContent('[data-testid="import-error"]');
    expect(shown).toBe(RU.messages["import.errIllegal"].replace("{game}", "1").replace("{move}", "1"));
    expect(shown).not.toContain("the last stone");
    await ru.context().close();
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
