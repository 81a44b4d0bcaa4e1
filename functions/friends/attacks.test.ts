/**
 * The attacks of an outsider and of a hostile peer on friend rooms, each over real WebSockets
 * against the local server with the real limits (the test configuration's raised ones are put back
 * to the defaults here). Strangers speak from their own loopback addresses (127.0.0.0/8), as they
 * would from their own networks.
 */
import { describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { LOCATOR_COUNT, locatorOf, sealBox, startGuestHandshake, type RoomCode } from "../../core/crypto/index.js";
import { LOOKUP_LIMIT, OPEN_EXCHANGES, PROTOCOL_VERSION, ROOM_CREATE_LIMIT } from "../../core/protocol/friend.js";
import { documentClient, readConfig } from "../lib/config.js";
import { RATE_WINDOW_MS, floodLimits } from "../lib/flood.js";
import { KNOCK_RETRIES } from "./limits.js";
import { codeOf, newRoom, player, playMoves, rng, waitFor, type Player } from "../local/players.js";
import { useTestServer } from "./testing/rigs.js";

const ts = useTestServer(["rooms", "lookups", "knock"]);

const SETUP = { game: "ayo", options: {}, bestOf: 1 } as const;
/** The time this file states for a friend to be seated while strangers hammer its locator. */
const SEATED_WITHIN_MS = 10_000;

let nextHost = 10;
/** A fresh loopback source address: a stranger from another network. */
const freshAddress = (): string => `127.0.${Math.floor(nextHost / 250)}.${(nextHost++ % 250) + 2}`;

interface Raw {
  readonly ws: WebSocket;
  readonly got: Record<string, unknown>[];
  send(m: object): void;
  /** The first frame (from `from` on) matching `pred`. */
  next(pred: (m: Record<string, unknown>) => boolean, what: string, from?: number): Promise<Record<string, unknown>>;
}

async function raw(address: string): Promise<Raw> {
  const ws = new WebSocket(`${ts.url}?v=${PROTOCOL_VERSION}`, { localAddress: address });
  const got: Record<string, unknown>[] = [];
  ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return {
    ws,
    got,
    send: (m) => ws.send(JSON.stringify(m)),
    async next(pred, what, from = 0) {
      await waitFor(() => got.slice(from).some(pred), what);
      return got.slice(from).find(pred)!;
    },
  };
}

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

describe("one order for everyone", () => {
  test("a seated peer's gap, far-future number and forged head are refused; a renumbered retry is stored once; live clients and a fresh device replay the same log; the honest client stays within its budget", async () => {
    const a = owner();
    const code = await codeOf(a);
    const guestFrames: Record<string, unknown>[] = [];
    const b = player(ts.url, code, "join", { name: "Guest" }, { address: freshAddress() });
    const all: Player[] = [a, b];
    try {
      await waitFor(
        () => b.view().status === "seated" && b.view().caughtUp && a.view().game.profiles[1] !== null,
        "seated",
      );
      const ws = b.sockets[b.sockets.length - 1];
      ws.on("message", (d) => guestFrames.push(JSON.parse(d.toString()) as Record<string, unknown>));
      await playMoves(a, b, 2, rng(7));
      // The guest's own socket, as a hostile peer would use it: its token and the room's head.
      const sent: Record<string, unknown>[] = [];
      const snoop = (m: Record<string, unknown>): void => void sent.push(m);
      const send = ws.send.bind(ws);
      const joined = { token: "", via: "" };
      // The token is what the session relays with: read it from its own next frame.
      ws.send = ((data: string) => {
        const m = JSON.parse(data) as Record<string, unknown>;
        snoop(m);
        send(data);
      }) as typeof ws.send;
      b.session.chat("hello");
      await waitFor(() => sent.some((m) => m.type === "relay") && b.view().unsent === 0, "the guest's chat went out");
      const mine = sent.find((m) => m.type === "relay")!;
      joined.token = String(mine.tok);
      joined.via = String(mine.via);
      const ack = guestFrames.find((m) => m.type === "relay.ack" && m.cseq === mine.cseq)!;
      const head = { seq: Number(ack.seq), sent: ack.sent as [number, number], proof: String(ack.proof) };
      const box = (cseq: number): string =>
        sealBox(b.session.key!, { seat: 1, seq: cseq, kind: "chat", body: { t: "chat", text: `x${cseq}` } });
      // (The refused ones go as game messages: the chat flood rule would refuse a sixth chat first.)
      const relay = (
        rid: number,
        seq: number,
        cseq: number,
        prev: { sent: readonly number[]; proof: string },
        kind: "game" | "chat" = "chat",
      ) =>
        send(
          JSON.stringify({
            type: "relay",
            rid: `h${rid}`,
            room: b.session.roomId,
            seat: 1,
            via: joined.via,
            tok: joined.token,
            seq,
            cseq,
            prev: { sent: prev.sent, proof: prev.proof },
            kind,
            box: box(cseq),
          }),
        );
      const answer = async (rid: number) => {
        await waitFor(() => guestFrames.some((m) => m.rid === `h${rid}`), `answer h${rid}`);
        return guestFrames.find((m) => m.rid === `h${rid}`)!;
      };
      const next = head.sent[1] + 1;
      relay(1, head.seq + 10, next, head, "game"); // a gap
      relay(2, 2 ** 40, next, head, "game"); // far in the future
      relay(3, head.seq + 1, next, { sent: head.sent, proof: "P".repeat(43) }, "game"); // a forged head
      for (const rid of [1, 2, 3]) expect(await answer(rid)).toMatchObject({ type: "error", code: "relay/bad_head" });
      // Stored once, however it is renumbered.
      relay(4, head.seq + 1, next, head);
      const first = await answer(4);
      expect(first, JSON.stringify(first)).toMatchObject({ type: "relay.ack", seq: head.seq + 1, cseq: next });
      await playMoves(a, b, 1, rng(8)); // the room moves on
      const newer = a.view().applied;
      const top = guestFrames.filter((m) => m.type === "relay" || m.type === "relay.ack").at(-1)!;
      const topHead =
        top.type === "relay"
          ? (top.msg as { seq: number; sent: number[]; proof: string })
          : { seq: Number(top.seq), sent: top.sent as number[], proof: String(top.proof) };
      expect(topHead.seq).toBe(newer);
      relay(5, topHead.seq + 1, next, topHead);
      expect(await answer(5)).toMatchObject({ type: "relay.ack", seq: head.seq + 1, cseq: next });
      // The hostile device leaves; the guest plays on from another device (its seat secret and key),
      // which continues after the hostile message, and a third device replays the log.
      const seatOf = { roomId: b.session.roomId, secret: b.session.secret, key: b.session.key! };
      b.session.dispose();
      const socketsBefore = a.sockets.length;
      const other = player(ts.url, code, "join", { name: "Guest" }, { ...seatOf, address: freshAddress() });
      all.push(other);
      await waitFor(() => other.view().status === "seated" && other.view().caughtUp, "the guest's other device seated");
      await playMoves(a, other, 3, rng(9));
      const fresh = player(ts.url, code, "join", { name: "Guest" }, { ...seatOf, address: freshAddress() });
      all.push(fresh);
      const target = a.view().applied;
      await waitFor(
        () => fresh.view().applied === target && other.view().applied === target && fresh.view().caughtUp,
        "all three at the same number",
      );
      const lines = (p: Player) =>
        p.session.snapshot().log.map((e) => `${e.seq}:${e.from}:${JSON.stringify(e.payload)}`);
      expect(lines(other)).toEqual(lines(a));
      expect(lines(fresh)).toEqual(lines(a));
      expect(lines(a).filter((l) => l.includes(`"x${next}"`))).toHaveLength(1);
      // The owner's client never had to start over.
      expect(a.sockets.length).toBe(socketsBefore);
    } finally {
      for (const p of all) p.session.dispose();
    }
  });

  test("an honest client refused by the log never sends faster than its rate budget", async () => {
    // A client whose relays are all refused (a forged head: the seat's token is good, its proof is not).
    const a = owner();
    const code = await codeOf(a);
    const b = player(ts.url, code, "join", { name: "Guest" }, { address: freshAddress() });
    try {
      await waitFor(() => b.view().status === "seated" && b.view().caughtUp, "seated");
      const ws = b.sockets[b.sockets.length - 1];
      const send = ws.send.bind(ws);
      let relays = 0;
      ws.send = ((data: string) => {
        const m = JSON.parse(data) as Record<string, unknown>;
        if (m.type === "relay") {
          relays++;
          (m.prev as { proof: string }).proof = "P".repeat(43);
          return send(JSON.stringify(m));
        }
        send(data);
      }) as typeof ws.send;
      b.session.chat("never stored");
      await new Promise((r) => setTimeout(r, 5_000));
      expect(relays).toBeGreaterThan(0);
      expect(relays).toBeLessThanOrEqual((floodLimits().connection * 5_000) / RATE_WINDOW_MS);
      console.log(`refused client sent ${relays} relays in 5 s`);
    } finally {
      a.session.dispose();
      b.session.dispose();
    }
  });
});
