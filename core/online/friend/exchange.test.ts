/**
 * The key exchanges as the session runs them, with the server's part played by the test: a fresh
 * socket starts the right thing; an owner and a guest with the same code end with the same room
 * key, the guest shown by name and seated only after the owner's tag held; a wrong code is told to
 * the owner and ends the guest's knock; a lapsed exchange is knocked again, paced, and only while
 * no other is under way.
 */
import { describe, expect, test } from "vitest";
import { generateCode, locatorOf } from "../../crypto/code.js";
import { seatedState, stateFor, testWorld, type World } from "../testing/world.js";
import { answerJoin } from "./actions.js";
import { onFrame, onTimer } from "./events.js";
import { resume } from "./exchange.js";
import type { SessionState } from "./state.js";

const ROOM = "R".repeat(43);
const HEAD = { seq: 0, sent: [0, 0], proof: "P0" };
/** The server seats the guest (after the owner's approval, or offered without it). */
const GUEST_SEATED = {
  type: "room.joined",
  roomId: ROOM,
  seat: 1,
  seq: 0,
  sent: 0,
  head: HEAD,
  peer: { seated: true, online: true },
  token: "T",
  via: "V",
};

/** Hands a server message to a side (through the schema, as from a socket). */
const to = (s: SessionState, w: World, m: Record<string, unknown>): void => onFrame(s, w.env, m, new Map());
const last = (w: World, type: string): Record<string, unknown> => w.requests(type).at(-1)!;

function owner(code = generateCode()) {
  const w = testWorld((a, env) => onTimer(s, env, a));
  const s = seatedState(0, { code });
  s.key = null;
  return { s, w, code };
}

function guest(code = generateCode(), name = "Gus") {
  const w = testWorld((a, env) => onTimer(s, env, a));
  const s = stateFor({ mode: "join", code, profile: { name } });
  return { s, w };
}

/** Runs an exchange up to the owner's verdict; returns what each side sent. */
function exchange(o: ReturnType<typeof owner>, g: ReturnType<typeof guest>, reqId = "req-0001") {
  resume(g.s, g.w.env);
  const helloMsg = last(g.w, "join.hello");
  to(g.s, g.w, { type: "join.pending", reqId, owner: true });
  to(o.s, o.w, { type: "join.hello", reqId, sid: helloMsg.sid, msg: helloMsg.msg, at: 1 });
  const reply = last(o.w, "join.reply");
  to(g.s, g.w, { type: "join.reply", reqId, msg: reply.msg });
  const conf = last(g.w, "join.confirm");
  to(o.s, o.w, { type: "join.confirm", reqId, tag: conf.tag });
  return { helloMsg, conf, verdict: last(o.w, "join.verdict") };
}

describe("the key exchanges as the session runs them", () => {
  test("a fresh socket: create the room, return to one's seat, or knock", () => {
    const code = generateCode();
    const c = testWorld();
    const creating = stateFor({ code });
    creating.created = false;
    resume(creating, c.env);
    expect(c.requests()).toEqual([
      { type: "room.create", roomId: creating.roomId, secret: creating.secret, loc: locatorOf(code) },
    ]);
    const r = testWorld();
    resume(stateFor({ mode: "join", roomId: ROOM, secret: "S".repeat(43) }), r.env);
    expect(r.requests()).toEqual([{ type: "room.join", roomId: ROOM, secret: "S".repeat(43) }]);
    const k = testWorld();
    const g = stateFor({ mode: "join", code });
    resume(g, k.env);
    expect(k.requests()).toMatchObject([{ type: "join.hello", loc: locatorOf(code) }]);
    expect(g.knock).not.toBeNull();
  });

  test("the right code: the guest is shown by name, approved, and both hold the same room key", () => {
    const o = owner();
    const g = guest(o.code);
    const { verdict } = exchange(o, g);
    expect(verdict).toMatchObject({ ok: true });
    expect(g.s.status).toBe("confirming");
    // The guest uses the key only once the owner's tag holds.
    expect(g.w.requests("join.request")).toEqual([]);
    to(g.s, g.w, { type: "join.verified", reqId: "req-0001", tag: verdict.tag, roomId: ROOM });
    expect(g.s.status).toBe("pending");
    const named = last(g.w, "join.request");
    to(o.s, o.w, { type: "join.request", reqId: "req-0001", request: named.request });
    expect(o.w.events("request").map((e) => e.request.name)).toEqual(["Gus"]);
    expect(answerJoin(o.s, o.w.env, "req-0001", true).ok).toBe(true);
    to(o.s, o.w, { type: "join.answered", reqId: "req-0001", approved: true });
    expect(o.s.key).not.toBeNull();
    expect(o.s.requests.size).toBe(0);
    to(g.s, g.w, GUEST_SEATED);
    expect(g.s.status).toBe("seated");
    expect(g.s.roomId).toBe(ROOM);
    expect(g.s.key).toEqual(o.s.key);
    expect(g.s.secret).toBe(last(g.w, "join.confirm").secret);
  });

  test("a wrong code: judged once on the owner's device, told to the owner; the guest's knock ends", () => {
    const o = owner();
    const g = guest(generateCode());
    const { verdict } = exchange(o, g);
    expect(verdict).toEqual({ type: "join.verdict", reqId: "req-0001", ok: false });
    expect(o.w.events("wrong_code")).toEqual([{ type: "wrong_code", reqId: "req-0001" }]);
    expect(o.s.door.answered).toBe(1);
    to(g.s, g.w, { type: "join.refused", reqId: "req-0001", reason: "wrong_code" });
    expect(g.s.status).toBe("wrong_code");
    expect(g.w.fx.filter((f) => f.t === "link")).toEqual([{ t: "link", op: "dispose" }]);
  });

  test("a seat offered before the owner's tag held is refused as a wrong code", () => {
    const o = owner();
    const g = guest(o.code);
    exchange(o, g);
    to(g.s, g.w, GUEST_SEATED);
    expect(g.s.status).toBe("wrong_code");
    expect(g.s.key).toBeNull();
  });

  test.each([
    ["refused", "refused"],
    ["room/full", "full"],
    ["retired", "retired"],
  ] as const)("refused (%s): the knock ends as %s", (reason, status) => {
    const g = guest();
    resume(g.s, g.w.env);
    to(g.s, g.w, { type: "join.refused", reqId: "req-0001", reason });
    expect(g.s.status).toBe(status);
  });

  test("a lapsed exchange is knocked again once the pacer allows, unless another got under way", () => {
    const g = guest();
    resume(g.s, g.w.env);
    to(g.s, g.w, { type: "join.refused", reqId: "req-0001", reason: "lapsed" });
    expect(g.s.status).toBe("waiting");
    g.w.clock.advance(249);
    expect(g.w.requests("join.hello")).toHaveLength(1);
    g.w.clock.advance(1);
    expect(g.w.requests("join.hello")).toHaveLength(2);
    // Lapsed again, but a copy of the hello opened an exchange meanwhile: no new knock.
    to(g.s, g.w, { type: "join.refused", reqId: "req-0002", reason: "lapsed" });
    resume(g.s, g.w.env);
    to(g.s, g.w, { type: "join.pending", reqId: "req-0003", owner: true });
    g.w.clock.advance(10_000);
    expect(g.w.requests("join.hello")).toHaveLength(3);
  });
});
