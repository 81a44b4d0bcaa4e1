/**
 * Online play in Chromium, two browser profiles as two players, against the local server: a friend
 * game by code (share link, join request approved, moves checked against the engine, chat both
 * ways, pause and carry on by agreement, a drop while offline, closing the page and Resume →
 * Continue), screenshots of the board on a phone and a desktop with its controls checked for
 * overlap, forfeit and rematch, an agreed end in Ayo, a ranked game played to the end, the
 * leaderboard listing both players, page by page, and a resigned ranked game.
 */
import { mkdtemp, mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { WebSocket } from "ws";
import { codeForLocator, locatorOf, parseCode } from "../core/crypto/code.js";
import { createFriendSession, type SocketLike } from "../core/online/index.js";
import { MAX_WRONG_CODES } from "../core/protocol/friend.js";
import { newGame, play, toMove, type State } from "../core/games/index.js";
import { parseDeviceKeys } from "../core/identity.js";
import { documentClient, readConfig } from "../functions/lib/config.js";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { makeDynamoRatingStore as makeDynamoRankedStore } from "../functions/ratings/store.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

interface Player {
  readonly name: string;
  context: BrowserContext;
  page: Page;
  readonly errors: string[];
}

let dir: string;
let shots: string;
let server: RunningServer;
let a: Player;
let b: Player;
const at = (hash: string): string => new URL(hash, server.url).toString();

async function openPlayer(name: string): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 800 },
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(server.url).origin });
  const page = context.pages()[0] ?? (await context.newPage());
  const p: Player = { name, context, page, errors: [] };
  watch(p, page);
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  return p;
}

function watch(p: Player, page: Page): void {
  page.on("pageerror", (e) => p.errors.push(e.message));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-online-"));
  shots = join(dir, "screenshots");
  await mkdir(shots);
  // Ratings drift apart after a game: let the pairing window widen fast for the second ranked game.
  process.env.RANKED_WINDOW_STEP_MS = "200";
  server = await startServer({
    port: 0,
    dataDir: join(dir, "data"),
    staticDir: sharedClient(),
    quiet: true,
    timerMs: 200,
  });
  [a, b] = await Promise.all([openPlayer("Alice"), openPlayer("Bola")]);
}, 120_000);

afterAll(async () => {
  delete process.env.RANKED_WINDOW_STEP_MS;
  await Promise.all([a?.context.close().catch(() => undefined), b?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  if (process.env.KEEP_SCREENSHOTS === undefined) await rm(dir, { recursive: true, force: true });
  else process.stdout.write(`screenshots kept in ${shots}\n`);
});

/** Pit counts as a page shows them, by board index. */
async function shownBoard(page: Page): Promise<number[]> {
  return page.$$eval("[data-pit]", (els) =>
    els
      .map((e) => [Number((e as HTMLElement).dataset.pit), Number((e as HTMLElement).dataset.count)] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, c]) => c),
  );
}

async function waitBoard(page: Page, want: readonly number[], what: string): Promise<void> {
  try {
    await page.waitForFunction(
      (w) => {
        const els = [...document.querySelectorAll<HTMLElement>("[data-pit]")];
        if (els.length !== w.length || document.querySelector(".hand") !== null) return false;
        return els.every((e) => Number(e.dataset.count) === w[Number(e.dataset.pit)]);
      },
      want,
      { timeout: 15_000 },
    );
  } catch {
    throw new Error(`${what}: board ${JSON.stringify(await shownBoard(page))}, expected ${JSON.stringify(want)}`);
  }
}

const SMALL = { holes: 4, seeds: 2 };
let code = "";
let position: State;
/** Ranked player ids by name, read from each browser's saved identity. */
const ids: Record<string, string> = {};

/** Plays `n` moves, each by whichever player's pits glow, and checks both boards against the engine. */
async function playMoves(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const mover = await moverNow();
    const legal = await mover.page.$$eval(".pit.legal", (els) =>
      els.map((e) => Number((e as HTMLElement).dataset.pit)),
    );
    const pit = legal[(i * 3) % legal.length];
    const r = play(position, position.engine.pitToMove(toMove(position), pit));
    if (!r.ok) throw new Error(r.error.message);
    await mover.page.click(`[data-pit="${pit}"]`);
    position = r.value.state;
    const want = Array.from(position.buf.subarray(0, position.engine.pits));
    await Promise.all([
      waitBoard(a.page, want, `Alice after move ${i + 1}`),
      waitBoard(b.page, want, `Bola after move ${i + 1}`),
    ]);
  }
}

