import { describe, expect, test } from "vitest";
import { legalMoves, newGame, outcome, play, setup, view, type State } from "./index.js";
import type { TraceEvent } from "./engine.js";

/** An ayo position from pits 1..12; seat 1's store takes whatever makes 48. */
function pos(pits: number[], opts: { store0?: number; toMove?: 0 | 1; vsComputer?: boolean } = {}): State {
  const rest = 48 - pits.reduce((a, b) => a + b, 0);
  const store0 = opts.store0 ?? Math.floor(rest / 2);
  const r = setup(
    "ayo",
    { vsComputer: opts.vsComputer ?? false },
    { board: pits, stores: [store0, rest - store0], toMove: opts.toMove ?? 0 },
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function mv(s: State, move: number): { s: State; trace: TraceEvent[] } {
  const r = play(s, move);
  if (!r.ok) throw new Error(r.error.message);
  return { s: r.value.state, trace: r.value.trace };
}

function fresh(vsComputer = false): State {
  const g = newGame("ayo", { vsComputer });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

describe("ayo worked examples (docs/rules.md, Worked examples)", () => {
  test("capture seven seeds: pit 6 sows into 1, 2, 1 and takes pits 9, 8 and 7", () => {
    //             1  2  3  4  5  6  7  8  9 10 11 12
    const s = pos([2, 2, 2, 2, 2, 3, 1, 2, 1, 4, 4, 3], { store0: 0 });
    expect(view(s).stores).toEqual([0, 20]);
    const { s: t, trace } = mv(s, 6);
    const v = view(t);
    expect(v.board.slice(5, 9)).toEqual([0, 0, 0, 0]);
    expect(v.stores).toEqual([7, 20]);
    expect(trace.filter((e) => e.t === "capture").map((e) => (e as { pit: number }).pit)).toEqual([8, 7, 6]);
  });

  test("a safe opening: pit 1 makes pits 2..5 hold 5, nothing captured", () => {
    const v = view(mv(fresh(), 1).s);
    expect(v.board).toEqual([0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4]);
    expect(v.stores).toEqual([0, 0]);
  });

  test("a capture stops at a pit with the wrong count: pit 10 taken, pit 9 holding 5 stops it", () => {
    //             1  2  3  4  5  6  7  8  9 10 11 12
    const s = pos([4, 4, 4, 4, 5, 4, 4, 4, 4, 1, 4, 4]);
    const v = view(mv(s, 5).s);
    expect(v.board.slice(4, 11)).toEqual([0, 5, 5, 5, 5, 0, 4]);
    expect(v.stores[0]).toBe(view(s).stores[0] + 2);
  });

  test("skip the starting pit: 12 seeds from pit 7 give pit 8 two and leave pit 7 empty", () => {
    //             1  2  3  4  5  6  7   8  9 10 11 12
    const s = pos([3, 3, 3, 3, 3, 3, 12, 3, 3, 3, 3, 3], { toMove: 1 });
    const v = view(mv(s, 7).s);
    expect(v.board).toEqual([4, 4, 4, 4, 4, 4, 0, 5, 4, 4, 4, 4]);
    expect(v.stores).toEqual(view(s).stores);
  });
});

describe("ayo captures", () => {
  test("the backward walk stops at the mover's own side even where it holds 2", () => {
    //             1  2  3  4  5  6  7  8  9 10 11 12
    const s = pos([1, 0, 0, 0, 1, 1, 1, 5, 5, 5, 5, 5]);
    const v = view(mv(s, 6).s); // pit 6 → pit 7 makes 2; pit 6 is own side (now 0)
    expect(v.board[6]).toBe(0);
    expect(v.stores[0]).toBe(view(s).stores[0] + 2);
  });

  test("seat 1's backward walk stops at pit 1 and never wraps to pit 12", () => {
    //             1  2  3  4  5  6  7  8  9 10 11 12
    const s = pos([1, 2, 5, 5, 5, 5, 0, 0, 0, 0, 0, 2], { toMove: 1 });
    const v = view(mv(s, 12).s); // pit 12 → 1 (2), 2 (3): last on pit 2 → takes 2 then 1
    expect(v.board.slice(0, 2)).toEqual([0, 0]);
    expect(v.stores[1]).toBe(view(s).stores[1] + 5);
  });

  test("a last seed making 4 captures nothing", () => {
    const s = pos([0, 0, 0, 0, 0, 1, 3, 4, 4, 4, 4, 4]);
    const v = view(mv(s, 6).s);
    expect(v.board[6]).toBe(4);
    expect(v.stores).toEqual(view(s).stores);
  });

  test("capturing the opponent's whole side is allowed", () => {
    //             1  2  3  4  5  6  7  8  9 10 11 12
    const s = pos([4, 0, 0, 0, 0, 6, 1, 1, 2, 1, 1, 2], { store0: 8 });
    const v = view(mv(s, 6).s); // 7..12 become 2, 2, 3, 2, 2, 3: all taken
    expect(v.board.slice(6)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(v.stores[0]).toBe(view(s).stores[0] + 14);
    expect(v.result).toBeNull();
    expect(legalMoves(mv(s, 6).s)).toEqual([0]);
  });
});

describe("ayo pass and the end", () => {
  test("a player with an empty side passes: move 0, the turn goes over, nothing else changes", () => {
    const s = pos([0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4]);
    expect(legalMoves(s)).toEqual([0]);
    const { s: t, trace } = mv(s, 0);
    const v = view(t);
    expect(v.board).toEqual(view(s).board);
    expect(v.toMove).toBe(1);
    expect(v.moveCount).toBe(1);
    expect(v.result).toBeNull();
    expect(trace).toEqual([{ t: "pass", seat: 0 }]);
  });

  test("passing is illegal while the mover has seeds", () => {
    const r = play(fresh(), 0);
    expect(r.ok).toBe(false);
  });

  test("fewer than 4 seeds left on the board ends the game; leftovers score for nobody", () => {
    const s = pos([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1], { store0: 22 }); // 22 vs 22
    const v = view(mv(s, 6).s); // pit 7 → 2, captured: 2 seeds left
    expect(v.stores).toEqual([24, 22]);
    expect(v.result).toEqual({ winner: 0, reason: "few-seeds" });
    expect(v.board.reduce((a, b) => a + b, 0)).toBe(2);
  });

  test("25 captured ends the game", () => {
    const s = pos([0, 0, 0, 0, 0, 1, 1, 4, 4, 4, 4, 4], { store0: 23 });
    const v = view(mv(s, 6).s);
    expect(v.stores[0]).toBe(25);
    expect(v.result).toEqual({ winner: 0, reason: "captures" });
  });

  test("equal captures at the end is a draw", () => {
    const s = pos([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1], { store0: 21 }); // 21 + 2 vs 23
    const v = view(mv(s, 6).s);
    expect(v.result).toEqual({ winner: null, reason: "few-seeds" });
  });
});

describe("ayo repetition (games against the computer only)", () => {
  // Four single seeds go once round the board in 12 moves and the position comes back.
  const start = [1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0];
  const cycle = [1, 7, 2, 8, 3, 9, 4, 10, 5, 11, 6, 12];

  test("a position's third occurrence ends the game when playing the computer", () => {
    let s = pos(start, { vsComputer: true });
    const moves = [...cycle, ...cycle];
    for (let i = 0; i < moves.length - 1; i++) {
      s = mv(s, moves[i]).s;
      expect(outcome(s)).toBeNull();
    }
    const { s: end, trace } = mv(s, moves[moves.length - 1]);
    expect(view(end).board).toEqual(start);
    expect(outcome(end)).toEqual({ winner: null, reason: "repetition" });
    expect(trace[trace.length - 1]).toEqual({ t: "end", winner: null, reason: "repetition" });
    expect(legalMoves(end)).toEqual([]);
  });

  test("between people the same moves go on", () => {
    let s = pos(start, { vsComputer: false });
    for (const m of [...cycle, ...cycle, ...cycle]) s = mv(s, m).s;
    expect(outcome(s)).toBeNull();
    expect(view(s).board).toEqual(start);
  });
});
