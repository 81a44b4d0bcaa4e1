import { describe, expect, test } from "vitest";
import { freshRecord } from "../../core/ranked/settle.js";
import type { PlayerGameRecord } from "../../core/ranked/types.js";
import { PROVISIONAL_RD } from "../../core/ratings.js";
import { leaderboardPage, parseCursor } from "./ratings.js";
import { createMemoryRatingStore } from "./store.js";

function rec(i: number, rating: number, rd: number): PlayerGameRecord {
  const id = `P${String(i).padStart(3, "0")}${"y".repeat(39)}`;
  return { ...freshRecord(id, "togyz", `Player ${i}`), rating, rd, games: rd < PROVISIONAL_RD ? 30 : 2 };
}

async function walk(store: ReturnType<typeof createMemoryRatingStore>, limit: number, include: boolean) {
  const rows = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const p = await leaderboardPage(store, "togyz", limit, cursor, include);
    if (!p.ok) throw new Error(p.error.message);
    rows.push(...p.value.rows);
    if (p.value.next === null) return { rows, pages: pages + 1 };
    cursor = p.value.next;
  }
  throw new Error("no end");
}

describe("leaderboard pages", () => {
  test.each([1, 3, 5, 7, 20])("established first, then provisional ones marked, page size %i", async (limit) => {
    const store = createMemoryRatingStore();
    const all = [
      rec(1, 1700, 60),
      rec(2, 1500, 300),
      rec(3, 1650, 80),
      rec(4, 1900, 200),
      rec(5, 1400, 90),
      rec(6, 1550, 350),
    ];
    for (const r of all) await store.putStats(r, null);
    const established = all.filter((r) => r.rd < PROVISIONAL_RD).sort((a, b) => b.rating - a.rating);
    const provisional = all.filter((r) => r.rd >= PROVISIONAL_RD).sort((a, b) => b.rating - a.rating);
    const only = await walk(store, limit, false);
    expect(only.rows.map((r) => r.playerId)).toEqual(established.map((r) => r.playerId));
    const both = await walk(store, limit, true);
    expect(both.rows.map((r) => r.playerId)).toEqual([...established, ...provisional].map((r) => r.playerId));
    expect(both.rows.map((r) => r.provisional)).toEqual([false, false, false, true, true, true]);
    expect(both.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    // No page is empty: the walk takes exactly as many pages as the rows need.
    expect(both.pages).toBe(Math.ceil(6 / limit));
  });

  test("a page that fills up at the end of the established tier has no cursor when nobody provisional follows", async () => {
    const store = createMemoryRatingStore();
    for (const r of [rec(1, 1700, 60), rec(2, 1600, 60)]) await store.putStats(r, null);
    const p = await leaderboardPage(store, "togyz", 2, undefined, true);
    expect(p.ok && p.value.next).toBeNull();
  });

  test("cursors: made by the server only, and a provisional-tier cursor needs provisional=include", async () => {
    const store = createMemoryRatingStore();
    for (const r of [rec(1, 1700, 60), rec(2, 1600, 300), rec(3, 1500, 300)]) await store.putStats(r, null);
    const p = await leaderboardPage(store, "togyz", 2, undefined, true);
    if (!p.ok || p.value.next === null) throw new Error("expected a next page");
    expect(parseCursor(p.value.next)).toMatchObject({ t: "p" });
    expect((await leaderboardPage(store, "togyz", 2, p.value.next, false)).ok).toBe(false);
    expect((await leaderboardPage(store, "togyz", 2, "eyJrIjoxfQ", true)).ok).toBe(false);
  });
});
