import { describe, expect, test } from "vitest";
import { decode, legalMoves } from "../games/index.js";
import {
  applyAttach,
  applyDrop,
  applyMove,
  applyResign,
  applySettled,
  applyTime,
  makeMatch,
  nextDeadline,
} from "./game.js";

const T0 = 1_000_000;
const seat = (id: string) => ({ playerId: id, name: id, rating: 1500, rd: 350, vol: 0.06 });
const fresh = () =>
  makeMatch({
    id: "m",
    game: "ayo",
    options: {},
    seats: [seat("a"), seat("b")],
    conns: ["ca", "cb"],
    clock: { initialMs: 30_000, incrementMs: 2_000 },
    now: T0,
    firstMoveMs: 10_000,
  });

function firstLegal(position: string): number {
  const s = decode(position);
  if (!s.ok) throw new Error(s.error.message);
  return legalMoves(s.value)[0];
}

describe("the deadline every transition leaves on the match", () => {
  test("new: the first-move limit; after a move: the next mover's first-move limit, then their clock", () => {
    const m = fresh();
    expect(m.dueAt).toBe(T0 + 10_000);
    const mover = m.seats[m.toMove].playerId;
    const r1 = applyMove(m, mover, 0, firstLegal(m.position), T0 + 4_000);
    if (!r1.ok) throw new Error(r1.error.message);
    expect(r1.value.clocks[m.toMove]).toBe(30_000 - 4_000 + 2_000);
    expect(r1.value.dueAt).toBe(T0 + 4_000 + 10_000); // the other side has not moved yet
    const other = r1.value.seats[r1.value.toMove].playerId;
    const r2 = applyMove(r1.value, other, 1, firstLegal(r1.value.position), T0 + 5_000);
    if (!r2.ok) throw new Error(r2.error.message);
    expect(r2.value.dueAt).toBe(T0 + 5_000 + r2.value.clocks[r2.value.toMove]);
    expect(r2.value.dueAt).toBe(nextDeadline(r2.value));
  });

  test("a drop brings the deadline to the end of the grace period; coming back restores it", () => {
    const m = fresh();
    const dropped = applyDrop(m, 1, "cb", T0 + 1_000, 5_000)!;
    expect(dropped.dueAt).toBe(T0 + 6_000);
    const back = applyAttach(dropped, 1, "cb2")!;
    expect(back.dueAt).toBe(T0 + 10_000);
  });

  test("ended: due at once until settled, then off the index; time ends nothing early", () => {
    const m = fresh();
    expect(applyTime(m, T0 + 9_999)).toBeNull();
    expect(applyTime(m, T0 + 10_000)?.status).toBe("aborted");
    const r = applyResign(m, "a", T0 + 2_000);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.dueAt).toBe(T0 + 2_000);
    expect(applySettled(r.value, null).dueAt).toBeNull();
  });
});

describe("a game a side has not moved in is never rated", () => {
  test.each([
    ["the side to move resigns before any move", 0, "mover"],
    ["the other side resigns before any move", 0, "other"],
    ["the second mover resigns before its first move", 1, "mover"],
    ["the first mover resigns before the reply", 1, "other"],
  ] as const)("%s: aborted, unrated", (_, moves, who) => {
    let m = fresh();
    for (let i = 0; i < moves; i++) {
      const r = applyMove(m, m.seats[m.toMove].playerId, m.version, firstLegal(m.position), T0 + i);
      if (!r.ok) throw new Error(r.error.message);
      m = r.value;
    }
    const resigner = m.seats[who === "mover" ? m.toMove : m.toMove === 0 ? 1 : 0].playerId;
    const r = applyResign(m, resigner, T0 + 100);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ status: "aborted", result: null, rated: false });
  });

  test("once both sides have moved, a resignation is rated", () => {
    let m = fresh();
    for (let i = 0; i < 2; i++) {
      const r = applyMove(m, m.seats[m.toMove].playerId, m.version, firstLegal(m.position), T0 + i);
      if (!r.ok) throw new Error(r.error.message);
      m = r.value;
    }
    const r = applyResign(m, "a", T0 + 100);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ status: "finished", rated: true, result: { winner: 1, reason: "forfeit" } });
  });
});
