/**
 * The lobby and challenges in Chromium (docs/lobby.md), three browser profiles against the local
 * server: two players who never met (a desktop at 1280 × 800 and a phone at 390 × 844) meet in the
 * lobby: one opens a game, the other sees it within 2 seconds and accepts it; a third browser
 * watches the game live from TV; afterwards both player pages list the game, the game page replays
 * it and the rating chart has the new point; a rematch swaps the sides. Then one challenges the
 * other from the player page and the challenge, accepted, opens the ranked table for both.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { parseDeviceKeys } from "../core/identity.js";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

interface Browser {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
  readonly width: number;
  playerId: string;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
let dir: string;
let server: RunningServer;
let alice: Browser;
let bola: Browser;
let viewer: Browser;
let matchId = "";
/** Alice had the first move of the lobby game (the rematch gives it to Bola). */
let aliceFirst = false;
const at = (hash: string): string => new URL(hash, server.url).toString();
const POST = '[data-testid="lobby-post"]:not([disabled])';

async function open(name: string, viewport: { width: number; height: number }, lobby: boolean): Promise<Browser> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const b: Browser = { context, page, errors: [], width: viewport.width, playerId: "" };
  page.on("pageerror", (e) => b.errors.push(e.message));
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  if (!lobby) return b;
  // The way a player finds it: the menu's Lobby entry.
  await page.click('.menu-item:has-text("Lobby")');
  await page.waitForSelector(POST, { timeout: 20_000 });
  const raw = await page.evaluate(() => localStorage.getItem("mancala.identity.v1"));
  const keys = parseDeviceKeys((JSON.parse(raw ?? "{}") as { secret?: string }).secret);
  if (!keys.ok) throw new Error("no device identity saved");
  b.playerId = keys.value.playerId;
  return b;
}

/** Tsoro Winner Takes All on 4 × 2 with one seed a hole: a short game. */
async function chooseSmallTsoro(p: Browser): Promise<void> {
  await p.page.click('.chips label.chip:has-text("Tsoro")');
  await p.page.click('label.chip:has-text("Winner Takes All")');
  for (let i = 0; i < 4; i++) await p.page.click('button[aria-label="Fewer: Board size (holes per row)"]');
  await p.page.click('button[aria-label="Fewer: Seeds per hole"]');
}

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

/** Nothing on the page is wider than the window. */
async function fits(p: Browser): Promise<void> {
  const wide = await p.page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(p.width);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-lobby-"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [alice, bola, viewer] = await Promise.all([
    open("Alice", DESKTOP, true),
    open("Bola", PHONE, true),
    open("Viewer", DESKTOP, false),
  ]);
}, 180_000);

