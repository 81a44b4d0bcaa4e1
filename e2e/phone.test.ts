/**
 * The client on a phone (390×844) and a desktop (1280×800) in Chromium against the local server:
 * board sizes measured on screen (Togyz ≥ 85% of the width with pits ≥ 48 px, Tsoro with 12 holes
 * ≥ 40 px, the hole size moving within those bounds), pit numbers' contrast, both names visible,
 * screen-reader labels, the turn label waiting for the sowing, deleting on Resume with a
 * confirmation and an undo, each result's wording, a lesson's question on screen with its board,
 * and a friend game whose chat never covers the player's own pits or kazan. A screenshot of every
 * screen on the phone is kept in the system's temporary folder (the path is printed).
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The same phone held sideways. */
const SIDEWAYS = { width: 844, height: 390 };
const SHOTS = join(tmpdir(), "mancala-phone-screenshots");

let h: Harness;
/** Sizes measured on screen, written beside the screenshots (sizes.json) for anyone to read. */
const measured: Record<string, number> = {};
const note = (name: string, px: number): void => void (measured[name] = Math.round(px * 10) / 10);
const at = (hash: string): string => new URL(hash, h.url).toString();

interface Box {
  readonly l: number;
  readonly t: number;
  readonly r: number;
  readonly b: number;
  readonly w: number;
  readonly hgt: number;
}

async function boxes(page: Page, selector: string): Promise<Box[]> {
  return page.$$eval(selector, (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: r.width, hgt: r.height };
    }),
  );
}

async function box(page: Page, selector: string): Promise<Box> {
  const all = await boxes(page, selector);
  if (all.length === 0) throw new Error(`nothing matches ${selector}`);
  return all[0];
}

const overlaps = (p: Box, q: Box): boolean =>
  Math.min(p.r, q.r) - Math.max(p.l, q.l) > 0.5 && Math.min(p.b, q.b) - Math.max(p.t, q.t) > 0.5;

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function setSettings(page: Page, s: Record<string, unknown>): Promise<void> {
  await page.evaluate((v) => localStorage.setItem("mancala.settings.v1", JSON.stringify({ sound: false, ...v })), s);
}

async function legalShown(page: Page): Promise<number[]> {
  await page.waitForSelector(".pit.legal", { timeout: 20_000 });
  return page.$$eval(".pit.legal", (els) =>
    els.map((e) => Number((e as HTMLElement).dataset.pit)).sort((a, b) => a - b),
  );
}

/** WCAG contrast ratio of an element's text colour on its (opaque) background colour. */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page.$eval(selector, (e) => {
    const cs = getComputedStyle(e);
    const rgb = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    const [fr, fg, fb] = rgb(cs.color);
    const bg = rgb(cs.backgroundColor);
    if (bg.length === 4 && bg[3] < 1)
      throw new Error(`background of ${e.className} is not opaque: ${cs.backgroundColor}`);
    const lum = (r: number, g: number, b: number): number => {
      const f = (v: number): number => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const a = lum(fr, fg, fb);
    const b = lum(bg[0], bg[1], bg[2]);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

async function newGame(
  page: Page,
  family: string,
  opponent: "Computer" | "Pass and play",
  extra: (p: Page) => Promise<void> = async () => undefined,
): Promise<void> {
  await page.goto(at("#/new"));
  await page.click(`label.game-card.fam-${family}`);
  await page.click(`label.chip:has-text("${opponent}")`);
  if (opponent === "Computer") await page.click('label.chip:has-text("Easy")');
  await page.click('label.chip:has-text("Single game")');
  await extra(page);
  await page.click("text=Start match");
  await page.waitForSelector(".board");
}

/** Every name pill shows a readable piece of its name. */
async function namesVisible(page: Page): Promise<void> {
  for (const where of ["top", "bottom"]) {
    const b = await box(page, `[data-testid="name-${where}"]`);
    const full = await page.$eval(`[data-testid="name-${where}"]`, (e) => e.scrollWidth);
    expect(b.w, `${where} name width`).toBeGreaterThanOrEqual(Math.min(full, 40));
    expect(b.hgt, `${where} name height`).toBeGreaterThan(8);
    const text = await page.textContent(`[data-testid="name-${where}"]`);
    expect(text?.length ?? 0).toBeGreaterThan(0);
  }
}

beforeAll(async () => {
  await rm(SHOTS, { recursive: true, force: true });
  await mkdir(SHOTS, { recursive: true });
  h = await startHarness(sharedClient(), PHONE);
  await h.page.goto(at("#/"));
  await setSettings(h.page, { speed: "fast" });
  await h.page.evaluate(() =>
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: "Aigerim", avatar: "🦉", photo: null })),
  );
  await h.page.reload();
}, 120_000);

