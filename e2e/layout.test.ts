/**
 * Every board screen on a phone (390×844) and a desktop (1280×800), in Chromium against the local
 * server: Play in each rule set, Replay (opened from a finished game's move list, with its engine
 * review), a lesson, a friend game in two browsers and a ranked game in two browsers. On each: the
 * pits are at least 44 px (Togyz 48), nothing scrolls sideways, both names are shown and the
 * player's own side is marked, the move list is there (a tapped move shows its position read only,
 * with "Back to the game"), and the result closes with Escape, a tap outside and "See the board".
 * A screenshot of every screen at both sizes goes to SCREENSHOTS_DIR (`npm run -s screenshots`
 * writes them to web/e2e/screenshots/, which git ignores) or else to the system's temporary folder.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;
const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? join(tmpdir(), "mancala-layout-screenshots"));

interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

let dir: string;
let server: RunningServer;
let alice: Player;
let bola: Player;
const at = (hash: string): string => new URL(hash, server.url).toString();
/** The smallest pit measured on each screen, written beside the screenshots (sizes.json). */
const smallest: Record<string, number> = {};

async function openPlayer(name: string): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: PHONE,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  return { context, page, errors };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-layout-"));
  await rm(SHOTS, { recursive: true, force: true });
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [alice, bola] = await Promise.all([openPlayer("Alice"), openPlayer("Bola")]);
}, 180_000);

