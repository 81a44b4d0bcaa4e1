/**
 * The installed app offline: the built client with its service worker, served by the local server,
 * in Chromium. Load once, then the server is stopped and the browser context switched offline; a
 * reload still opens the app, a whole small game against the computer is played, and the screens
 * that need the network say so and offer what works. When the network (and the server) comes back,
 * the saved friend game opens, and stays open through a later drop. Also: a new build served into the same folder is offered with
 * "Update", and taking it switches to the new build and drops the old files from the cache.
 */
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { buildClient, CHROMIUM, CHROMIUM_ARGS, SHARED_BUILD_ID } from "./harness.js";
import { sharedClient } from "./client.js";

let dir: string;
let dist: string;
let server: RunningServer;
let context: BrowserContext;
let page: Page;
let url: string;
const errors: string[] = [];

async function serve(port = 0): Promise<void> {
  server = await startServer({ port, dataDir: join(dir, "data"), staticDir: dist, quiet: true });
  url = server.url;
}

/** Every URL held by the app's caches. */
async function cachedUrls(p: Page): Promise<string[]> {
  return p.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      for (const req of await c.keys()) out.push(new URL(req.url).pathname);
    }
    return out;
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-offline-"));
  dist = join(dir, "dist");
  // The run's shared build, copied: this file builds a second one into the same folder.
  await cp(sharedClient(), dist, { recursive: true });
  await serve();
  context = await chromium.launchPersistentContext(join(dir, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 800 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(url);
  await page.evaluate(() =>
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false })),
  );
  // The service worker installs (precaching everything) and takes over from the next load.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}, 180_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await server?.close().catch(() => undefined);
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

/** Plays legal pits (a fixed pseudo-random choice) until the results screen shows. */
async function playToResults(p: Page, seed: number): Promise<number> {
  let x = seed;
  let clicks = 0;
  for (;;) {
    await p.waitForSelector('[data-testid="results"], .pit.legal', { timeout: 30_000 });
    if ((await p.$('[data-testid="results"]')) !== null) return clicks;
    const pits = await p.$$(".pit.legal");
    if (pits.length === 0) continue;
    x = (x * 1103515245 + 12345) % 2147483648;
    await pits[x % pits.length].click().catch(() => undefined);
    clicks++;
    if (clicks > 600) throw new Error("game did not end");
  }
}

