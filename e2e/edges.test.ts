/**
 * The rough edges a new player meets, in Chromium against the local server: a fresh Profile shows
 * no error until something is typed, avatars and the chat's emoji are shipped pictures (they do not
 * depend on the device's emoji font: this machine has none), the credit for those pictures is in
 * Settings, and a board key that cannot act says why.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

let h: Harness;
const at = (hash: string): string => new URL(hash, h.url).toString();

beforeAll(async () => {
  h = await startHarness(sharedClient(), { width: 390, height: 844 });
  await h.page.goto(at("#/"));
  await h.page.evaluate(() =>
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false })),
  );
  await h.page.reload();
}, 180_000);

afterAll(async () => {
  await h?.close();
});

/** Whether the picture in `selector` has loaded and drawn something (some pixel not transparent). */
async function drawn(page: Page, selector: string): Promise<{ loaded: boolean; inked: number; text: string }> {
  await page.waitForFunction((s) => {
    const img = document.querySelector<HTMLImageElement>(s);
    return img !== null && img.complete;
  }, selector);
  return page.$eval(selector, (el) => {
    const img = el as HTMLImageElement;
    const c = document.createElement("canvas");
    c.width = 36;
    c.height = 36;
    const g = c.getContext("2d");
    if (g === null) return { loaded: false, inked: 0, text: "" };
    g.drawImage(img, 0, 0, 36, 36);
    const px = g.getImageData(0, 0, 36, 36).data;
    let inked = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > 0) inked++;
    return { loaded: img.naturalWidth > 0, inked, text: img.parentElement?.textContent ?? "" };
  });
}

describe("rough edges", () => {
  test("a fresh Profile shows no name error; typing a short name shows it, a good one shows the public name", async () => {
    const page = h.page;
    await page.goto(at("#/profile"));
    await page.waitForSelector('[data-testid="profile-name"]');
    expect((await page.textContent('[data-testid="public-name"]'))?.trim()).toBe("");
    await page.fill('[data-testid="profile-name"]', "A");
    expect(await page.textContent('[data-testid="public-name"]')).toContain("That name is too short");
    await page.fill('[data-testid="profile-name"]', "Aigerim");
    expect(await page.textContent('[data-testid="public-name"]')).toContain("Aigerim");
    await page.fill('[data-testid="profile-name"]', "");
    await page.press('[data-testid="profile-name"]', "Tab");
    expect(h.errors).toEqual([]);
  });

  test("avatars are shipped pictures: the profile pill, the profile's avatar and every avatar to pick", async () => {
    const page = h.page;
    // Only the pictures the app shows are in the build, each its own file.
    const svgs = readdirSync(join(h.dist, "assets")).filter((f) => f.endsWith(".svg"));
    expect(svgs.length).toBe(32);

    await page.goto(at("#/"));
    const pill = await drawn(page, ".avatar img.emoji-img");
    expect(pill.loaded).toBe(true);
    expect(pill.inked).toBeGreaterThan(100);
    // No emoji character is left for a font to draw.
    expect(pill.text).toBe("");

    await page.goto(at("#/profile"));
    await page.waitForSelector(".avatar-pick img.emoji-img");
    const picks = await page.$$eval(".avatar-pick img.emoji-img", (els) =>
      els.map((e) => ({ alt: (e as HTMLImageElement).alt, w: e.getBoundingClientRect().width })),
    );
    expect(picks).toHaveLength(12);
    for (const p of picks) {
      expect(p.alt).toMatch(/^Avatar /);
      expect(p.w).toBeGreaterThanOrEqual(20);
    }
    // Picking one by its label still works and shows it as the player's picture.
    await page.getByRole("radio", { name: /🦉/ }).check();
    expect(await page.getAttribute(".profile-top .avatar img.emoji-img", "data-emoji")).toBe("🦉");
    expect((await drawn(page, ".profile-top .avatar img.emoji-img")).inked).toBeGreaterThan(100);
    expect(h.errors).toEqual([]);
  });

  test("Settings names the emoji pictures' licence", async () => {
    const page = h.page;
    await page.goto(at("#/settings"));
    const credit = await page.textContent('[data-testid="credits"]');
    expect(credit).toContain("Twemoji");
    expect(await page.getAttribute('[data-testid="credits"] a', "href")).toBe(
      "https://creativecommons.org/licenses/by/4.0/",
    );
  });

  test("a board key that cannot act says why: U with nothing to undo, H while paused, H after the end", async () => {
    const page = h.page;
    await page.goto(at("#/new"));
    await page.click("label.game-card.fam-ayo");
    await page.click('label.chip:has-text("Computer")');
    await page.click('label.chip:has-text("Single game")');
    await page.click("text=Start match");
    await page.waitForSelector(".pit.legal", { timeout: 20_000 });
    const notice = async (key: string): Promise<string | null> => {
      await page.keyboard.press(key);
      return page.textContent('[data-testid="key-notice"]', { timeout: 5_000 });
    };
    expect(await notice("u")).toBe("There is no move of yours to take back.");
    await page.keyboard.press("p");
    await page.waitForSelector(".pause-veil");
    expect(await notice("h")).toBe("The game is paused: press P to play on.");
    await page.keyboard.press("p");
    await page.click('button[aria-label="Forfeit"]');
    await page.click('button:has-text("Forfeit this game")');
    await page.waitForSelector('[data-testid="results"]', { timeout: 20_000 });
    await page.keyboard.press("Escape");
    expect(await notice("h")).toBe("The game is over.");
    expect(h.errors).toEqual([]);
  });

  test("the translation picker lists readable text with its places named, at once", async () => {
    const page = h.page;
    const setLanguage = async (l: string): Promise<void> => {
      await page.evaluate((lang) => {
        const st = JSON.parse(localStorage.getItem("mancala.settings.v1") ?? "{}") as Record<string, unknown>;
        localStorage.setItem("mancala.settings.v1", JSON.stringify({ ...st, language: lang }));
      }, l);
    };
    await setLanguage("ru");
    await page.goto(at("#/settings"));
    await page.reload();
    await page.waitForSelector('[data-testid="suggest-translation"]');
    await page.click('[data-testid="suggest-translation"] summary');
    // The screen is never swapped for the loading line while the language's texts are fetched.
    for (let i = 0; i < 5; i++) {
      expect(await page.$(".loading")).toBeNull();
      await page.waitForTimeout(100);
    }
    const options = await page.$$eval('[data-testid="suggest-translation"] option', (els) =>
      els.map((e) => e.textContent ?? ""),
    );
    expect(options.length).toBeGreaterThan(100);
    expect(options.filter((o) => /\b(plural|select),|#/.test(o))).toEqual([]);
    expect(options.some((o) => o.includes("{seeds}"))).toBe(true);
    await setLanguage("en");
    await page.reload();
    expect(h.errors).toEqual([]);
  });
});
