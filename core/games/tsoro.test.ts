import { describe, expect, test } from "vitest";
import { MAX_RELAYS, legalMoves, newGame, play, setup, view, type State } from "./index.js";
import type { TraceEvent } from "./engine.js";

type Variant = "tsoro-classic" | "tsoro-wta";

/** A tsoro position from each seat's ring (own hole 0..2n-1); stores fill up to the total. */
function pos(
  game: Variant,
  rings: [number[], number[]],
  opts: { seeds?: number; toMove?: 0 | 1; moveCount?: number; quiet?: number } = {},
): State {
  const n = rings[0].length / 2;
  const seeds = opts.seeds ?? 1;
  const rest = 4 * n * seeds - [...rings[0], ...rings[1]].reduce((a, b) => a + b, 0);
  const stores: [number, number] = game === "tsoro-wta" ? [0, 0] : [Math.floor(rest / 2), rest - Math.floor(rest / 2)];
  const r = setup(
    game,
    { holes: n, seeds },
    {
      board: [...rings[0], ...rings[1]],
      stores,
      toMove: opts.toMove ?? 0,
      moveCount: opts.moveCount ?? 0,
      quiet: opts.quiet ?? 0,
    },
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function mv(s: State, move: number): { s: State; trace: TraceEvent[] } {
  const r = play(s, move);
  if (!r.ok) throw new Error(r.error.message);
  return { s: r.value.state, trace: r.value.trace };
}

function rings(s: State): [number[], number[]] {
  const b = view(s).board;
  return [b.slice(0, b.length / 2), b.slice(b.length / 2)];
}

describe("tsoro geometry", () => {
  test.each([4, 5, 8, 12])(
    "with %i holes a capture from top hole n+k empties the opponent's holes n+(n-1-k) and k",
    (n) => {
      for (let k = 0; k < n; k++) {
        const mine = new Array(2 * n).fill(0);
        mine[n + k - 1] = 1;
        mine[n + k] = 1;
        const theirs = Array.from({ length: 2 * n }, (_, h) => 1 + (h % 4)); // neighbours differ
        const s = pos("tsoro-classic", [mine, theirs], { seeds: 4 });
        const { s: t, trace } = mv(s, n + k - 1);
        const [a, b] = rings(t);
        const expected = [...theirs];
        expected[n + (n - 1 - k)] = 0;
        expected[k] = 0;
        expect(b).toEqual(expected);
        expect(a[n + k]).toBe(2);
        expect(view(t).stores[0]).toBe(view(s).stores[0] + theirs[n + (n - 1 - k)] + theirs[k]);
        expect(trace.filter((e) => e.t === "capture").length).toBe(2);
      }
    },
  );

  test("the default board is 8 holes a row with 2 seeds each", () => {
    const g = newGame("tsoro-classic");
    if (!g.ok) throw new Error();
    expect(view(g.value).board).toEqual(new Array(32).fill(2));
    expect(legalMoves(g.value)).toEqual(Array.from({ length: 16 }, (_, h) => h));
  });

  test.each([
    [{ holes: 3 }],
    [{ holes: 13 }],
    [{ seeds: 0 }],
    [{ seeds: 11 }],
    [{ holes: 4.5 }],
    [{ holes: "8" }],
    [{ size: 8 }],
    ["8"],
  ])("options %j are refused with a typed error", (options) => {
    for (const game of ["tsoro-classic", "tsoro-wta"]) {
      const r = newGame(game, options);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe("options/invalid");
    }
  });
});

describe("tsoro classic", () => {
  test("relay: a last seed in a hole that had seeds lifts it and sowing goes on", () => {
    const s = pos("tsoro-classic", [
      [1, 1, 0, 0, 0, 0, 0, 0],
      [1, 1, 1, 1, 0, 0, 0, 0],
    ]);
    const { s: t, trace } = mv(s, 0);
    expect(rings(t)[0]).toEqual([0, 0, 1, 1, 0, 0, 0, 0]);
    expect(trace.filter((e) => e.t === "lift")).toEqual([
      { t: "lift", pit: 0, count: 1, relay: false },
      { t: "lift", pit: 1, count: 2, relay: true },
    ]);
  });

  test("a top hole with an empty facing hole relays (Classic)", () => {
    // 3 → 4 (top, k=0, makes 2); the facing hole (opponent's 7) is empty: relay 2 seeds to 5, 6.
    const s = pos("tsoro-classic", [
      [0, 0, 0, 1, 1, 0, 0, 0],
      [1, 1, 1, 1, 0, 0, 0, 0],
    ]);
    const t = mv(s, 3).s;
    expect(rings(t)[0]).toEqual([0, 0, 0, 0, 0, 1, 1, 0]);
  });

  test("a capture ends the move at once", () => {
    const s = pos("tsoro-classic", [
      [0, 0, 0, 1, 1, 0, 0, 0],
      [2, 0, 0, 0, 0, 0, 0, 3],
    ]);
    const { s: t, trace } = mv(s, 3);
    expect(rings(t)).toEqual([
      [0, 0, 0, 0, 2, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 0],
    ]);
    expect(trace.map((e) => e.t)).toEqual(["lift", "sow", "capture", "capture", "end"]);
    expect(view(t).result).toEqual({ winner: 0, reason: "no-seeds" });
  });

  test("sowing 2n or more seeds passes the chosen hole again", () => {
    const s = pos("tsoro-classic", [
      [9, 0, 0, 0, 0, 0, 0, 0],
      [1, 1, 1, 1, 0, 0, 0, 0],
    ]);
    const { trace } = mv(s, 0);
    const firstSowing = trace.slice(1, 10);
    expect(firstSowing).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 1].map((pit) => ({ t: "sow", pit })));
  });

  test(`a move makes at most ${MAX_RELAYS} relays`, () => {
    // The opponent's top row is empty, so nothing is ever captured; from hole 0 this ring relays
    // round and round for ever (found by exhaustive search over small rings).
    const s = pos("tsoro-classic", [
      [3, 1, 0, 1, 0, 1, 0, 1],
      [2, 2, 2, 2, 0, 0, 0, 0],
    ]);
    const { s: t, trace } = mv(s, 0);
    const relays = trace.filter((e) => e.t === "lift" && e.relay).length;
    expect(relays).toBe(MAX_RELAYS);
    const last = trace[trace.length - 1];
    expect(last.t).toBe("relay-limit");
    if (last.t === "relay-limit") expect(view(t).board[last.pit]).toBeGreaterThanOrEqual(2);
    expect(rings(t)[0].reduce((a, b) => a + b, 0)).toBe(7);
    expect(view(t).toMove).toBe(1);
  });

  test("50 moves in a row without a capture end the game: more seeds on the board wins", () => {
    const s = pos(
      "tsoro-classic",
      [
        [1, 0, 0, 0, 0, 0, 0, 3],
        [1, 1, 1, 1, 0, 0, 0, 0],
      ],
      { moveCount: 60, quiet: 49 },
    );
    const t = mv(s, 0).s;
    expect(view(t).result).toEqual({ winner: null, reason: "no-capture" });
    const u = pos(
      "tsoro-classic",
      [
        [1, 0, 0, 0, 0, 0, 0, 4],
        [1, 1, 1, 1, 0, 0, 0, 0],
      ],
      { moveCount: 60, quiet: 48 },
    );
    const w = mv(u, 0).s;
    expect(view(w).result).toBeNull();
    const x = mv(w, 0).s;
    expect(view(x).result).toEqual({ winner: 0, reason: "no-capture" });
  });

  test("a player with no seeds when about to move loses", () => {
    const s = pos("tsoro-classic", [
      [0, 0, 0, 1, 1, 0, 0, 0],
      [0, 0, 0, 0, 0, 0, 0, 3],
    ]);
    const t = mv(s, 3).s;
    expect(view(t).result).toEqual({ winner: 0, reason: "no-seeds" });
    expect(legalMoves(t)).toEqual([]);
  });
});

