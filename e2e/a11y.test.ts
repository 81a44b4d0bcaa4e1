/**
 * axe-core over every screen that is not a game table, at a phone (390×844) and a desktop (1280×800),
 * in Chromium against the local server: no serious or critical violation and exactly one `h1`.
 *
 * The table screens (TABLE_SCREENS below: a board in play, the paused board, a friend room waiting
 * for its guest, a replay with its engine review) are held to the same: the table's header is the
 * screen's one `h1` (web/src/table/TableBar.tsx). A friend game in play (its chat open) and a
 * ranked game are played against a second browser on the same server (TWO_PLAYER_SCREENS).
 */
import { parseDeviceKeys } from "../core/identity.js";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

interface Audit {
  readonly h1: number;
  readonly violations: readonly Finding[];
}

let h: Harness;
let axeSource: string;
/** The second player of the two-browser screens (a friend game in play, a ranked game). */
let other: { readonly dir: string; readonly context: BrowserContext; readonly page: Page } | null = null;
const at = (hash: string): string => new URL(hash, h.url).toString();

beforeAll(async () => {
  h = await startHarness(sharedClient(), SIZES[0][1]);
  axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  await h.page.goto(at("#/"));
  await h.page.evaluate(() =>
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false })),
  );
  await h.page.reload();
}, 180_000);

afterAll(async () => {
  await other?.context.close().catch(() => undefined);
  if (other !== null) await rm(other.dir, { recursive: true, force: true });
  await h?.close();
  process.stdout.write(`axe findings: ${seen.length === 0 ? "none" : `\n${seen.join("\n")}`}\n`);
});

/** Runs axe on what the page shows now (animations settled), and counts the `h1`s. */
async function audit(page: Page): Promise<Audit> {
  await page.waitForTimeout(350);
  // Injected through the debugging protocol, so the page's own script policy does not apply.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return {
      h1: document.querySelectorAll("h1").length,
      violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? "",
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
      })),
    };
  });
}

/** Every finding of every impact, printed at the end so the minor ones are seen too. */
const seen: string[] = [];

function expectClean(a: Audit, what: string, strict = false): void {
  for (const v of a.violations) seen.push(`${what}: ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(", ")}`);
  const bad = a.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad, `${what}: serious or critical violations`).toEqual([]);
  // The screens that are clean today stay clean at every impact (the Rules tab panel's role included).
  if (strict) expect(a.violations, `${what}: violations`).toEqual([]);
  expect(a.h1, `${what}: h1 count`).toBe(1);
}

interface ScreenCheck {
  readonly name: string;
  /** Brings the page to the screen; resolves once it is shown. */
  readonly open: (page: Page) => Promise<void>;
}

async function show(page: Page, hash: string, selector = "h1"): Promise<void> {
  await page.goto(at(hash));
  await page.waitForSelector(selector, { timeout: 20_000 });
}

/** A game against the computer, started from New game with its defaults. */
async function startGame(page: Page): Promise<void> {
  await show(page, "#/new", "text=Start match");
  await page.click("text=Start match");
  await page.waitForSelector(".board", { timeout: 20_000 });
}

const SCREENS: readonly ScreenCheck[] = [
  { name: "menu", open: (p) => show(p, "#/") },
  { name: "new game", open: (p) => show(p, "#/new") },
  {
    name: "resume",
    open: async (p) => {
      // With a saved game, so its buttons (and "Delete all") are on the screen.
      await startGame(p);
      await show(p, "#/resume", '[data-testid="saved-game"]');
    },
  },
  { name: "settings", open: (p) => show(p, "#/settings") },
  { name: "profile", open: (p) => show(p, "#/profile") },
  { name: "rules", open: (p) => show(p, "#/rules", "article") },
  { name: "lessons", open: (p) => show(p, "#/lessons") },
  { name: "leaderboard", open: (p) => show(p, "#/leaderboard") },
  { name: "ranked lobby", open: (p) => show(p, "#/ranked") },
  { name: "lobby", open: (p) => show(p, "#/lobby/togyz", '[data-testid="lobby-post"]:not([disabled])') },
  { name: "challenge", open: (p) => show(p, `#/challenge/${"A".repeat(43)}`, '[data-testid="challenge-send"]') },
  {
    name: "tournaments",
    open: async (p) => {
      // With the form to create one open, so its fields are checked too.
      // From the menu, so the screen opens afresh at the second size too.
      await show(p, "#/");
      await show(p, "#/tournaments", '[data-testid="tour-new"]');
      await p.click('[data-testid="tour-new"]');
      await p.waitForSelector('[data-testid="tour-create"]');
    },
  },
];

