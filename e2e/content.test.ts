/**
 * The lesson, rules and new-game content in Chromium against the local server: a lesson marks the
 * one pit it names (a still ring and arrow, also with reduced motion), explains a tap elsewhere and
 * sows nothing, shows Ayo's captions and Tsoro's hole numbers; the Ayo capture diagram draws the
 * board after sowing and before the capture; the Hard level's tuzdyk hint is Togyz's alone; and a
 * series score stays on screen on a phone held sideways.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

let h: Harness;
const at = (hash: string): string => new URL(hash, h.url).toString();

beforeAll(async () => {
  h = await startHarness(sharedClient());
  await h.page.goto(at("#/"));
  await h.page.evaluate(() =>
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false })),
  );
  await h.page.reload();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function counts(page: Page, scope: string): Promise<number[]> {
  return page.$$eval(`${scope} [data-pit]`, (els) =>
    els
      .map((e) => [Number((e as HTMLElement).dataset.pit), Number((e as HTMLElement).dataset.count)] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, c]) => c),
  );
}

async function openLesson(page: Page, title: string, prediction: string): Promise<void> {
  await page.goto(at("#/lessons"));
  await page.click(`button.menu-item:has-text("${title}")`);
  await page.waitForSelector('[data-testid="lesson-question"]');
  expect(await page.$$(".target-mark")).toHaveLength(0);
  await page.click(`.chips button.chip:text-is("${prediction}")`);
  await page.waitForSelector('[data-testid="lesson-tap"]');
}

describe("lessons, rules and levels as the product text teaches them", () => {
  test("Ayo: the named pit alone is marked and sowable; another tap explains; the captions are there", async () => {
    const page = h.page;
    await openLesson(page, "Capture seven seeds", "7");
    const legal = await page.$$eval(".pit.legal", (els) => els.map((e) => Number((e as HTMLElement).dataset.pit)));
    expect(legal).toEqual([5]);
    expect(
      await page.$$eval(".target-mark", (els) => els.map((e) => (e.closest("[data-pit]") as HTMLElement).dataset.pit)),
    ).toEqual(["5"]);
    expect(await page.getAttribute('[data-pit="5"]', "aria-label")).toContain("the one to try in this lesson");
    const tap = await page.textContent('[data-testid="lesson-tap"]');
    expect(tap).toContain("Now tap pit 6");
    expect(tap).not.toMatch(/puls/);
    const text = await page.textContent('[data-testid="lesson"]');
    expect(text).toContain("Pits 7–12 · sow right to left");
    expect(text).toContain("Pits 1–6 · sow left to right");
    expect(text).toContain("Your side: pits 1–6. Captured scores before this move: 0–9.");
    const before = await counts(page, '[data-testid="lesson"]');
    // A real tap: the pit is marked as not available to screen readers, so the click is forced.
    await page.click('[data-pit="0"]', { force: true });
    await page.waitForSelector('[data-testid="lesson-tap"]:has-text("That is pit 1")');
    expect(await page.textContent('[data-testid="lesson-tap"]')).toContain("This lesson tries pit 6");
    await page.waitForTimeout(300);
    expect(await counts(page, '[data-testid="lesson"]')).toEqual(before);
    expect(await page.$$('[data-testid="lesson-result"]')).toHaveLength(0);
    await page.click('[data-pit="5"]');
    await page.waitForSelector('[data-testid="lesson-result"]');
    expect(await page.textContent('[data-testid="lesson-result"]')).toContain("the answer is 7");
    expect(h.errors).toEqual([]);
  }, 60_000);

  test("the safe opening offers pit 1 changing, and that is the right answer", async () => {
    const page = h.page;
    await openLesson(page, "Make a safe opening", "Pits 1–5: pit 1 empties, pits 2–5 become 5");
    await page.click('[data-pit="0"]');
    await page.waitForSelector('[data-testid="lesson-result"]');
    const result = await page.textContent('[data-testid="lesson-result"]');
    expect(result).toContain("Right!");
    expect(result).toContain("Pits 2–5 each become 5");
  }, 60_000);

  test("with reduced motion the marker stands still and stays visible", async () => {
    const page = h.page;
    await page.emulateMedia({ reducedMotion: "reduce" });
    try {
      await openLesson(page, "Make it even", "10");
      const mark = await page.$eval(".target-mark", (e) => {
        const s = getComputedStyle(e);
        const arrow = getComputedStyle(e, "::before");
        const r = e.getBoundingClientRect();
        return { anim: s.animationName, border: s.borderTopWidth, w: r.width, arrow: arrow.borderTopWidth };
      });
      expect(mark.anim).toBe("none");
      expect(mark.border).toBe("3px");
      expect(mark.arrow).toBe("12px");
      expect(mark.w).toBeGreaterThan(20);
      const ring = await page.$eval(".pit.target", (e) => getComputedStyle(e, "::after").animationName);
      expect(ring).toBe("none");
      expect(await page.textContent('[data-testid="lesson-tap"]')).toContain("your pit 7");
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  }, 60_000);

  test("Tsoro: the lesson's holes show the numbers its text names", async () => {
    const page = h.page;
    await openLesson(page, "Relay sowing", "2");
    expect(await page.textContent(".lesson-prompt")).toContain("hole 1");
    expect(await page.textContent('[data-testid="lesson-tap"]')).toContain("your hole 1");
    const numbers = await page.$$eval(".cell", (cells) =>
      cells
        .map((c) => [c.querySelector("[data-pit]") as HTMLElement | null, c.querySelector(".pit-no")] as const)
        .filter(([p, n]) => p !== null && n !== null)
        .map(([p, n]) => [Number(p!.dataset.pit), Number(n!.textContent)] as const)
        .sort((a, b) => a[0] - b[0]),
    );
    // The mover's eight holes, numbered in sowing order 1..8; the opponent's are not numbered.
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => [i, i + 1]));
    const target = await page.$eval(".pit.target", (e) => e.parentElement?.querySelector(".pit-no")?.textContent);
    expect(target).toBe("1");
  }, 60_000);

  test("the Ayo capture diagram draws pits 7–9 at 2, 3, 2, as the text says", async () => {
    const page = h.page;
    await page.goto(at("#/rules/ayo"));
    await page.click('[data-testid="capture-diagram"] summary');
    const shown = await counts(page, '[data-testid="capture-diagram"]');
    expect(shown).toEqual([4, 4, 4, 4, 4, 0, 2, 3, 2, 4, 4, 4]);
    const text = await page.textContent('[data-testid="capture-diagram"]');
    expect(text).toContain("changes pits 7–9 to 2, 3 and 2");
    expect(text).toContain("Player two · sow right to left");
    expect(text).toContain("for 7 seeds");
  }, 60_000);

  test("New game: Hard's tuzdyk hint only for Togyz", async () => {
    const page = h.page;
    await page.goto(at("#/new"));
    await page.click('label.chip:has-text("Computer")');
    await page.click('label.chip:has-text("Hard")');
    await page.click("label.game-card.fam-togyz");
    expect(await page.textContent('[data-testid="level-text"]')).toBe(
      "Hard looks seven moves ahead and knows what a tuzdyk is worth.",
    );
    for (const f of ["ayo", "tsoro"]) {
      await page.click(`label.game-card.fam-${f}`);
      const t = await page.textContent('[data-testid="level-text"]');
      expect(t).toMatch(/^Hard looks seven moves ahead/);
      expect(t).not.toMatch(/tuzdyk/i);
    }
  }, 60_000);

  test("a series score stays on screen on a phone held sideways", async () => {
    const page = h.page;
    await page.goto(at("#/new"));
    await page.click("label.game-card.fam-ayo");
    await page.click('label.chip:has-text("Pass and play")');
    await page.click('label.chip:has-text("Best of 3")');
    await page.click("text=Start match");
    await page.waitForSelector(".board");
    try {
      await page.setViewportSize({ width: 844, height: 390 });
      await page.waitForTimeout(200);
      const score = await page.$eval(".series-score", (e) => {
        const r = e.getBoundingClientRect();
        return {
          text: e.textContent,
          l: r.left,
          r: r.right,
          t: r.top,
          b: r.bottom,
          shown: getComputedStyle(e).display,
        };
      });
      expect(score.shown).not.toBe("none");
      expect(score.text).toContain("Best of 3");
      expect(score.t).toBeGreaterThanOrEqual(0);
      expect(score.b).toBeLessThanOrEqual(390);
      expect(score.r - score.l).toBeGreaterThan(40);
      const board = await page.$eval(".board", (e) => e.getBoundingClientRect().top);
      expect(score.b).toBeLessThanOrEqual(board);
    } finally {
      await page.setViewportSize({ width: 1100, height: 800 });
    }
  }, 60_000);
});
