/**
 * The player's actions on their own: refused with the engine's reason before anything is queued
 * (not seated, closed, not set up, not one's turn, a move still on its way, the chat flood rule),
 * queued and relayed otherwise; the owner's answer to a guest only for a request shown, and only
 * while connected.
 */
import { describe, expect, test } from "vitest";
import { applyPayload, createFriendGame, seatToMove, type FriendGame } from "./game.js";
import { seatedState, stateFor, testWorld } from "../testing/world.js";
import { act, answerJoin, move, setProfile } from "./actions.js";

function setUp(): FriendGame {
  const r = applyPayload(createFriendGame(), {
    from: 0,
    seq: 1,
    at: 1,
    payload: { t: "setup", game: "togyz", options: {}, bestOf: 1 },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
}

describe("the player's actions", () => {
  test("not seated, or closed: refused, nothing queued", () => {
    const w = testWorld();
    const s = stateFor();
    expect(act(s, w.env, { t: "chat", text: "hi" })).toMatchObject({ ok: false, error: { code: "room/not_seated" } });
    const seated = seatedState(0);
    seated.disposed = true;
    expect(act(seated, w.env, { t: "chat", text: "hi" })).toMatchObject({
      ok: false,
      error: { message: "the session is closed" },
    });
    expect(s.out.items).toEqual([]);
    expect(w.fx).toEqual([]);
  });

  test("a move: not before the setup, only on one's turn, one on its way at a time", () => {
    const w = testWorld();
    const s = seatedState(0);
    expect(move(s, w.env, 0)).toMatchObject({ ok: false, error: { message: "the game is not set up yet" } });
    s.game = setUp();
    s.inlog = { ...s.inlog, applied: 1 };
    const mover = seatToMove(s.game)!;
    s.seat = mover === 0 ? 1 : 0;
    expect(move(s, w.env, 1)).toMatchObject({ ok: false, error: { message: "not your turn" } });
    s.seat = mover;
    expect(move(s, w.env, 1)).toEqual({ ok: true, value: undefined });
    expect(s.out.items[0].payload).toMatchObject({ t: "move", move: 1, ply: 0, game: 0 });
    expect(move(s, w.env, 2)).toMatchObject({ ok: false, error: { message: "your last move is still on its way" } });
    expect(w.requests("relay")).toHaveLength(1);
  });

  test("an illegal pit is refused by the engine before it is queued", () => {
    const w = testWorld();
    const s = seatedState(0);
    s.game = setUp();
    s.seat = seatToMove(s.game)!;
    expect(move(s, w.env, 99).ok).toBe(false);
    expect(s.out.items).toEqual([]);
  });

  test("chat lines queued count against the flood rule before they are sent", () => {
    const w = testWorld();
    const s = seatedState(0);
    w.open = false;
    const results = Array.from({ length: 7 }, (_, i) => act(s, w.env, { t: "chat", text: `line ${i}` }).ok);
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect(s.out.items).toHaveLength(5);
  });

  test("a new profile is kept and sent", () => {
    const w = testWorld();
    const s = seatedState(1);
    expect(setProfile(s, w.env, { name: "Bo", avatar: "owl" }).ok).toBe(true);
    expect(s.profile).toEqual({ name: "Bo", avatar: "owl" });
    expect(s.out.items[0].payload).toEqual({ t: "profile", name: "Bo", avatar: "owl" });
  });

  test("the owner answers a request shown, while connected; the guest cannot", () => {
    const w = testWorld();
    const s = seatedState(0);
    expect(answerJoin(s, w.env, "r1", true)).toMatchObject({ ok: false, error: { code: "join/not_found" } });
    s.requests.set("r1", { reqId: "r1", name: "Gus", at: 1 });
    w.open = false;
    expect(answerJoin(s, w.env, "r1", true)).toMatchObject({ ok: false, error: { code: "server/error" } });
    w.open = true;
    expect(answerJoin(s, w.env, "r1", true).ok).toBe(true);
    expect(w.fx).toEqual([
      { t: "request", message: { type: "join.answer", reqId: "r1", approve: true }, purpose: "answer:r1" },
    ]);
    const guest = seatedState(1);
    guest.requests.set("r1", { reqId: "r1", name: "Gus", at: 1 });
    expect(answerJoin(guest, w.env, "r1", false)).toMatchObject({ ok: false, error: { code: "room/not_owner" } });
  });
});