afterAll(async () => {
  await h?.close();
  await writeFile(join(SHOTS, "sizes.json"), `${JSON.stringify(measured, null, 1)}\n`);
  process.stdout.write(`phone screenshots and sizes.json in ${SHOTS}\n`);
});

describe("on a phone and a desktop", () => {
  test("togyz on an upright phone: the board fills the width, pits of 48 px or more, counts and numbers readable", async () => {
    const page = h.page;
    await newGame(page, "togyz", "Computer");
    await legalShown(page);
    await shot(page, "play-togyz");
    expect(await page.$(".board-wrap.turned")).not.toBeNull();
    const board = await box(page, ".board");
    expect(board.w).toBeGreaterThanOrEqual(0.85 * PHONE.width);
    const pits = await boxes(page, "[data-pit]");
    expect(pits).toHaveLength(18);
    note("togyz phone board width / screen width %", (100 * board.w) / PHONE.width);
    note("togyz phone pit px (medium)", Math.min(...pits.map((p) => p.w)));
    note("togyz pit number contrast", await contrastOf(page, ".pit-no"));
    note("togyz count contrast", await contrastOf(page, ".cell .count"));
    for (const p of pits) {
      expect(Math.min(p.w, p.hgt)).toBeGreaterThanOrEqual(48);
      expect(p.l).toBeGreaterThanOrEqual(0);
      expect(p.r).toBeLessThanOrEqual(PHONE.width);
      expect(p.b).toBeLessThanOrEqual(PHONE.height);
    }
    // Every control is on screen, under the board.
    for (const c of await boxes(page, ".controls button")) expect(c.b).toBeLessThanOrEqual(PHONE.height);
    // Counts and pit numbers: at least 12 px and a contrast of 4.5:1 or more.
    expect(await contrastOf(page, ".pit-no")).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, ".cell .count")).toBeGreaterThanOrEqual(4.5);
    const font = await page.$eval(".pit-no", (e) => parseFloat(getComputedStyle(e).fontSize));
    expect(font).toBeGreaterThanOrEqual(12);
    // The counts sit beside their pits and inside the board, not over another pit.
    const counts = await boxes(page, ".cell .count");
    for (let i = 0; i < counts.length; i++) {
      expect(counts[i].l).toBeGreaterThanOrEqual(board.l);
      expect(counts[i].r).toBeLessThanOrEqual(board.r);
      for (const p of pits) expect(overlaps(counts[i], p)).toBe(false);
    }
    await namesVisible(page);
    // Held sideways the board lies flat and still fits, with pits of 48 px or more.
    await page.setViewportSize(SIDEWAYS);
    try {
      await page.waitForTimeout(100);
      await shot(page, "play-togyz-sideways");
      expect(await page.$(".board-wrap.turned")).toBeNull();
      for (const p of await boxes(page, "[data-pit], [data-store], .controls button")) {
        expect(Math.min(p.w, p.hgt)).toBeGreaterThanOrEqual(44);
        expect(p.b).toBeLessThanOrEqual(SIDEWAYS.height);
        expect(p.r).toBeLessThanOrEqual(SIDEWAYS.width);
      }
      const flat = Math.min(...(await boxes(page, "[data-pit]")).map((p) => p.w));
      note("togyz sideways pit px", flat);
      expect(flat).toBeGreaterThanOrEqual(48);
    } finally {
      await page.setViewportSize(PHONE);
    }
    await page.waitForTimeout(100);
    expect(await page.textContent('[data-testid="name-bottom"]')).toBe("Aigerim");
    expect(await page.textContent('[data-testid="name-top"]')).toBe("Computer (Easy)");
    // Screen readers: natural labels, the computer's side first, then the player's, each by number.
    const labels = await page.$$eval("[data-pit], [data-store]", (els) => els.map((e) => e.getAttribute("aria-label")));
    expect(labels[0]).toBe("Computer's kazan, 0 stones");
    expect(labels[1]).toBe("Computer's pit 1, 9 stones");
    expect(labels[10]).toBe("Your pit 1, 9 stones, can be sown");
    expect(labels[19]).toBe("Your kazan, 0 stones");
  }, 60_000);

  test("the hole size moves the pits within the bounds", async () => {
    const page = h.page;
    await newGame(page, "togyz", "Computer");
    const sizes: Record<string, number> = {};
    for (const hole of ["small", "large"]) {
      await setSettings(page, { speed: "fast", holeSize: hole });
      await page.reload();
      await legalShown(page);
      const pits = await boxes(page, "[data-pit]");
      sizes[hole] = Math.min(...pits.map((p) => p.w));
      note(`togyz phone pit px (${hole})`, sizes[hole]);
      expect(sizes[hole]).toBeGreaterThanOrEqual(48);
      expect((await box(page, ".board")).w).toBeGreaterThanOrEqual(0.85 * PHONE.width);
      for (const p of pits) expect(p.b).toBeLessThanOrEqual(PHONE.height);
    }
    // Upright, Large takes the move list's strip too (the list goes below): visibly larger pits.
    expect(sizes.large).toBeGreaterThanOrEqual(sizes.small + 6);
    // On a desktop the difference is larger still.
    await page.setViewportSize(DESKTOP);
    try {
      const desk: Record<string, number> = {};
      for (const hole of ["small", "large"]) {
        await setSettings(page, { speed: "fast", holeSize: hole });
        await page.reload();
        await legalShown(page);
        desk[hole] = Math.min(...(await boxes(page, "[data-pit]")).map((p) => p.w));
        note(`togyz desktop pit px (${hole})`, desk[hole]);
      }
      expect(desk.small).toBeGreaterThanOrEqual(48);
      expect(desk.large).toBeGreaterThan(desk.small + 15);
      await shot(page, "play-togyz-desktop-large");
      await namesVisible(page);
      expect(await page.$(".board-wrap.turned")).toBeNull();
    } finally {
      await page.setViewportSize(PHONE);
      await setSettings(page, { speed: "fast", holeSize: "medium" });
      await page.reload();
    }
  }, 60_000);

  test("tsoro with 12 holes a row keeps pits of 40 px or more on a phone and a desktop", async () => {
    const page = h.page;
    await newGame(page, "tsoro", "Pass and play", async (p) => {
      await p.click('label.chip:has-text("Classic")');
      const more = p.locator('button[aria-label="More: Board size (holes per row)"]');
      while (await more.isEnabled()) await more.click();
    });
    await legalShown(page);
    await shot(page, "play-tsoro-12");
    // The viewport goes back to the phone even when a check fails, so later tests see the phone.
    try {
      for (const size of [PHONE, DESKTOP, SIDEWAYS]) {
        await page.setViewportSize(size);
        await page.waitForTimeout(100);
        if (size === SIDEWAYS) await shot(page, "play-tsoro-12-sideways");
        const pits = await boxes(page, "[data-pit]");
        expect(pits).toHaveLength(48);
        note(
          `tsoro 12 holes pit px at ${size.width}x${size.height}`,
          Math.min(...pits.map((p) => Math.min(p.w, p.hgt))),
        );
        for (const p of pits) {
          expect(Math.min(p.w, p.hgt), `pit on ${size.width}`).toBeGreaterThanOrEqual(40);
          expect(p.l).toBeGreaterThanOrEqual(0);
          expect(p.r).toBeLessThanOrEqual(size.width);
          expect(p.b).toBeLessThanOrEqual(size.height);
        }
        await namesVisible(page);
      }
    } finally {
      await page.setViewportSize(PHONE);
    }
  }, 60_000);

  test('the turn label waits for the sowing; no "+n" is left when the turn comes back; the move is spoken', async () => {
    const page = h.page;
    await setSettings(page, { speed: "normal" });
    await newGame(page, "togyz", "Computer");
    await legalShown(page);
    // Sample the label, the hand and the flights on every frame from the tap until the player's turn is back.
    await page.evaluate(() => {
      const w = window as unknown as { samples: { label: string; hand: boolean; flights: number; legal: boolean }[] };
      w.samples = [];
      const tick = (): void => {
        w.samples.push({
          label: document.querySelector('[data-testid="turn"]')?.textContent ?? "",
          hand: document.querySelector(".hand") !== null,
          flights: document.querySelectorAll(".flight").length,
          legal: document.querySelector(".pit.legal") !== null,
        });
        if (w.samples.length < 2000) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.click('[data-pit="6"]');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="turn"]')?.textContent === "Computer is thinking…" ||
        document.querySelector('[data-testid="turn"]')?.textContent === "Computer's turn",
    );
    await page.waitForSelector(".pit.legal", { timeout: 20_000 });
    const samples = await page.evaluate(
      () =>
        (window as unknown as { samples: { label: string; hand: boolean; flights: number; legal: boolean }[] }).samples,
    );
    const mine = samples.findIndex((s) => s.hand);
    const changed = samples.findIndex((s) => s.label !== "Your turn");
    expect(mine).toBeGreaterThanOrEqual(0);
    expect(changed).toBeGreaterThan(mine);
    // While the player's own sowing is shown the label still says so; it changes once the hand is gone.
    expect(samples.slice(mine, changed).every((s) => s.label === "Your turn")).toBe(true);
    expect(samples[changed].hand).toBe(false);
    // Whenever the pits take a move again, nothing is still flying.
    expect(samples.filter((s) => s.legal && s.flights > 0)).toEqual([]);
    expect(await page.textContent('p.sr-only[aria-live="polite"]')).toMatch(
      /^Computer sowed from pit [1-9]( and captured \d+ stones?)?\.$/,
    );
    await setSettings(page, { speed: "fast" });
  }, 60_000);

  test("results: who forfeited, the final score and the number of moves, singular and plural", async () => {
    const page = h.page;
    await page.reload();
    await newGame(page, "ayo", "Computer");
    const first = (await legalShown(page))[0];
    await shot(page, "play-ayo");
    await page.click(`[data-pit="${first}"]`);
    await page.waitForFunction(
      () => (JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]")[0]?.moves.length ?? 0) >= 1,
    );
    await page.click('button[aria-label="Forfeit"]');
    await page.click('[role="dialog"] button:has-text("Forfeit this game")');
    await page.waitForSelector('[data-testid="results"]');
    const moves = Number(
      (await page.evaluate(
        () => JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]")[0].moves.length,
      )) as number,
    );
    expect(await page.textContent("#results-title")).toBe("The computer won");
    expect(await page.textContent('[data-testid="reason"]')).toBe("You forfeited.");
    expect(await page.textContent('[data-testid="moves"]')).toBe(moves === 1 ? "1 move" : `${moves} moves`);
    expect(await page.textContent('[data-testid="final-score"]')).toMatch(
      /^Final score: you \d+ seeds?, the computer \d+ seeds?$/,
    );
    expect(await page.textContent('[data-testid="results"]')).not.toMatch(/series/i);
    await shot(page, "results-forfeit");

    // Pass and play: the player who gives up is named; one move makes "1 move".
    await newGame(page, "togyz", "Pass and play", async (p) => p.fill('input[type="text"]', "Bisi"));
    await page.click('[data-pit="0"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="turn"]')?.textContent === "Bisi's turn");
    await page.click('button[aria-label="Forfeit"]');
    await page.click('[role="dialog"] button:has-text("Forfeit this game")');
    await page.waitForSelector('[data-testid="results"]');
    expect(await page.textContent("#results-title")).toBe("Aigerim won!");
    expect(await page.textContent('[data-testid="reason"]')).toBe("Bisi forfeited.");
    expect(await page.textContent('[data-testid="moves"]')).toBe("1 move");
    expect(await page.textContent('[data-testid="final-score"]')).toBe("Final score: Aigerim 0 stones, Bisi 0 stones");
  }, 60_000);

  test('Resume: one deletion can be undone, "Delete all" asks first and can be undone too', async () => {
    const page = h.page;
    await newGame(page, "ayo", "Pass and play");
    await newGame(page, "tsoro", "Pass and play");
    await page.goto(at("#/resume"));
    await page.waitForSelector('[data-testid="saved-game"]');
    await shot(page, "resume");
    const stored = async (): Promise<number> =>
      page.evaluate(() => JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]").length as number);
    const before = await page.locator('[data-testid="saved-game"]').count();
    const kept = await stored();
    expect(before).toBeGreaterThanOrEqual(2);
    await page.locator('[data-testid="saved-game"] button[aria-label^="Delete"]').first().click();
    expect(await page.locator('[data-testid="saved-game"]').count()).toBe(before - 1);
    expect(await page.textContent('[data-testid="undo-toast"]')).toContain("deleted");
    await shot(page, "resume-undo");
    await page.click('[data-testid="undo-toast"] button:has-text("Undo")');
    expect(await page.locator('[data-testid="saved-game"]').count()).toBe(before);
    expect(await stored()).toBe(kept);

    await page.click('button:has-text("Delete all")');
    await page.waitForSelector('[role="dialog"]:has-text("Delete all saved games?")');
    await shot(page, "resume-confirm");
    await page.click('[role="dialog"] button:has-text("Keep them")');
    expect(await page.locator('[data-testid="saved-game"]').count()).toBe(before);
    await page.click('button:has-text("Delete all")');
    await page.click('[role="dialog"] button:has-text("Delete all")');
    expect(await page.locator('[data-testid="saved-game"]').count()).toBe(0);
    await page.click('[data-testid="undo-toast"] button:has-text("Undo")');
    expect(await page.locator('[data-testid="saved-game"]').count()).toBe(before);
    expect(await stored()).toBe(kept);
    // Without undo, leaving the screen writes the deletion.
    await page.locator('[data-testid="saved-game"] button[aria-label^="Delete"]').first().click();
    await page.goto(at("#/"));
    expect(await stored()).toBe(kept - 1);
  }, 60_000);

  test("a lesson on a phone: its question and the board are on screen together", async () => {
    const page = h.page;
    await page.goto(at("#/lessons"));
    await shot(page, "lessons");
    await page.click('button.menu-item:has-text("Capture seven seeds")');
    await page.waitForSelector('[data-testid="lesson-question"]');
    await shot(page, "lesson");
    const question = await box(page, '[data-testid="lesson-question"]');
    expect(question.t).toBeGreaterThanOrEqual(0);
    expect(question.b).toBeLessThanOrEqual(PHONE.height);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      const q = await box(page, '[data-testid="lesson-question"]');
      expect(q.t).toBeGreaterThanOrEqual(0);
      for (const p of await boxes(page, "[data-pit]")) {
        expect(p.t).toBeGreaterThan(q.b);
        expect(p.b).toBeLessThanOrEqual(size.height);
        expect(Math.min(p.w, p.hgt)).toBeGreaterThanOrEqual(40);
      }
    }
    await shot(page, "lesson-desktop");
    await page.setViewportSize(PHONE);
  }, 30_000);

  test("every other screen on the phone: nothing wider than the screen", async () => {
    const page = h.page;
    for (const [name, hash] of [
      ["menu", "#/"],
      ["new-game", "#/new"],
      ["settings", "#/settings"],
      ["profile", "#/profile"],
      ["rules", "#/rules"],
      ["online", "#/online"],
      ["join", "#/join"],
      ["ranked", "#/ranked"],
      ["lobby", "#/lobby/tsoro-wta"],
      ["challenge", `#/challenge/${"A".repeat(43)}`],
      ["leaderboard", "#/leaderboard"],
    ] as const) {
      await page.goto(at(hash));
      await page.waitForTimeout(200);
      await shot(page, name);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
    }
  }, 60_000);
});

