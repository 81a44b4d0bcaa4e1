/**
 * Reconnecting in Chromium, both modes: each page's WebSocket runs through a route that can cut it
 * and refuse new ones for a while, as a dropped network does. During the cut the player sees
 * "Reconnecting…", the other player is not told they left (ranked), and afterwards play goes on by itself:
 * the opponent's move made during the cut is shown, and a move made during the cut goes through.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page, type WebSocketRoute } from "playwright-core";
import { startServer, type RunningServer } from "../../functions/local/server.js";
import { buildClient, CHROMIUM, CHROMIUM_ARGS } from "./harness.js";

interface Player {
  readonly name: string;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
  /** Closes the page's WebSockets and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
}

let dir: string;
let server: RunningServer;
let alice: Player;
let bola: Player;
const at = (hash: string): string => new URL(hash, server.url).toString();

async function openPlayer(name: string): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 800 },
  });
  let blocked = false;
  const open = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/ws/, (ws) => {
    if (blocked) {
      void ws.close({ code: 4001, reason: "offline" });
      return;
    }
    open.add(ws);
    ws.connectToServer();
    ws.onClose(() => open.delete(ws));
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const p: Player = {
    name,
    context,
    page,
    errors: [],
    cut() {
      blocked = true;
      for (const ws of open) void ws.close({ code: 4001, reason: "cut" });
      open.clear();
    },
    restore() {
      blocked = false;
    },
  };
  page.on("pageerror", (e) => p.errors.push(e.message));
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  return p;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-reconnect-"));
  await buildClient(join(dir, "dist"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: join(dir, "dist"), quiet: true });
  [alice, bola] = await Promise.all([openPlayer("Alice"), openPlayer("Bola")]);
}, 180_000);

afterAll(async () => {
  await Promise.all([alice?.context.close().catch(() => undefined), bola?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

const legalPits = (p: Player): Promise<number[]> =>
  p.page.$$eval(".pit.legal", (els) => els.map((e) => Number((e as HTMLElement).dataset.pit)));

async function mover(): Promise<[Player, Player]> {
  for (let i = 0; i < 100; i++) {
    if ((await legalPits(alice)).length > 0) return [alice, bola];
    if ((await legalPits(bola)).length > 0) return [bola, alice];
    await alice.page.waitForTimeout(100);
  }
  throw new Error("nobody to move");
}

describe("reconnecting in the browser", () => {
  test("ranked: a cut shows Reconnecting…, the opponent's move made meanwhile is shown after, and a move made during a cut goes through", async () => {
    for (const p of [alice, bola]) {
      await p.page.goto(at("#/ranked"));
      await p.page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 20_000 });
      await p.page.click('.chips label.chip:has-text("Tsoro")');
      await p.page.click('label.chip:has-text("Winner Takes All")');
    }
    await alice.page.click('button:has-text("Find an opponent")');
    await bola.page.click('button:has-text("Find an opponent")');
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 15_000 }),
      bola.page.waitForSelector(".board", { timeout: 15_000 }),
    ]);
    const [x, y] = await mover();

    // The waiting player is cut off; the mover plays meanwhile and is not told the other one left.
    y.cut();
    await y.page.waitForSelector('[data-testid="conn-banner"]:has-text("Reconnecting…")', { timeout: 10_000 });
    await x.page.click(`[data-pit="${(await legalPits(x))[0]}"]`);
    await x.page.waitForTimeout(1_000);
    expect(await x.page.$('[data-testid="peer-banner"]')).toBeNull();
    y.restore();
    await y.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    // The move made during the cut is there: it is the other player's turn now, by itself.
    await y.page.waitForSelector(".pit.legal", { timeout: 15_000 });

    // A move made while cut off waits, then goes through once the connection is back.
    y.cut();
    await y.page.waitForSelector('[data-testid="conn-banner"]:has-text("Reconnecting…")', { timeout: 10_000 });
    await y.page.click(`[data-pit="${(await legalPits(y))[0]}"]`);
    await y.page.waitForTimeout(500);
    expect(await legalPits(x)).toEqual([]);
    y.restore();
    await x.page.waitForSelector(".pit.legal", { timeout: 15_000 });
    await y.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    expect(await x.page.$('[data-testid="peer-banner"]')).toBeNull();
    await x.page.click('.controls button:has-text("Resign")');
    await x.page.click('[role="dialog"] button:has-text("Resign")');
    await y.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    expect([...alice.errors, ...bola.errors]).toEqual([]);
  }, 90_000);

  test("friend game: a cut shows Reconnecting…, the friend's move made meanwhile is shown after, and a move made during a cut goes through", async () => {
    await alice.page.goto(at("#/online"));
    await alice.page.click(".create-form label.game-card.fam-tsoro");
    for (let i = 0; i < 4; i++)
      await alice.page.click('.create-form button[aria-label="Fewer: Board size (holes per row)"]');
    await alice.page.click('.create-form button:has-text("Create game")');
    const code = (await alice.page.textContent('[data-testid="room-code"]', { timeout: 10_000 })) ?? "";
    await bola.page.goto(at(`#/join/${code}`));
    await bola.page.click('button:has-text("Join")');
    await alice.page.click('[data-testid="join-request"] button:has-text("Let in")', { timeout: 15_000 });
    await Promise.all([
      alice.page.waitForSelector(".board", { timeout: 15_000 }),
      bola.page.waitForSelector(".board", { timeout: 15_000 }),
    ]);
    const [x, y] = await mover();

    y.cut();
    await y.page.waitForSelector('[data-testid="conn-banner"]:has-text("Reconnecting…")', { timeout: 10_000 });
    await x.page.click(`[data-pit="${(await legalPits(x))[0]}"]`);
    y.restore();
    await y.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    await y.page.waitForSelector(".pit.legal", { timeout: 15_000 });

    y.cut();
    await y.page.waitForSelector('[data-testid="conn-banner"]:has-text("Reconnecting…")', { timeout: 10_000 });
    await y.page.click(`[data-pit="${(await legalPits(y))[0]}"]`);
    await y.page.waitForTimeout(500);
    expect(await legalPits(x)).toEqual([]);
    y.restore();
    await x.page.waitForSelector(".pit.legal", { timeout: 15_000 });
    await y.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    expect([...alice.errors, ...bola.errors]).toEqual([]);
  }, 90_000);
});
