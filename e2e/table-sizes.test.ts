/**
 * What the one game table (web/src/table/) must give, measured in Chromium against the local server:
 * - desktop: at 1280×800 the smallest Togyz pit is at least 88 px and the board at least half the
 *   window's height, and at 1920×1080 the pits grow with the window (the height ratio, within 10 %);
 *   no count covers a pit;
 * - Ayo's stores (tall on a wide screen, long on a phone): each owner's name, the longest a profile
 *   can have on the player's, lies inside its store and the window and is not clipped, at 1280×800,
 *   1920×1080 and 390×844;
 * - phone, friend game with the chat open: the sheet is opaque and covers what is under it (the
 *   element at the centre of every chat line, of the message box and of every control under the
 *   board belongs to the sheet), the header and the turn stay readable, and closing it gives the
 *   focus back to the chat button;
 * - Kazakh Replay at 360 px: no button is cut off (inside the window, its text not clipped), the
 *   engine review can be scrolled to, and the finished game's panel has no empty area under its
 *   buttons;
 * - the turned Togyz board on a phone: the count stands out from the pit number (1.3 times its size
 *   and two more of colour, background, weight, shape), and each kazan shows its owner's name.
 * Each check writes what it measured to stdout (`table figures:`). With SHOTS_DIR set, a screenshot
 * of each screen is written there (Togyz and Ayo play at 390×844, 1280×800 and 1920×1080, the phone
 * chat, the Kazakh replay at 360 px).
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "../functions/local/server.js";
import { CHROMIUM, CHROMIUM_ARGS } from "./harness.js";
import { sharedClient } from "./client.js";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WIDE = { width: 1920, height: 1080 };
const NARROW = { width: 360, height: 780 };

const SHOTS = process.env.SHOTS_DIR;
const figures: Record<string, unknown> = {};

interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
}

let dir: string;
let server: RunningServer;
let alice: Player;
let bola: Player;
const at = (hash: string): string => new URL(hash, server.url).toString();

async function openPlayer(name: string, language: string | null): Promise<Player> {
  const context = await chromium.launchPersistentContext(join(dir, `profile-${name}`), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: PHONE,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(at("#/"));
  await page.evaluate(
    ([n, l]) => {
      localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false, language: l }));
      localStorage.setItem("mancala.profile.v1", JSON.stringify({ name: n, avatar: "🦉", photo: null }));
    },
    [name, language] as const,
  );
  await page.reload();
  return { context, page };
}

async function setLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((l) => {
    const s = JSON.parse(localStorage.getItem("mancala.settings.v1") ?? "{}") as Record<string, unknown>;
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ ...s, language: l }));
  }, language);
  await page.reload();
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS === undefined) return;
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mancala-table-sizes-"));
  if (SHOTS !== undefined) await mkdir(SHOTS, { recursive: true });
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: sharedClient(), quiet: true });
  [alice, bola] = await Promise.all([openPlayer("Alice", "en"), openPlayer("Bola", "en")]);
}, 180_000);

afterAll(async () => {
  process.stdout.write(`table figures: ${JSON.stringify(figures)}\n`);
  await Promise.all([alice?.context.close().catch(() => undefined), bola?.context.close().catch(() => undefined)]);
  await server?.close().catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

/** A game against the computer (easy, single game), waiting for the player's first move. */
async function startGame(page: Page, family: "togyz" | "ayo"): Promise<void> {
  await page.goto(at("#/new"));
  await page.click(`label.game-card.fam-${family}`);
  await page.click('label.chip:has-text("Computer")');
  await page.click('label.chip:has-text("Easy")');
  await page.click('label.chip:has-text("Single game")');
  await page.click("text=Start match");
  await page.waitForSelector(".pit.legal", { timeout: 20_000 });
  await page.waitForTimeout(300);
}

const startTogyz = (page: Page): Promise<void> => startGame(page, "togyz");