describe("a friend game on a phone and a desktop", () => {
  let guest: BrowserContext;
  let gdir: string;

  afterAll(async () => {
    await guest?.close().catch(() => undefined);
    if (gdir !== undefined) await rm(gdir, { recursive: true, force: true });
  });

  test("lobby with the board, names, a code that never wraps, chat beside the board on a desktop, a sheet under the score line on a phone", async () => {
    const a = h.page;
    await a.goto(at("#/online"));
    await a.click("label.game-card.fam-togyz");
    await a.click('label.chip:has-text("Single game")');
    await a.click('button:has-text("Create game")');
    await a.waitForSelector('[data-testid="room-code"]');
    expect(await a.textContent('[data-testid="room-setup"]')).toBe(
      "Togyz kumalak · 9 pits a side, 9 stones each · single game",
    );
    await shot(a, "room-lobby");
    const code = ((await a.textContent('[data-testid="room-code"]')) ?? "").trim();
    // The list of open games shows the board too; back to the lobby after.
    const roomHash = await a.evaluate(() => location.hash);
    await a.goto(at("#/online"));
    expect(await a.textContent('[data-testid="open-game-board"]')).toBe(
      "Togyz kumalak · 9 pits a side, 9 stones each · single game",
    );
    await shot(a, "online-open-games");
    await a.goto(at(roomHash));
    await a.waitForSelector('[data-testid="room-code"]');

    gdir = await mkdtemp(join(tmpdir(), "mancala-guest-"));
    guest = await chromium.launchPersistentContext(gdir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: DESKTOP,
    });
    const b = guest.pages()[0] ?? (await guest.newPage());
    await b.goto(at("#/"));
    await b.evaluate(() => {
      localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
      localStorage.setItem(
        "mancala.profile.v1",
        JSON.stringify({ name: "Bolatbek Nurlanuly", avatar: "🐎", photo: null }),
      );
    });
    await b.reload();
    await b.goto(at(`#/join/${code}`));
    await b.click('button:has-text("Join")');
    await a.waitForSelector('[data-testid="join-request"]', { timeout: 30_000 });
    await a.click('button:has-text("Let in")');
    await a.waitForSelector(".board", { timeout: 30_000 });
    await b.waitForSelector(".board", { timeout: 30_000 });

    // Names: both shown; on a phone the long one takes a second line rather than being cut, its full text also in the title.
    await a.waitForSelector('[data-testid="name-top"]:has-text("Bolatbek")', { timeout: 10_000 }).catch(async () => {
      await shot(a, "debug-names");
      throw new Error(`score line: ${await a.textContent('[data-testid="score-line"]')}`);
    });
    await namesVisible(a);
    expect(await a.textContent('[data-testid="name-top"]')).toBe("Bolatbek Nurlanuly");
    expect(await a.getAttribute('[data-testid="name-top"]', "title")).toBe("Bolatbek Nurlanuly");
    expect(
      await a.$eval(
        '[data-testid="name-top"]',
        (e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1,
      ),
    ).toBe(true);
    // The code in the header is on one line.
    const codeBox = await box(a, '[data-testid="header-code"]');
    const lineHeight = await a.$eval('[data-testid="header-code"]', (e) => parseFloat(getComputedStyle(e).lineHeight));
    expect(codeBox.hgt).toBeLessThan(lineHeight * 1.5);

    // A chat line from the guest, then the owner reads it.
    await b.click('[data-testid="chat-button"]');
    await b.fill('input[aria-label="Message"]', "salem!");
    await b.click('button[aria-label="Send"]');
    await a.waitForSelector('[data-testid="unread"]', { timeout: 10_000 });

    const ownRow = async (page: Page): Promise<Box[]> => boxes(page, ".pit.mine, .store.mine");
    for (const [page, size, name] of [
      [a, PHONE, "phone"],
      [b, DESKTOP, "desktop"],
      [a, DESKTOP, "desktop-owner"],
      [b, PHONE, "phone-guest"],
    ] as const) {
      await page.setViewportSize(size);
      if ((await page.$('[data-testid="chat"]')) === null) await page.click('[data-testid="chat-button"]');
      await page.waitForSelector('[data-testid="chat-line"]:has-text("salem!")');
      await page.waitForTimeout(150);
      await shot(page, `room-chat-${name}`);
      const chat = await box(page, '[data-testid="chat"]');
      const mine = await ownRow(page);
      expect(mine.length).toBe(10);
      for (const p of mine) {
        // A desktop's chat is beside the board; a phone's is a sheet over the board (table-sizes.test.ts).
        if (size === DESKTOP) expect(overlaps(chat, p), `chat over the player's own row on ${name}`).toBe(false);
        expect(p.b).toBeLessThanOrEqual(size.height);
        expect(p.r).toBeLessThanOrEqual(size.width);
      }
      if (size === DESKTOP) {
        // Beside the board, with the whole board clear of it.
        expect(chat.l).toBeGreaterThanOrEqual((await box(page, ".board")).r);
        const pits = await boxes(page, "[data-pit]");
        expect(Math.min(...pits.map((p) => p.w))).toBeGreaterThanOrEqual(48);
      } else {
        // The sheet runs from under the score line (the names and the turn stay in view) to the bottom.
        expect(chat.b).toBeGreaterThan(size.height - 2);
        expect(chat.t).toBeGreaterThanOrEqual((await box(page, ".score-line")).b);
      }
      await namesVisible(page);
    }
    // Read chat stays read: closed, reloaded, and continued from Resume, the badge does not come back.
    await a.click('button[aria-label="Close chat"]');
    expect(await a.$('[data-testid="unread"]')).toBeNull();
    await a.reload();
    await a.waitForSelector(".board", { timeout: 30_000 });
    await a.waitForSelector('[data-testid="presence"].online', { timeout: 30_000 });
    await a.waitForTimeout(500);
    expect(await a.$('[data-testid="unread"]')).toBeNull();
    await shot(a, "room-board");

    // The owner sows: the label does not move to the friend while the owner's sowing is shown.
    await a.evaluate(() => {
      const w = window as unknown as { samples: { label: string; hand: boolean }[] };
      w.samples = [];
      const tick = (): void => {
        w.samples.push({
          label: document.querySelector('[data-testid="turn"]')?.textContent ?? "",
          hand: document.querySelector(".hand") !== null,
        });
        if (w.samples.length < 600) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await a.click('[data-pit="0"]');
    await a.waitForFunction(
      () => document.querySelector('[data-testid="turn"]')?.textContent === "Bolatbek Nurlanuly's turn",
      undefined,
      { timeout: 10_000 },
    );
    await b.waitForSelector(".pit.legal", { timeout: 10_000 });
    const samples = await a.evaluate(
      () => (window as unknown as { samples: { label: string; hand: boolean }[] }).samples,
    );
    const sown = samples.findIndex((x) => x.hand);
    const handed = samples.findIndex((x) => x.label === "Bolatbek Nurlanuly's turn");
    expect(sown).toBeGreaterThanOrEqual(0);
    expect(handed).toBeGreaterThan(sown);
    expect(samples.slice(handed).some((x) => x.hand)).toBe(false);
    // Screen readers on both sides hear the move in one sentence.
    expect(await a.textContent('[data-testid="said"]')).toBe("You sowed from pit 1.");
    await b.waitForFunction(
      () => document.querySelector('[data-testid="said"]')?.textContent === "Aigerim sowed from pit 1.",
      undefined,
      { timeout: 5_000 },
    );

    // The guest forfeits: each side is told who did, with the score and the moves; a single game is not a series.
    await b.setViewportSize(PHONE);
    await b.click('button[aria-label="Close chat"]');
    await b.click('button[aria-label="Forfeit"]');
    await b.click('[role="dialog"] button:has-text("Forfeit this game")');
    await a.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    await b.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    expect(await a.textContent("#room-result")).toBe("You won!");
    expect(await a.textContent('[data-testid="reason"]')).toBe("Bolatbek Nurlanuly forfeited.");
    expect(await b.textContent('[data-testid="reason"]')).toBe("You forfeited.");
    expect(await a.textContent('[data-testid="moves"]')).toBe("1 move");
    expect(await b.textContent('[data-testid="final-score"]')).toBe("Final score: you 0 stones, Aigerim 0 stones");
    // The stones each side collected, as on a local game's results.
    expect(await a.textContent('[data-testid="stones-me"]')).toBe("0");
    expect(await a.textContent('[data-testid="stones-them"]')).toBe("0");
    await shot(a, "room-results");
    await a.click('button:has-text("See the board")');
    expect(await a.textContent('[data-testid="turn"]')).toBe("Game over");
  }, 120_000);
});
