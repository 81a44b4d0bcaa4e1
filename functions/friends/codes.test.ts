/**
 * The code as a password, over real WebSockets against the local server: a wrong code fails the key
 * confirmation on both sides and is counted on the server; after MAX_WRONG_CODES the locator is
 * retired (the next guess finds no game) and the owner's device shows a fresh code for the same game,
 * which works; a guest who arrives while the owner is away waits for the owner.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { codeForLocator, locatorOf, type RoomCode } from "../../core/crypto/index.js";
import { MAX_WRONG_CODES } from "../../core/protocol/friend.js";
import { documentClient, readConfig } from "../lib/config.js";
import { codeOf, newRoom, player, startTestServer, waitFor, wsFactory, type Player, type TestServer } from "./testkit.js";
import type { WebSocket } from "ws";

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(async () => {
  await ts?.stop();
});

const SETUP = { game: "ayo", options: {}, bestOf: 1 } as const;

/** Another password for the same locator. */
function wrongCode(code: RoomCode): RoomCode {
  for (;;) {
    const c = codeForLocator(locatorOf(code));
    if (c !== code) return c;
  }
}

async function failsOf(loc: number): Promise<number | null> {
  const r = await documentClient(readConfig()).send(new GetCommand({ TableName: readConfig().tableName, Key: { pk: `LOC#${loc}`, sk: "LOC" }, ConsistentRead: true }));
  return r.Item === undefined ? null : Number(r.Item.fails);
}

describe("the code is a password", () => {
  test("wrong codes fail on both sides and are counted; the last one retires the locator and the owner gets a new code that works", async () => {
    const owner = player(ts.server.wsUrl, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    const wrongs: string[] = [];
    const codes: { code: string; reason: string }[] = [];
    owner.session.subscribe((e) => {
      if (e.type === "wrong_code") wrongs.push(e.reqId);
      if (e.type === "code") codes.push({ code: e.code, reason: e.reason });
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const all: Player[] = [owner];
    try {
      const code = await codeOf(owner);
      const loc = locatorOf(code);
      expect(await failsOf(loc)).toBe(0);
      for (let i = 1; i <= MAX_WRONG_CODES; i++) {
        const g = player(ts.server.wsUrl, wrongCode(code), "join", { name: `Guesser ${i}` });
        all.push(g);
        await waitFor(() => g.view().status === "wrong_code", `guess ${i} refused to the guesser`);
        expect(g.view().seat).toBeNull();
        expect(g.session.key).toBeNull();
        expect(wrongs).toHaveLength(i); // the owner's side found the confirmation wrong
        expect(owner.view().requests).toHaveLength(0);
        if (i < MAX_WRONG_CODES) expect(await failsOf(loc)).toBe(i);
      }
      // The last wrong code retired the locator: the owner's device made a new code for the same game.
      await waitFor(() => codes.some((c) => c.reason === "retired"), "owner told to share a new code");
      const fresh = owner.view().code!;
      expect(fresh).not.toBe(code);
      expect(locatorOf(fresh)).not.toBe(loc);
      expect(await failsOf(loc)).toBeNull();
      expect(owner.view().status).toBe("seated");
      // A sixth guess finds no game at the old locator, and so does the old right code.
      for (const c of [wrongCode(code), code]) {
        const g = player(ts.server.wsUrl, c, "join", { name: "Late" });
        all.push(g);
        await waitFor(() => g.view().status === "not_found", "old locator retired");
      }
      expect(wrongs).toHaveLength(MAX_WRONG_CODES);
      // The new code seats the friend in the same room.
      const friend = player(ts.server.wsUrl, fresh, "join", { name: "Friend" });
      all.push(friend);
      await waitFor(() => friend.view().status === "seated" && friend.view().game.settings?.game === "ayo", "friend seated with the new code");
      expect(friend.session.roomId).toBe(owner.session.roomId);
      expect(friend.session.key).toEqual(owner.session.key);
    } finally {
      for (const p of all) p.session.dispose();
    }
  });

  test("a guest who arrives while the owner is away waits for the owner, and gets in once the owner is back", async () => {
    const owner = player(ts.server.wsUrl, newRoom().code, "create", { name: "Owner" }, { setup: SETUP });
    const code = await codeOf(owner);
    const kept = { roomId: owner.session.roomId, secret: owner.session.secret, code };
    owner.session.dispose();
    const guest = player(ts.server.wsUrl, code, "join", { name: "Early" });
    const back: Player[] = [];
    try {
      await waitFor(() => guest.view().status === "waiting", "guest waits for the owner");
      await new Promise((r) => setTimeout(r, 200));
      expect(guest.view().status).toBe("waiting");
      // The owner comes back (Resume → Continue): the waiting exchange is answered.
      const again = player(ts.server.wsUrl, code, "join", { name: "Owner" }, { ...kept, setup: SETUP });
      back.push(again);
      again.session.subscribe((e) => {
        if (e.type === "request") again.session.answerJoin(e.request.reqId, true);
      });
      await waitFor(() => guest.view().status === "seated" && guest.view().game.settings !== null, "guest seated after the owner came back");
      await waitFor(() => again.view().game.profiles[1]?.name === "Early", "the owner sees the guest's name");
    } finally {
      guest.session.dispose();
      for (const p of back) p.session.dispose();
    }
  });
});

describe("the guest's seat is the guest's alone", () => {
  test("the guest's seat secret is its own random one: no frame to the owner's device carries it, and the owner cannot take seat 1", async () => {
    const ownerSockets: WebSocket[] = [];
    const heard: string[] = [];
    const recording = wsFactory(ownerSockets);
    const owner = player(ts.server.wsUrl, newRoom().code, "create", { name: "Owner" }, {
      setup: SETUP,
      socket: (url) => {
        const s = recording(url);
        ownerSockets[ownerSockets.length - 1].on("message", (d) => heard.push(d.toString()));
        return s;
      },
    });
    owner.session.subscribe((e) => {
      if (e.type === "request") owner.session.answerJoin(e.request.reqId, true);
    });
    const guest = player(ts.server.wsUrl, await codeOf(owner), "join", { name: "Guest" });
    try {
      await waitFor(() => guest.view().status === "seated" && owner.view().game.profiles[1] !== null, "pair seated");
      const secret = guest.session.secret;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(heard.length).toBeGreaterThan(3);
      for (const frame of heard) expect(frame).not.toContain(secret);
      // All the owner's session holds: its own seat secret and the room key; neither takes seat 1.
      const thief = player(ts.server.wsUrl, owner.view().code!, "join", { name: "Owner" }, { roomId: owner.session.roomId, secret: owner.session.secret, key: owner.session.key! });
      try {
        await waitFor(() => thief.view().status === "seated", "the owner's own secret seats it");
        expect(thief.view().seat).toBe(0);
      } finally {
        thief.session.dispose();
      }
      expect(guest.view().status).toBe("seated");
      expect(guest.view().seat).toBe(1);
    } finally {
      owner.session.dispose();
      guest.session.dispose();
    }
  });
});