/** The player whose turn it is now (their pits glow). */
async function moverNow(): Promise<Player> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    for (const p of [a, b]) if ((await p.page.$(".pit.legal")) !== null) return p;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error("neither player's pits glow");
}

describe("a friend game by code in two browsers", () => {
  test("create, share the link, join, approve; moves, chat both ways, pause and carry on by agreement", async () => {
    await a.page.goto(at("#/online"));
    await a.page.click(".create-form label.game-card.fam-tsoro");
    for (let i = 0; i < 8 - SMALL.holes; i++)
      await a.page.click('.create-form button[aria-label="Fewer: Board size (holes per row)"]');
    await a.page.click('.create-form button:has-text("Create game")');
    const shown = (await a.page.textContent('[data-testid="room-code"]', { timeout: 10_000 })) ?? "";
    expect(shown).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    code = shown;
    await a.page.waitForSelector('[data-testid="room-status"]:has-text("Waiting for your friend")');
    await a.page.screenshot({ path: join(shots, "lobby-desktop.png") });

    // Share link: no Web Share API in headless Chromium, so the link goes to the clipboard.
    await a.page.click('button:has-text("Share link")');
    await a.page.waitForSelector("text=Link copied");
    const link = await a.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain(`#/join/${code}`);

    // Bola opens the link: the join form has the code filled in.
    await b.page.goto(link.slice(link.indexOf("http")));
    expect(await b.page.inputValue('[data-testid="join-code"]')).toBe(code);
    await b.page.click('button:has-text("Join")');
    await b.page.waitForSelector('[data-testid="room-status"]:has-text("Waiting for the owner")', { timeout: 10_000 });

    const req = await a.page.waitForSelector('[data-testid="join-request"]', { timeout: 10_000 });
    expect(await req.textContent()).toContain("Bola");
    await a.page.click('[data-testid="join-request"] button:has-text("Let in")');
    await Promise.all([a.page.waitForSelector(".board"), b.page.waitForSelector(".board", { timeout: 10_000 })]);

    // Each sees the other's name; the guest's board is turned so their own side is at the bottom.
    await a.page.waitForSelector('.side-top .side-name:has-text("Bola")');
    await b.page.waitForSelector('.side-top .side-name:has-text("Alice")');
    const start = newGame("tsoro-classic", SMALL);
    if (!start.ok) throw new Error(start.error.message);
    position = start.value;
    const rows = async (page: Page, seat: 0 | 1): Promise<number> =>
      page.$$eval(
        `[data-pit]`,
        (els, s) => {
          const mine = els.filter((e) => Number((e as HTMLElement).dataset.pit) < 8 === (s === 0));
          return mine.reduce((sum, e) => sum + e.getBoundingClientRect().top, 0) / mine.length;
        },
        seat,
      );
    expect(await rows(a.page, 0)).toBeGreaterThan(await rows(a.page, 1));
    expect(await rows(b.page, 1)).toBeGreaterThan(await rows(b.page, 0));
    await waitBoard(a.page, Array.from(position.buf.subarray(0, 16)), "Alice at the start");

    await playMoves(4);

    // Chat: Alice types with an emoji from the picker; Bola sees the unread count, then answers with a phrase.
    await a.page.click('[data-testid="chat-button"]');
    await a.page.fill('input[aria-label="Message"]', "hi Bola ");
    await a.page.click('button[aria-label="Emoji"]');
    await a.page.click('button[aria-label="Add 👍"]');
    await a.page.click('button[aria-label="Send"]');
    await a.page.waitForSelector('[data-testid="chat-line"]:has-text("hi Bola"):has(img[data-emoji="👍"])');
    await b.page.waitForSelector('[data-testid="unread"]:has-text("1")', { timeout: 10_000 });
    await b.page.click('[data-testid="chat-button"]');
    await b.page.waitForSelector('[data-testid="chat-line"]:has-text("hi Bola"):has(img[data-emoji="👍"])');
    expect(await b.page.$('[data-testid="unread"]')).toBeNull();
    await b.page.click('.phrase:has-text("Good luck!")');
    await a.page.waitForSelector('[data-testid="chat-line"]:has-text("Good luck!")', { timeout: 10_000 });
    // ✎ Edit: Bola adds a phrase of her own; it is kept on her device and can be sent.
    await b.page.click('button:has-text("✎ Edit")');
    await b.page.fill('input[aria-label="New phrase"]', "Your move, friend");
    await b.page.click('.chat-form button:has-text("Add")');
    await b.page.click('button:has-text("Done")');
    await b.page.click('.phrase:has-text("Your move, friend")');
    await a.page.waitForSelector('[data-testid="chat-line"]:has-text("Your move, friend")', { timeout: 10_000 });
    expect(JSON.parse((await b.page.evaluate(() => localStorage.getItem("mancala.phrases.v1"))) ?? "[]")).toEqual([
      "Your move, friend",
    ]);
    await a.page.click('button[aria-label="Close chat"]');

    // Pause together: Alice asks, Bola agrees; pits stop glowing; chat stays open; carrying on works the same way.
    await a.page.click('.controls button:has-text("Pause")');
    await b.page.waitForSelector('[role="dialog"]:has-text("Pause the game?")', { timeout: 10_000 });
    expect(await a.page.$('[data-testid="paused"]')).toBeNull();
    await b.page.click('[role="dialog"] button:has-text("Agree")');
    await Promise.all([
      a.page.waitForSelector('[data-testid="paused"]'),
      b.page.waitForSelector('[data-testid="paused"]'),
    ]);
    expect(await a.page.$$(".pit.legal")).toHaveLength(0);
    expect(await b.page.$$(".pit.legal")).toHaveLength(0);
    await b.page.fill('input[aria-label="Message"]', "back in a minute");
    await b.page.press('input[aria-label="Message"]', "Enter");
    await a.page.waitForSelector('[data-testid="unread"]:has-text("1")', { timeout: 10_000 });
    await b.page.screenshot({ path: join(shots, "paused-chat-desktop.png") });
    await b.page.click('button[aria-label="Close chat"]');
    await b.page.click('button:has-text("Ask to carry on")');
    await a.page.waitForSelector('[role="dialog"]:has-text("Carry on?")', { timeout: 10_000 });
    await a.page.click('[role="dialog"] button:has-text("Agree")');
    await Promise.all([
      a.page.waitForSelector('[data-testid="paused"]', { state: "detached" }),
      b.page.waitForSelector('[data-testid="paused"]', { state: "detached" }),
    ]);
    await playMoves(1);
    expect([...a.errors, ...b.errors]).toEqual([]);
  }, 60_000);

  test("a player who goes offline sees the banner, and the board catches up when back", async () => {
    // Bola goes offline while it is Alice's turn; Alice moves; Bola comes back and sees the move.
    if ((await moverNow()) === b) await playMoves(1);
    await b.context.setOffline(true);
    await b.page.waitForSelector('[data-testid="conn-banner"]', { timeout: 15_000 });
    const legal = await a.page.$$eval(".pit.legal", (els) => els.map((e) => Number((e as HTMLElement).dataset.pit)));
    const r = play(position, position.engine.pitToMove(toMove(position), legal[0]));
    if (!r.ok) throw new Error(r.error.message);
    await a.page.click(`[data-pit="${legal[0]}"]`);
    position = r.value.state;
    const want = Array.from(position.buf.subarray(0, position.engine.pits));
    await waitBoard(a.page, want, "Alice's own move");
    expect(await shownBoard(b.page)).not.toEqual(want);
    await b.context.setOffline(false);
    await b.page.waitForSelector('[data-testid="conn-banner"]', { state: "detached", timeout: 15_000 });
    await waitBoard(b.page, want, "Bola after reconnecting");
    // Bola's seat is still hers: she plays the next move.
    await playMoves(1);
  }, 45_000);

  test("a player who closes the page comes back to the same seat with Resume → Continue, or by typing the code", async () => {
    await b.page.close();
    await a.page.waitForSelector('[data-testid="peer-banner"]', { timeout: 15_000 });
    b.page = await b.context.newPage();
    watch(b, b.page);
    await b.page.goto(at("#/"));
    // The device kept the game as it last saw it (the session's snapshot), beside the room's seat secret.
    const snap = JSON.parse(
      (await b.page.evaluate((c) => localStorage.getItem(`mancala.room.${c}.v1`), code.replace("-", ""))) ?? "null",
    ) as { seat: number; log: unknown[] } | null;
    expect(snap?.seat).toBe(1);
    expect(snap?.log.length).toBeGreaterThan(5);
    await b.page.click('.menu-item:has-text("Resume")');
    await b.page.click(`button[aria-label="Continue the online game ${code}"]`);
    await b.page.waitForSelector(".board", { timeout: 15_000 });
    const want = Array.from(position.buf.subarray(0, position.engine.pits));
    await waitBoard(b.page, want, "Bola after Continue");
    await b.page.waitForSelector('.side-top .side-name:has-text("Alice")');
    await a.page.waitForSelector('[data-testid="peer-banner"]', { state: "detached", timeout: 15_000 });
    await playMoves(2);

    // Typing the same code (lower case, no dash) goes back to the same seat too.
    await b.page.goto(at("#/join"));
    await b.page.fill('[data-testid="join-code"]', code.replace("-", "").toLowerCase());
    await b.page.click('button:has-text("Join")');
    await b.page.waitForSelector(".board", { timeout: 15_000 });
    await waitBoard(b.page, Array.from(position.buf.subarray(0, position.engine.pits)), "Bola after typing the code");
    expect(await b.page.$eval(".side-bottom .side-name", (e) => e.textContent)).toBe("You");
    await playMoves(1);
  }, 45_000);

  test("a third person with the code is turned away, and the players never hear of it", async () => {
    const c = await openPlayer("Chidi");
    try {
      await c.page.goto(at(`#/join/${code}`));
      await c.page.click('button:has-text("Join")');
      // The room is full, so its locator was freed: the code leads nowhere now.
      await c.page.waitForSelector('[data-testid="room-status"]:has-text("No game has this code")', {
        timeout: 10_000,
      });
      expect(await a.page.$('[data-testid="join-request"]')).toBeNull();
      expect(await b.page.$('[data-testid="join-request"]')).toBeNull();
      expect(c.errors).toEqual([]);
    } finally {
      await c.context.close();
    }
  }, 45_000);

  test("screenshots of the board on a phone and a desktop: every control on screen, none overlapping", async () => {
    for (const size of [
      { width: 390, height: 844, name: "phone" },
      { width: 1280, height: 800, name: "desktop" },
    ]) {
      await a.page.setViewportSize({ width: size.width, height: size.height });
      await a.page.waitForTimeout(150);
      await a.page.screenshot({ path: join(shots, `room-${size.name}.png`) });
      const boxes = await a.page.$$eval(
        "[data-pit], [data-store], .controls button, .play-top button, .side, .turn",
        (els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return {
              what: `${e.tagName}.${(e as HTMLElement).className}#${(e as HTMLElement).dataset.pit ?? ""}`,
              l: r.left,
              t: r.top,
              r: r.right,
              b: r.bottom,
            };
          }),
      );
      expect(boxes.length).toBeGreaterThan(16 + 4);
      for (const x of boxes) {
        expect(x.l, `${x.what} on ${size.name}`).toBeGreaterThanOrEqual(0);
        expect(x.t, `${x.what} on ${size.name}`).toBeGreaterThanOrEqual(0);
        expect(x.r, `${x.what} on ${size.name}`).toBeLessThanOrEqual(size.width);
        expect(x.b, `${x.what} on ${size.name}`).toBeLessThanOrEqual(size.height);
        expect(x.r - x.l, `${x.what} on ${size.name}`).toBeGreaterThan(12);
      }
      // Nothing spills out of the name and score pills.
      const spills = await a.page.$$eval(".side", (sides) =>
        sides.flatMap((side) => {
          const o = side.getBoundingClientRect();
          return [...side.children]
            .filter((c) => {
              const r = c.getBoundingClientRect();
              return (
                r.width > 0 &&
                (r.left < o.left - 1 || r.right > o.right + 1 || r.top < o.top - 1 || r.bottom > o.bottom + 1)
              );
            })
            .map((c) => c.className);
        }),
      );
      expect(spills, `cut off inside the score line on ${size.name}`).toEqual([]);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const p = boxes[i];
          const q = boxes[j];
          const overlap = Math.min(p.r, q.r) - Math.max(p.l, q.l) > 1 && Math.min(p.b, q.b) - Math.max(p.t, q.t) > 1;
          expect(overlap, `${p.what} overlaps ${q.what} on ${size.name}`).toBe(false);
        }
      }
    }
    await a.page.setViewportSize({ width: 1100, height: 800 });
  }, 30_000);
});

