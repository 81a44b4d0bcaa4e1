/**
 * Reconnecting in Chromium, both modes: each page's WebSocket runs through a route that can cut it
 * and refuse new ones for a while, as a dropped network does. During the cut the player sees
 * "Reconnecting…", the other player is not told they left (ranked), and afterwards play goes on by itself:
 * the opponent's move made during the cut is shown, and a move made during the cut goes through.
 * The friend's "not connected" banner waits ABSENCE_QUIET_MS, as ranked does. And a ranked game on
 * a server started with shortened gateway limits (MANCALA_GW_IDLE_MS, MANCALA_GW_MAX_MS), left idle
 * past the idle cut and played past the longest connection, finishes normally: the client learns
 * the limits from /config.json, its heartbeat and planned reconnect beat both cuts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page, type WebSocketRoute } from "playwright-core";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

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
const at = (hash: string, base = server.url): string => new URL(hash, base).toString();

async function openPlayer(name: string, base = server.url): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 800 },
  });
  let blocked = false;
  /** Each open page socket, and how to cut it. */
  const open = new Map<WebSocketRoute, () => void>();
  await context.routeWebSocket(/\/ws/, (ws) => {
    if (blocked) {
      void ws.close({ code: 4001, reason: "offline" });
      return;
    }
    // A cut closes both ends, as a dropped network does once the server notices.
    const toServer = ws.connectToServer();
    toServer.onClose((code, reason) => void ws.close({ code, reason }));
    open.set(ws, () => {
      void ws.close({ code: 4001, reason: "cut" });
      void toServer.close({ code: 4001, reason: "cut" });
    });
    // With a close handler set, Playwright forwards no close: closing one end closes the other here.
    ws.onClose((code, reason) => {
      open.delete(ws);
      void toServer.close({ code, reason });
    });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const p: Player = {
    name,
    context,
    page,
    errors: [],
    cut() {
      blocked = true;
      for (const cut of open.values()) cut();
      open.clear();
    },
    restore() {
      blocked = false;
    },
  };
  page.on("pageerror", (e) => p.errors.push(e.message));
  await page.goto(at("#/", base));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  return p;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-reconnect-"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [alice, bola] = await Promise.all([openPlayer("Alice"), openPlayer("Bola")]);
}, 180_000);