afterAll(async () => {
  await Promise.all([alice?.context.close().catch(() => undefined), bola?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
  await writeFile(join(SHOTS, "sizes.json"), `${JSON.stringify(smallest, null, 1)}\n`).catch(() => undefined);
  process.stdout.write(`layout screenshots in ${SHOTS}\n`);
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

interface Box {
  readonly l: number;
  readonly t: number;
  readonly r: number;
  readonly b: number;
  readonly w: number;
  readonly h: number;
}

async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.$$eval(selector, (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height };
    }),
  );
}

/**
 * The checks every board screen passes: pit size, no sideways scroll, the board inside the width,
 * both names, the player's own side marked (own pits, and on a board turned upright the player's
 * pill on the same side as their pits), and the move list.
 */
async function checkBoard(
  page: Page,
  what: string,
  minPit: number,
  names: "name" | "ranked-name" | "ranked-players" | null = "name",
): Promise<void> {
  // A ranked game on a phone names the players once, on the line over the score line.
  const nameId = (where: "top" | "bottom"): string =>
    names === "ranked-players" ? `ranked-players-${where === "top" ? "them" : "me"}` : `${names}-${where}`;
  // Measured once no sowing is shown (a pit takes a seed with a short squeeze).
  await page.waitForFunction(() => document.querySelector(".hand, .flight") === null, undefined, { timeout: 15_000 });
  await page.waitForTimeout(300);
  const size = page.viewportSize() ?? PHONE;
  const pits = await boxes(page, "[data-pit]");
  expect(pits.length, `${what}: pits`).toBeGreaterThan(0);
  const probe = await page.evaluate(() => {
    const q = (sel: string): string => {
      const e = document.querySelector(sel);
      if (e === null) return `${sel}: none`;
      const r = e.getBoundingClientRect();
      return `${sel} ${r.top.toFixed(0)}-${r.bottom.toFixed(0)} min ${getComputedStyle(e).minHeight}`;
    };
    return [".board-layout", ".board-area", ".board", ".board-side", ".controls"].map(q).join(" | ");
  });
  smallest[what] = Math.round(Math.min(...pits.map((p) => Math.min(p.w, p.h))) * 10) / 10;
  for (const p of pits) {
    expect(Math.min(p.w, p.h), `${what}: pit size (${probe})`).toBeGreaterThanOrEqual(minPit);
    expect(p.l, `${what}: pit inside the screen`).toBeGreaterThanOrEqual(0);
    expect(p.r, `${what}: pit inside the screen`).toBeLessThanOrEqual(size.width);
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${what}: sideways scroll`).toBeLessThanOrEqual(0);
  const mine = await boxes(page, ".pit.mine");
  expect(mine.length, `${what}: own pits marked`).toBe(pits.length / 2);
  if (names !== null) {
    for (const where of ["top", "bottom"] as const) {
      const n = (await page.textContent(`[data-testid="${nameId(where)}"]`))?.trim() ?? "";
      expect(n.length, `${what}: ${where} name`).toBeGreaterThan(0);
      const [b] = await boxes(page, `[data-testid="${nameId(where)}"]`);
      expect(b.w, `${what}: ${where} name shown`).toBeGreaterThan(20);
    }
    if ((await page.$(".board-wrap.turned")) !== null) {
      // Upright: the player's pits stand in the left column, and so does their pill.
      const [pill] = await boxes(page, '[data-testid="side-bottom"]');
      const [other] = await boxes(page, '[data-testid="side-top"]');
      const ownX = mine.reduce((s, p) => s + p.l + p.w / 2, 0) / mine.length;
      const allX = pits.reduce((s, p) => s + p.l + p.w / 2, 0) / pits.length;
      expect(ownX < allX, `${what}: own pits on the left`).toBe(true);
      expect(pill.l, `${what}: own pill on the left`).toBeLessThan(other.l);
    }
  }
  expect(await page.isVisible('[data-testid="move-list"]'), `${what}: move list`).toBe(true);
}

/** Plays moves on whichever page's pits glow until each page's move list holds `n` moves. */
async function playUntil(pages: readonly Page[], n: number): Promise<void> {
  const count = (p: Page): Promise<number> => p.$$eval('[data-testid="move-list"] .move', (els) => els.length);
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const counts = await Promise.all(pages.map(count));
    if (counts.every((c) => c >= n)) return;
    for (const p of pages) {
      const before = await count(p);
      if (before >= n) continue;
      const pit = await p.$(".pit.legal");
      if (pit === null) continue;
      await pit.click();
      await p.waitForFunction((b) => document.querySelectorAll('[data-testid="move-list"] .move').length > b, before, {
        timeout: 15_000,
      });
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the move lists did not reach ${n} moves`);
}

/** A tapped move shows that position read only; "Back to the game" returns to the live board. */
async function checkPeek(page: Page, what: string): Promise<void> {
  await page.waitForSelector('[data-testid="move-list"] .move', { timeout: 20_000 });
  const live = await page.$$eval("[data-pit]", (els) => els.map((e) => (e as HTMLElement).dataset.count).join(","));
  await page.click('[data-testid="move-list"] .move[data-ply="0"]');
  await page.waitForSelector('[data-testid="peek"]');
  expect(await page.$$(".pit.legal"), `${what}: a shown position takes no move`).toHaveLength(0);
  await page.click('[data-testid="back-to-game"]');
  await page.waitForSelector('[data-testid="peek"]', { state: "detached" });
  const back = await page.$$eval("[data-pit]", (els) => els.map((e) => (e as HTMLElement).dataset.count).join(","));
  expect(back, `${what}: back to the live board`).toBe(live);
}

/** The result dialog closes with Escape, a tap outside it and "See the board", and comes back. */
async function checkResultCloses(page: Page, what: string, reopen: boolean): Promise<void> {
  await page.waitForSelector('[data-testid="results"]', { timeout: 20_000 });
  await page.keyboard.press("Escape");
  await page.waitForSelector('[data-testid="results"]', { state: "detached" });
  if (!reopen) return;
  await page.click('.move-actions button:has-text("Result")');
  await page.waitForSelector('[data-testid="results"]');
  await page.mouse.click(4, 4);
  await page.waitForSelector('[data-testid="results"]', { state: "detached" });
  await page.click('.move-actions button:has-text("Result")');
  await page.click('[data-testid="see-board"]');
  await page.waitForSelector('[data-testid="results"]', { state: "detached" });
  expect(await page.isVisible('[data-testid="open-replay"]'), `${what}: Replay from the finished game`).toBe(true);
  expect(await page.isVisible('[data-testid="open-review"]'), `${what}: Engine review from the finished game`).toBe(
    true,
  );
}

async function startLocal(page: Page, game: "togyz" | "ayo" | "tsoro-classic" | "tsoro-wta"): Promise<void> {
  await page.goto(at("#/new"));
  await page.click(`label.game-card.fam-${game.startsWith("tsoro") ? "tsoro" : game}`);
  if (game === "tsoro-wta") await page.click('label.chip:has-text("Winner Takes All")');
  if (game === "tsoro-classic") await page.click('label.chip:has-text("Classic")');
  const computer = game === "togyz" || game === "ayo";
  await page.click(`label.chip:has-text("${computer ? "Computer" : "Pass and play"}")`);
  if (computer) await page.click('label.chip:has-text("Easy")');
  await page.click('label.chip:has-text("Single game")');
  await page.click("text=Start match");
  await page.waitForSelector(".pit.legal", { timeout: 20_000 });
}

const GAMES = ["togyz", "ayo", "tsoro-classic", "tsoro-wta"] as const;

describe("every board screen at 390×844 and 1280×800", () => {
  for (const [label, size] of SIZES) {
    for (const game of GAMES) {
      test(`Play ${game} on a ${label}: sizes, names, sides, the move list, a closable result`, async () => {
        const page = alice.page;
        await page.setViewportSize(size);
        await startLocal(page, game);
        const minPit = game === "togyz" ? 48 : 44;
        await checkBoard(page, `${game} ${label}`, minPit);
        await shot(page, `play-${game}-${label}`);
        await playUntil([page], 2);
        await page.waitForSelector(".pit.legal", { timeout: 20_000 });
        await checkPeek(page, `${game} ${label}`);
        // Forfeit: the result, then the final position studied with the dialog closed.
        await page.click('button[aria-label="Forfeit"]');
        await page.click('button:has-text("Forfeit this game")');
        await page.waitForSelector('[data-testid="results"]', { timeout: 20_000 });
        await shot(page, `play-${game}-${label}-result`);
        await checkResultCloses(page, `${game} ${label}`, true);
        await checkBoard(page, `${game} ${label} over`, minPit);
        await shot(page, `play-${game}-${label}-over`);
        if (game === "togyz") {
          // Replay of the Togyz game: the phone's case the players found unusable.
          await page.click('[data-testid="open-review"]');
          await page.waitForSelector('[data-testid="replay"]');
          await page.waitForSelector('[data-testid="review"]');
          await checkBoard(page, `replay ${label}`, 48, null);
          const names = await page.$$eval('[data-testid="replay-score"] .side-name', (els) =>
            els.map((e) => e.textContent),
          );
          expect(names.every((n) => (n ?? "").length > 0)).toBe(true);
          expect(await page.$$('[data-testid="move-list"] .move')).toHaveLength(
            await page.$$eval(".move", (e) => e.length),
          );
          await page.click('[data-testid="move-list"] .move[data-ply="0"]');
          expect(await page.textContent('[data-testid="replay-step"]')).toMatch(/^1 \/ \d+$/);
          await shot(page, `replay-togyz-${label}`);
        }
        expect(alice.errors).toEqual([]);
      }, 120_000);
    }

    test(`a lesson on a ${label}: the board fits`, async () => {
      const page = alice.page;
      await page.setViewportSize(size);
      await page.goto(at("#/lessons"));
      await page.click(".lesson-list a, .lesson-list button");
      await page.waitForSelector("[data-pit]");
      await page.waitForTimeout(200);
      const pits = await boxes(page, "[data-pit]");
      for (const p of pits) expect(Math.min(p.w, p.h)).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await shot(page, `lesson-${label}`);
    }, 60_000);
  }

  test("a friend game in two browsers, each size: sizes, names, sides, the move list, chat beside the board, a closable result", async () => {
    const [a, b] = [alice.page, bola.page];
    await a.goto(at("#/online"));
    await a.click(".create-form label.game-card.fam-togyz");
    await a.click('.create-form button:has-text("Create game")');
    const code = (await a.textContent('[data-testid="room-code"]', { timeout: 10_000 })) ?? "";
    await b.goto(at(`#/join/${code}`));
    await b.click('button:has-text("Join")');
    await a.click('[data-testid="join-request"] button:has-text("Let in")', { timeout: 10_000 });
    await Promise.all([a.waitForSelector(".board"), b.waitForSelector(".board", { timeout: 10_000 })]);
    await a.waitForSelector('.side-top .side-name:has-text("Bola")');
    await playUntil([a, b], 2);
    const other = b;
    for (const [label, size] of SIZES) {
      await Promise.all([a.setViewportSize(size), b.setViewportSize(size)]);
      await checkBoard(a, `room owner ${label}`, 48);
      await checkBoard(b, `room guest ${label}`, 48);
      await shot(a, `room-owner-${label}`);
      await shot(b, `room-guest-${label}`);
      await checkPeek(other, `room ${label}`);
      // Chat: the board keeps its size and the controls stay.
      await a.click('[data-testid="chat-button"]');
      await a.waitForSelector(".chat");
      const pits = await boxes(a, "[data-pit]");
      for (const p of pits) expect(Math.min(p.w, p.h), `room chat ${label}`).toBeGreaterThanOrEqual(48);
      expect(await a.$eval('.controls button:has-text("Pause")', (e) => getComputedStyle(e).display)).not.toBe("none");
      expect(await a.$eval('.controls button:has-text("Menu")', (e) => getComputedStyle(e).display)).not.toBe("none");
      const chat = (await boxes(a, ".chat"))[0];
      // A desktop's chat sits beside the board; a phone's is a sheet over it (e2e/table-sizes.test.ts).
      if (label === "desktop")
        for (const p of pits)
          expect(
            Math.min(p.r, chat.r) - Math.max(p.l, chat.l) > 0.5 && Math.min(p.b, chat.b) - Math.max(p.t, chat.t) > 0.5,
          ).toBe(false);
      await shot(a, `room-chat-${label}`);
      await a.click('button[aria-label="Close chat"]');
    }
    await b.click('button[aria-label="Forfeit"]');
    await b.click('button:has-text("Forfeit this game")');
    // The owner on a phone closes the result with Escape; the guest on a desktop with a tap outside it.
    await Promise.all([a.setViewportSize(PHONE), b.setViewportSize(DESKTOP)]);
    await a.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    await b.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    await shot(a, "room-result-phone");
    await shot(b, "room-result-desktop");
    await a.keyboard.press("Escape");
    await a.waitForSelector('[data-testid="results"]', { state: "detached" });
    expect(await a.isVisible('[data-testid="open-replay"]')).toBe(true);
    await checkBoard(a, "room over phone", 48);
    await b.mouse.click(4, 4);
    await b.waitForSelector('[data-testid="results"]', { state: "detached" });
    await checkBoard(b, "room over desktop", 48);
    await shot(b, "room-over-desktop");
    expect(alice.errors).toEqual([]);
    expect(bola.errors).toEqual([]);
  }, 180_000);

  test("a ranked game in two browsers, each size: sizes, names, sides, the move list, a closable result", async () => {
    const [a, b] = [alice.page, bola.page];
    for (const p of [a, b]) {
      await p.goto(at("#/ranked"));
      await p.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 20_000 });
    }
    await a.click('button:has-text("Find an opponent")');
    await b.click('button:has-text("Find an opponent")');
    await Promise.all([
      a.waitForSelector(".board", { timeout: 20_000 }),
      b.waitForSelector(".board", { timeout: 20_000 }),
    ]);
    await playUntil([a, b], 2);
    const other = b;
    const game = await a.$eval(".board", (e) => e.className);
    const minPit = game.includes("togyz") ? 48 : 44;
    for (const [label, size] of SIZES) {
      await Promise.all([a.setViewportSize(size), b.setViewportSize(size)]);
      const ids = label === "phone" ? "ranked-players" : "ranked-name";
      await checkBoard(a, `ranked ${label}`, minPit, ids);
      await checkBoard(b, `ranked ${label}`, minPit, ids);
      // Each name (and rating) once: on a phone the pills under the names' line do not repeat them.
      for (const where of ["top", "bottom"]) {
        const shown = await a.isVisible(`[data-testid="ranked-name-${where}"]`);
        expect(shown, `ranked ${label}: the pill's name shown`).toBe(label !== "phone");
      }
      await shot(a, `ranked-${label}`);
      await checkPeek(other, `ranked ${label}`);
      // The live region holds the turn only, not the running clocks.
      expect(await a.$$('[role="status"] .clock')).toHaveLength(0);
    }
    await b.click('.controls button:has-text("Resign")');
    await b.click('[role="dialog"] button:has-text("Resign")');
    for (const [label, size] of SIZES) {
      await a.setViewportSize(size);
      await a.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
      await shot(a, `ranked-result-${label}`);
      await checkResultCloses(a, `ranked ${label}`, true);
      await checkBoard(a, `ranked over ${label}`, minPit, label === "phone" ? "ranked-players" : "ranked-name");
      await a.click('.move-actions button:has-text("Result")');
    }
    expect(alice.errors).toEqual([]);
    expect(bola.errors).toEqual([]);
  }, 180_000);
});