describe("the end of a friend game", () => {
  test("a forfeit tells the opponent at once; a rematch starts when both agree", async () => {
    await a.page.click('button[aria-label="Forfeit"]');
    await a.page.click('[role="dialog"] button:has-text("Forfeit this game")');
    await b.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 });
    expect(await b.page.textContent("#room-result")).toBe("You won!");
    expect(await b.page.textContent('[data-testid="results"] [data-testid="reason"]')).toMatch(/forfeit/i);
    await a.page.waitForSelector('[data-testid="results"]');
    expect(await a.page.textContent("#room-result")).toBe("Bola won");
    await b.page.click('button:has-text("Offer a rematch")');
    await a.page.waitForSelector('button:has-text("Accept the rematch")', { timeout: 10_000 });
    await a.page.click('button:has-text("Accept the rematch")');
    await Promise.all([
      a.page.waitForSelector('[data-testid="results"]', { state: "detached", timeout: 10_000 }),
      b.page.waitForSelector('[data-testid="results"]', { state: "detached", timeout: 10_000 }),
    ]);
    const start = newGame("tsoro-classic", SMALL);
    if (!start.ok) throw new Error(start.error.message);
    position = start.value;
    const fresh = Array.from(position.buf.subarray(0, position.engine.pits));
    await Promise.all([
      waitBoard(a.page, fresh, "Alice after the rematch"),
      waitBoard(b.page, fresh, "Bola after the rematch"),
    ]);
    // The rematch is started by the other side: the guest, who did not start the first series.
    await b.page.waitForSelector(".pit.legal", { timeout: 10_000 });
    expect(await a.page.$$(".pit.legal")).toHaveLength(0);
    // The new board carries no last-move mark from the game before.
    expect(await a.page.$$(".last-dot")).toHaveLength(0);
    expect(await b.page.$$(".last-dot")).toHaveLength(0);
    await playMoves(1);
  }, 30_000);
});