describe("tsoro winner takes all", () => {
  test("a take sows the taken seeds on at once, and takes chain", () => {
    const s = pos("tsoro-wta", [
      [0, 0, 0, 1, 1, 0, 0, 1],
      [1, 3, 3, 2, 2, 0, 0, 2],
    ]);
    const { s: t, trace } = mv(s, 3);
    expect(rings(t)).toEqual([
      [1, 1, 1, 1, 2, 1, 1, 2],
      [0, 3, 3, 0, 0, 0, 0, 0],
    ]);
    expect(trace.filter((e) => e.t === "take")).toEqual([
      { t: "take", pits: [15, 8], count: 3, seat: 0 },
      { t: "take", pits: [12, 11], count: 4, seat: 0 },
    ]);
    expect(view(t).stores).toEqual([0, 0]);
  });

  test("a bottom hole that had seeds relays", () => {
    const s = pos("tsoro-wta", [
      [1, 1, 0, 0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2, 2, 1, 1],
    ]);
    expect(rings(mv(s, 0).s)[0]).toEqual([0, 0, 1, 1, 0, 0, 0, 0]);
  });

  test("a top hole that had seeds with an empty facing hole ends the move", () => {
    const s = pos("tsoro-wta", [
      [0, 0, 0, 1, 1, 0, 0, 0],
      [2, 2, 2, 2, 2, 2, 2, 0],
    ]);
    const { s: t, trace } = mv(s, 3);
    expect(rings(t)[0]).toEqual([0, 0, 0, 0, 2, 0, 0, 0]);
    expect(trace.map((e) => e.t)).toEqual(["lift", "sow"]);
  });

  test("the player left with nothing loses: the other owns every seed", () => {
    const s = pos("tsoro-wta", [
      [0, 0, 0, 1, 1, 0, 0, 13],
      [1, 0, 0, 0, 0, 0, 0, 0],
    ]);
    const t = mv(s, 3).s; // lands on 4 (top, k=0): facing is the opponent's 7 (empty): stop
    expect(view(t).result).toBeNull();
    const u = pos("tsoro-wta", [
      [0, 0, 0, 1, 1, 0, 0, 12],
      [1, 0, 0, 0, 0, 0, 0, 1],
    ]);
    const w = mv(u, 3).s; // takes the opponent's 7 and 0: their last seeds
    expect(view(w).result).toEqual({ winner: 0, reason: "no-seeds" });
    expect(rings(w)[0].reduce((a, b) => a + b, 0)).toBe(16);
  });

  test("80 moves in a row without a take end the game", () => {
    const s = pos(
      "tsoro-wta",
      [
        [1, 0, 0, 0, 0, 0, 0, 6],
        [1, 1, 1, 1, 1, 1, 1, 2],
      ],
      { moveCount: 100, quiet: 79 },
    );
    expect(view(mv(s, 0).s).result).toEqual({ winner: 1, reason: "no-take" });
  });

  test("the game reaching 400 moves ends it", () => {
    const s = pos(
      "tsoro-wta",
      [
        [1, 0, 0, 0, 0, 0, 0, 8],
        [1, 1, 1, 1, 1, 1, 1, 0],
      ],
      { moveCount: 399, quiet: 3 },
    );
    expect(view(mv(s, 0).s).result).toEqual({ winner: 0, reason: "move-limit" });
  });
});
