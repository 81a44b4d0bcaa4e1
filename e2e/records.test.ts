/**
 * Game records in the real client (built, served by the local server, in Chromium): import a Togyz
 * record in PlayOK's notation, step through it with the buttons, the arrow keys and the slider
 * (board and counts following the engine), run the engine review in its worker, and open the
 * engine's better move on the board; a bad record names its first bad move; a share link opens the
 * same replay; a file of two games lists both; a saved local game is exported from Resume.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { newGame, playAll, view } from "../core/games/index.js";
import { makeShareCode, parsePlayOk } from "../core/records/index.js";
import { startHarness, type Harness } from "./harness.js";
import { sharedClient } from "./client.js";

let h: Harness;

beforeAll(async () => {
  h = await startHarness(sharedClient());
  await h.page.goto(h.url);
  await h.page.evaluate(() =>
    localStorage.setItem("mancala.settings.v1", JSON.stringify({ speed: "fast", sound: false })),
  );
  await h.page.reload();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** The opening of a Togyz game between two careless players: captures, and moves the engine would change. */
const RECORD = `[Event "Club evening"]
[White "Aigerim"]
[Black "Daulet"]
[Result "*"]

1. 54(10) 11(10) 2. 21(12) 23 3. 56 23 4. 12 67(22) 5. 12 79(34) 6. 12 36 7. 12
94 8. 59 57(38) 9. 12 84 10. 92X 13 *
`;

const stores = async (page: Page): Promise<[number, number]> => [
  Number(await page.textContent('[data-testid="replay-store-0"]')),
  Number(await page.textContent('[data-testid="replay-store-1"]')),
];

const stepText = (page: Page): Promise<string | null> => page.textContent('[data-testid="replay-step"]');

async function waitStep(page: Page, k: number, n: number): Promise<void> {
  await page.waitForFunction(
    ([k, n]) => document.querySelector('[data-testid="replay-step"]')?.textContent === `${k} / ${n}`,
    [k, n] as const,
  );
  // The board settles on the position after move k (any sowing animation finished).
  await page.waitForFunction(
    () => document.querySelector(".hand") === null || document.querySelectorAll(".hand").length === 0,
  );
}

