/**
 * Ranked play in Chromium as players meet it, two browser profiles against the local server (its
 * timer ticking every second, the default pairing window): two players alone in the queue and far
 * apart in rating are paired within 10 s; a phone shows both names and ratings; the result says
 * who resigned with the rating change; the lobby shows the new rating at once; "Play again" seeks
 * straight away; the leaderboard lists the established player, then the provisional one marked "?".
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { parseDeviceKeys } from "../core/identity.js";
import { freshRecord } from "../core/ranked/settle.js";
import { documentClient, readConfig } from "../functions/lib/config.js";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { makeDynamoRatingStore } from "../functions/ratings/store.js";
import { updateProfile } from "../functions/identity/identity.js";
import { makeDynamoIdentityStore } from "../functions/identity/store.js";
import { claimAfterRatedGame } from "../functions/names/names.js";
import { makeDynamoNameStore } from "../functions/names/store.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

interface Player {
  readonly name: string;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
  playerId: string;
}

const PHONE = { width: 390, height: 844 };
let dir: string;
let server: RunningServer;
let alice: Player;
let bola: Player;
const at = (hash: string): string => new URL(hash, server.url).toString();

/** The player to move plays a legal pit, and waits for the turn to pass. */
async function moveOnce(): Promise<void> {
  for (const p of [alice, bola]) {
    if ((await p.page.textContent('[data-testid="turn"]')) !== "Your turn") continue;
    await p.page.click(".pit.legal");
    await p.page.waitForFunction(
      () => document.querySelector('[data-testid="turn"]')?.textContent === "Their turn",
      undefined,
      { timeout: 10_000 },
    );
    return;
  }
  throw new Error("nobody has the move");
}

async function openPlayer(name: string, viewport: { width: number; height: number }): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const p: Player = { name, context, page, errors: [], playerId: "" };
  page.on("pageerror", (e) => p.errors.push(e.message));
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload(); // the app reads the profile when it loads
  await page.goto(at("#/ranked"));
  await page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 20_000 });
  const raw = await page.evaluate(() => localStorage.getItem("mancala.identity.v1"));
  const keys = parseDeviceKeys((JSON.parse(raw ?? "{}") as { secret?: string }).secret);
  if (!keys.ok) throw new Error("no device identity saved");
  p.playerId = keys.value.playerId;
  return p;
}

/** Tsoro Winner Takes All on 4 × 2 with one seed a hole. */
async function chooseSmallTsoro(p: Player): Promise<void> {
  await p.page.click('.chips label.chip:has-text("Tsoro")');
  await p.page.click('label.chip:has-text("Winner Takes All")');
  for (let i = 0; i < 4; i++) await p.page.click('button[aria-label="Fewer: Board size (holes per row)"]');
  await p.page.click('button[aria-label="Fewer: Seeds per hole"]');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-ranked-"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [alice, bola] = await Promise.all([openPlayer("Alice", { width: 1100, height: 800 }), openPlayer("Bola", PHONE)]);
  // Alice is a strong, established player: 1900 against Bola's first-game 1500, far outside the ±100 window.
  const ratings = makeDynamoRatingStore(documentClient(readConfig()), readConfig().tableName);
  const rec = {
    ...freshRecord(alice.playerId, "tsoro-wta", "Alice"),
    rating: 1900,
    rd: 60,
    games: 40,
    wins: 30,
    losses: 10,
    lastPlayedAt: Date.now(),
  };
  expect(await ratings.putStats(rec, null)).toBe(true);
  // … whose name is claimed: her rated games claimed the name she wished for (a name waits for a
  // first rated game; the server claims it when one ends), as after those games.
  const ids = makeDynamoIdentityStore(documentClient(readConfig()), readConfig().tableName);
  const names = makeDynamoNameStore(documentClient(readConfig()), readConfig().tableName);
  const profile = await ids.getProfile(alice.playerId);
  expect(profile?.wanted).toBe("Alice");
  const now = Date.now();
  const skeleton = profile === null ? null : await claimAfterRatedGame(names, profile, now);
  expect(skeleton).not.toBeNull();
  expect(
    await updateProfile(ids, alice.playerId, (x) => ({ ...x, ratedAt: now, name: "Alice", skeleton, wanted: null })),
  ).not.toBeNull();
  await alice.page.reload();
  await alice.page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 20_000 });
}, 180_000);

