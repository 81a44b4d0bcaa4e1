/**
 * What each friend message costs, on a counting port: the real router, service and DynamoDB store
 * on dynalite, with every DynamoDB call and every `@connections` post counted (the sender's answer
 * is the route response, not a post). A regression in the cost of a message kind fails here.
 */
import { describe, expect, test } from "vitest";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { BOX, seatTwo, useRouterRig } from "./testing/rigs.js";

const calls = new Map<string, number>();

function counting(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  const c = Object.create(db) as DynamoDBDocumentClient;
  (c as { send: unknown }).send = (cmd: { constructor: { name: string } }) => {
    const name = cmd.constructor.name.replace(/Command$/, "");
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return (db.send as (x: unknown) => Promise<unknown>)(cmd);
  };
  return c;
}

const rig = useRouterRig("costs", { wrap: counting });
const posts = rig.posts;
const say = (conn: string, body: object) => rig.say(conn, body);

/** Counts what `fn` costs: DynamoDB calls by operation, and posts. */
async function cost(fn: () => Promise<unknown>): Promise<{ db: Record<string, number>; total: number; posts: number }> {
  calls.clear();
  posts.length = 0;
  await fn();
  const db = Object.fromEntries([...calls.entries()].sort());
  return { db, total: [...calls.values()].reduce((a, b) => a + b, 0), posts: posts.length };
}

interface Seated {
  roomId: string;
  tok: [string, string];
  via: [string, string];
  /** The log's head as the last answer gave it: what the next relay follows. */
  head: { seq: number; sent: [number, number]; proof: string };
}

/** Takes the head from an acknowledgement. */
function follow(r: Seated, ack: Record<string, unknown>): void {
  if (ack.type === "relay.ack")
    r.head = { seq: Number(ack.seq), sent: ack.sent as [number, number], proof: String(ack.proof) };
}
const prevOf = (r: Seated) => ({ sent: r.head.sent, proof: r.head.proof });

async function seatedRoom(c0: string, c1: string): Promise<Seated> {
  const { roomId, joined, presence } = await seatTwo(rig, c0, c1);
  return {
    roomId,
    tok: [String(presence.token), String(joined.token)],
    via: [String(presence.via), String(joined.via)],
    head: joined.head as Seated["head"],
  };
}