describe("installable, offline", () => {
  test("manifest, icons, and a precache holding the shell, every screen and the AI worker", async () => {
    const manifestHref = await page.getAttribute('link[rel="manifest"]', "href");
    expect(manifestHref).not.toBeNull();
    const manifest = JSON.parse(await readFile(join(dist, "manifest.webmanifest"), "utf8")) as {
      name: string;
      short_name: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: "Mancala",
      display: "standalone",
      theme_color: "#1b1410",
      background_color: "#1b1410",
    });
    // Real images of the sizes they claim.
    for (const icon of manifest.icons.filter((i) => i.type === "image/png")) {
      const png = await readFile(join(dist, icon.src));
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      const [w, hgt] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${w}x${hgt}`).toBe(icon.sizes);
    }
    expect(manifest.icons.some((i) => i.purpose === "maskable" && i.sizes === "512x512")).toBe(true);
    expect(manifest.icons.some((i) => i.sizes === "192x192")).toBe(true);

    const cached = await cachedUrls(page);
    const assets = (await readdir(join(dist, "assets"))).filter((f) => /\.(js|css)$/.test(f));
    expect(assets.some((f) => f.startsWith("ai.worker"))).toBe(true);
    for (const f of assets) expect(cached).toContain(`/assets/${f}`);
    for (const f of ["/index.html", "/manifest.webmanifest", "/icon-192.png", "/icon-512.png"])
      expect(cached).toContain(f);
    const names = await page.evaluate(() => caches.keys());
    expect(names.some((c) => c.startsWith("mancala-precache-"))).toBe(true);
  });

  test("a new build is offered with Update, not swapped in; taking it drops the old files", async () => {
    expect(await page.getAttribute("html", "data-build")).toBe(SHARED_BUILD_ID);
    const oldEntry = (await page.getAttribute('script[type="module"]', "src"))!.replace(/^\.\//, "/");
    expect(await cachedUrls(page)).toContain(oldEntry);
    await buildClient(dist, "second");
    await page.reload();
    const bar = page.locator('[data-testid="update-bar"]');
    await bar.waitFor({ timeout: 60_000 });
    // Still the old build until the player says so.
    expect(await page.getAttribute("html", "data-build")).toBe(SHARED_BUILD_ID);
    await bar.locator('button:has-text("Update")').click();
    await page.waitForFunction(() => document.documentElement.dataset.build === "second", undefined, {
      timeout: 60_000,
    });
    await page.waitForSelector(".menu");
    const cached = await cachedUrls(page);
    expect(cached).not.toContain(oldEntry);
    const newEntry = (await page.getAttribute('script[type="module"]', "src"))!.replace(/^\.\//, "/");
    expect(newEntry).not.toBe(oldEntry);
    expect(cached).toContain(newEntry);
    expect((await page.evaluate(() => caches.keys())).filter((c) => c.includes("precache"))).toHaveLength(1);
  }, 180_000);

  test("with the server gone and the browser offline: reload, play a whole small Tsoro game, the online screens explain", async () => {
    // A friend game made while online, to find again later.
    await page.goto(new URL("#/online", url).toString());
    await page.click(".create-form label.game-card.fam-tsoro");
    await page.click('.create-form button:has-text("Create game")');
    const code = (await page.locator('[data-testid="room-code"]').textContent({ timeout: 30_000 }))!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await page.goto(new URL("#/", url).toString());

    const port = Number(new URL(url).port);
    await server.close();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector(".menu");
    // Some Chromium builds (Debian's 150) report the page online again after a reload under an
    // emulated offline network until the emulation is set once more; the app reads navigator.onLine.
    if (await page.evaluate(() => navigator.onLine)) {
      await context.setOffline(false);
      await context.setOffline(true);
    }
    await page.waitForFunction(() => !navigator.onLine, undefined, { timeout: 5_000 });

    await page.goto(new URL("#/new", url).toString());
    await page.click("label.game-card.fam-tsoro");
    await page.click('label.chip:has-text("Classic")');
    for (const label of ["Fewer: Board size (holes per row)", "Fewer: Seeds per hole"]) {
      const b = page.locator(`button[aria-label="${label}"]`);
      while (await b.isEnabled()) await b.click();
    }
    await page.click('label.chip:has-text("Computer")');
    await page.click('label.chip:has-text("Easy")');
    await page.click('label.chip:has-text("Single game")');
    await page.click('label.chip:has-text("Fast")');
    await page.click("text=Start match");
    await page.waitForSelector(".board");
    const clicks = await playToResults(page, 4242);
    expect(clicks).toBeGreaterThan(0);
    const saved = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem("mancala.games.v1") ?? "[]")[0] as {
          setup: { game: string; holes: number };
          moves: number[];
        },
    );
    expect(saved.setup).toMatchObject({ game: "tsoro-classic", holes: 4 });
    expect(saved.moves.length).toBeGreaterThan(clicks);

    for (const [hash, text] of [
      ["#/online", "Online play needs a connection"],
      ["#/ranked", "Ranked games need a connection"],
      ["#/leaderboard", "The leaderboard needs a connection"],
    ] as const) {
      await page.goto(new URL(hash, url).toString());
      const notice = page.locator('[data-testid="offline-notice"]');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(text);
      expect(await notice.locator("button").allTextContents()).toEqual(
        expect.arrayContaining(["Play the computer or pass and play", "Resume a game", "Lessons", "Rules"]),
      );
    }
    await page.click('[data-testid="offline-notice"] button:has-text("Lessons")');
    await page.waitForFunction(() => location.hash.startsWith("#/lessons"));

    // The friend game stays listed, and opens once the network is back.
    await page.goto(new URL("#/resume", url).toString());
    await page.click(`button[aria-label="Continue the online game ${code}"]`);
    await page
      .locator('[data-testid="offline-notice"]:has-text("opens again here as soon as you are back online")')
      .waitFor();
    await serve(port);
    await context.setOffline(false);
    await page.locator('[data-testid="room-code"]').waitFor({ timeout: 30_000 });
    expect((await page.locator('[data-testid="room-code"]').textContent())?.trim()).toBe(code);
    expect(await page.$('[data-testid="offline-notice"]')).toBeNull();
    // A game already open stays open through a drop (it reconnects by itself); no notice replaces it.
    await context.setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await page.waitForTimeout(300);
    expect(await page.$('[data-testid="offline-notice"]')).toBeNull();
    expect((await page.locator('[data-testid="room-code"]').textContent())?.trim()).toBe(code);
    await context.setOffline(false);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|WebSocket/.test(e))).toEqual([]);
  }, 240_000);
});