afterAll(async () => {
  for (const b of [alice, bola, viewer]) await b?.context.close().catch(() => undefined);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("the lobby in three browsers", () => {
  test("one opens a game, the other sees it within 2 s and accepts; a third watches it on TV", async () => {
    await chooseSmallTsoro(alice);
    await chooseSmallTsoro(bola);
    await alice.page.click('label.chip:has-text("1+1")');
    expect(await alice.page.textContent('[data-testid="lobby-preset-means"]')).toBe("1 min + 1 s a move");
    await alice.page.click(POST);
    await alice.page.waitForSelector('[data-testid="lobby-mine"]:has-text("Your game is open")');
    // Alice's own row offers Cancel, not Accept.
    await alice.page.waitForSelector('[data-testid="lobby-seek"][data-mine="1"] [data-testid="lobby-cancel-row"]');
    const row = bola.page.locator('[data-testid="lobby-seek"][data-mine="0"]');
    await row.waitFor({ timeout: 2_000 });
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("1+1");
    expect(text).toContain("1 min + 1 s a move");
    expect(text).toContain("Rated");
    expect(text).toContain("Any rating");
    expect(text).toContain("4 × 2 holes, 1 seed each");
    expect(await row.locator('[data-testid="lobby-seek-name"]').getAttribute("href")).toBe(
      `#/player/${alice.playerId}`,
    );
    await fits(bola);
    await fits(alice);
    await row.locator('[data-testid="lobby-accept"]').click();
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 10_000 }),
      bola.page.waitForSelector(".board", { timeout: 10_000 }),
    ]);
    await alice.page.waitForFunction(() =>
      ["Your turn", "Their turn"].includes(document.querySelector('[data-testid="turn"]')?.textContent ?? ""),
    );
    aliceFirst = (await alice.page.textContent('[data-testid="turn"]')) === "Your turn";
    // The names at the table open the player pages.
    expect(await bola.page.getAttribute('[data-testid="ranked-opponent-link"]', "href")).toBe(
      `#/player/${alice.playerId}`,
    );
    await viewer.page.goto(at("#/tv/tsoro-wta"));
    const watch = viewer.page.locator('[data-testid="watch"]');
    await watch.waitFor({ timeout: 15_000 });
    matchId = (await watch.getAttribute("data-match")) ?? "";
    expect(matchId).not.toBe("");
    await moveOnce();
    await moveOnce();
    await bola.page.click('.controls button:has-text("Resign")');
    await bola.page.click('[role="dialog"] button:has-text("Resign")');
    await viewer.page.waitForSelector('[data-testid="watch"][data-status="finished"]', { timeout: 10_000 });
    await alice.page.waitForSelector('[data-testid="rating-change"]', { timeout: 10_000 });
    expect(viewer.errors).toEqual([]);
  }, 90_000);

  test("Rematch after the game: the other sees the offer in the result and accepts; the sides are swapped", async () => {
    const seatOf = async (p: Browser): Promise<string> =>
      (await p.page.textContent('[data-testid="turn"]')) === "Your turn" ? "first" : "second";
    await bola.page.waitForSelector('[data-testid="rating-change"]', { timeout: 10_000 });
    await alice.page.click('[data-testid="rematch"]');
    await alice.page.waitForSelector('[data-testid="challenge-sent"][data-status="waiting"]', { timeout: 10_000 });
    const offer = bola.page.locator('[data-testid="results"] [data-testid="challenge-incoming"]');
    await offer.waitFor({ timeout: 10_000 });
    expect(await offer.textContent()).toContain("offers a rematch");
    await offer.locator('[data-testid="challenge-accept"]').click();
    await Promise.all([
      alice.page.waitForSelector('[data-phase="playing"] .board', { timeout: 10_000 }),
      bola.page.waitForSelector('[data-phase="playing"] .board', { timeout: 10_000 }),
    ]);
    await alice.page.waitForFunction(() =>
      ["Your turn", "Their turn"].includes(document.querySelector('[data-testid="turn"]')?.textContent ?? ""),
    );
    expect(await seatOf(alice)).toBe(aliceFirst ? "second" : "first");
    // Ended before both have moved: aborted, not rated (the chart below keeps one point).
    await bola.page.click('.controls button:has-text("Resign")');
    await bola.page.click('[role="dialog"] button:has-text("Resign")');
    await alice.page.waitForSelector('[data-phase="over"]', { timeout: 10_000 });
  }, 60_000);

  test("both player pages list the game, the chart has the new point, the game page replays it", async () => {
    for (const [p, outcome] of [
      [alice, "win"],
      [bola, "loss"],
    ] as const) {
      await p.page.goto(at(`#/player/${p.playerId}`));
      const row = p.page.locator(`[data-testid="player-game"][data-game="${matchId}"]`);
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getAttribute("data-outcome")).toBe(outcome);
      await p.page.waitForSelector('[data-testid="rating-chart"][data-points="1"]', { timeout: 10_000 });
      // One's own page has no challenge button.
      expect(await p.page.locator('[data-testid="challenge-button"]').count()).toBe(0);
      await fits(p);
    }
    await bola.page.click(`[data-testid="player-game"][data-game="${matchId}"] button`);
    await bola.page.waitForSelector('[data-testid="replay"]', { timeout: 10_000 });
    expect(await bola.page.textContent('[data-testid="replay-step"]')).toBe("0 / 2");
    expect([...alice.errors, ...bola.errors]).toEqual([]);
  }, 60_000);

  test("a challenge from the player page, accepted, opens the table for both", async () => {
    // Bola waits in the lobby (where the ranked connection is up); Alice challenges from Bola's page.
    await bola.page.goto(at("#/lobby"));
    await bola.page.waitForSelector(POST, { timeout: 20_000 });
    await alice.page.goto(at(`#/player/${bola.playerId}`));
    await alice.page.click('[data-testid="challenge-button"]');
    await alice.page.waitForSelector('[data-testid="challenge-send"]:not([disabled])', { timeout: 20_000 });
    await chooseSmallTsoro(alice);
    await alice.page.click('label.chip:has-text("Casual")');
    await alice.page.click('[data-testid="challenge-send"]');
    await alice.page.waitForSelector('[data-testid="challenge-sent"][data-status="waiting"]', { timeout: 10_000 });
    const incoming = bola.page.locator('[data-testid="challenge-incoming"]');
    await incoming.waitFor({ timeout: 10_000 });
    expect(await incoming.textContent()).toContain("Casual");
    expect(await bola.page.textContent('[data-testid="challenge-left"]')).toMatch(/^\d+ s left$/);
    await fits(bola);
    await bola.page.click('[data-testid="challenge-accept"]');
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 10_000 }),
      bola.page.waitForSelector(".board", { timeout: 10_000 }),
    ]);
    expect([...alice.errors, ...bola.errors]).toEqual([]);
  }, 60_000);
});
