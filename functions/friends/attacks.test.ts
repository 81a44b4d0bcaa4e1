/**
 * The attacks of an outsider and of a hostile peer on friend rooms, each over real WebSockets
 * against the local server with the real limits (the test configuration's raised ones are put back
 * to the defaults here). Strangers speak from their own loopback addresses (127.0.0.0/8), as they
 * would from their own networks.
 */
import { describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { LOCATOR_COUNT, locatorOf, startGuestHandshake, type RoomCode } from "../../core/crypto/index.js";
import { LOOKUP_LIMIT, OPEN_EXCHANGES, ROOM_CREATE_LIMIT } from "../../core/protocol/friend.js";
import { documentClient, readConfig } from "../lib/config.js";
import { KNOCK_RETRIES } from "./limits.js";
import { codeOf, newRoom, player, waitFor, type Player } from "../local/players.js";
import { useTestServer, addresses, rawClient, type Raw } from "./testing/rigs.js";

const ts = useTestServer(["rooms", "lookups", "knock"]);

const SETUP = { game: "ayo", options: {}, bestOf: 1 } as const;
/** The time this file states for a friend to be seated while strangers hammer its locator. */
const SEATED_WITHIN_MS = 10_000;

/** A fresh loopback source address: a stranger from another network. */
const freshAddress = addresses(0);

const raw = (address: string): Promise<Raw> => rawClient(ts.url, address);

async function failsOf(loc: number): Promise<number | null> {
  const r = await documentClient(readConfig()).send(
    new GetCommand({ TableName: readConfig().tableName, Key: { pk: `LOC#${loc}`, sk: "LOC" }, ConsistentRead: true }),
  );
  return r.Item === undefined ? null : Number(r.Item.fails);
}

function owner(): Player {
  const o = player(ts.url, newRoom().code, "create", { name: "Owner" }, { setup: SETUP, address: freshAddress() });
  o.session.subscribe((e) => {
    if (e.type === "request") o.session.answerJoin(e.request.reqId, true);
  });
  return o;
}

const SHARE = () => startGuestHandshake(newRoom().code);

/** An owner whose room exists, with the confirmations its device judged wrong, and its locator. */
async function watchedOwner(): Promise<{ o: Player; wrongs: string[]; code: RoomCode; loc: number }> {
  const o = owner();
  const wrongs: string[] = [];
  o.session.subscribe((e) => {
    if (e.type === "wrong_code") wrongs.push(e.reqId);
  });
  const code = await codeOf(o);
  return { o, wrongs, code, loc: locatorOf(code) };
}

describe("nobody but the owner's device judges a guess", () => {
  test("with the owner offline, five hello + junk confirmation + close retire nothing; the friend's right code works once the owner is back", async () => {
    const o = owner();
    const code = await codeOf(o);
    const loc = locatorOf(code);
    const kept = { roomId: o.session.roomId, secret: o.session.secret, code };
    o.session.dispose();
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 5; i++) {
      const r = await raw(freshAddress());
      const hs = SHARE();
      r.send({ type: "join.hello", rid: 1, loc, sid: hs.sid, msg: hs.msg });
      const a = await r.next((m) => m.rid === 1, "the hello answered");
      expect(a).toMatchObject({ type: "error", code: "join/owner_away" });
      r.send({ type: "join.confirm", rid: 2, reqId: "abcdefghijkl", tag: "t".repeat(86), secret: "s".repeat(43) });
      expect(await r.next((m) => m.rid === 2, "the confirmation answered")).toMatchObject({ code: "join/not_found" });
      r.ws.close();
    }
    expect(await failsOf(loc)).toBe(0);
    const back = player(ts.url, code, "join", { name: "Owner" }, { ...kept, setup: SETUP, address: freshAddress() });
    back.session.subscribe((e) => {
      if (e.type === "request") back.session.answerJoin(e.request.reqId, true);
    });
    const friend = player(ts.url, code, "join", { name: "Friend" }, { address: freshAddress() });
    try {
      await waitFor(() => friend.view().status === "seated", "the friend seated with the right code");
    } finally {
      friend.session.dispose();
      back.session.dispose();
    }
  });

  test("with the owner online, junk shares followed at once by junk confirmations count nothing; the owner's device judged none", async () => {
    const { o, wrongs, code, loc } = await watchedOwner();
    try {
      for (let i = 0; i < 4; i++) {
        const r = await raw(freshAddress());
        r.send({ type: "join.hello", rid: 1, loc, sid: "S".repeat(22), msg: "A".repeat(63) });
        const pending = await r.next((m) => m.rid === 1, "the hello answered");
        expect(pending).toMatchObject({ type: "join.pending" });
        r.send({ type: "join.confirm", rid: 2, reqId: pending.reqId, tag: "t".repeat(86), secret: "s".repeat(43) });
        await r.next((m) => m.type === "join.refused" || m.rid === 2, "the exchange ends");
        r.ws.close();
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(await failsOf(loc)).toBe(0);
      expect(wrongs).toEqual([]);
      const friend = player(ts.url, code, "join", { name: "Friend" }, { address: freshAddress() });
      try {
        await waitFor(() => friend.view().status === "seated", "the friend seated with the right code");
      } finally {
        friend.session.dispose();
      }
    } finally {
      o.session.dispose();
    }
  });
});

describe("nobody holds the door shut", () => {
  test("OPEN_EXCHANGES silent hellos that never confirm lapse in seconds; the owner's device lets go of them and the friend gets in", async () => {
    const o = owner();
    const code = await codeOf(o);
    const loc = locatorOf(code);
    const silent: Raw[] = [];
    try {
      for (let i = 0; i < OPEN_EXCHANGES; i++) {
        const r = await raw(freshAddress());
        const hs = SHARE();
        r.send({ type: "join.hello", rid: 1, loc, sid: hs.sid, msg: hs.msg });
        expect(await r.next((m) => m.rid === 1, "the hello answered")).toMatchObject({ type: "join.pending" });
        silent.push(r);
      }
      const started = Date.now();
      const friend = player(ts.url, code, "join", { name: "Friend" }, { address: freshAddress() });
      try {
        await waitFor(() => friend.view().status === "seated", "the friend seated", SEATED_WITHIN_MS);
        expect(Date.now() - started).toBeLessThan(SEATED_WITHIN_MS);
      } finally {
        friend.session.dispose();
      }
      // The silent ones were told their exchange ended (lapsed, or the room filled), and nothing was counted.
      for (const r of silent) await r.next((m) => m.type === "join.refused", "the end told");
      expect(silent.filter((r) => r.got.some((m) => m.reason === "lapsed")).length).toBeGreaterThan(0);
      expect(await failsOf(loc)).toBe(null); // the room is full: its locator is free again
    } finally {
      for (const r of silent) r.ws.close();
      o.session.dispose();
    }
  });

  test(`twenty strangers hammer the locator; the friend with the right code is seated within ${SEATED_WITHIN_MS / 1000} s`, async () => {
    const o = owner();
    const code = await codeOf(o);
    const loc = locatorOf(code);
    let on = true;
    let hellos = 0;
    const sockets: WebSocket[] = [];
    /** A stranger: hello after hello (a new connection when its exchange ends), never confirming. */
    const stranger = async (address: string): Promise<void> => {
      while (on) {
        const r = await raw(address);
        sockets.push(r.ws);
        let ended = false;
        r.ws.on("close", () => (ended = true));
        r.ws.on("message", (d) => {
          const m = JSON.parse(d.toString()) as Record<string, unknown>;
          if (m.type === "error" || m.type === "join.refused") ended = true;
        });
        const hs = SHARE();
        r.send({ type: "join.hello", rid: ++hellos, loc, sid: hs.sid, msg: hs.msg });
        while (on && !ended) await new Promise((res) => setTimeout(res, 20));
        r.ws.close();
        await new Promise((res) => setTimeout(res, 20));
      }
    };
    const crowd = Array.from({ length: 20 }, () => stranger(freshAddress()));
    try {
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const friend = player(ts.url, code, "join", { name: "Friend" }, { address: freshAddress() });
      try {
        await waitFor(() => friend.view().status === "seated", "the friend seated", SEATED_WITHIN_MS);
        const took = Date.now() - started;
        console.log(`friend seated after ${took} ms while 20 strangers sent ${hellos} hellos`);
        expect(took).toBeLessThan(SEATED_WITHIN_MS);
      } finally {
        friend.session.dispose();
      }
    } finally {
      on = false;
      await Promise.all(crowd);
      for (const s of sockets) s.close();
      o.session.dispose();
    }
  });
});

describe("the knock turn bounds what one address gets judged", () => {
  /**
   * One address, fresh connections, CYCLES times within one knock turn: a hello (a real share, over
   * a wrong code), then `after` (close at once, or confirm with a wrong tag and close), the next
   * cycle once the server has seen the close. Returns the exchanges opened (shown to the owner),
   * the confirmations the owner's device judged wrong and the wrong codes counted on the locator.
   */
  async function cycle(after: "close" | "confirm"): Promise<{ opened: number; judged: number; fails: number | null }> {
    const CYCLES = 8;
    const { o, wrongs, loc } = await watchedOwner();
    const address = freshAddress();
    let opened = 0;
    try {
      for (let i = 0; i < CYCLES; i++) {
        const r = await raw(address);
        const hs = SHARE();
        r.send({ type: "join.hello", rid: 1, loc, sid: hs.sid, msg: hs.msg });
        const a = await r.next((m) => m.rid === 1, "the hello answered");
        if (a.type === "join.pending") {
          opened++;
          const share = await r.next((m) => m.type === "join.reply", "the owner's share");
          if (after === "confirm") {
            r.send({ type: "join.confirm", rid: 2, reqId: share.reqId, tag: "t".repeat(86), secret: "s".repeat(43) });
            await r.next((m) => m.rid === 2, "the confirmation taken");
          }
        } else expect(a).toMatchObject({ type: "error", code: "join/busy" });
        r.ws.close();
        await new Promise((res) => setTimeout(res, 300));
      }
      await new Promise((res) => setTimeout(res, 500));
      return { opened, judged: wrongs.length, fails: await failsOf(loc) };
    } finally {
      o.session.dispose();
    }
  }

  test(`hello then close, ${8} times from one address: at most 1 + KNOCK_RETRIES (${1 + KNOCK_RETRIES}) exchanges opened, none judged`, async () => {
    const r = await cycle("close");
    expect(r.opened).toBeGreaterThanOrEqual(1);
    expect(r.opened).toBeLessThanOrEqual(1 + KNOCK_RETRIES);
    expect(r.judged).toBe(0);
    expect(r.fails).toBe(0);
  });

  test("hello, a wrong confirmation, close, 8 times from one address: the owner's device judges one confirmation, one wrong code is counted", async () => {
    const r = await cycle("confirm");
    expect(r.opened).toBeLessThanOrEqual(1 + KNOCK_RETRIES);
    expect(r.judged).toBe(1);
    expect(r.fails).toBe(1);
  });
});

describe("rooms cannot be found or hoarded cheaply", () => {
  test(`one address looks up LOOKUP_LIMIT (${LOOKUP_LIMIT}) locators in its window, over fresh connections; the next is refused until the window ends, another address is not`, async () => {
    const address = freshAddress();
    const answers: Record<string, unknown>[] = [];
    for (let i = 0; i <= LOOKUP_LIMIT; i++) {
      const r = await raw(address);
      const hs = SHARE();
      r.send({ type: "join.hello", rid: 1, loc: Math.floor(Math.random() * LOCATOR_COUNT), sid: hs.sid, msg: hs.msg });
      answers.push(await r.next((m) => m.rid === 1, "the look-up answered"));
      r.ws.close();
    }
    expect(answers.slice(0, LOOKUP_LIMIT).filter((a) => a.code === "rate/lookups")).toEqual([]);
    expect(answers[LOOKUP_LIMIT]).toMatchObject({ type: "error", code: "rate/lookups" });
    expect(Number(answers[LOOKUP_LIMIT].retryMs)).toBeGreaterThan(0);
    const other = await raw(freshAddress());
    const hs = SHARE();
    other.send({ type: "join.hello", rid: 1, loc: 1, sid: hs.sid, msg: hs.msg });
    expect(await other.next((m) => m.rid === 1, "another address answered")).not.toMatchObject({
      code: "rate/lookups",
    });
    other.ws.close();
  });

  test(`one address creates ROOM_CREATE_LIMIT (${ROOM_CREATE_LIMIT}) rooms in its window, over fresh connections; the next is refused`, async () => {
    const address = freshAddress();
    const answers: Record<string, unknown>[] = [];
    for (let i = 0; i <= ROOM_CREATE_LIMIT; i++) {
      const r = await raw(address);
      const roomId = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      r.send({ type: "room.create", rid: 1, roomId, secret: "s".repeat(43) });
      answers.push(await r.next((m) => m.rid === 1, "the create answered"));
      r.ws.close();
    }
    expect(answers.slice(0, ROOM_CREATE_LIMIT).map((a) => a.type)).toEqual(
      Array(ROOM_CREATE_LIMIT).fill("room.created"),
    );
    expect(answers[ROOM_CREATE_LIMIT]).toMatchObject({ type: "error", code: "rate/rooms" });
  });
});
