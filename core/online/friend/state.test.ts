/**
 * The session's state record: made from the options as the session starts (a fresh room id and
 * seat secret only when creating), picked up from a device's snapshot of the same room only, and
 * given back by `snapshotOf` so that a session started from it holds the same game and outbox.
 */
import { describe, expect, test } from "vitest";
import { generateCode } from "../../crypto/code.js";
import { seatedState, stateFor, testWorld } from "../testing/world.js";
import { enqueueOut } from "./outgoing.js";
import { seePeer, snapshotOf, viewOf } from "./state.js";

const ROOM = "R".repeat(43);

describe("the session's state", () => {
  test("creating makes a room id and a seat secret; joining by code has neither until the exchange", () => {
    const made = stateFor({ mode: "create" });
    expect(made.roomId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.secret).not.toBe("");
    expect(made.created).toBe(false);
    const joining = stateFor({ mode: "join", code: generateCode() });
    expect([joining.roomId, joining.secret, joining.created]).toEqual(["", "", true]);
    expect(joining.status).toBe("connecting");
  });

  test("a snapshot gives back the same game, numbers, outbox and owner's count of answers", () => {
    const w = testWorld();
    const code = generateCode();
    const s = seatedState(0, { code, roomId: ROOM });
    s.door = { ...s.door, answered: 3 };
    w.open = false;
    enqueueOut(s, w.env, { t: "chat", text: "kept" });
    const snap = snapshotOf(s);
    const back = stateFor({ mode: "join", roomId: ROOM, snapshot: snap });
    expect(back.roomId).toBe(ROOM);
    expect(back.secret).toBe(s.secret);
    expect(back.key).toEqual(s.key);
    expect(back.seat).toBe(0);
    expect(back.door.answered).toBe(3);
    expect(back.out.items.map((o) => o.payload)).toEqual([{ t: "chat", text: "kept" }]);
    expect(snapshotOf(back)).toEqual(snap);
  });

  test("a snapshot of another room is not taken", () => {
    const s = seatedState(0, { roomId: ROOM });
    const other = stateFor({ mode: "join", roomId: "Q".repeat(43), secret: "S", snapshot: snapshotOf(s) });
    expect(other.roomId).toBe("Q".repeat(43));
    expect(other.key).toBeNull();
    expect(other.seat).toBeNull();
  });

  test("the view shows the other seat as a new object only when it changes", () => {
    const s = seatedState(1);
    const link = { isOpen: true, state: () => ({ status: "connected" as const }) };
    const first = viewOf(s, link).peer;
    seePeer(s, { ...s.peer, token: "fresh" });
    expect(viewOf(s, link).peer).toBe(first);
    seePeer(s, { ...s.peer, online: false });
    expect(viewOf(s, link).peer).toEqual({ seated: true, online: false });
    expect(viewOf(s, link)).toMatchObject({ status: "seated", seat: 1, keyed: true, connected: true, unsent: 0 });
  });
});
