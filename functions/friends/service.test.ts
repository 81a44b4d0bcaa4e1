/**
 * The friend-room service on in-memory ports with a recording gateway: the order of saving and
 * pushing, retries, and cleaning up after a connection the gateway reports gone.
 */
import { describe, expect, test } from "vitest";
import type { FriendClientMessage, FriendServerMessage } from "../../core/protocol/friend.js";
import type { Gateway } from "../lib/gateway.js";
import { friendDisconnect, friendMessage, type FriendPorts } from "./service.js";
import { createMemoryConnectionStore, createMemoryFriendStore } from "./memory.js";

const ROOM = "R".repeat(43);
const S0 = "a".repeat(43);
const S1 = "b".repeat(43);
const BOX = "x".repeat(60);
const SHARE = "m".repeat(63);
const TAG = "t".repeat(86);
const SID = "s".repeat(22);

/** A guest's whole key exchange at the protocol level (the server checks no cryptography: the owner does). */
async function admit(t: ReturnType<typeof setup>, owner: string, guest: string, secret: string): Promise<string> {
  const pend = await t.say(guest, { type: "join.hello", loc: 0, sid: SID, msg: SHARE });
  if (pend?.type !== "join.pending") throw new Error(`no pending: ${JSON.stringify(pend)}`);
  await t.say(owner, { type: "join.reply", reqId: pend.reqId, msg: SHARE });
  await t.say(guest, { type: "join.confirm", reqId: pend.reqId, tag: TAG, secret, request: BOX });
  expect(await t.say(owner, { type: "join.verdict", reqId: pend.reqId, ok: true, tag: TAG })).toMatchObject({ type: "join.verified" });
  return pend.reqId;
}

function setup() {
  const rooms = createMemoryFriendStore();
  const conns = createMemoryConnectionStore();
  const sent: { to: string; msg: FriendServerMessage; storedThen: number }[] = [];
  const gone = new Set<string>();
  const gateway: Gateway = {
    async send(to, msg) {
      if (gone.has(to)) return false;
      sent.push({ to, msg: msg as FriendServerMessage, storedThen: rooms.messages.get(ROOM)?.length ?? 0 });
      return true;
    },
    async close() {},
  };
  let n = 0;
  const p: FriendPorts = { rooms, conns, gateway, hashSecret: (s) => `h(${s})`, newId: () => `req${String(++n).padStart(6, "0")}` };
  const say = async (conn: string, m: FriendClientMessage): Promise<FriendServerMessage | null> => {
    const c = await conns.get(conn, 0);
    if (c === null) throw new Error("no connection");
    return friendMessage(p, c, m, 1_000);
  };
  return { p, rooms, conns, sent, gone, say };
}

async function seated() {
  const t = setup();
  await t.conns.put("c0", 0);
  await t.conns.put("c1", 0);
  expect(await t.say("c0", { type: "room.create", roomId: ROOM, secret: S0, loc: 0 })).toMatchObject({ type: "room.created", loc: 0 });
  const reqId = await admit(t, "c0", "c1", S1);
  expect(await t.say("c0", { type: "join.answer", reqId, approve: true })).toMatchObject({ type: "join.answered", approved: true });
  expect(t.sent.some((s) => s.to === "c1" && s.msg.type === "room.joined")).toBe(true);
  t.sent.length = 0;
  return t;
}

describe("friend service", () => {
  test("a relay is stored before it is pushed, acknowledged with its number, and a retry is not stored twice", async () => {
    const t = await seated();
    const ack = await t.say("c0", { type: "relay", rid: 1, cseq: 1, kind: "game", box: BOX });
    expect(ack).toMatchObject({ type: "relay.ack", rid: 1, cseq: 1, seq: 1 });
    const push = t.sent.find((s) => s.to === "c1" && s.msg.type === "relay");
    expect(push?.storedThen).toBe(1);
    const again = await t.say("c0", { type: "relay", rid: 2, cseq: 1, kind: "game", box: BOX });
    expect(again).toMatchObject({ type: "relay.ack", cseq: 1, seq: 1 });
    expect(t.rooms.messages.get(ROOM)).toHaveLength(1);
    expect(t.sent.filter((s) => s.msg.type === "relay")).toHaveLength(1);
    expect(await t.say("c0", { type: "relay", rid: 3, cseq: 3, kind: "game", box: BOX })).toMatchObject({ code: "relay/out_of_order", expected: 2 });
  });

  test("a push that finds the other connection gone frees its seat and keeps the message for later", async () => {
    const t = await seated();
    t.gone.add("c1");
    expect(await t.say("c0", { type: "relay", cseq: 1, kind: "chat", box: BOX })).toMatchObject({ type: "relay.ack" });
    expect(await t.conns.get("c1", 0)).toBeNull();
    expect((await t.rooms.getRoom(ROOM, 0))?.conns).toEqual(["c0", null]);
    expect(t.sent.some((s) => s.to === "c0" && s.msg.type === "presence" && s.msg.online === false)).toBe(true);
    // Seat 1 comes back with its secret and finds the message.
    await t.conns.put("c1b", 0);
    expect(await t.say("c1b", { type: "room.join", roomId: ROOM, secret: S1 })).toMatchObject({ type: "room.joined", seat: 1, seq: 1 });
    expect(await t.say("c1b", { type: "sync", after: 0 })).toMatchObject({ type: "sync.page", msgs: [{ seq: 1, from: 0 }], more: false });
  });

  test("the owner alone answers; a second approval finds the seat taken and refuses that guest", async () => {
    const t = setup();
    for (const c of ["o", "g1", "g2"]) await t.conns.put(c, 0);
    await t.say("o", { type: "room.create", roomId: ROOM, secret: S0, loc: 0 });
    const reqs = [await admit(t, "o", "g1", S1), await admit(t, "o", "g2", "c".repeat(43))];
    expect(await t.say("g1", { type: "join.answer", reqId: reqs[1], approve: true })).toMatchObject({ code: "room/not_seated" });
    await t.say("o", { type: "join.answer", reqId: reqs[0], approve: true });
    expect(t.sent.some((s) => s.to === "g2" && s.msg.type === "join.refused" && s.msg.reason === "room/full")).toBe(true);
    expect(await t.say("o", { type: "join.answer", reqId: reqs[1], approve: true })).toMatchObject({ code: "join/not_found" });
    expect((await t.rooms.getRoom(ROOM, 0))?.hashes).toEqual([`h(${S0})`, `h(${S1})`]);
  });

  test("a disconnect frees the seat only if that connection still holds it", async () => {
    const t = await seated();
    await t.conns.put("c0b", 0);
    await t.say("c0b", { type: "room.join", roomId: ROOM, secret: S0 }); // the owner on a second device
    expect(t.sent.some((s) => s.to === "c0" && s.msg.type === "error" && s.msg.code === "room/seat_moved")).toBe(true);
    await friendDisconnect(t.p, "c0", 2_000);
    expect((await t.rooms.getRoom(ROOM, 0))?.conns[0]).toBe("c0b");
    expect(await t.say("c0b", { type: "relay", cseq: 1, kind: "game", box: BOX })).toMatchObject({ type: "relay.ack" });
  });
});