afterAll(async () => {
  await Promise.all([alice?.context.close().catch(() => undefined), bola?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("ranked play in two browsers", () => {
  test("two lone seekers 400 points apart are paired within 10 s; the phone shows both names and ratings", async () => {
    await chooseSmallTsoro(alice);
    await chooseSmallTsoro(bola);
    expect(await alice.page.textContent('[data-testid="my-rating"]')).toBe("1900");
    await alice.page.click('button:has-text("Find an opponent")');
    await alice.page.waitForSelector('[data-testid="seeking"]');
    const t0 = Date.now();
    await bola.page.click('button:has-text("Find an opponent")');
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 10_000 }),
      bola.page.waitForSelector(".board", { timeout: 10_000 }),
    ]);
    expect(Date.now() - t0).toBeLessThan(10_000);
    // On the phone: the opponent's name and rating and the player's own, visible and on screen.
    const them = bola.page.locator('[data-testid="ranked-players-them"]');
    const me = bola.page.locator('[data-testid="ranked-players-me"]');
    expect(await them.textContent()).toBe("Alice 1900");
    expect(await me.textContent()).toBe("You 1500?");
    for (const l of [them, me]) {
      expect(await l.isVisible()).toBe(true);
      const box = await l.boundingBox();
      expect(box !== null && box.x >= 0 && box.x + box.width <= PHONE.width + 0.5).toBe(true);
    }
    // Bola has no rated game yet: shown with the name generated from the player id, not "Bola".
    expect(await alice.page.textContent('[data-testid="ranked-players-them"]')).toMatch(/^Player #[0-9A-Z]{6} 1500\?$/);
  }, 40_000);

  test("the result names who resigned with the rating change; the lobby shows the new rating; Play again seeks at once", async () => {
    // Both sides move once: a game a side has not moved in ends aborted and unrated.
    await moveOnce();
    await moveOnce();
    await bola.page.click('.controls button:has-text("Resign")');
    await bola.page.click('[role="dialog"] button:has-text("Resign")');
    await Promise.all([
      alice.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 }),
      bola.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 }),
    ]);
    expect(await alice.page.textContent("#ranked-result")).toBe("You won!");
    expect(await alice.page.textContent('[data-testid="reason"]')).toMatch(/^Player #[0-9A-Z]{6} resigned\.$/);
    expect(await bola.page.textContent("#ranked-result")).toBe("Alice won");
    expect(await bola.page.textContent('[data-testid="reason"]')).toBe("You resigned.");
    const down = (await bola.page.textContent('[data-testid="rating-change"]')) ?? "";
    expect(down).toMatch(/^Rating 1500 → (1\d{3}) \(−\d+\)$/);
    const after = down.match(/→ (\d+)/)?.[1] ?? "";
    expect(await alice.page.textContent('[data-testid="rating-change"]')).toMatch(/^Rating 1900 → 19\d\d \(\+\d+\)$/);

    // Play again: straight to seeking, the lobby showing the rating this game left.
    await bola.page.click('[data-testid="play-again"]');
    await bola.page.waitForSelector('[data-testid="seeking"]', { timeout: 3_000 });
    expect(await bola.page.textContent('[data-testid="my-rating"]')).toBe(`${after}?`);
    const t0 = Date.now();
    await alice.page.click('[data-testid="play-again"]');
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 10_000 }),
      bola.page.waitForSelector(".board", { timeout: 10_000 }),
    ]);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await bola.page.textContent('[data-testid="ranked-players-me"]')).toBe(`You ${after}?`);
    // Bola's name is claimed now, after the first rated game.
    expect(await alice.page.textContent('[data-testid="ranked-players-them"]')).toMatch(/^Bola \d+\?$/);
    // Leave the game before anyone moves: it ends aborted and unrated.
    await alice.page.click('.controls button:has-text("Resign")');
    await alice.page.click('[role="dialog"] button:has-text("Resign")');
    await bola.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    expect(await bola.page.textContent('[data-testid="reason"]')).toBe(
      "Ended before both players had moved, so it is not rated.",
    );
  }, 60_000);

  test("the leaderboard lists the established player first, then the provisional one marked ?", async () => {
    await bola.page.goto(at("#/leaderboard/tsoro-wta"));
    await bola.page.waitForSelector('[data-testid="lb-row"]', { timeout: 10_000 });
    const rows = await bola.page.$$eval('[data-testid="lb-row"]', (els) =>
      els.map((e) => ({
        player: (e as HTMLElement).dataset.player,
        provisional: (e as HTMLElement).dataset.provisional,
        rank: e.querySelector("td")?.textContent ?? "",
        rating: e.querySelector('[data-testid="lb-rating"]')?.textContent ?? "",
      })),
    );
    expect(rows.map((r) => r.player)).toEqual([alice.playerId, bola.playerId]);
    expect(rows.map((r) => r.provisional)).toEqual(["false", "true"]);
    expect(rows[0].rank).toBe("1");
    expect(rows[1].rating).toMatch(/^\d+\?$/);
    expect(await bola.page.$('[data-testid="lb-provisional-head"]')).not.toBeNull();
    expect(await bola.page.textContent('[data-testid="my-standing"]')).toContain(
      "listed below the established players",
    );
    expect([...alice.errors, ...bola.errors]).toEqual([]);
  }, 30_000);
});
