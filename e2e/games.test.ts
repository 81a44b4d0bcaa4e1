/**
 * A whole game against Easy in each of the four rule sets, at fast speed, through the real client
 * served by the local server in Chromium, to the results screen. The result shown must be what the
 * rules engine makes of the moves the client saved.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { newGame, playAll, toMove, view } from "../core/games/index.js";
import { endSentence, movesText } from "../web/src/present/results.js";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness(sharedClient());
  // Whole games: the system's reduced-motion setting shows each move at once (no seed-by-seed hops).
  await h.page.emulateMedia({ reducedMotion: "reduce" });
  await h.page.goto(h.url);
  await h.page.evaluate(() =>
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false })),
  );
  await h.page.reload();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Plays legal pits (a fixed pseudo-random choice) until the results screen shows. */
export async function playToResults(page: Page, seed: number): Promise<number> {
  let x = seed;
  let clicks = 0;
  for (;;) {
    await page.waitForSelector('[data-testid="results"], .pit.legal', { timeout: 30_000 });
    if ((await page.$('[data-testid="results"]')) !== null) return clicks;
    const pits = await page.$$(".pit.legal");
    if (pits.length === 0) continue;
    x = (x * 1103515245 + 12345) % 2147483648;
    try {
      await pits[x % pits.length].click({ timeout: 10_000 });
    } catch (e) {
      // The board re-rendered between the query and the click (the computer moved): look again.
      if (/not attached|detached/i.test(String(e))) continue;
      throw e;
    }
    clicks++;
    if (clicks > 600) throw new Error("game did not end");
  }
}

async function startAgainstEasy(
  page: Page,
  family: string,
  setup: (p: Page) => Promise<void> = async () => undefined,
): Promise<void> {
  await page.goto(new URL("#/new", h.url).toString());
  await page.click(`label.game-card.fam-${family}`);
  await setup(page);
  await page.click('label.chip:has-text("Computer")');
  await page.click('label.chip:has-text("Easy")');
  await page.click('label.chip:has-text("Single game")');
  await page.click('label.chip:has-text("Fast")');
  await page.click("text=Start match");
  await page.waitForSelector(".board");
}

const smallTsoro =
  (mode: string) =>
  async (page: Page): Promise<void> => {
    await page.click(`label.chip:has-text("${mode}")`);
    // New game starts from the last setup: step down to 4 holes and 1 seed whatever it was.
    for (const label of ["Fewer: Board size (holes per row)", "Fewer: Seeds per hole"]) {
      const b = page.locator(`button[aria-label="${label}"]`);
      while (await b.isEnabled()) await b.click();
    }
  };

describe("a whole game against Easy, fast speed, to the results", () => {
  test.each([
    ["togyz", "togyz", undefined],
    ["ayo", "ayo", undefined],
    ["tsoro-classic", "tsoro", smallTsoro("Classic")],
    ["tsoro-wta", "tsoro", smallTsoro("Winner Takes All")],
  ] as const)(
    "%s",
    async (game, family, setup) => {
      const page = h.page;
      await startAgainstEasy(page, family, setup);
      const clicks = await playToResults(page, game.length * 7919);
      expect(clicks).toBeGreaterThan(0);

      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]")[0]);
      expect(saved.setup.game).toBe(game);
      if (family === "tsoro") expect(saved.setup).toMatchObject({ holes: 4, seeds: 1 });
      const start = newGame(
        game,
        game === "ayo" ? { vsComputer: true } : family === "tsoro" ? { holes: 4, seeds: 1 } : undefined,
      );
      if (!start.ok) throw new Error(start.error.message);
      const end = playAll(start.value, saved.moves);
      if (!end.ok) throw new Error(end.error.message);
      const v = view(end.value);
      expect(v.result).not.toBeNull();

      const text = (id: string) => page.textContent(`[data-testid="${id}"]`);
      expect(await text("reason")).toBe(
        endSentence({
          game,
          reason: v.result!.reason,
          names: ["You", "The computer"],
          winner: v.result!.winner,
          toMove: toMove(end.value),
        }),
      );
      expect(await text("moves")).toBe(movesText(v.moveCount));
      const stones = (seat: 0 | 1): number =>
        game === "tsoro-wta" ? v.board.slice(seat * 8, seat * 8 + 8).reduce((a, b) => a + b, 0) : v.stores[seat];
      expect(Number(await text("stones-0"))).toBe(stones(0));
      expect(Number(await text("stones-1"))).toBe(stones(1));
      const title = await page.textContent("#results-title");
      expect(title).toBe(v.result!.winner === null ? "Draw" : v.result!.winner === 0 ? "You won!" : "The computer won");
      expect(Number(await text("stat-wins"))).toBe(v.result!.winner === 0 ? 1 : 0);
      // The stats for this game and level count this one game.
      const stats = await page.evaluate(() => JSON.parse(localStorage.getItem("mancala.stats.v1") ?? "{}"));
      const rec = stats[`${game}/easy`];
      expect(rec.wins + rec.losses + rec.draws).toBe(1);
      expect(h.errors).toEqual([]);
    },
    150_000,
  );
});