describe("ranked play and the leaderboard", () => {
  /** Tsoro WTA on 4 × 2 with one seed a hole: seat 0 wins with this line in five moves. */
  const LINE = [0, 2, 0, 3, 3];

  test("two players are paired, see names, ratings and clocks, play to the end and see their rating change", async () => {
    for (const p of [a, b]) {
      await p.page.goto(at("#/ranked"));
      await p.page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 15_000 });
      await p.page.click('.chips label.chip:has-text("Tsoro")');
      await p.page.click('label.chip:has-text("Winner Takes All")');
      // The lobby opens on the last game sought: step down to the smallest board and one seed.
      for (const label of ["Fewer: Board size (holes per row)", "Fewer: Seeds per hole"]) {
        const less = p.page.locator(`button[aria-label="${label}"]`);
        while (await less.isEnabled()) await less.click();
      }
      expect(await p.page.textContent('[data-testid="my-rating"]')).toContain("1500");
    }
    await a.page.click('button:has-text("Find an opponent")');
    await a.page.waitForSelector('[data-testid="seeking"]');
    await b.page.click('button:has-text("Find an opponent")');
    await Promise.all([
      a.page.waitForSelector(".board", { timeout: 15_000 }),
      b.page.waitForSelector(".board", { timeout: 15_000 }),
    ]);
    // No rated game yet: each is shown with the name generated from the player id (a chosen name
    // is claimed after a first rated game).
    expect(await a.page.textContent('[data-testid="ranked-name-top"]')).toMatch(/^Player #[0-9A-Z]{6}$/);
    expect(await b.page.textContent('[data-testid="ranked-name-top"]')).toMatch(/^Player #[0-9A-Z]{6}$/);
    expect(await a.page.textContent('[data-testid="ranked-rating-top"]')).toBe("1500?");

    const start = newGame("tsoro-wta", { holes: 4, seeds: 1 });
    if (!start.ok) throw new Error(start.error.message);
    let s = start.value;
    const first = (await a.page.textContent('[data-testid="turn"]')) === "Your turn" ? a : b;
    const second = first === a ? b : a;
    await first.page.screenshot({ path: join(shots, "ranked-desktop.png") });
    // The running clock counts down.
    const c1 = await first.page.textContent('[data-testid="clock-bottom"]');
    await first.page.waitForTimeout(1_300);
    const c2 = await first.page.textContent('[data-testid="clock-bottom"]');
    const secs = (t: string | null): number =>
      Number((t ?? "0:0").split(":")[0]) * 60 + Number((t ?? "0:0").split(":")[1]);
    expect(secs(c2)).toBeLessThan(secs(c1));
    // The other player sees the same clock running (read a moment later: within a second).
    const seen = secs(await second.page.textContent('[data-testid="clock-top"]'));
    expect(seen).toBeLessThanOrEqual(secs(c2));
    expect(seen).toBeGreaterThanOrEqual(secs(c2) - 1);
    expect(await second.page.$('[data-testid="clock-top"].running')).not.toBeNull();

    for (const move of LINE) {
      const seat = toMove(s);
      const p = seat === 0 ? first : second;
      const pit = s.engine.moveToPit(seat, move);
      await p.page.waitForSelector(`[data-pit="${pit}"].legal`, { timeout: 10_000 });
      await p.page.click(`[data-pit="${pit}"]`);
      const r = play(s, move);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    await Promise.all([
      first.page.waitForSelector('[data-testid="results"]', { timeout: 15_000 }),
      second.page.waitForSelector('[data-testid="results"]', { timeout: 15_000 }),
    ]);
    expect(await first.page.textContent("#ranked-result")).toBe("You won!");
    expect(await second.page.textContent("#ranked-result")).toMatch(/^Player #[0-9A-Z]{6} won$/);
    const up = (await first.page.textContent('[data-testid="rating-change"]')) ?? "";
    const down = (await second.page.textContent('[data-testid="rating-change"]')) ?? "";
    expect(up).toMatch(/^Rating 1500 → 1[5-9]\d\d \(\+\d+\)$/);
    expect(down).toMatch(/^Rating 1500 → 1[0-4]\d\d \(−\d+\)$/);
  }, 60_000);

  test("the leaderboard lists both players with their ratings and highlights the player's own row", async () => {
    // Test hook: one game leaves both provisional (RD ≥ 110), and the server lists settled players
    // only, so the test writes their records with a settled RD straight into the local table.
    const store = makeDynamoRankedStore(documentClient(readConfig()), readConfig().tableName);
    for (const p of [a, b]) {
      const raw = await p.page.evaluate(() => localStorage.getItem("mancala.identity.v1"));
      const keys = parseDeviceKeys((JSON.parse(raw ?? "{}") as { secret?: string }).secret);
      if (!keys.ok) throw new Error("no device identity saved");
      ids[p.name] = keys.value.playerId;
      const rec = await store.getStats(keys.value.playerId, "tsoro-wta");
      if (rec === null) throw new Error(`${p.name} has no tsoro-wta record`);
      expect(rec.games).toBe(1);
      expect(await store.putStats({ ...rec, rd: 90, rev: rec.rev + 1 }, rec.rev)).toBe(true);
    }
    await a.page.goto(at("#/leaderboard/tsoro-wta"));
    await a.page.waitForSelector('[data-testid="lb-row"]', { timeout: 10_000 });
    const rows = await a.page.$$eval('[data-testid="lb-row"]', (els) =>
      els.map((e) => ({
        player: (e as HTMLElement).dataset.player,
        me: e.classList.contains("me"),
        text: e.textContent ?? "",
        rating: e.querySelector('[data-testid="lb-rating"]')?.textContent ?? "",
      })),
    );
    expect(rows.map((r) => r.player).sort()).toEqual([ids.Alice, ids.Bola].sort());
    for (const r of rows) {
      const rec = await store.getStats(r.player ?? "", "tsoro-wta");
      expect(r.rating).toBe(String(Math.round(rec?.rating ?? 0)));
      expect(r.me).toBe(r.player === ids.Alice);
    }
    expect(rows.find((r) => r.me)?.text).toContain("Alice (you)");
    // The first is the winner, rated above the loser.
    expect(Number(rows[0].rating)).toBeGreaterThan(Number(rows[1].rating));
    expect([...a.errors, ...b.errors]).toEqual([]);
  }, 30_000);

  test("the leaderboard pages on: the next page goes on counting ranks, and the player's own row is still marked", async () => {
    // 30 more settled players in the local table (a direct store write), all rated between the two.
    const store = makeDynamoRankedStore(documentClient(readConfig()), readConfig().tableName);
    const base = await store.getStats(ids.Bola, "tsoro-wta");
    if (base === null) throw new Error("no record to copy");
    for (let i = 0; i < 30; i++) {
      const playerId = `P${String(i).padStart(2, "0")}${"x".repeat(40)}`;
      expect(
        await store.putStats(
          { ...base, playerId, name: `Filler ${i}`, rating: 1400 + i, rd: 80, applied: [], last: null, rev: 0 },
          null,
        ),
      ).toBe(true);
    }
    // Bola's browser has not read this board yet (pages may be cached for a few seconds).
    await b.page.goto(at("#/leaderboard/tsoro-wta"));
    await b.page.waitForSelector('[data-testid="lb-row"]');
    expect(await b.page.$$('[data-testid="lb-row"]')).toHaveLength(20);
    await b.page.click('button:has-text("More")');
    await b.page.waitForFunction(() => document.querySelectorAll('[data-testid="lb-row"]').length === 32);
    const ranks = await b.page.$$eval('[data-testid="lb-row"] td:first-child', (els) =>
      els.map((e) => Number(e.textContent)),
    );
    expect(ranks).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    const ratings = await b.page.$$eval('[data-testid="lb-rating"]', (els) => els.map((e) => Number(e.textContent)));
    expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
    expect(await b.page.$('button:has-text("More")')).toBeNull();
    expect(await b.page.$$eval("tr.me", (els) => els.map((e) => e.textContent ?? ""))).toEqual([
      expect.stringContaining("Bola (you)"),
    ]);
  }, 30_000);

  test("New game → Online friend creates a friend game with the chosen setup", async () => {
    await a.page.goto(at("#/new"));
    await a.page.click("label.game-card.fam-ayo");
    await a.page.click('label.chip:has-text("Online friend")');
    await a.page.click('button:has-text("Create game")');
    const shown = (await a.page.textContent('[data-testid="room-code"]', { timeout: 10_000 })) ?? "";
    expect(shown).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(shown).not.toBe(code);
    await a.page.waitForSelector('[data-testid="room-status"]:has-text("Waiting for your friend")');
    const rooms = JSON.parse((await a.page.evaluate(() => localStorage.getItem("mancala.rooms.v1"))) ?? "[]") as {
      code: string;
      setup: { game: string };
    }[];
    expect(rooms.find((r) => r.code === shown.replace("-", ""))?.setup.game).toBe("ayo");
  }, 20_000);

  test("five wrong codes: the owner's screen says someone tried wrong codes and shows a new code, which then works", async () => {
    const shown = parseCode((await a.page.textContent('[data-testid="room-code"]')) ?? "");
    if (!shown.ok) throw new Error("no code on the owner's screen");
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      let wrong = codeForLocator(locatorOf(shown.value));
      while (wrong === shown.value) wrong = codeForLocator(locatorOf(shown.value));
      const guesser = createFriendSession({
        url: server.wsUrl,
        socket: (u) => new WebSocket(u) as unknown as SocketLike,
        mode: "join",
        code: wrong,
        profile: { name: `Guesser ${i + 1}` },
        backoff: { baseMs: 50, maxMs: 200 },
      });
      try {
        for (let t = 0; guesser.view().status !== "wrong_code"; t++) {
          if (t > 400) throw new Error(`guess ${i + 1}: ${guesser.view().status}`);
          await new Promise((r) => setTimeout(r, 25));
        }
      } finally {
        guesser.dispose();
      }
    }
    await a.page.waitForSelector(
      '[data-testid="code-notice"]:has-text("Someone tried wrong codes; here is a new code")',
      { timeout: 10_000 },
    );
    const fresh = (await a.page.textContent('[data-testid="room-code"]')) ?? "";
    expect(fresh).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(fresh.replace("-", "")).not.toBe(shown.value);
    expect(await a.page.textContent('[data-testid="code-notice"]')).toContain(fresh);
    expect([...a.errors]).toEqual([]);
  }, 40_000);

  test("Ayo between friends ends on the captured score when both agree", async () => {
    const ayoCode = (await a.page.textContent('[data-testid="room-code"]')) ?? "";
    await b.page.goto(at("#/join"));
    await b.page.fill('[data-testid="join-code"]', ayoCode);
    await b.page.click('button:has-text("Join")');
    await a.page.click('[data-testid="join-request"] button:has-text("Let in")', { timeout: 10_000 });
    await Promise.all([
      a.page.waitForSelector(".board.game-ayo"),
      b.page.waitForSelector(".board.game-ayo", { timeout: 10_000 }),
    ]);
    const start = newGame("ayo", { vsComputer: false });
    if (!start.ok) throw new Error(start.error.message);
    position = start.value;
    await playMoves(2);
    await a.page.click('.controls button:has-text("Offer end")');
    await b.page.waitForSelector('[role="dialog"]:has-text("End on the current score?")', { timeout: 10_000 });
    await b.page.click('[role="dialog"] button:has-text("Agree")');
    await Promise.all([
      a.page.waitForSelector('[data-testid="results"]'),
      b.page.waitForSelector('[data-testid="results"]'),
    ]);
    const [s0, s1] = [position.buf[position.engine.pits], position.buf[position.engine.pits + 1]];
    const title = (await a.page.textContent("#room-result")) ?? "";
    expect(title).toBe(s0 === s1 ? "Draw" : s0 > s1 ? "You won!" : "Bola won");
    expect(await a.page.textContent('[data-testid="results"] [data-testid="reason"]')).toContain("agreed to end");
    expect(await b.page.textContent('[data-testid="results"] [data-testid="reason"]')).toContain("agreed to end");
  }, 30_000);

  test("a ranked game can be resigned: both see the result at once and the resigning player's rating does not rise", async () => {
    for (const p of [a, b]) {
      await p.page.goto(at("#/ranked"));
      await p.page.waitForSelector('button:has-text("Find an opponent"):not([disabled])', { timeout: 15_000 });
      await p.page.click('.chips label.chip:has-text("Tsoro")');
      await p.page.click('label.chip:has-text("Winner Takes All")');
      // The lobby opens on the last game sought: step down to the smallest board and one seed.
      for (const label of ["Fewer: Board size (holes per row)", "Fewer: Seeds per hole"]) {
        const less = p.page.locator(`button[aria-label="${label}"]`);
        while (await less.isEnabled()) await less.click();
      }
    }
    await a.page.click('button:has-text("Find an opponent")');
    await a.page.waitForSelector('[data-testid="seeking"]');
    await b.page.click('button:has-text("Find an opponent")');
    await Promise.all([
      a.page.waitForSelector(".board", { timeout: 20_000 }),
      b.page.waitForSelector(".board", { timeout: 20_000 }),
    ]);
    // Their ratings are no longer provisional-looking 1500s: the first game moved them apart (waited
    // for: the board can show before the match view's ratings have arrived).
    await a.page.waitForFunction(
      () => {
        const t = document.querySelector('[data-testid="ranked-rating-top"]')?.textContent;
        return typeof t === "string" && t !== "" && t !== "1500?";
      },
      undefined,
      { timeout: 10_000 },
    );
    // Both move once (a game a side has not moved in ends aborted and unrated), then Bola resigns.
    for (let i = 0; i < 2; i++) {
      const mover = (await a.page.textContent('[data-testid="turn"]')) === "Your turn" ? a : b;
      await mover.page.click(".pit.legal");
      await mover.page.waitForFunction(
        () => document.querySelector('[data-testid="turn"]')?.textContent === "Their turn",
        undefined,
        { timeout: 10_000 },
      );
    }
    await b.page.click('.controls button:has-text("Resign")');
    await b.page.click('[role="dialog"] button:has-text("Resign")');
    await Promise.all([
      a.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 }),
      b.page.waitForSelector('[data-testid="results"]', { timeout: 10_000 }),
    ]);
    expect(await a.page.textContent("#ranked-result")).toBe("You won!");
    expect(await b.page.textContent("#ranked-result")).toBe("Alice won");
    // A second game of the day between two new identities counts little (docs/ranked.md, Ratings), so
    // the change may round to 0 points: the resigning side never gains, the winner never loses.
    const change = async (p: typeof a): Promise<[number, number]> => {
      const m = /^Rating (\d+) → (\d+) /.exec((await p.page.textContent('[data-testid="rating-change"]')) ?? "");
      if (m === null) throw new Error("no rating change shown");
      return [Number(m[1]), Number(m[2])];
    };
    const [bBefore, bAfter] = await change(b);
    const [aBefore, aAfter] = await change(a);
    expect(bAfter).toBeLessThanOrEqual(bBefore);
    expect(aAfter).toBeGreaterThanOrEqual(aBefore);
  }, 40_000);

  test("the local server answers a path that is not a URL with 400 and keeps running", async () => {
    const bad = await fetch(`${server.url.replace(/\/$/, "")}//`);
    expect(bad.status).toBe(400);
    expect((await fetch(at("#/"))).status).toBe(200);
  });
});