describe("records in the client", () => {
  test("import a PlayOK record, step through it, review it and see the better move", async () => {
    const page = h.page;
    const parsed = parsePlayOk(RECORD);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { states } = parsed.value[0];
    const n = parsed.value[0].record.moves.length;
    expect(n).toBe(20);

    await page.goto(new URL("#/import", h.url).toString());
    await page.fill('[data-testid="import-text"]', RECORD.replace("2. 21(12) 23", "2. 21(12) 24"));
    await page.click('button:has-text("Import")');
    expect(await page.textContent('[data-testid="import-error"]')).toBe(
      "game 1, move 2... 24: the last stone lands in pit 3, not 4",
    );

    await page.fill('[data-testid="import-text"]', RECORD);
    await page.click('button:has-text("Import")');
    await page.waitForSelector('[data-testid="replay"]');
    expect(await stepText(page)).toBe(`0 / ${n}`);
    expect(await page.textContent('[data-testid="replay-info"]')).toContain("Aigerim moves first");

    // Forward with the button: the first move sows and captures 10.
    await page.click('button[aria-label="Next move"]');
    await waitStep(page, 1, n);
    await page.waitForFunction(() => document.querySelector('[data-testid="replay-store-0"]')?.textContent === "10");
    expect(await stores(page)).toEqual(view(states[1]).stores);
    expect(await page.textContent('[data-testid="replay-info"]')).toBe(`Move 1 of ${n}: Aigerim pit 5.`);

    // Arrow keys.
    await page.keyboard.press("ArrowRight");
    await waitStep(page, 2, n);
    await page.keyboard.press("ArrowRight");
    await waitStep(page, 3, n);
    await page.keyboard.press("ArrowLeft");
    await waitStep(page, 2, n);
    expect(await stores(page)).toEqual(view(states[2]).stores);

    // The slider jumps anywhere; the counts on the board are the engine's.
    await page.fill('input[aria-label="Move"]', "19");
    await waitStep(page, 19, n);
    await page.waitForTimeout(100);
    expect(await stores(page)).toEqual(view(states[19]).stores);
    const pits = await page.$$eval("[data-pit]", (els) =>
      els.map((e) => [Number((e as HTMLElement).dataset.pit), Number((e as HTMLElement).dataset.count)] as const),
    );
    const board = view(states[19]).board;
    for (const [pit, count] of pits) expect(count).toBe(board[pit]);
    await page.keyboard.press("End");
    await waitStep(page, n, n);
    expect(await stores(page)).toEqual(view(states[n]).stores);
    await page.keyboard.press("Home");
    await waitStep(page, 0, n);

    // Engine review in the worker: a score for every position, and the moves it would change.
    await page.click('button:has-text("Engine review")');
    await page.waitForSelector('[data-testid="mistakes"], [data-testid="no-mistakes"]', { timeout: 90_000 });
    const points = await page.getAttribute('[data-testid="review-graph"] polyline', "points");
    expect(points?.trim().split(/\s+/)).toHaveLength(n + 1);
    const mistakes = page.locator('[data-testid="mistakes"] button');
    expect(await mistakes.count()).toBeGreaterThan(0);
    const label = (await mistakes.first().textContent()) ?? "";
    const m = /^Move (\d+): pit (\d) → pit (\d)/.exec(label);
    expect(m).not.toBeNull();
    const [ply, played, best] = [Number(m![1]) - 1, Number(m![2]), Number(m![3])];
    expect(parsed.value[0].record.moves[ply]).toBe(played);
    expect(best).not.toBe(played);
    await mistakes.first().click();
    await waitStep(page, ply, n);
    const banner = await page.textContent('[data-testid="better-move"]');
    expect(banner).toContain(`played pit ${played}; the engine prefers pit ${best}`);
    // The better move is marked on the board: the mover's pit `best`.
    const mover = view(states[ply]).toMove;
    const hinted = await page.$$eval(".pit.hint", (els) => els.map((e) => Number((e as HTMLElement).dataset.pit)));
    expect(hinted).toEqual([mover * 9 + best - 1]);
    expect(h.errors).toEqual([]);
  }, 150_000);

  test("a share link opens the replay of a finished game; Resume exports a saved game", async () => {
    const page = h.page;
    // A finished Tsoro game as a JSON record, shared by link.
    const g = newGame("tsoro-classic", { holes: 4, seeds: 1 });
    if (!g.ok) throw new Error(g.error.message);
    await page.goto(new URL("#/import", h.url).toString());
    const moves: number[] = [];
    let s = g.value;
    for (let i = 0; i < 200 && view(s).result === null; i++) {
      const { legalMoves, play } = await import("../core/games/index.js");
      const ms = legalMoves(s);
      const mv = ms[(i * 5 + 1) % ms.length];
      moves.push(mv);
      const r = play(s, mv);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value.state;
    }
    expect(view(s).result).not.toBeNull();
    await page.fill(
      '[data-testid="import-text"]',
      JSON.stringify({ game: "tsoro-classic", options: { holes: 4, seeds: 1 }, moves }),
    );
    await page.click('button:has-text("Import")');
    await page.waitForSelector('[data-testid="replay"]');
    const link = await page.evaluate(() => location.href);
    expect(new URL(link).hash.startsWith("#/replay/")).toBe(true);
    // A fresh page opening the link shows the same game at its end.
    const other = await h.context.newPage();
    await other.goto(link);
    await other.waitForSelector('[data-testid="replay"]');
    await other.keyboard.press("End");
    const end = playAll(g.value, moves);
    if (!end.ok) throw new Error(end.error.message);
    await other.waitForFunction(
      (t) => document.querySelector('[data-testid="replay-step"]')?.textContent === t,
      `${moves.length} / ${moves.length}`,
    );
    expect(await other.textContent('[data-testid="replay-info"]')).toContain(
      view(end.value).result!.winner === 0
        ? "Player 1 won."
        : view(end.value).result!.winner === 1
          ? "Player 2 won."
          : "Draw.",
    );
    await other.close();

    // A file holding two games: both listed, each opens its own replay.
    await page.goto(new URL("#/import", h.url).toString());
    const two = `${RECORD}\n[White "Saule"]\n[Black "Yerlan"]\n\n1. 76(10) 87(2) 2. 99 91 0-1\n`;
    await page.setInputFiles('[data-testid="import-file"]', {
      name: "games.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(two),
    });
    const listed = page.locator('[aria-label="Imported games"] li');
    await listed.first().waitFor();
    expect(await listed.count()).toBe(2);
    expect(await listed.nth(1).textContent()).toContain("Saule – Yerlan");
    expect(await listed.nth(1).textContent()).toContain("4 moves · Yerlan won");
    await listed.nth(1).locator('button:has-text("Replay")').click();
    await page.waitForSelector('[data-testid="replay"]');
    expect(await stepText(page)).toBe("0 / 4");
    await page.keyboard.press("End");
    await waitStep(page, 4, 4);
    // Another record's link in the same page (only the fragment changes) shows that game from its start.
    const first = parsePlayOk(RECORD);
    if (!first.ok) throw new Error(first.error.message);
    await page.evaluate((code) => void (location.hash = `#/replay/${code}`), makeShareCode(first.value[0]));
    await waitStep(page, 0, 20);
    expect(await page.textContent('[data-testid="replay-info"]')).toContain("Aigerim moves first");

    // Export from the Resume list: a saved local Togyz game, in PlayOK's notation.
    await page.evaluate(() => {
      const now = Date.now();
      localStorage.setItem(
        "mancala.games.v1",
        JSON.stringify([
          {
            id: "game-0001",
            setup: { game: "togyz", holes: 8, seeds: 2, opponent: "local", level: "easy", speed: "fast", bestOf: 1 },
            names: ["Asel", "Nurlan"],
            series: { bestOf: 1, games: [], score: [0, 0], draws: 0, over: false, winner: null, end: null },
            moves: [7, 8, 9, 9],
            ended: null,
            recorded: false,
            createdAt: now,
            updatedAt: now,
          },
        ]),
      );
    });
    await page.goto(new URL("#/resume", h.url).toString());
    await page.reload();
    await page.click('[data-testid="saved-game"] button:has-text("Export")');
    const text = await page.inputValue('[data-testid="export-text"]');
    expect(text).toContain('[White "Asel"]');
    expect(text).toContain("1. 76(10) 87(2) 2. 99 91 *");
    expect(h.errors).toEqual([]);
  }, 150_000);
});