async function smallestPit(page: Page): Promise<number> {
  const sizes = await page.$$eval("[data-pit]", (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return Math.min(r.width, r.height);
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  return Math.round(Math.min(...sizes));
}

describe("the table's sizes", () => {
  test("desktop pits: at 1280×800 no Togyz pit under 88 px; at 1920×1080 the pits grow with the window", async () => {
    const page = alice.page;
    await page.setViewportSize(DESKTOP);
    await startTogyz(page);
    const small = await smallestPit(page);
    await shot(page, "togyz-1280x800");
    const board = await page.$eval(".board", (e) => {
      const r = e.getBoundingClientRect();
      return { w: Math.round(r.width), h: Math.round(r.height) };
    });
    // No count (or kazan's count) overlaps a pit's square.
    const covering = await page.evaluate(() => {
      const boxes = (sel: string): DOMRect[] =>
        [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
      const pits = boxes("[data-pit]");
      const apart = (a: DOMRect, b: DOMRect): boolean =>
        a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      return boxes(".count, .pit-no").filter((c) => pits.some((p) => !apart(c, p))).length;
    });
    await page.setViewportSize(WIDE);
    await page.waitForTimeout(300);
    const wide = await smallestPit(page);
    await shot(page, "togyz-1920x1080");
    const wideBoard = await page.$eval(".board", (e) => {
      const r = e.getBoundingClientRect();
      return { w: Math.round(r.width), h: Math.round(r.height) };
    });
    const share = (b: { w: number; h: number }, v: { width: number; height: number }): number =>
      Math.round((100 * b.h) / v.height);
    figures["desktop pits"] = {
      "1280x800": small,
      "1920x1080": wide,
      board1280: board,
      board1920: wideBoard,
      heightShare1280: share(board, DESKTOP),
      heightShare1920: share(wideBoard, WIDE),
      countsOverPits: covering,
    };
    expect(small).toBeGreaterThanOrEqual(88);
    expect(share(board, DESKTOP)).toBeGreaterThanOrEqual(50);
    expect(covering).toBe(0);
    expect(wide).toBeGreaterThanOrEqual(Math.floor(small * (WIDE.height / DESKTOP.height) * 0.9));
  });

  test("Ayo's store names read in full: inside the store and the window, nothing clipped, at every size", async () => {
    const page = alice.page;
    // The longest name a profile can have (core/names.ts NAME_MAX) on the player's store.
    const long = "Aigerim Zhaksylykova";
    const setName = async (name: string): Promise<void> => {
      await page.evaluate((n) => {
        const p = JSON.parse(localStorage.getItem("mancala.profile.v1") ?? "{}") as Record<string, unknown>;
        localStorage.setItem("mancala.profile.v1", JSON.stringify({ ...p, name: n }));
      }, name);
      await page.reload();
    };
    await setName(long);
    const seen: Record<string, unknown> = {};
    const bad: string[] = [];
    try {
      for (const [size, tag] of [
        [DESKTOP, "1280x800"],
        [WIDE, "1920x1080"],
        [PHONE, "390x844"],
      ] as const) {
        await page.setViewportSize(size);
        await startGame(page, "ayo");
        await shot(page, `ayo-${tag}`);
        const labels = await page.$$eval(".store-owner", (els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            const s = (e.closest(".store") ?? e).getBoundingClientRect();
            const inside = (o: { left: number; top: number; right: number; bottom: number }): boolean =>
              r.left >= o.left - 0.5 && r.top >= o.top - 0.5 && r.right <= o.right + 0.5 && r.bottom <= o.bottom + 0.5;
            return {
              text: (e.textContent ?? "").trim(),
              box: [Math.round(r.width), Math.round(r.height)],
              inStore: inside(s),
              inWindow: inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }),
              clipped: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
            };
          }),
        );
        seen[tag] = labels;
        if (labels.length !== 2) bad.push(`${tag}: ${labels.length} store names`);
        for (const l of labels) if (!l.inStore || !l.inWindow || l.clipped) bad.push(`${tag}: ${JSON.stringify(l)}`);
        if (!labels.some((l) => l.text === long)) bad.push(`${tag}: the player's name is not shown whole`);
      }
    } finally {
      await setName("Alice");
    }
    figures["ayo store names"] = seen;
    expect(bad).toEqual([]);
  });

  test("phone chat sheet: every chat line and the message box are on top, the turn is readable", async () => {
    const [a, b] = [alice.page, bola.page];
    await Promise.all([a.setViewportSize(PHONE), b.setViewportSize(PHONE)]);
    await a.goto(at("#/online"));
    await a.click(".create-form label.game-card.fam-togyz");
    await a.click('.create-form button:has-text("Create game")');
    const code = ((await a.textContent('[data-testid="room-code"]', { timeout: 10_000 })) ?? "").trim();
    await b.goto(at(`#/join/${code}`));
    await b.click('button:has-text("Join")');
    await a.click('[data-testid="join-request"] button:has-text("Let in")', { timeout: 10_000 });
    await Promise.all([a.waitForSelector(".board"), b.waitForSelector(".board", { timeout: 10_000 })]);
    // A few lines, so the sheet has messages over the board and the controls.
    await b.click('[data-testid="chat-button"]');
    for (const line of ["salem!", "good luck 👍", "one more line to fill the sheet"]) {
      await b.fill('input[aria-label="Message"]', line);
      await b.click('button[aria-label="Send"]');
    }
    await a.click('[data-testid="chat-button"]');
    await a.waitForSelector('[data-testid="chat-line"]:has-text("one more line")', { timeout: 10_000 });
    await a.waitForTimeout(300);
    await shot(a, "phone-chat-open-en");
    const probe = await a.evaluate(() => {
      const sheet = document.querySelector('[data-testid="chat"]');
      const centre = (e: Element): { x: number; y: number } => {
        const r = e.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      };
      const targets = [
        ...document.querySelectorAll('[data-testid="chat-line"]'),
        document.querySelector('input[aria-label="Message"]'),
      ].filter((e): e is Element => e !== null);
      const covered = targets
        .map((e) => {
          const { x, y } = centre(e);
          const hit = document.elementFromPoint(x, y);
          return {
            what: (e.textContent ?? e.tagName).slice(0, 30),
            hit: hit?.className ?? "none",
            ok: sheet?.contains(hit) === true,
          };
        })
        .filter((c) => !c.ok);
      const turn = document.querySelector('[data-testid="turn"]');
      const tr = turn?.getBoundingClientRect();
      const turnSeen =
        turn !== null &&
        tr !== undefined &&
        tr.top >= 0 &&
        tr.bottom <= window.innerHeight &&
        sheet?.contains(document.elementFromPoint(tr.left + tr.width / 2, tr.top + tr.height / 2)) !== true;
      const turnInSheet = sheet?.querySelector('[data-testid="turn"], [data-testid="sheet-turn"]') != null;
      // Nothing shows through: the sheet's background is opaque, and a control under it is under it.
      const bg = sheet === null ? "" : getComputedStyle(sheet).backgroundColor;
      const alpha = /rgba\(.*,\s*([\d.]+)\)/.exec(bg)?.[1];
      const opaque = bg !== "" && bg !== "transparent" && (alpha === undefined || Number(alpha) === 1);
      const throughControls = [...document.querySelectorAll(".controls button")]
        .filter((c) => {
          const r = c.getBoundingClientRect();
          const s = sheet?.getBoundingClientRect();
          return s !== undefined && r.top >= s.top && r.bottom <= s.bottom;
        })
        .filter((c) => {
          const { x, y } = centre(c);
          return sheet?.contains(document.elementFromPoint(x, y)) !== true;
        })
        .map((c) => (c.textContent ?? "").trim());
      const head = document.querySelector(".play-top")?.getBoundingClientRect();
      const headSeen = head !== undefined && head.top >= 0 && head.bottom <= window.innerHeight;
      return {
        lines: targets.length,
        covered,
        turnSeen,
        turnInSheet,
        opaque,
        throughControls,
        headSeen,
        scrollY: Math.round(window.scrollY),
      };
    });
    figures["phone chat sheet"] = probe;
    await a.click('button[aria-label="Close chat"]');
    await a.waitForSelector('[data-testid="chat"]', { state: "detached" });
    const focusBack = await a.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");
    figures["phone chat sheet"] = { ...probe, focusBack };
    expect(probe.covered).toEqual([]);
    expect(probe.turnSeen || probe.turnInSheet).toBe(true);
    expect(probe.opaque).toBe(true);
    expect(probe.throughControls).toEqual([]);
    expect(probe.headSeen).toBe(true);
    expect(focusBack).toBe("chat-button");
  });

  test("Kazakh Replay at 360 px: no button is cut off", async () => {
    const page = alice.page;
    await page.setViewportSize(NARROW);
    // The game is played in English; its replay is then read in Kazakh (the language reloads the page).
    await startTogyz(page);
    await page.click(".pit.legal");
    await page.waitForSelector(".pit.legal", { timeout: 20_000 });
    await page.click('button[aria-label="Forfeit"]');
    await page.click('button:has-text("Forfeit this game")');
    await page.waitForSelector('[data-testid="results"]', { timeout: 20_000 });
    await page.keyboard.press("Escape");
    await page.waitForSelector('[data-testid="results"]', { state: "detached" });
    // The finished game's panel ends with its buttons: no empty area under them.
    const emptyUnder = await page.evaluate(() => {
      const side = document.querySelector(".board-side")?.getBoundingClientRect();
      const actions = document.querySelector(".move-actions")?.getBoundingClientRect();
      return side === undefined || actions === undefined ? -1 : Math.round(side.bottom - actions.bottom);
    });
    await page.click('[data-testid="open-review"]');
    await page.waitForSelector('[data-testid="replay"]');
    await setLanguage(page, "kk");
    await page.waitForSelector('[data-testid="replay"]');
    // The engine review, run again in Kazakh (the reload left it): the second of the replay's buttons.
    if ((await page.$('[data-testid="review"]')) === null) await page.click(".move-actions button:nth-child(2)");
    await page.waitForSelector('[data-testid="review"]', { timeout: 30_000 });
    await page.waitForTimeout(500);
    await shot(page, "replay-kk-360");
    const cut = await page.$$eval('[data-testid="replay"] button:not([data-pit])', (els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => {
          const r = e.getBoundingClientRect();
          return {
            text: (e.textContent ?? "").trim().slice(0, 30) || (e.getAttribute("aria-label") ?? ""),
            right: Math.round(r.right),
            left: Math.round(r.left),
            clipped: e.scrollWidth > e.clientWidth + 1,
          };
        })
        .filter((b) => b.right > window.innerWidth + 0.5 || b.left < -0.5 || b.clipped),
    );
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // The review (its graph and list) is reached by scrolling the page, not shut in a box of its own.
    const review = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="review"]');
      if (el === null) return { found: false, shown: false, boxed: "" };
      el.scrollIntoView({ block: "start" });
      const r = el.getBoundingClientRect();
      let boxed = "";
      for (let p = el.parentElement; p !== null && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowY;
        if ((o === "auto" || o === "hidden" || o === "scroll") && p.scrollHeight > p.clientHeight + 1)
          boxed = p.className;
      }
      return { found: true, shown: r.top >= 0 && r.top < window.innerHeight, boxed };
    });
    figures["kazakh replay buttons"] = { cut, sideways, review, emptyUnder };
    await setLanguage(page, "en");
    expect(cut).toEqual([]);
    expect(sideways).toBeLessThanOrEqual(0);
    expect(review).toEqual({ found: true, shown: true, boxed: "" });
    expect(emptyUnder).toBeGreaterThanOrEqual(0);
    expect(emptyUnder).toBeLessThanOrEqual(16);
  });

  test("turned Togyz board on a phone: the number and the count look different; each kazan names its owner", async () => {
    const page = alice.page;
    await page.setViewportSize(PHONE);
    await startTogyz(page);
    await shot(page, "togyz-390x844");
    const look = await page.evaluate(() => {
      const pit = document.querySelector("[data-pit]");
      const no = pit?.parentElement?.querySelector(".pit-no") ?? pit?.querySelector(".pit-no");
      const count = pit?.parentElement?.querySelector(".count") ?? pit?.querySelector(".count");
      const style = (e: Element | null | undefined): Record<string, string> => {
        if (e === null || e === undefined) return {};
        const s = getComputedStyle(e);
        return {
          bg: s.backgroundColor,
          color: s.color,
          weight: s.fontWeight,
          size: s.fontSize,
          radius: s.borderRadius,
        };
      };
      const stores = [...document.querySelectorAll("[data-store]")].map((s) => ({
        label: s.getAttribute("aria-label") ?? "",
        shown: (s as HTMLElement).innerText.trim(),
      }));
      return { no: style(no), count: style(count), stores };
    });
    const differ = (["bg", "color", "weight", "size", "radius"] as const).filter((k) => look.no[k] !== look.count[k]);
    const names = await page.$$eval(".side-name, [data-testid^='name-']", (els) =>
      els.map((e) => (e.textContent ?? "").trim()).filter((n) => n !== ""),
    );
    const ownerShown = look.stores.map((s) => names.some((n) => s.shown.includes(n)));
    figures["turned togyz badges"] = { ...look, differ, ownerShown };
    // The count is what matters in play: it stands out (at least 1.3 times the number's size) and
    // the two differ in two more of colour, background, weight or shape.
    expect(parseFloat(look.count.size ?? "0")).toBeGreaterThanOrEqual(1.3 * parseFloat(look.no.size ?? "0"));
    expect(differ.filter((k) => k !== "size").length).toBeGreaterThanOrEqual(2);
    expect(ownerShown).toEqual([true, true]);
  });
});
