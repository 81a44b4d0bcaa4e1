import { describe, expect, test } from "vitest";
import { legalMoves, newGame, play, type State } from "../../../core/games/index.js";
import { makePlayOk, makeRecord, replayRecord } from "../../../core/records/index.js";
import { makeMoveLine, movePairs } from "./moveList.js";

function start(game: string, options?: unknown): State {
  const s = newGame(game, options);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** A game of `n` moves, each the legal move at a fixed step through the list. */
function line(s0: State, n: number): number[] {
  const moves: number[] = [];
  let s = s0;
  for (let i = 0; i < n; i++) {
    const legal = legalMoves(s);
    if (legal.length === 0) break;
    const m = legal[(i * 7) % legal.length];
    const r = play(s, m);
    if (!r.ok) break;
    moves.push(m);
    s = r.value.state;
  }
  return moves;
}

describe("the move list", () => {
  test("Togyz moves read as export writes them in PlayOK's notation", () => {
    const s0 = start("togyz");
    const moves = line(s0, 40);
    const rec = makeRecord("togyz", undefined, moves, { result: null, players: ["A", "B"] });
    if (!rec.ok) throw new Error("record");
    const replayed = replayRecord(rec.value);
    if (!replayed.ok) throw new Error("replay");
    const exported = makePlayOk(replayed.value)
      .split("\n\n")[1]
      .split(/\s+/)
      .filter((w) => w !== "" && !/^\d+\.$/.test(w) && w !== "*");
    const l = makeMoveLine(s0, moves);
    expect(l.entries.map((e) => e.text)).toEqual(exported);
    expect(l.states).toHaveLength(moves.length + 1);
    expect(l.entries.some((e) => e.text.includes("("))).toBe(true);
  });

  test("Tsoro holes count from 1 and Ayo's numbering is kept", () => {
    const t = makeMoveLine(start("tsoro-classic", { holes: 4, seeds: 2 }), [0, 3]);
    expect(t.entries.map((e) => e.text)).toEqual(["1", "4"]);
    const a = makeMoveLine(start("ayo"), [1, 7]);
    expect(a.entries.map((e) => [e.text, e.seat])).toEqual([
      ["1", 0],
      ["7", 1],
    ]);
    expect(a.lastFrom).toEqual([null, 0, 6]);
  });

  test("an unplayable move ends the list; moves pair up as numbered rows", () => {
    const l = makeMoveLine(start("ayo"), [1, 1, 7]);
    expect(l.entries).toHaveLength(1);
    const rows = movePairs(makeMoveLine(start("ayo"), [1, 7, 2]).entries);
    expect(rows.map((r) => [r.no, r.moves.map((m) => m.text)])).toEqual([
      [1, ["1", "7"]],
      [2, ["2"]],
    ]);
  });
});
