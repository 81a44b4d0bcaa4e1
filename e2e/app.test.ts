/**
 * The rest of the client in Chromium against the local server: pass and play, reload and Resume,
 * settings and profile across a reload, and a lesson solved.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { newGame, play, toMove, type State } from "../core/games/index.js";
import { measureClient } from "./bundle.js";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

let h: Harness;
/** A 2×2 PNG, written out here so no picture file is kept in the repository. */
const PNG_2X2 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";
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

/** Pit counts as the board shows them, by board index. */
async function shownBoard(page: Page): Promise<number[]> {
  return page.$$eval("[data-pit]", (els) =>
    els
      .map((e) => [Number((e as HTMLElement).dataset.pit), Number((e as HTMLElement).dataset.count)] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, c]) => c),
  );
}

async function legalShown(page: Page): Promise<number[]> {
  await page.waitForSelector(".pit.legal", { timeout: 20_000 });
  return page.$$eval(".pit.legal", (els) =>
    els.map((e) => Number((e as HTMLElement).dataset.pit)).sort((a, b) => a - b),
  );
}

describe("in Chromium against the local server", () => {
  test("pass and play: each move is shown as the rules make it, and the board turns to the player to move", async () => {
    const page = h.page;
    await page.goto(at("#/new"));
    await page.click("label.game-card.fam-ayo");
    await page.click('label.chip:has-text("Pass and play")');
    await page.fill('input[type="text"]', "Bisi");
    await page.click('label.chip:has-text("Single game")');
    await page.click("text=Start match");
    await page.waitForSelector(".board");

    const start = newGame("ayo", { vsComputer: false });
    if (!start.ok) throw new Error(start.error.message);
    let s: State = start.value;
    for (let i = 0; i < 8; i++) {
      const legal = await legalShown(page);
      const seat = toMove(s);
      // The player to move sees their own pits along the bottom and only those glow.
      expect(legal.every((p) => (seat === 0 ? p < 6 : p >= 6))).toBe(true);
      expect(await page.textContent('[data-testid="turn"]')).toBe(`${seat === 0 ? "Player 1" : "Bisi"}'s turn`);
      const pit = legal[(i * 5) % legal.length];
      if (i === 0) {
        // Keyboard play: focusing a pit previews where its last seed lands; Enter sows it.
        await page.focus(`[data-pit="${pit}"]`);
        const landing = await page.$$eval(".pit.landing", (els) =>
          els.map((e) => Number((e as HTMLElement).dataset.pit)),
        );
        const trace = play(s, pit + 1);
        if (!trace.ok) throw new Error(trace.error.message);
        const sows = trace.value.trace.filter((e) => e.t === "sow");
        expect(landing).toEqual([(sows.at(-1) as { pit: number }).pit]);
        await page.keyboard.press("Enter");
      } else {
        await page.click(`[data-pit="${pit}"]`);
      }
      const r = play(s, pit + 1);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
      if (i < 7) await page.waitForSelector(".pit.legal", { timeout: 20_000 });
      else await page.waitForFunction(() => document.querySelector(".hand") === null);
      expect(await shownBoard(page)).toEqual(Array.from(s.buf.subarray(0, 12)));
    }
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]")[0]);
    expect(saved.setup.opponent).toBe("local");
    expect(saved.names).toEqual(["Player 1", "Bisi"]);
    expect(saved.moves.length).toBe(8);
  }, 90_000);

  test("a reload mid-game, then Resume continues the same game", async () => {
    const page = h.page;
    await page.goto(at("#/new"));
    await page.click("label.game-card.fam-togyz");
    await page.click('label.chip:has-text("Computer")');
    await page.click('label.chip:has-text("Easy")');
    await page.click("text=Start match");
    for (const pit of [2, 6]) {
      await legalShown(page);
      await page.click(`[data-pit="${pit}"]`);
    }
    await legalShown(page);
    const before = await shownBoard(page);
    const id = await page.evaluate(() => location.hash.split("/")[2]);
    await page.reload();
    await page.goto(at("#/"));
    await page.click('button.menu-item:has-text("Resume")');
    await page.waitForSelector('[data-testid="saved-game"]');
    const item = page.locator('[data-testid="saved-game"]', { hasText: "Togyz kumalak" }).first();
    expect(await item.textContent()).toContain("4 moves");
    await item.locator("text=Continue").click();
    await page.waitForSelector(".board");
    expect(await page.evaluate(() => location.hash)).toBe(`#/play/${id}`);
    expect(await legalShown(page)).toEqual((await legalShown(page)).filter((p) => p < 9));
    expect(await shownBoard(page)).toEqual(before);
    // The last move (the computer's) is still marked, and play goes on.
    expect(
      await page.$$eval(".pit.last", (els) => els.map((e) => Number((e as HTMLElement).dataset.pit))),
    ).toHaveLength(1);
    const legal = await legalShown(page);
    await page.click(`[data-pit="${legal[0]}"]`);
    await page.waitForFunction(
      () => (JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]")[0]?.moves.length ?? 0) >= 6,
    );
    // Deleting it removes it from Resume.
    await page.goto(at("#/resume"));
    const count = await page.locator('[data-testid="saved-game"]').count();
    await page
      .locator('[data-testid="saved-game"]', { hasText: "Togyz kumalak" })
      .first()
      .locator('button[aria-label^="Delete"]')
      .click();
    expect(await page.locator('[data-testid="saved-game"]').count()).toBe(count - 1);
    // The deletion can be taken back for a few seconds; leaving the screen writes it.
    expect(await page.textContent('[data-testid="undo-toast"]')).toBe("Togyz kumalak deleted.Undo");
    const stored = (): Promise<number> =>
      page.evaluate(() => JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]").length as number);
    const kept = await stored();
    await page.goto(at("#/"));
    expect(await stored()).toBe(kept - 1);
  }, 90_000);

  test("settings and profile survive a reload", async () => {
    const page = h.page;
    await page.goto(at("#/settings"));
    await page.click('label.chip:has-text("Dark")');
    await page.click('label.chip:has-text("Shells")');
    await page.click('label.chip:has-text("Large")');
    await page.click('fieldset:has(legend:text("Hand")) label.chip:has-text("Dark")');
    await page.click('fieldset:has(legend:text("Sound")) label.chip:has-text("Off")');
    // Own photo as background: a picture made on the spot (a 2×2 PNG), downscaled and kept.
    await page.setInputFiles('input[aria-label="Background photo"]', {
      name: "steppe.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_2X2, "base64"),
    });
    await page.waitForSelector('fieldset:has(legend:text("Background")) label.chip.on:has-text("My photo")');
    await page.goto(at("#/profile"));
    await page.setInputFiles('input[aria-label="Profile photo"]', {
      name: "me.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_2X2, "base64"),
    });
    await page.waitForSelector(".profile-top .avatar img");
    await page.click('label.avatar-pick:has([aria-label="Avatar 🦉"])');
    await page.fill('[data-testid="profile-name"]', "Aigerim");
    await page.press('[data-testid="profile-name"]', "Tab");
    await page.click('label.avatar-pick:has([aria-label="Avatar 🐎"])');

    await page.reload();
    await page.goto(at("#/settings"));
    const on = async (legend: string): Promise<string | null> =>
      page.textContent(`fieldset:has(legend:text("${legend}")) label.chip.on`);
    expect(await on("Theme")).toBe("Dark");
    expect(await on("Counters")).toBe("Shells");
    expect(await on("Hole size")).toBe("Large");
    expect(await on("Background")).toBe("My photo");
    expect(await page.evaluate(() => document.body.style.getPropertyValue("--backdrop"))).toContain("data:image/jpeg");
    expect(await on("Hand")).toBe("Dark");
    expect(await on("Sound")).toBe("Off");
    expect(await on("Speed")).toBe("Fast");
    expect(await page.getAttribute("html", "data-theme")).toBe("dark");
    await page.goto(at("#/profile"));
    expect(await page.inputValue('[data-testid="profile-name"]')).toBe("Aigerim");
    expect(await page.locator("label.avatar-pick.on").textContent()).toBe("🐎");
    await page.goto(at("#/"));
    expect(await page.textContent(".player-chip")).toContain("Aigerim");
    // Suggest an improvement: the local server takes it.
    await page.goto(at("#/profile"));
    await page.fill("textarea", "Please add a clock for blitz togyz games");
    await page.click('button:has-text("Send")');
    expect(await page.textContent("p.note:has-text('suggestion')")).toContain("Thank you");
  }, 60_000);

  test("a lesson is solved: predict, tap, read the worked answer", async () => {
    const page = h.page;
    await page.goto(at("#/lessons"));
    await page.click('button.menu-item:has-text("Capture seven seeds")');
    await page.waitForSelector('[data-testid="lesson"]');
    expect(await page.$$(".pit.legal")).toHaveLength(0);
    await page.click('.chips button.chip:has-text("7")');
    const legal = await legalShown(page);
    expect(legal).toContain(5);
    expect(await page.getAttribute('[data-pit="5"]', "class")).toContain("target");
    await page.click('[data-pit="5"]');
    await page.waitForSelector('[data-testid="lesson-result"]');
    const result = await page.textContent('[data-testid="lesson-result"]');
    expect(result).toContain("Right!");
    expect(result).toContain("the answer is 7");
    // Pits 7–9 were captured into the mover's store: 0 + 7.
    expect(await shownBoard(page)).toEqual([4, 4, 4, 4, 4, 0, 0, 0, 0, 4, 4, 4]);
    expect(await page.textContent('[data-store="0"] .count')).toBe("7");
    // Nothing is saved by a lesson.
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("lesson")));
    expect(keys).toEqual([]);
    expect(h.errors).toEqual([]);
  }, 60_000);

  test("on a phone held upright the togyz board turns and everything fits on the screen", async () => {
    const page = h.page;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      // Medium holes, the default (a test above chose Large, which on a phone takes the whole height
      // for the board and moves the move list and the controls below it: e2e/phoneboard.test.ts).
      await page.goto(at("#/settings"));
      await page.click('fieldset:has(legend:text("Hole size")) label.chip:has-text("Medium")');
      await page.goto(at("#/new"));
      await page.click("label.game-card.fam-togyz");
      await page.click('label.chip:has-text("Computer")');
      await page.click("text=Start match");
      await legalShown(page);
      expect(await page.$(".board-wrap.turned")).not.toBeNull();
      const boxes = await page.$$eval("[data-pit], [data-store], .controls button", (els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return [r.left, r.top, r.right, r.bottom];
        }),
      );
      expect(boxes.length).toBe(18 + 2 + 5);
      for (const [l, t, r, b] of boxes) {
        expect(l).toBeGreaterThanOrEqual(0);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(390);
        expect(b).toBeLessThanOrEqual(844);
      }
      // The player's row is on the left (pits 1..9 top to bottom), their kazan at the bottom.
      const mine = await page.$$eval("[data-pit]", (els) =>
        els.filter((e) => Number((e as HTMLElement).dataset.pit) < 9).map((e) => e.getBoundingClientRect().left),
      );
      const theirs = await page.$$eval("[data-pit]", (els) =>
        els.filter((e) => Number((e as HTMLElement).dataset.pit) >= 9).map((e) => e.getBoundingClientRect().left),
      );
      expect(Math.max(...mine)).toBeLessThan(Math.min(...theirs));
      const kazan = await page.$eval('[data-store="0"]', (e) => e.getBoundingClientRect().top);
      const pit9 = await page.$eval('[data-pit="8"]', (e) => e.getBoundingClientRect().bottom);
      expect(kazan).toBeGreaterThan(pit9);
    } finally {
      await page.setViewportSize({ width: 1100, height: 800 });
    }
  }, 60_000);

  test("the first page loads under 60 KB of gzipped JavaScript (the AI worker comes later)", () => {
    const sizes = measureClient(h.dist);
    expect(sizes.initialJs).toBeGreaterThan(5_000);
    expect(sizes.initialJs).toBeLessThan(60_000);
    expect(sizes.worker).toBeGreaterThan(0);
  });
});
