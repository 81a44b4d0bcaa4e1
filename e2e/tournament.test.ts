/**
 * A class tournament in Chromium, three browser profiles against the local server: a teacher
 * creates a private Swiss, two pupils join it with its code, the teacher starts it, round 1 is paired
 * and both pupils are taken straight to the game table of their board; the teacher's page shows
 * both in the standings and the board of round 1.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

interface Person {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly errors: string[];
}

let dir: string;
let server: RunningServer;
let teacher: Person;
let aigerim: Person;
let tendai: Person;
const at = (hash: string): string => new URL(hash, server.url).toString();

async function open(name: string): Promise<Person> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const p: Person = { context, page, errors: [] };
  page.on("pageerror", (e) => p.errors.push(e.message));
  await page.goto(at("#/"));
  await page.evaluate((n) => {
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
    localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
  }, name);
  await page.reload();
  await page.goto(at("#/tournaments"));
  await page.waitForSelector('[data-testid="tour-join-code"]:not([disabled])', { timeout: 20_000 });
  return p;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-tour-"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [teacher, aigerim, tendai] = await Promise.all([open("Teacher"), open("Aigerim"), open("Tendai")]);
}, 180_000);

afterAll(async () => {
  await Promise.all([teacher, aigerim, tendai].map((p) => p?.context.close().catch(() => undefined)));
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe("a private Swiss for a class", () => {
  test("created, joined by code by two pupils, started: round 1 is paired and the game opens for both", async () => {
    // The teacher creates it (Swiss, Togyz kumalak 10+5, private by default).
    await teacher.page.click('[data-testid="tour-new"]');
    await teacher.page.fill('[data-testid="tour-name"]', "Class 5B");
    expect(await teacher.page.isChecked('[data-testid="tour-private"]')).toBe(true);
    await teacher.page.click('[data-testid="tour-create-submit"]');
    await teacher.page.waitForSelector('[data-testid="tour-code-shown"]', { timeout: 10_000 });
    const shown = (await teacher.page.textContent('[data-testid="tour-code-shown"]')) ?? "";
    const code = /: ([0-9A-Z]{6})$/.exec(shown)?.[1] ?? "";
    expect(code).toMatch(/^[0-9A-Z]{6}$/);
    expect(teacher.page.url()).toMatch(/#\/tournament\/[A-Za-z0-9_-]+$/);
    const id = teacher.page.url().split("/").at(-1) ?? "";
    // The page reads the tournament (GET /api/tournaments/{id}): its name, and the organiser's tools.
    await teacher.page.waitForSelector('[data-testid="tour-organiser"]', { timeout: 10_000 });
    expect(await teacher.page.textContent("#tour-title")).toBe("Class 5B");

    // A wrong code is refused in words; the right one (typed in lower case with a dash) lets each pupil in.
    await aigerim.page.fill('[data-testid="tour-code"]', "ZZZ-ZZZ");
    await aigerim.page.click('[data-testid="tour-join-code"]');
    await aigerim.page.waitForSelector('[data-testid="tour-error"]', { timeout: 10_000 });
    expect(await aigerim.page.textContent('[data-testid="tour-error"]')).toBe(
      "No tournament has that code. Check it with your organiser.",
    );
    for (const pupil of [aigerim, tendai]) {
      await pupil.page.fill('[data-testid="tour-code"]', `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
      await pupil.page.click('[data-testid="tour-join-code"]');
      await pupil.page.waitForSelector('[data-testid="tour-leave"]', { timeout: 10_000 });
      expect(pupil.page.url()).toBe(at(`#/tournament/${id}`));
    }
    await tendai.page.waitForFunction(
      () => document.querySelectorAll('[data-testid="tour-row"]').length === 2,
      undefined,
      { timeout: 10_000 },
    );

    // The teacher starts it: round 1 is paired, and both pupils are taken to their game.
    await teacher.page.click('[data-testid="tour-start"]');
    await Promise.all([aigerim, tendai].map((p) => p.page.waitForSelector(".board", { timeout: 15_000 })));
    for (const p of [aigerim, tendai]) expect(p.page.url()).toBe(at("#/ranked"));
    // The teacher's page shows both players and the one board of round 1, with no result yet.
    await teacher.page.waitForSelector('[data-testid="tour-board"]', { timeout: 10_000 });
    expect(await teacher.page.$$eval('[data-testid="tour-row"]', (r) => r.length)).toBe(2);
    expect(await teacher.page.textContent('[data-testid="tour-round"]')).toMatch(/^Round 1 of 5/);
    expect(await teacher.page.textContent('[data-testid="tour-board"] .note')).toBe("No result yet");
    for (const p of [teacher, aigerim, tendai]) expect(p.errors).toEqual([]);
  }, 90_000);

  test("the teacher enters the board's result and the standings follow, on the teacher's page and the pupils'", async () => {
    await teacher.page.click('[data-testid="tour-board"] button:has-text("Draw")');
    await teacher.page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="tour-points"]')].map((e) => e.textContent).join() === "0.5,0.5",
      undefined,
      { timeout: 10_000 },
    );
    // A pupil back on the tournament's page sees the same table, with the tiebreak columns.
    await aigerim.page.goto(at(`#/tournament/${teacher.page.url().split("/").at(-1) ?? ""}`));
    await aigerim.page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="tour-points"]')].map((e) => e.textContent).join() === "0.5,0.5",
      undefined,
      { timeout: 10_000 },
    );
    const heads = await aigerim.page.$$eval('[data-testid="tour-standings"] th', (h) => h.map((x) => x.textContent));
    expect(heads).toEqual([
      "Place",
      "Player",
      "Rating",
      "Points",
      "Buchholz cut 1",
      "Buchholz",
      "Sonneborn–Berger",
      "Direct encounter",
      "Wins",
    ]);
    for (const p of [teacher, aigerim, tendai]) expect(p.errors).toEqual([]);
  }, 60_000);
});
