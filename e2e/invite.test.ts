/**
 * Friend invitations in Chromium, two phones (390×844) as two players who set no name, the guest's
 * interface in Russian: the shared text and link name the game and never call the sender "You"; the
 * link names the game in its fragment, so the join form and the guest's waiting screen say which game
 * it is; the owner sees "Guest asks to join", each sees the other as Guest / Owner in their own
 * language; a link that names another game is shown as a claim and the owner's real game wins, with
 * a notice. A saved game against the computer exported from Resume calls the unnamed player
 * "Player 1", not "You".
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

interface Player {
  context: BrowserContext;
  page: Page;
  readonly errors: string[];
}

let dir: string;
const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? join(tmpdir(), "mancala-layout-screenshots"));
let server: RunningServer;
let owner: Player;
let guest: Player;
const at = (hash: string): string => new URL(hash, server.url).toString();

async function openPlayer(tag: string, language: string): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${tag}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(server.url).origin });
  const page = context.pages()[0] ?? (await context.newPage());
  const p: Player = { context, page, errors: [] };
  page.on("pageerror", (e) => p.errors.push(e.message));
  await page.goto(at("#/"));
  // No profile name is set: these players never chose one.
  await page.evaluate(
    (l) => localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false, language: l })),
    language,
  );
  await page.reload();
  return p;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-invite-"));
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [owner, guest] = await Promise.all([openPlayer("owner", "en"), openPlayer("guest", "ru")]);
}, 120_000);

afterAll(async () => {
  await Promise.all([owner?.context.close().catch(() => undefined), guest?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** The owner creates a friend game of `family` (single game, or best of `bestOf`) and shares the link. */
async function createAndShare(family: "togyz" | "ayo", bestOf: number): Promise<{ code: string; shared: string }> {
  const p = owner.page;
  await p.goto(at("#/online"));
  await p.click(`.create-form label.game-card.fam-${family}`);
  if (bestOf > 1) await p.click(`.create-form label:has-text("Best of ${bestOf}")`);
  await p.click('.create-form button:has-text("Create game")');
  const code = (await p.textContent('[data-testid="room-code"]', { timeout: 10_000 })) ?? "";
  await p.waitForSelector('[data-testid="room-status"]:has-text("Waiting for your friend")');
  await p.evaluate(() => navigator.clipboard.writeText(""));
  await p.click('button:has-text("Share link")');
  await p.waitForSelector("text=Link copied");
  return { code, shared: await p.evaluate(() => navigator.clipboard.readText()) };
}

/** The guest opens `link`, joins, and the owner lets them in: both boards show. */
async function joinBy(link: string): Promise<void> {
  await guest.page.goto(link);
  await guest.page.click("form.join-form button[type=submit]");
  await guest.page.waitForSelector('[data-testid="room-status"]', { timeout: 10_000 });
}

describe("a friend invitation", () => {
  test("names the game in the text and the link; the guest's waiting screen says it; unnamed players are Guest and Owner", async () => {
    const { code, shared } = await createAndShare("togyz", 3);
    // The sender chose no name: the text speaks in the first person and names the game and the series.
    expect(shared).toContain("Play Togyz kumalak · 9 pits a side, 9 stones each · best of 3 with me.");
    expect(shared).toContain(`The game code is ${code}.`);
    expect(shared).not.toMatch(/\bYou\b/);
    const link = shared.slice(shared.indexOf("http"));
    // The game travels in the fragment (never sent to a server), after the code.
    expect(new URL(link).hash).toBe(`#/join/${code}_togyz_3`);

    await guest.page.goto(link);
    expect(await guest.page.inputValue('[data-testid="join-code"]')).toBe(code);
    const form = (await guest.page.textContent('[data-testid="invite-setup"]')) ?? "";
    expect(form).toContain("Тогыз кумалак");
    expect(form).toContain("матч из 3");
    await guest.page.click("form.join-form button[type=submit]");
    await owner.page.waitForSelector('[data-testid="join-request"]', { timeout: 10_000 });
    // The guest waits to be let in: the screen says which game and board it is.
    const waiting = (await guest.page.textContent('[data-testid="lobby"]')) ?? "";
    expect(waiting).toContain("Приглашение: Тогыз кумалак · по 9 лунок у каждого, по 9 камней в лунке · матч из 3");
    await guest.page.screenshot({ path: join(SHOTS, "invite-guest-waiting-phone.png") });

    // The owner sees a guest, not "You" (English) nor "Вы" (the guest's own word for "you").
    const request = (await owner.page.textContent('[data-testid="join-request"]')) ?? "";
    expect(request).toContain("Guest asks to join");
    expect(request).not.toMatch(/You|Вы/);
    await owner.page.click('[data-testid="join-request"] button:has-text("Let in")');
    await Promise.all([
      owner.page.waitForSelector(".board", { timeout: 10_000 }),
      guest.page.waitForSelector(".board", { timeout: 10_000 }),
    ]);
    await owner.page.waitForSelector('[data-testid="name-top"]:has-text("Guest")');
    await guest.page.waitForSelector('[data-testid="name-top"]:has-text("Хозяин")');
    // The link told the truth: no notice.
    expect(await guest.page.$('[data-testid="invite-differs"]')).toBeNull();
    // The owner's list of games never calls the guest "You".
    await owner.page.goto(at("#/online"));
    await owner.page.waitForSelector(".saved-sub");
    expect((await owner.page.$$eval(".saved-sub", (els) => els.map((e) => e.textContent))).join()).not.toMatch(
      /with (You|Вы)/,
    );
    expect([...owner.errors, ...guest.errors]).toEqual([]);
  }, 150_000);

  test("a link naming another game is shown as a claim; once let in, the owner's game is played and the guest is told", async () => {
    const { code } = await createAndShare("ayo", 1);
    // A link that lies: it says Togyz, best of 5; the owner's sealed setup is Ayo, a single game.
    await joinBy(at(`#/join/${code}_togyz_5`));
    expect(await guest.page.textContent('[data-testid="lobby"]')).toContain("Приглашение: Тогыз кумалак");
    await owner.page.click('[data-testid="join-request"] button:has-text("Let in")', { timeout: 10_000 });
    await guest.page.waitForSelector(".board", { timeout: 10_000 });
    // Ayo: 12 pits, and the notice names both.
    expect(await guest.page.$$("[data-pit]")).toHaveLength(12);
    const notice = (await guest.page.textContent('[data-testid="invite-differs"]')) ?? "";
    expect(notice).toContain("Тогыз кумалак");
    expect(notice).toContain("Айо");
    // A link that names nothing the engine plays is no claim at all.
    await guest.page.goto(at(`#/join/${code}_tsoro-classic_1_99_2`));
    expect(await guest.page.$('[data-testid="invite-setup"]')).toBeNull();
    expect([...owner.errors, ...guest.errors]).toEqual([]);
  }, 150_000);

  test("a saved game against the computer is exported with the unnamed player as Player 1, not You", async () => {
    const p = owner.page;
    await p.goto(at("#/new"));
    await p.click("label.game-card.fam-togyz");
    await p.click('button:has-text("Start match")');
    await p.waitForSelector(".pit.legal", { timeout: 10_000 });
    await p.click(".pit.legal");
    await p.goto(at("#/resume"));
    await p.click('[data-testid="saved-game"] button:has-text("Export")');
    const text = await p.inputValue('[data-testid="export-text"]');
    expect(text).toContain('[White "Player 1"]');
    expect(text).not.toContain('"You"');
    expect(owner.errors).toEqual([]);
  }, 120_000);
});
