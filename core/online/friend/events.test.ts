/**
 * What reaches the session, routed: frames that fail the schema are dropped; an answer's purpose is
 * looked up once; each error ends the session, waits and knocks again, or is told, by what it
 * answers; a closed socket leaves nothing in flight; the room's creation seats the owner with a code.
 */
import { describe, expect, test } from "vitest";
import { generateCode, locatorOf } from "../../crypto/code.js";
import type { ErrorCode } from "../../protocol/errors.js";
import { seatedState, stateFor, testWorld } from "../testing/world.js";
import { enqueueOut } from "./outgoing.js";
import { onClose, onError, onFrame, onTimer } from "./events.js";

const HEAD = { seq: 4, sent: [3, 1], proof: "P4" };

describe("what reaches the session", () => {
  test("frames that fail the schema change nothing; an answer's purpose is used once", () => {
    const w = testWorld();
    const s = seatedState(1);
    const before = { ...s };
    const purposes = new Map([["f1", "sync"]]);
    onFrame(s, w.env, { type: "relay.ack", cseq: "x" }, purposes);
    onFrame(s, w.env, "not an object", purposes);
    expect(s).toEqual(before);
    expect(w.fx).toEqual([]);
    s.sync = { ...s.sync, syncing: true };
    onFrame(s, w.env, { type: "error", rid: "f1", code: "server/error", message: "x" }, purposes);
    expect(s.sync.syncing).toBe(false);
    expect(purposes.size).toBe(0);
  });

  test("the room created: the owner is seated, told its code, and catches up", () => {
    const w = testWorld();
    const s = stateFor({ code: generateCode() });
    s.created = false;
    onFrame(s, w.env, { type: "room.created", rid: "f1", roomId: s.roomId, seat: 0, loc: 77, head: HEAD }, new Map());
    expect(s.status).toBe("seated");
    expect(s.seat).toBe(0);
    expect(locatorOf(s.code!)).toBe(77);
    expect(w.events("code")).toMatchObject([{ reason: "allocated" }]);
    expect(w.requests("sync")).toEqual([{ type: "sync", after: 0 }]);
    expect(w.fx).toContainEqual({ t: "link", op: "resumed" });
    expect(s.out.top).toEqual(HEAD);
  });

  test("the other seat's presence brings a fresh token, and what waited for it goes", () => {
    const w = testWorld();
    const s = seatedState(0);
    s.peer = { seated: true, online: false, token: "", via: "" };
    enqueueOut(s, w.env, { t: "chat", text: "hello" });
    expect(w.requests("relay")).toEqual([]);
    onFrame(s, w.env, { type: "presence", seat: 1, online: true, seated: true, token: "T2", via: "V2" }, new Map());
    expect(s.peerView).toEqual({ seated: true, online: true });
    expect(w.requests("relay")).toMatchObject([{ tok: "T2", via: "V2" }]);
    // News of this very seat changes nothing.
    onFrame(s, w.env, { type: "presence", seat: 0, online: false, seated: true, token: "X", via: "Y" }, new Map());
    expect(s.peer.token).toBe("T2");
  });

  test("a closed socket: nothing in flight, catching up again, and a seated player is connecting", () => {
    const w = testWorld();
    const s = seatedState(0);
    enqueueOut(s, w.env, { t: "chat", text: "hi" });
    expect(s.out.inflight).toBe(true);
    onClose(s, w.env);
    expect(s.out.inflight).toBe(false);
    expect(s.sync.caughtUp).toBe(false);
    expect(s.status).toBe("connecting");
  });

  type Case = readonly [purpose: string | undefined, code: ErrorCode, then: string];
  const CASES: readonly Case[] = [
    ["create", "room/not_found", "status not_found"],
    ["join", "room/full", "status full"],
    ["hello", "room/not_found", "status not_found"],
    ["rejoin", "room/no_seat", "status exists"],
    ["relay", "room/seat_moved", "status moved"],
    ["hello", "join/busy", "knock"],
    ["hello", "join/owner_away", "knock"],
    ["hello", "rate/lookups", "knock, told"],
    ["create", "rate/rooms", "create, told"],
    ["create", "room/exists", "rejoin"],
    ["verdict", "join/not_found", "nothing"],
    ["sync", "server/error", "told"],
    [undefined, "proto/invalid", "told"],
  ];

  test.each(CASES)("an error answering %s with %s: %s", (purpose, code, then) => {
    const w = testWorld();
    const s = stateFor({ mode: "join", code: generateCode() });
    if (purpose === "create") s.created = false;
    onError(s, w.env, code, "m", purpose, undefined, undefined);
    const told = w.events("error").map((e) => e.code);
    if (then.startsWith("status")) {
      expect(s.status).toBe(then.slice("status ".length));
      expect(w.fx).toContainEqual({ t: "link", op: "dispose" });
      return;
    }
    expect(s.status).not.toBe("closed");
    expect(w.fx).not.toContainEqual({ t: "link", op: "dispose" });
    expect(told).toEqual(then.includes("told") ? [code] : []);
    expect(w.env.timers.armed("knock")).toBe(then.startsWith("knock") || then.startsWith("create"));
    if (then.startsWith("knock")) expect(s.status).toBe("waiting");
    if (then === "rejoin") {
      expect(s.created).toBe(true);
      expect(w.fx).toEqual([
        { t: "request", message: { type: "room.join", roomId: s.roomId, secret: s.secret }, purpose: "rejoin" },
      ]);
    }
  });

  test("the creation refused for now is tried again after the server's hint, once the pacer allows", () => {
    const w = testWorld((a, env) => onTimer(s, env, a));
    const s = stateFor({ code: generateCode() });
    s.created = false;
    onError(s, w.env, "rate/rooms", "m", "create", undefined, 5_000);
    w.clock.advance(4_999);
    expect(w.requests("room.create")).toEqual([]);
    w.clock.advance(1);
    expect(w.requests("room.create")).toHaveLength(1);
  });

  test("an owner's reply to an exchange gone is let go; an answer to one gone drops the request", () => {
    const w = testWorld();
    const s = seatedState(0, { code: generateCode() });
    s.key = null;
    onError(s, w.env, "join/not_found", "m", "reply:req-0001", undefined, undefined);
    expect(w.events("error")).toEqual([]);
    s.requests.set("req-0002", { reqId: "req-0002", name: "Gus", at: 1 });
    onError(s, w.env, "room/full", "m", "answer:req-0002", undefined, undefined);
    expect(s.requests.size).toBe(0);
    expect(w.events("error").map((e) => e.code)).toEqual(["room/full"]);
  });
});
