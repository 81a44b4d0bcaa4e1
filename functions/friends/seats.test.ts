/**
 * Seats of a friend room over real WebSockets: the owner refuses a guest; a third client can neither
 * join a full room nor take a seat without its seat secret; 100 simultaneous joins (each a full key
 * exchange with the owner) end with exactly one seated guest.
 */
import { describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import nacl from "tweetnacl";
import { generateSecret, makeBase64Url } from "../../core/crypto/index.js";
import { PROTOCOL_VERSION } from "../../core/protocol/friend.js";
import { codeOf, newRoom, player, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer();

const SETUP = { game: "togyz", options: {}, bestOf: 1 } as const;

/** A bare protocol client: sends frames, collects replies. */
async function raw(url: string): Promise<{ ws: WebSocket; got: Record<string, unknown>[]; send(m: object): void }> {
  const ws = new WebSocket(`${url}?v=${PROTOCOL_VERSION}`);
  const got: Record<string, unknown>[] = [];
  ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return { ws, got, send: (m) => ws.send(JSON.stringify(m)) };
}

describe("seats", () => {
  test("the owner refuses a guest; a full room turns a third client away; no seat without its secret", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    const all: Player[] = [owner];
    try {
      const code = await codeOf(owner);
      const pest = player(ts.url, code, "join", { name: "Pest" });
      all.push(pest);
      await waitFor(() => owner.view().requests.some((r) => r.name === "Pest"), "owner sees Pest");
      expect(owner.session.answerJoin(owner.view().requests[0].reqId, false).ok).toBe(true);
      await waitFor(() => pest.view().status === "refused", "Pest refused");
      await waitFor(() => owner.view().requests.length === 0, "request cleared");
      expect(pest.view().seat).toBeNull();

      const friend = player(ts.url, code, "join", { name: "Friend" });
      all.push(friend);
      await waitFor(() => owner.view().requests.some((r) => r.name === "Friend"), "owner sees Friend");
      owner.session.answerJoin(owner.view().requests[0].reqId, true);
      await waitFor(() => friend.view().status === "seated" && friend.view().seat === 1, "Friend seated");

      // A third client with the code: the room is full, its locator is released, nobody answers.
      const third = player(ts.url, code, "join", { name: "Third" });
      all.push(third);
      await waitFor(() => third.view().status === "not_found", "third client turned away");
      expect(third.view().seat).toBeNull();

      // At the protocol level: a made-up secret takes no seat, and without a seat nothing is relayed
      // or answered.
      const r = await raw(ts.url);
      r.send({ type: "room.join", rid: 1, roomId: owner.session.roomId, secret: generateSecret() });
      r.send({
        type: "relay",
        rid: 2,
        room: owner.session.roomId,
        seat: 1,
        via: "",
        tok: "T".repeat(43),
        seq: 99,
        cseq: 1,
        prev: { sent: [0, 0], proof: "P".repeat(43) },
        kind: "game",
        box: "A".repeat(80),
      });
      r.send({ type: "join.answer", rid: 3, reqId: "abcdefghijkl", approve: true });
      await waitFor(() => r.got.length === 3, "three replies");
      const byRid = new Map(r.got.map((m) => [m.rid, m]));
      expect(byRid.get(1)).toMatchObject({ type: "error", code: "room/no_seat" });
      expect(byRid.get(2)).toMatchObject({ type: "error", code: "room/not_seated" });
      expect(byRid.get(3)).toMatchObject({ type: "error", code: "room/not_seated" });
      r.ws.close();
      // The seated players never heard of any of it.
      expect(friend.view().status).toBe("seated");
      // Friend's sealed name is relayed after the seat: it arrives, and is not any of the above.
      await waitFor(() => owner.view().game.profiles[1] !== null, "owner has the guest's profile");
      expect(owner.view().game.profiles[1]?.name).toBe("Friend");
    } finally {
      for (const p of all) p.session.dispose();
    }
  });

  test("creating a room whose create already went through returns to seat 0; a taken room id says so", async () => {
    const roomId = makeBase64Url(nacl.randomBytes(32));
    const secret = generateSecret();
    // The first create is stored, but its answer never reaches the device.
    const r = await raw(ts.url);
    r.send({ type: "room.create", rid: 1, roomId, secret });
    await waitFor(() => r.got.length === 1, "created");
    expect(r.got[0]).toMatchObject({ type: "room.created", roomId, seat: 0 });
    r.ws.close();
    const again = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP, secret, roomId });
    const other = player(ts.url, newRoom().code, "create", { name: "Someone else" }, { setup: SETUP, roomId });
    try {
      await waitFor(() => again.view().status === "seated" && again.view().seat === 0, "owner back in seat 0");
      await waitFor(() => other.view().status === "exists", "a taken code is reported");
      expect(other.view().seat).toBeNull();
      expect(again.view().requests).toHaveLength(0); // the other device asked for no seat
      // The room's locator came back with the seat: the owner's code is the one to share.
      expect(again.view().code).not.toBeNull();
      const q = await raw(ts.url);
      q.send({ type: "room.join", rid: 7, roomId, secret: generateSecret() });
      await waitFor(() => q.got.length === 1, "answer");
      expect(q.got[0]).toMatchObject({ type: "error", code: "room/no_seat", rid: 7 });
      q.ws.close();
    } finally {
      again.session.dispose();
      other.session.dispose();
    }
  });

  test("a guest who leaves before the answer withdraws the request; the owner's list follows", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    try {
      const code = await codeOf(owner);
      const shy = player(ts.url, code, "join", { name: "Shy" });
      await waitFor(() => owner.view().requests.some((r) => r.name === "Shy"), "owner sees Shy");
      shy.session.dispose();
      await waitFor(() => owner.view().requests.length === 0, "request withdrawn");
      const errors: string[] = [];
      owner.session.subscribe((e) => {
        if (e.type === "error") errors.push(e.code);
      });
      // The seat is still free for the next guest.
      const next = player(ts.url, code, "join", { name: "Next" });
      await waitFor(() => owner.view().requests.some((r) => r.name === "Next"), "owner sees Next");
      owner.session.answerJoin(owner.view().requests[0].reqId, true);
      await waitFor(() => next.view().status === "seated", "Next seated");
      expect(errors).toEqual([]);
      next.session.dispose();
    } finally {
      owner.session.dispose();
    }
  });

  test("100 simultaneous join requests end with exactly one seated guest", async () => {
    const owner = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    // The owner approves every request the moment it arrives.
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const code = await codeOf(owner);
    const guests = Array.from({ length: 100 }, (_, i) => player(ts.url, code, "join", { name: `Guest ${i}` }));
    try {
      // Every answer a guest can end with: seated, turned away, or its code spent or retired while it waited.
      const final = new Set(["seated", "full", "refused", "not_found", "retired", "wrong_code"]);
      await waitFor(() => guests.every((g) => final.has(g.view().status)), "every guest has an answer", 110_000);
      const seated = guests.filter((g) => g.view().status === "seated");
      expect(seated).toHaveLength(1);
      expect(seated[0].view().seat).toBe(1);
      await waitFor(
        () =>
          owner.view().game.profiles[1] !== null &&
          owner.view().peer.online &&
          seated[0].view().game.profiles[1] !== null,
        "owner sees the one guest",
      );
      expect(owner.view().game.profiles[1]?.name).toBe(seated[0].view().game.profiles[1]?.name);
      expect(guests.filter((g) => g.view().seat !== null)).toHaveLength(1);
    } finally {
      owner.session.dispose();
      for (const g of guests) g.session.dispose();
    }
  }, 120_000); // 100 key exchanges: over a minute on a loaded two-core machine
});
