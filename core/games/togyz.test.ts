import { describe, expect, test } from "vitest";
import { legalMoves, newGame, play, setup, view, type State } from "./index.js";
import type { TraceEvent } from "./engine.js";

/**
 * A togyz position: `board` by array index; the kazans share the rest of the 162 stones (seat 0 gets
 * `store0` if given, else half).
 */
function pos(
  board: number[],
  opts: { store0?: number; toMove?: 0 | 1; tuzdyk?: [number | null, number | null] } = {},
): State {
  const rest = 162 - board.reduce((a, b) => a + b, 0);
  const store0 = opts.store0 ?? Math.ceil(rest / 2);
  const store1 = rest - store0;
  const r = setup("togyz", undefined, {
    board,
    stores: [store0, store1],
    toMove: opts.toMove ?? 0,
    tuzdyk: opts.tuzdyk ?? [null, null],
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function board(cells: Record<number, number>): number[] {
  const b = new Array(18).fill(0);
  for (const [k, v] of Object.entries(cells)) b[Number(k)] = v;
  return b;
}

function mv(s: State, move: number): { s: State; trace: TraceEvent[] } {
  const r = play(s, move);
  if (!r.ok) throw new Error(r.error.message);
  return { s: r.value.state, trace: r.value.trace };
}

describe("togyz sowing", () => {
  test("opening move pit 1 (docs/rules.md worked example)", () => {
    const g = newGame("togyz");
    if (!g.ok) throw new Error();
    const v = view(mv(g.value, 1).s);
    expect(v.board.slice(0, 9)).toEqual([1, 10, 10, 10, 10, 10, 10, 10, 10]);
    expect(v.board.slice(9)).toEqual(new Array(9).fill(9));
    expect(v.stores).toEqual([0, 0]);
    expect(v.toMove).toBe(1);
  });

  test("opening move pit 2 ends on the opponent's pit 1, making 10: captured", () => {
    const g = newGame("togyz");
    if (!g.ok) throw new Error();
    const { s, trace } = mv(g.value, 2);
    const v = view(s);
    expect(v.board[1]).toBe(1);
    expect(v.board[9]).toBe(0);
    expect(v.stores).toEqual([10, 0]);
    expect(trace).toContainEqual({ t: "capture", pit: 9, count: 10, seat: 0 });
  });

  test("a single stone moves on to the next pit", () => {
    const s = pos(board({ 0: 1, 9: 5 }));
    const v = view(mv(s, 1).s);
    expect(v.board[0]).toBe(0);
    expect(v.board[1]).toBe(1);
  });

  test("a big pit goes round the whole board, first stone back into the origin", () => {
    const s = pos(board({ 0: 40, 9: 1 }));
    const v = view(mv(s, 1).s);
    // 40 stones land on indices 0..39 mod 18: index 0,1,2,3 three times, the rest twice.
    const expected = board({});
    for (let k = 0; k < 40; k++) expected[k % 18]++;
    expected[9] += 1;
    expect(v.board).toEqual(expected);
    expect(v.stores).toEqual(view(s).stores); // last stone on index 3, own side
  });

  test("a last stone on the mover's own side never captures", () => {
    const s = pos(board({ 0: 3, 2: 1, 9: 1 }));
    const v = view(mv(s, 1).s); // stones to 0, 1, 2: pit 3 now holds 2
    expect(v.board.slice(0, 3)).toEqual([1, 1, 2]);
    expect(v.stores).toEqual(view(s).stores);
  });

  test("an odd count other than 3 on the opponent's side is not captured", () => {
    const s = pos(board({ 8: 2, 9: 4 }));
    const v = view(mv(s, 9).s);
    expect(v.board[9]).toBe(5);
    expect(v.stores).toEqual(view(s).stores);
  });
});

describe("togyz tuzdyk", () => {
  test("making 3 in an opponent pit makes a tuzdyk and takes the 3", () => {
    const s = pos(board({ 8: 4, 11: 2, 16: 4 }));
    const { s: t, trace } = mv(s, 9);
    const v = view(t);
    expect(v.tuzdyk).toEqual([3, null]);
    expect(v.board[11]).toBe(0);
    expect(v.stores[0]).toBe(view(s).stores[0] + 3);
    expect(trace).toContainEqual({ t: "tuzdyk", pit: 11, seat: 0 });
  });

  test("seat 1 makes a tuzdyk on seat 0's side", () => {
    const s = pos(board({ 17: 3, 0: 5, 1: 2, 5: 1 }), { toMove: 1 });
    const v = view(mv(s, 9).s); // 17, 0, 1: index 1 (seat 0's pit 2) becomes 3
    expect(v.tuzdyk).toEqual([null, 2]);
    expect(v.board[1]).toBe(0);
  });

  test("refused when the mover already has a tuzdyk; a stone sown into it goes to its owner", () => {
    // Seat 0 owns seat 1's pit 2 (index 10). Sowing 5 from index 8: 8, 9, 10 → kazan, 11, 12 (2 → 3).
    const s = pos(board({ 8: 5, 12: 2, 15: 7 }), { tuzdyk: [2, null] });
    const { s: t, trace } = mv(s, 9);
    const v = view(t);
    expect(v.board[12]).toBe(3);
    expect(v.board[10]).toBe(0);
    expect(v.stores[0]).toBe(view(s).stores[0] + 1);
    expect(v.tuzdyk).toEqual([2, null]);
    expect(trace).toContainEqual({ t: "tuzdyk-sow", pit: 10, owner: 0 });
  });

  test("refused on the opponent's pit 9", () => {
    const s = pos(board({ 8: 10, 17: 2 }));
    const v = view(mv(s, 9).s);
    expect(v.board[17]).toBe(3);
    expect(v.tuzdyk).toEqual([null, null]);
  });

  test("refused on the pit with the same number as the opponent's tuzdyk", () => {
    // Seat 1 owns seat 0's pit 4 (index 3). Seat 0 cannot take seat 1's pit 4 (index 12)...
    const base = { 8: 5, 12: 2, 13: 2, 16: 6 };
    const refused = view(mv(pos(board(base), { tuzdyk: [null, 4] }), 9).s);
    expect(refused.board[12]).toBe(3);
    expect(refused.tuzdyk).toEqual([null, 4]);
    // ...but may take pit 5 (index 13).
    const allowed = view(mv(pos(board({ ...base, 8: 6 }), { tuzdyk: [null, 4] }), 9).s);
    expect(allowed.tuzdyk).toEqual([5, 4]);
  });

  test("a stone the opponent sows into a tuzdyk goes to the tuzdyk's owner", () => {
    // Seat 0 owns index 10 (seat 1's pit 2); seat 1 sows 3 from its pit 1: 9, 10 → seat 0, 11.
    const s = pos(board({ 9: 3, 0: 4 }), { toMove: 1, tuzdyk: [2, null] });
    const { s: t, trace } = mv(s, 1);
    const v = view(t);
    expect(v.stores[0]).toBe(view(s).stores[0] + 1);
    expect(v.board.slice(9, 12)).toEqual([1, 0, 1]);
    expect(trace).toContainEqual({ t: "tuzdyk-sow", pit: 10, owner: 0 });
  });

  test("a last stone landing in one's own tuzdyk captures nothing more", () => {
    const s = pos(board({ 8: 3, 9: 1, 16: 2 }), { tuzdyk: [2, null] });
    const v = view(mv(s, 9).s); // 8, 9 (→2, not last), 10 = tuzdyk (last)
    expect(v.board[9]).toBe(2);
    expect(v.stores[0]).toBe(view(s).stores[0] + 1);
  });
});

describe("togyz end of game", () => {
  test("82 in a kazan wins", () => {
    const s = pos(board({ 8: 2, 9: 1, 12: 3 }), { store0: 80 });
    const v = view(mv(s, 9).s);
    expect(v.stores[0]).toBe(82);
    expect(v.result).toEqual({ winner: 0, reason: "kazan" });
  });

  test("81 each is a draw", () => {
    const s = pos(board({ 8: 1, 9: 1 }), { store0: 79 });
    const v = view(mv(s, 9).s);
    expect(v.stores).toEqual([81, 81]);
    expect(v.result).toEqual({ winner: null, reason: "kazan-draw" });
  });

  test("atsyz: the player to move has no stones; each side's stones go to its kazan", () => {
    const s = pos(board({ 0: 1, 4: 6 }), { store0: 75 }); // seat 1 has 80 in its kazan
    const { s: t, trace } = mv(s, 1);
    const v = view(t);
    expect(v.board).toEqual(new Array(18).fill(0));
    expect(v.stores).toEqual([82, 80]);
    expect(v.result).toEqual({ winner: 0, reason: "atsyz" });
    expect(legalMoves(t)).toEqual([]);
    expect(trace).toContainEqual({ t: "collect", seat: 0, count: 7 });
  });

  test("atsyz with equal kazans is a draw", () => {
    const s = pos(board({ 0: 1, 1: 4 }), { store0: 76 }); // 76 + 5 = 81 vs 81
    const v = view(mv(s, 1).s);
    expect(v.result).toEqual({ winner: null, reason: "atsyz" });
  });
});

describe("togyz setup validation", () => {
  test.each([
    ["too few stones", { board: new Array(18).fill(1), stores: [0, 0] }],
    ["negative", { board: [-1, ...new Array(17).fill(9)], stores: [10, 0] }],
    ["tuzdyk on pit 9", { board: [...new Array(17).fill(9), 0], stores: [9, 0], tuzdyk: [9, null] }],
    ["tuzdyk holding stones", { board: new Array(18).fill(9), stores: [0, 0], tuzdyk: [1, null] }],
    [
      "both tuzdyks the same number",
      { board: [0, ...new Array(8).fill(9), 0, ...new Array(8).fill(9)], stores: [9, 9], tuzdyk: [1, 1] },
    ],
  ])("%s is refused", (_name, position) => {
    const r = setup("togyz", undefined, position as never);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("position/invalid");
  });

  test("options are refused", () => {
    const r = newGame("togyz", { holes: 9 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("options/invalid");
  });
});
