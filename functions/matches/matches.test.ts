import { describe, expect, test } from "vitest";
import { decode, legalMoves } from "../../core/games/index.js";
import { applyMove, applyResign, makeMatch } from "../../core/ranked/game.js";
import type { MatchRecord } from "../../core/ranked/types.js";
import type { RankedServerMessage } from "../../core/protocol/ranked.js";
import { createMatches } from "./matches.js";
import { createMemoryMatchStore } from "./store.js";

const T0 = 1_700_000_000_000;
const seat = (n: number) => ({ playerId: `p${n}`, name: `Player ${n}`, rating: 1500, rd: 200, vol: 0.06 });

/** An active Ayo match whose first mover's clock runs out `clockMs` after T0 (first-move limit out of the way). */
function active(i: number, clockMs: number): MatchRecord {
  return makeMatch({
    id: `m${String(i).padStart(5, "0")}`,
    game: "ayo",
    options: {},
    seats: [seat(2 * i), seat(2 * i + 1)],
    conns: [`c${2 * i}`, `c${2 * i + 1}`],
    clock: { initialMs: clockMs, incrementMs: 0 },
    now: T0,
    firstMoveMs: 10 * 24 * 3600_000,
  });
}

describe("the timer reads only due matches", () => {
  test("10,000 active matches: each tick's work follows the due matches, not all of them", async () => {
    let now = T0;
    const store = createMemoryMatchStore();
    const sent: { conn: string; msg: RankedServerMessage }[] = [];
    const ended: string[] = [];
    const matches = createMatches({
      store,
      gateway: { send: async (conn, msg) => (sent.push({ conn, msg }), true) },
      now: () => now,
      graceMs: 90_000,
      onEnded: async (m) => (ended.push(m.id), null),
    });
    // Deadlines spread over 10,000 s: one match per second from T0 + 1 s.
    for (let i = 0; i < 10_000; i++) expect(await store.putMatch(active(i, 1_000 * (i + 1)), null)).toBe(true);
    expect(store.size()).toBe(10_000);

    const work: { due: number; examined: number }[] = [];
    for (const [advanceTo, due] of [
      [0, 0],
      [5_000, 5],
      [5_500, 0],
      [30_000, 25],
      [130_000, 100],
      [131_000, 1],
    ] as const) {
      now = T0 + advanceTo;
      const before = store.examined();
      const r = await matches.tick();
      work.push({ due: r.due, examined: store.examined() - before });
      expect(r.due).toBe(due);
      expect(r.ended).toBe(due);
    }
    // Every tick examined the due entries plus the one entry that told it to stop.
    for (const w of work) expect(w.examined).toBe(w.due + 1);
    expect(ended).toHaveLength(131);
    // Both players of each ended match were told, once.
    expect(sent.filter((s) => s.msg.type === "ranked.end")).toHaveLength(2 * 131);
    // The ended (and settled) matches left the index; the rest stay in it, untouched.
    const left = await store.listDue(Number.MAX_SAFE_INTEGER, 20_000);
    expect(left).toHaveLength(10_000 - 131);
    expect(left.every((m) => m.status === "active" && m.rev === 0)).toBe(true);
    const first = await store.getMatch("m00000");
    expect(first).toMatchObject({ status: "aborted", settled: true, dueAt: null });
  });

  test("a request that ends the match gets its answer even when the timer settles the match first", async () => {
    const store = createMemoryMatchStore();
    const sent: { conn: string; msg: RankedServerMessage }[] = [];
    const m = active(1, 10_000);
    await store.putMatch(m, null);
    let ticks = 0;
    const matches = createMatches({
      store,
      gateway: { send: async (conn, msg) => (sent.push({ conn, msg }), true) },
      now: () => T0 + 1_000,
      graceMs: 90_000,
      // The first settling (the resign's) is overtaken by a timer tick that settles the match itself.
      onEnded: async () => {
        if (ticks++ === 0) {
          // Due (ended, not settled); the tick settles it and counts no newly ended match.
          expect(await matches.tick()).toEqual({ due: 1, ended: 0 });
          expect((await store.getMatch(m.id))?.settled).toBe(true);
        }
        return null;
      },
    });
    const resigner = m.seats[0].playerId;
    await matches.act(
      m.conns[0] as string,
      "r1",
      async () => resigner,
      m.id,
      (cur, t) => {
        const r = applyResign(cur, resigner, t);
        return r.ok ? { ok: true, value: { match: r.value, notify: "end" } } : r;
      },
    );
    expect((await store.getMatch(m.id))?.settled).toBe(true);
    const ends = sent.filter((s) => s.msg.type === "ranked.end");
    // The timer told both players; the resigner also got the answer to its request, once.
    expect(ends.filter((s) => s.conn === m.conns[1])).toHaveLength(1);
    const answers = sent.filter((s) => s.conn === m.conns[0] && (s.msg as { rid?: unknown }).rid === "r1");
    expect(answers.map((s) => s.msg.type)).toEqual(["ranked.end"]);
  });

  test("a move moves the match's deadline in the index with the same write", async () => {
    const store = createMemoryMatchStore();
    let now = T0;
    const matches = createMatches({
      store,
      gateway: { send: async () => true },
      now: () => now,
      graceMs: 90_000,
      onEnded: async () => null,
    });
    const m = active(1, 10_000);
    await store.putMatch(m, null);
    expect((await store.listDue(T0 + 10_000, 10)).map((x) => x.id)).toEqual([m.id]);
    now = T0 + 4_000;
    const state = decode(m.position);
    if (!state.ok) throw new Error(state.error.message);
    const mover = m.seats[m.toMove].playerId;
    await matches.act(
      "c",
      undefined,
      async () => mover,
      m.id,
      (cur, t) => {
        const r = applyMove(cur, mover, 0, legalMoves(state.value)[0], t);
        return r.ok ? { ok: true, value: { match: r.value, notify: "update" } } : r;
      },
    );
    expect((await store.getMatch(m.id))?.version).toBe(1);
    expect(await store.listDue(T0 + 10_000, 10)).toEqual([]);
    expect((await store.listDue(T0 + 14_000, 10)).map((x) => x.dueAt)).toEqual([T0 + 14_000]);
  });
});