describe("cost per friend message", () => {
  test("move, chat and pause vote: one conditional put and one post (to the other seat); the ack is the route response", async () => {
    const r = await seatedRoom("m0", "m1");
    let seq = 0;
    const relay = async (seat: 0 | 1, kind: "game" | "chat") => {
      seq++;
      const a = await say(seat === 0 ? "m0" : "m1", {
        type: "relay",
        rid: seq,
        room: r.roomId,
        seat,
        via: r.via[seat],
        tok: r.tok[seat],
        seq,
        cseq: r.head.sent[seat] + 1,
        prev: prevOf(r),
        kind,
        box: BOX,
      });
      follow(r, a);
      return a;
    };
    for (const [name, seat, kind] of [
      ["move", 0, "game"],
      ["chat", 1, "chat"],
      ["pause vote", 0, "game"],
    ] as const) {
      let answer: Record<string, unknown> = {};
      const c = await cost(async () => (answer = await relay(seat, kind)));
      expect({ name, ...c }).toEqual({ name, db: { Put: 1 }, total: 1, posts: 1 });
      expect(answer).toMatchObject({ type: "relay.ack", seq });
      expect(posts[0]).toMatchObject({
        to: seat === 0 ? "m1" : "m0",
        msg: { type: "relay", msg: { seq, from: seat } },
      });
    }
  });

  test("a retry is not stored twice (a put and a get, no post; renumbered: one query); a taken number is refused the same way; refusals for rate cost nothing", async () => {
    const r = await seatedRoom("r0", "r1");
    const empty = prevOf(r);
    const m = {
      type: "relay",
      room: r.roomId,
      seat: 0,
      via: r.via[0],
      tok: r.tok[0],
      seq: 1,
      cseq: 1,
      prev: empty,
      kind: "game",
      box: BOX,
    };
    follow(r, await say("r0", { ...m, rid: 1 }));
    let answer: Record<string, unknown> = {};
    const retry = await cost(async () => (answer = await say("r0", { ...m, rid: 2 })));
    expect(retry).toEqual({ db: { Get: 1, Put: 1 }, total: 2, posts: 0 });
    expect(answer).toMatchObject({ type: "relay.ack", rid: 2, seq: 1, cseq: 1 });
    // The same message renumbered after the head it produced: found, not stored again.
    const renumbered = await cost(async () => (answer = await say("r0", { ...m, rid: 3, seq: 2, prev: prevOf(r) })));
    expect(renumbered).toEqual({ db: { Query: 1 }, total: 1, posts: 0 });
    expect(answer).toMatchObject({ type: "relay.ack", rid: 3, seq: 1, cseq: 1 });
    const taken = await cost(
      async () =>
        (answer = await say("r1", {
          type: "relay",
          rid: 4,
          room: r.roomId,
          seat: 1,
          via: r.via[1],
          tok: r.tok[1],
          seq: 1,
          cseq: 1,
          prev: empty,
          kind: "game",
          box: BOX,
        })),
    );
    expect(taken).toEqual({ db: { Get: 1, Put: 1 }, total: 2, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "relay/seq_taken", expected: 2 });
    // A number past the head, or a head the server never gave: refused before any call.
    const far = await cost(
      async () =>
        (answer = await say("r1", {
          ...m,
          rid: 5,
          seat: 1,
          via: r.via[1],
          tok: r.tok[1],
          seq: 2 ** 40,
          prev: prevOf(r),
        })),
    );
    expect(far).toEqual({ db: {}, total: 0, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "relay/bad_head" });
    // The chat rule: the sixth chat within 10 s is refused without touching the table.
    const chat = async (i: number) => {
      const a = await say("r1", {
        type: "relay",
        rid: 10 + i,
        room: r.roomId,
        seat: 1,
        via: r.via[1],
        tok: r.tok[1],
        seq: r.head.seq + 1,
        cseq: r.head.sent[1] + 1,
        prev: prevOf(r),
        kind: "chat",
        box: BOX,
      });
      follow(r, a);
      return a;
    };
    for (let i = 0; i < 5; i++) await chat(i);
    const flood = await cost(async () => (answer = await chat(5)));
    expect(flood).toEqual({ db: {}, total: 0, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "chat/flood" });
    // A forged token: refused before any write.
    const forged = await cost(
      async () =>
        (answer = await say("r1", { ...m, seat: 1, tok: "T".repeat(43), seq: 50, cseq: 50, prev: prevOf(r) })),
    );
    expect(forged).toEqual({ db: {}, total: 0, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "room/not_seated" });
  });

  test("rate-limited messages cost no call and no post", async () => {
    await rig.infra.conns.put("flood", rig.now());
    let limited = 0;
    const c = await cost(async () => {
      for (let i = 0; i < 150; i++) {
        const a = await rig.say("flood", { type: "ping", rid: i }, { ip: "10.9.9.9", stepMs: 0 });
        if (a.code === "rate/limited") limited++;
      }
    });
    expect(limited).toBe(50);
    // 100 answered pings each read the connection item once; the 50 refused read nothing.
    expect(c).toEqual({ db: { Get: 100 }, total: 100, posts: 0 });
  });

  test("a reconnect: the join and the catch-up", async () => {
    const r = await seatedRoom("s0", "s1");
    for (let i = 1; i <= 3; i++)
      follow(
        r,
        await say("s0", {
          type: "relay",
          room: r.roomId,
          seat: 0,
          via: r.via[0],
          tok: r.tok[0],
          seq: i,
          cseq: i,
          prev: prevOf(r),
          kind: "game",
          box: BOX,
        }),
      );
    await rig.infra.conns.put("s1b", rig.now());
    let joined: Record<string, unknown> = {};
    const join = await cost(
      async () => (joined = await say("s1b", { type: "room.join", rid: 1, roomId: r.roomId, secret: "b".repeat(43) })),
    );
    expect(joined).toMatchObject({ type: "room.joined", seat: 1, seq: 3 });
    // Read the connection and the room, bind the seat and the connection, read the last number,
    // free the old connection's seat; tell it (post) and the other seat (post).
    expect(join).toEqual({ db: { Get: 2, Query: 1, Update: 3 }, total: 6, posts: 2 });
    let page: Record<string, unknown> = {};
    const sync = await cost(async () => (page = await say("s1b", { type: "sync", rid: 2, after: 0 })));
    expect((page.msgs as unknown[]).length).toBe(3);
    expect(sync).toEqual({ db: { Get: 1, Query: 1 }, total: 2, posts: 0 });
  });
});
