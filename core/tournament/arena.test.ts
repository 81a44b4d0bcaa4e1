import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arenaStandings, BERSERK_MIN_MOVES, pairArena, type ArenaGame } from "./arena.js";
import type { BoardResult, Entrant } from "./types.js";

const E: Entrant[] = ["a", "b", "c", "d"].map((id, i) => ({ id, name: id.toUpperCase(), rating: 1500 + i * 100 }));
let t = 0;
const game = (first: string, second: string, result: BoardResult | null, extra: Partial<ArenaGame> = {}): ArenaGame => {
  t += 10;
  return {
    id: `g${t}`,
    first,
    second,
    startedAt: t,
    endedAt: result === null ? null : t + 5,
    result,
    berserk: [false, false],
    moves: 30,
    ...extra,
  };
};

describe("arena scoring", () => {
  it("scores 2/1/0, doubles wins after two in a row until a game is not won", () => {
    t = 0;
    const games = [
      game("a", "b", "first"), // a 2
      game("c", "a", "second"), // a 2 (streak 2)
      game("a", "d", "first"), // a 4 on fire
      game("b", "a", "second"), // a 4 on fire
      game("a", "c", "draw"), // a 1, the fire ends
      game("d", "a", "second"), // a 2
      game("a", "b", "first"), // a 2 (streak 2 again)
      game("a", "c", "first"), // a 4
    ];
    const rows = arenaStandings(E, games, 1_000);
    const a = rows.find((r) => r.id === "a");
    expect(a?.sheet.map((s) => s.points)).toEqual([2, 2, 4, 4, 1, 2, 2, 4]);
    expect(a?.sheet.map((s) => s.fire)).toEqual([false, false, true, true, true, false, false, true]);
    expect(a).toMatchObject({ points: 21, wins: 7, draws: 1, losses: 0, fire: true, rank: 1 });
  });

  it("gives a berserk win one more point, only after enough moves", () => {
    t = 0;
    const rows = arenaStandings(
      E,
      [
        game("a", "b", "first", { berserk: [true, false] }),
        game("c", "d", "second", { berserk: [false, true], moves: BERSERK_MIN_MOVES - 1 }),
        game("b", "c", "first", { berserk: [false, true] }),
      ],
      1_000,
    );
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get("a")?.points).toBe(3);
    expect(by.get("d")?.points).toBe(2);
    expect(by.get("b")?.points).toBe(2);
    expect(by.get("c")).toMatchObject({ points: 0, berserks: 1 });
  });

  it("counts a game that started before the end and finished after it, not one started after", () => {
    const rows = arenaStandings(
      E,
      [
        {
          id: "x",
          first: "a",
          second: "b",
          startedAt: 90,
          endedAt: 130,
          result: "first",
          berserk: [false, false],
          moves: 20,
        },
        {
          id: "y",
          first: "c",
          second: "d",
          startedAt: 101,
          endedAt: 120,
          result: "first",
          berserk: [false, false],
          moves: 20,
        },
        {
          id: "z",
          first: "c",
          second: "b",
          startedAt: 95,
          endedAt: null,
          result: null,
          berserk: [false, false],
          moves: 2,
        },
      ],
      100,
    );
    const by = new Map(rows.map((r) => [r.id, r]));
    expect(by.get("a")?.points).toBe(2);
    expect(by.get("c")?.points).toBe(0);
    expect(by.get("b")?.games).toBe(1);
  });
});

describe("arena pairing", () => {
  it("pairs neighbours in the ranking and never the last opponent", () => {
    const pairs = pairArena([
      { id: "a", points: 10, rating: 1500, last: "b" },
      { id: "b", points: 9, rating: 1500, last: "a" },
      { id: "c", points: 2, rating: 1500 },
      { id: "d", points: 1, rating: 1500 },
    ]);
    const keys = pairs.map((p) => [...p].sort().join("-")).sort();
    expect(keys).toEqual(["a-c", "b-d"]);
    expect(
      pairArena([
        { id: "a", points: 0, rating: 1, last: "b" },
        { id: "b", points: 0, rating: 1, last: "a" },
      ]),
    ).toEqual([]);
  });

  it("pairs as many as it can, each once, never a last opponent, deterministically", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 30, maxLength: 30 }),
        (ids, pts) => {
          const w = ids.map((x, i) => ({
            id: `p${x}`,
            points: pts[i % pts.length],
            rating: 1500,
            last: i % 2 === 0 && i + 1 < ids.length ? `p${ids[i + 1]}` : i % 2 === 1 ? `p${ids[i - 1]}` : undefined,
          }));
          const pairs = pairArena(w);
          const flat = pairs.flat();
          expect(new Set(flat).size).toBe(flat.length);
          const last = new Map(w.map((x) => [x.id, x.last]));
          for (const [a, b] of pairs) expect(last.get(a) === b || last.get(b) === a).toBe(false);
          // Only the last-game pairs are forbidden: with four or more free players everyone but one can play.
          if (w.length >= 4) expect(pairs.length).toBe(Math.floor(w.length / 2));
          expect(pairArena([...w].reverse())).toEqual(pairs);
        },
      ),
    );
  });
});
