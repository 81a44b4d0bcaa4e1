/**
 * Boards on an upright phone (390×844) in Chromium: each board uses the height the screen leaves it
 * (Ayo and Tsoro stand upright like Togyz, no short board between empty bands), and the hole size
 * setting shows: Small leaves the move list more room, Large takes it for bigger pits, on every game.
 */
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

const PHONE = { width: 390, height: 844 };
const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? join(tmpdir(), "mancala-layout-screenshots"));
let h: Harness;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  h = await startHarness(sharedClient(), PHONE);
}, 120_000);

afterAll(async () => {
  await h?.close();
});

interface Measured {
  /** The smallest pit's width. */
  readonly pit: number;
  /** The board's height and the height of the layout it sits in (board and move list). */
  readonly board: number;
  readonly layout: number;
  /** The move list's box height. */
  readonly side: number;
  /** The bottom of the lowest control under the board (Pause, Menu…). */
  readonly controls: number;
}

async function measure(page: Page): Promise<Measured> {
  await page.waitForSelector(".pit.legal", { timeout: 20_000 });
  await page.waitForTimeout(150);
  return page.evaluate(() => {
    const hOf = (q: string): number => document.querySelector(q)?.getBoundingClientRect().height ?? 0;
    const pits = [...document.querySelectorAll("[data-pit]")].map((e) => e.getBoundingClientRect().width);
    const controls = Math.max(
      ...[...document.querySelectorAll(".controls button")].map((e) => e.getBoundingClientRect().bottom),
    );
    return {
      pit: Math.min(...pits),
      board: hOf(".board"),
      layout: hOf(".board-layout"),
      side: hOf(".board-side"),
      controls,
    };
  });
}

async function start(page: Page, game: "togyz" | "ayo" | "tsoro-classic" | "tsoro-wta", holes = 8): Promise<void> {
  await page.goto(new URL("#/new", h.url).toString());
  await page.click(`label.game-card.fam-${game.startsWith("tsoro") ? "tsoro" : game}`);
  if (game === "tsoro-wta") await page.click('label.chip:has-text("Winner Takes All")');
  if (game === "tsoro-classic") await page.click('label.chip:has-text("Classic")');
  if (game.startsWith("tsoro")) {
    // From the fewest holes up (the form remembers the last game's).
    const fewer = page.locator('button[aria-label="Fewer: Board size (holes per row)"]');
    while (await fewer.isEnabled()) await fewer.click();
    for (let n = 4; n < holes; n++) await page.click('button[aria-label="More: Board size (holes per row)"]');
  }
  const computer = game === "togyz" || game === "ayo";
  await page.click(`label.chip:has-text("${computer ? "Computer" : "Pass and play"}")`);
  if (computer) await page.click('label.chip:has-text("Easy")');
  await page.click('label.chip:has-text("Single game")');
  await page.click("text=Start match");
}

async function withHole(page: Page, hole: "small" | "medium" | "large"): Promise<Measured> {
  await page.evaluate(
    (v) => localStorage.setItem("mancala.settings.v1", JSON.stringify({ sound: false, speed: "fast", holeSize: v })),
    hole,
  );
  await page.reload();
  return measure(page);
}

/**
 * Game, holes a row (Tsoro), smallest pit, and whether the board can fill the height: a Tsoro board
 * of 6 holes lies flat (its pits are larger that way across a phone) and is as wide as the screen.
 */
const CASES = [
  ["togyz", 8, 48, true],
  ["ayo", 8, 44, true],
  ["tsoro-wta", 8, 40, true],
  ["tsoro-classic", 8, 40, true],
  ["tsoro-wta", 6, 40, false],
] as const;

describe("a board on an upright phone", () => {
  for (const [game, holes, floor, fills] of CASES) {
    const name = game.startsWith("tsoro") ? `${game} with ${holes} holes` : game;
    test(`${name}: the board fills the height left to it, and the hole size shows`, async () => {
      const page = h.page;
      await start(page, game, holes);
      const small = await withHole(page, "small");
      await page.screenshot({ path: join(SHOTS, `phone-board-${name.replace(/ /g, "-")}-small.png`) });
      const medium = await withHole(page, "medium");
      const large = await withHole(page, "large");
      await page.screenshot({ path: join(SHOTS, `phone-board-${name.replace(/ /g, "-")}-large.png`) });
      process.stdout.write(
        `${name}: pits small ${small.pit}, medium ${medium.pit}, large ${large.pit}; controls ${small.controls}/${medium.controls}/${large.controls}; layout ${small.layout}/${medium.layout}; `,
      );
      process.stdout.write(`board ${large.board} of ${large.layout} px (large), ${small.board} (small)\n`);
      // Never below the game's smallest pit; each step up larger, Large visibly so.
      expect(small.pit).toBeGreaterThanOrEqual(floor);
      expect(medium.pit).toBeGreaterThan(small.pit);
      // Past Medium only where the height bounds the board (the width bounds a Tsoro board's).
      expect(large.pit).toBeGreaterThanOrEqual(fills && !game.startsWith("tsoro") ? medium.pit + 3 : medium.pit);
      expect(large.pit).toBeGreaterThanOrEqual(small.pit + 8);
      // Small and Medium keep the move list's strip and the controls on screen.
      for (const m of [small, medium]) expect(m.controls).toBeLessThanOrEqual(PHONE.height);
      // Large: the board takes most of the layout (no short board over an empty band), or, lying
      // flat, the whole width with pits of 52 px or more.
      if (fills) expect(large.board).toBeGreaterThanOrEqual(0.7 * large.layout);
      else expect(large.pit).toBeGreaterThanOrEqual(52);
      // The move list keeps a strip, and Small leaves it the room Large takes (a Togyz board at its
      // smallest pits already needs nearly all the height: there Small leaves it the same strip).
      expect(large.side).toBeGreaterThanOrEqual(56);
      expect(small.side).toBeGreaterThanOrEqual(large.side);
      expect(small.board).toBeLessThan(large.board - 40);
      // Nothing sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(h.errors).toEqual([]);
    }, 90_000);
  }
});