afterAll(async () => {
  await Promise.all([alice?.context.close().catch(() => undefined), bola?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

const legalPits = (p: Player): Promise<number[]> =>
  p.page.$$eval(".pit.legal", (els) => els.map((e) => Number((e as HTMLElement).dataset.pit)));

async function mover(a = alice, b = bola): Promise<[Player, Player]> {
  for (let i = 0; i < 100; i++) {
    if ((await legalPits(a)).length > 0) return [a, b];
    if ((await legalPits(b)).length > 0) return [b, a];
    await a.page.waitForTimeout(100);
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
    // A short absence is not shown: the banner waits ABSENCE_QUIET_MS (5 s).
    await x.page.waitForTimeout(1_500);
    expect(await x.page.$('[data-testid="peer-banner"]')).toBeNull();
    y.restore();
    await y.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    await y.page.waitForSelector(".pit.legal", { timeout: 15_000 });

    y.cut();
    await y.page.waitForSelector('[data-testid="conn-banner"]:has-text("Reconnecting…")', { timeout: 10_000 });
    await y.page.click(`[data-pit="${(await legalPits(y))[0]}"]`);
    await y.page.waitForTimeout(500);
    expect(await legalPits(x)).toEqual([]);
    // A longer one is, once the quiet period is over, and goes when they are back.
    await x.page.waitForSelector('[data-testid="peer-banner"]', { timeout: 15_000 });
    y.restore();
    await x.page.waitForSelector('[data-testid="peer-banner"]', { state: "detached", timeout: 15_000 });
    await x.page.waitForSelector(".pit.legal", { timeout: 15_000 });
    await y.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    expect([...alice.errors, ...bola.errors]).toEqual([]);
  }, 90_000);
});

describe("shortened gateway limits in the browser", () => {
  let limited: RunningServer;
  const players: Player[] = [];
  const saved = { idle: process.env.MANCALA_GW_IDLE_MS, max: process.env.MANCALA_GW_MAX_MS };

  beforeAll(async () => {
    // As `MANCALA_GW_IDLE_MS=3000 MANCALA_GW_MAX_MS=9000 npm start` would: a 3 s idle cut, 9 s connections.
    process.env.MANCALA_GW_IDLE_MS = "3000";
    process.env.MANCALA_GW_MAX_MS = "9000";
    limited = await startServer({
      port: 0,
      dataDir: join(dir, "data-limited"),
      staticDir: sharedClient(),
      quiet: true,
    });
    players.push(...(await Promise.all([openPlayer("Chipo", limited.url), openPlayer("Dana", limited.url)])));
  }, 120_000);

  afterAll(async () => {
    for (const [k, v] of [
      ["MANCALA_GW_IDLE_MS", saved.idle],
      ["MANCALA_GW_MAX_MS", saved.max],
    ] as const)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    await Promise.all(players.map((p) => p.context.close().catch(() => undefined)));
    await limited?.close().catch(() => undefined);
  });

  test("a ranked game left idle past the idle cut and played past the longest connection finishes normally", async () => {
    const [c, d] = players;
    for (const p of [c, d]) {
      // The smallest Tsoro board, winner takes all: a whole game in a few dozen moves.
      await p.page.evaluate(() =>
        localStorage.setItem(
          "mancala.ranked.choice.v1",
          JSON.stringify({ family: "tsoro", mode: "tsoro-wta", holes: 4, seeds: 1 }),
        ),
      );
      await p.page.goto(at("#/ranked", limited.url));
      await p.page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 20_000 });
    }
    await c.page.click('button:has-text("Find an opponent")');
    await d.page.click('button:has-text("Find an opponent")');
    await Promise.all([
      c.page.waitForSelector(".board", { timeout: 15_000 }),
      d.page.waitForSelector(".board", { timeout: 15_000 }),
    ]);
    const started = Date.now();
    const calm = async (): Promise<void> => {
      for (const p of [c, d]) {
        const banners = await p.page.$$eval('[data-testid="conn-banner"], [data-testid="peer-banner"]', (els) =>
          els.map((e) => e.textContent ?? ""),
        );
        expect(banners, `${p.name} at ${Date.now() - started} ms, ${JSON.stringify(limited.stats().faults)}`).toEqual(
          [],
        );
      }
    };
    // Idle twice as long as the idle cut, before and after the first move.
    await mover(c, d);
    await c.page.waitForTimeout(6_000);
    await calm();
    let moves = 0;
    while ((await c.page.$('[data-testid="results"]')) === null && moves < 400) {
      const [x] = await mover(c, d).catch(() => [null]);
      if (x === null) break;
      const pits = await legalPits(x);
      if (pits.length === 0) continue;
      // The pit read as legal may stop being so before the click lands (the board between two
      // states); then the next round reads the board again. A real stall still fails: mover()
      // gives up when nobody can move for 10 s, and the results must come.
      const clicked = await x.page
        .click(`.pit.legal[data-pit="${pits[0]}"]`, { timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (!clicked) continue;
      moves++;
      if (moves === 4) await x.page.waitForTimeout(6_000);
      await calm();
    }
    await Promise.all([
      c.page.waitForSelector('[data-testid="results"]', { timeout: 20_000 }),
      d.page.waitForSelector('[data-testid="results"]', { timeout: 20_000 }),
    ]);
    // Played past the longest connection; neither cut ever fell on a socket in use.
    expect(Date.now() - started).toBeGreaterThan(9_000);
    const f = limited.stats().faults;
    expect({ idleCuts: f.idleCuts, maxCuts: f.maxCuts }).toEqual({ idleCuts: 0, maxCuts: 0 });
    // A normal end: the board decided it, nobody left, flagged or was forfeited.
    for (const p of [c, d]) {
      const reason = (await p.page.textContent('[data-testid="reason"]')) ?? "";
      expect(reason).not.toMatch(/forfeit|ran out|did not come back|resign|abort/i);
    }
    expect([...c.errors, ...d.errors]).toEqual([]);
  }, 240_000);
});
