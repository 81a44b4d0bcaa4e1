/**
 * Driving the client in a chosen language without reading its words: a fresh browser context whose
 * languages are `tag` (so the first visit picks the language), and a computer game set up by the
 * form's structure (names and positions of the controls), never by their English labels.
 */
import type { Browser, Page } from "playwright-core";

export async function openInLanguage(browser: Browser, url: string, tag: string): Promise<Page> {
  const context = await browser.newContext({ locale: tag, viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  await page.goto(new URL("#/", url).toString());
  await page.waitForSelector(".menu-list");
  return page;
}

/** The chip of a choice by position: `name` is the radio group's name. */
async function chip(page: Page, name: string, index: number): Promise<void> {
  await page.locator(`fieldset:has(input[name="${name}"]) label.chip`).nth(index).click();
}

/** From the menu: New game, Tsoro on the smallest board against Easy, one game, fast. */
export async function startSmallTsoro(page: Page): Promise<void> {
  await setUpGame(page, "tsoro");
  for (const i of [0, 1]) {
    const fewer = page.locator(".stepper").nth(i).locator("button").first();
    while (await fewer.isEnabled()) await fewer.click();
  }
}

/** From the menu: New game, `family` (Tsoro Classic) against Easy, one game, fast. */
export async function setUpGame(page: Page, family: "togyz" | "ayo" | "tsoro"): Promise<void> {
  await page.click(".menu-item.primary");
  await page.waitForSelector(".game-cards");
  await page.click(`label.game-card.fam-${family}`);
  if (family === "tsoro") await chip(page, "mode", 0);
  await chip(page, "opponent", 0);
  await chip(page, "level", 0);
  await chip(page, "bestof", 0);
  await chip(page, "speed", 2);
}

export async function startMatch(page: Page): Promise<void> {
  await page.click(".btn.primary.big");
  await page.waitForSelector(".board");
}

/** Plays legal pits (a fixed pseudo-random choice) until the results show; returns the moves made. */
export async function playToResults(page: Page, seed: number): Promise<number> {
  let x = seed;
  let clicks = 0;
  for (;;) {
    await page.waitForSelector('[data-testid="results"], .pit.legal', { timeout: 30_000 });
    if ((await page.$('[data-testid="results"]')) !== null) return clicks;
    const pits = await page.$$(".pit.legal");
    if (pits.length === 0) continue;
    x = (x * 1103515245 + 12345) % 2147483648;
    await pits[x % pits.length].click().catch(() => undefined);
    clicks++;
    if (clicks > 600) throw new Error("game did not end");
  }
}

/** What a reader meets on the screen: its text, its title, and every label read out. */
export async function screenWords(page: Page): Promise<string> {
  // Run in the page (written as text: this module's TypeScript project has no DOM types).
  return page.evaluate<string>(`(() => {
    const labels = [...document.querySelectorAll("[aria-label],[title],[placeholder]")].flatMap((e) =>
      ["aria-label", "title", "placeholder"].map((a) => e.getAttribute(a) ?? ""),
    );
    return [document.title, document.body.innerText, ...labels].join("\\n");
  })()`);
}