/** The table's screens. */
const TABLE_SCREENS: readonly ScreenCheck[] = [
  { name: "board in play", open: startGame },
  {
    name: "paused board",
    open: async (p) => {
      await startGame(p);
      await p.waitForSelector(".pit.legal", { timeout: 20_000 });
      await p.keyboard.press("p");
      await p.waitForSelector(".pause-veil");
    },
  },
  {
    name: "friend room, waiting",
    open: async (p) => {
      await show(p, "#/online", ".create-form");
      await p.click('.create-form button:has-text("Create game")');
      await p.waitForSelector('[data-testid="room-code"]', { timeout: 20_000 });
    },
  },
  {
    name: "replay and review",
    open: async (p) => {
      await startGame(p);
      // Two moves of the player's (the computer answers each), so the review has moves to grade.
      for (let i = 0; i < 2; i++) {
        await p.click(".pit.legal", { timeout: 20_000 });
        await p.waitForSelector(".pit.legal", { timeout: 20_000 });
      }
      await p.click('button[aria-label="Forfeit"]');
      await p.click('button:has-text("Forfeit this game")');
      await p.waitForSelector('[data-testid="results"]', { timeout: 20_000 });
      await p.keyboard.press("Escape");
      await p.click('[data-testid="open-review"]');
      await p.waitForSelector('[data-testid="review"]', { timeout: 30_000 });
    },
  },
];

/** The second browser, opened once on the same server, at the size the first has now. */
async function second(): Promise<Page> {
  if (other === null) {
    const dir = await mkdtemp(join(tmpdir(), "mancala-a11y-"));
    const context = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: h.page.viewportSize() ?? SIZES[0][1],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(at("#/"));
    await page.evaluate(() => {
      localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false }));
      localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: "Bola", avatar: "🦉", photo: null }));
    });
    other = { dir, context, page };
  }
  await other.page.setViewportSize(h.page.viewportSize() ?? SIZES[0][1]);
  return other.page;
}

/** Table screens with a second player in the other browser. */
const TWO_PLAYER_SCREENS: readonly ScreenCheck[] = [
  {
    name: "friend game in play, chat open",
    open: async (p) => {
      const b = await second();
      await show(p, "#/online", ".create-form");
      await p.click('.create-form button:has-text("Create game")');
      const code = ((await p.textContent('[data-testid="room-code"]', { timeout: 20_000 })) ?? "").trim();
      await b.goto(at(`#/join/${code}`));
      await b.click('button:has-text("Join")');
      await p.click('[data-testid="join-request"] button:has-text("Let in")', { timeout: 20_000 });
      await Promise.all([p.waitForSelector(".board"), b.waitForSelector(".board", { timeout: 20_000 })]);
      await p.click('[data-testid="chat-button"]');
      await p.waitForSelector('[data-testid="chat"]');
    },
  },
  {
    name: "lobby with an open game and a challenge",
    open: async (p) => {
      const b = await second();
      const post = '[data-testid="lobby-post"]:not([disabled])';
      await show(b, "#/lobby/ayo", post);
      await b.click(post);
      await b.waitForSelector('[data-testid="lobby-seek"][data-mine="1"]', { timeout: 20_000 });
      await show(p, "#/lobby/ayo", '[data-testid="lobby-seek"][data-mine="0"]');
      const raw = await p.evaluate(() => localStorage.getItem("mancala.identity.v1"));
      const keys = parseDeviceKeys((JSON.parse(raw ?? "{}") as { secret?: string }).secret);
      if (!keys.ok) throw new Error("no device identity saved");
      await show(b, `#/challenge/${keys.value.playerId}`, '[data-testid="challenge-send"]:not([disabled])');
      await b.click('[data-testid="challenge-send"]');
      await p.waitForSelector('[data-testid="challenge-incoming"]', { timeout: 20_000 });
    },
  },
  {
    name: "ranked game",
    open: async (p) => {
      const b = await second();
      for (const x of [p, b]) {
        await show(x, "#/ranked", 'button:has-text("Find an opponent"):not([disabled])');
        await x.click('button:has-text("Find an opponent")');
      }
      await Promise.all([
        p.waitForSelector(".board", { timeout: 20_000 }),
        b.waitForSelector(".board", { timeout: 20_000 }),
      ]);
    },
  },
];

describe.each(SIZES)("axe-core at %s size", (_size, viewport) => {
  beforeAll(async () => {
    await h.page.setViewportSize(viewport);
  });

  for (const s of SCREENS) {
    test(s.name, async () => {
      await s.open(h.page);
      expectClean(await audit(h.page), `${s.name} (${viewport.width}×${viewport.height})`, true);
      expect(h.errors).toEqual([]);
    });
  }

  for (const s of TABLE_SCREENS) {
    test(s.name, async () => {
      await s.open(h.page);
      expectClean(await audit(h.page), `${s.name} (${viewport.width}×${viewport.height})`);
    });
  }

  for (const s of TWO_PLAYER_SCREENS) {
    test(s.name, async () => {
      await s.open(h.page);
      expectClean(await audit(h.page), `${s.name} (${viewport.width}×${viewport.height})`);
      // Leave the game, so the next screen starts from the menu (a ranked game is resigned).
      if ((await h.page.$('.controls button:has-text("Resign")')) !== null) {
        await h.page.click('.controls button:has-text("Resign")');
        await h.page.click('[role="dialog"] button:has-text("Resign")');
        await h.page.waitForSelector('[data-testid="results"]', { timeout: 20_000 });
      }
    });
  }
});
