/**
 * The archive, TV and the player and game pages in Chromium, three browser profiles against the
 * local server: two players (a desktop at 1280 × 800 and a phone at 390 × 844) finish a short ranked
 * game from the ranked queue while a third browser watches it from TV; then both player pages list
 * the game with its result, the game page replays it, and the rating chart has the new point.
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
const at = (hash: string): string => new URL(hash, server.url).toString();

async function open(name: string, viewport: { width: number; height: number }, ranked: boolean): Promise<Browser> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const b: Browser = { context, page, errors: [], playerId: "" };
  page.on("pageerror", (e) => b.errors.push(e.message));
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  if (!ranked) return b;
  await page.goto(at("#/ranked"));
  await page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 20_000 });
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

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-archive-"));
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

describe("archive, TV and pages in three browsers", () => {
  test("a third browser follows the ranked game on TV, to its end", async () => {
    await chooseSmallTsoro(alice);
    await chooseSmallTsoro(bola);
    await alice.page.click('button:has-text("Find an opponent")');
    await alice.page.waitForSelector('[data-testid="seeking"]');
    await bola.page.click('button:has-text("Find an opponent")');
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 10_000 }),
      bola.page.waitForSelector(".board", { timeout: 10_000 }),
    ]);
    await viewer.page.goto(at("#/tv/tsoro-wta"));
    const watch = viewer.page.locator('[data-testid="watch"]');
    await watch.waitFor({ timeout: 15_000 });
    matchId = (await watch.getAttribute("data-match")) ?? "";
    expect(matchId).not.toBe("");
    expect(await viewer.page.textContent('[data-testid="tv-status"]')).toBe(
      "Following the highest-rated game in play.",
    );
    // Both sides move (a game a side has not moved in ends unrated); the viewer's move list follows.
    await moveOnce();
    await moveOnce();
    await bola.page.click('.controls button:has-text("Resign")');
    await bola.page.click('[role="dialog"] button:has-text("Resign")');
    await viewer.page.waitForSelector('[data-testid="watch"][data-status="finished"]', { timeout: 10_000 });
    expect(await viewer.page.textContent('[data-testid="tv-status"]')).toBe(
      "The game is over; the next one follows in a moment.",
    );
    expect(viewer.errors).toEqual([]);
  }, 90_000);

  test("both player pages list the game and the chart has the new point; the game page replays it", async () => {
    for (const [p, outcome] of [
      [alice, "win"],
      [bola, "loss"],
    ] as const) {
      await p.page.goto(at(`#/player/${p.playerId}`));
      const row = p.page.locator(`[data-testid="player-game"][data-game="${matchId}"]`);
      await row.waitFor({ timeout: 10_000 });
      expect(await row.getAttribute("data-outcome")).toBe(outcome);
      await p.page.waitForSelector('[data-testid="rating-chart"][data-points="1"]', { timeout: 10_000 });
      const box = await row.boundingBox();
      const width = p === bola ? PHONE.width : DESKTOP.width;
      expect(box !== null && box.x >= 0 && box.x + box.width <= width + 0.5).toBe(true);
    }
    // The game page from Bola's list: the replay of its two moves.
    await bola.page.click(`[data-testid="player-game"][data-game="${matchId}"] button`);
    await bola.page.waitForSelector('[data-testid="replay"]', { timeout: 10_000 });
    expect(await bola.page.textContent('[data-testid="replay-step"]')).toBe("0 / 2");
    await bola.page.click('button[aria-label="Last position"]');
    await bola.page.waitForFunction(
      () => document.querySelector('[data-testid="replay-step"]')?.textContent === "2 / 2",
    );
    // A shareable link: the same page opens in another browser.
    await viewer.page.goto(at(`#/game/${matchId}`));
    await viewer.page.waitForSelector('[data-testid="replay"]', { timeout: 10_000 });
    // Names are claimed after a first rated game is settled: this page shows the ones the game was made with.
    expect(await viewer.page.textContent('[data-testid="game-players"]')).toMatch(
      /^Player #[0-9A-Z]{6} \(\d{4}\?\) · Player #[0-9A-Z]{6} \(\d{4}\?\)$/,
    );
    expect([...alice.errors, ...bola.errors, ...viewer.errors]).toEqual([]);
  }, 60_000);
});
