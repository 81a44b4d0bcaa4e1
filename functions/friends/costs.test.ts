/**
 * What each friend message costs, on a counting port: the real router, service and DynamoDB store
 * on dynalite, with every DynamoDB call and every `@connections` post counted (the sender's answer
 * is the route response, not a post). A regression in the cost of a message kind fails here.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { makeDynamoConnectionStore as makeConnectionStoreFor } from "../lib/connections.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import type { RealtimeInfra } from "../lib/realtime.js";
import { receive } from "../ws/router.js";

const TABLE = "costs";
let dynamo: LocalDynamo;
const calls = new Map<string, number>();
const posts: { to: string; msg: Record<string, unknown> }[] = [];
let ports: RealtimeInfra;

function counting(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  const c = Object.create(db) as DynamoDBDocumentClient;
  (c as { send: unknown }).send = (cmd: { constructor: { name: string } }) => {
    const name = cmd.constructor.name.replace(/Command$/, "");
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return (db.send as (x: unknown) => Promise<unknown>)(cmd);
  };
  return c;
}

beforeAll(async () => {
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
  const db = counting(dynamo.client);
  ports = {
    db,
    tableName: TABLE,
    conns: makeConnectionStoreFor(db, TABLE),
    gateway: {
      async send(to, msg) {
        posts.push({ to, msg: msg as Record<string, unknown> });
        return true;
      },
      async close() {},
      isConnected: async () => true,
    },
  };
});
afterAll(async () => {
  await dynamo?.close();
});

let clock = 1_000_000;
function event(connectionId: string, body: object, sourceIp = "10.0.0.1"): APIGatewayProxyWebsocketEventV2 {
  return {
    requestContext: { connectionId, routeKey: "$default", eventType: "MESSAGE", identity: { sourceIp } },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyWebsocketEventV2;
}
async function say(conn: string, body: object): Promise<Record<string, unknown>> {
  clock += 1_000;
  return (await receive(ports, event(conn, body), clock)) as Record<string, unknown>;
}

/** Counts what `fn` costs: DynamoDB calls by operation, and posts. */
async function cost(fn: () => Promise<unknown>): Promise<{ db: Record<string, number>; total: number; posts: number }> {
  calls.clear();
  posts.length = 0;
  await fn();
  const db = Object.fromEntries([...calls.entries()].sort());
  return { db, total: [...calls.values()].reduce((a, b) => a + b, 0), posts: posts.length };
}

const SHARE = "m".repeat(63);
const TAG = "t".repeat(86);
const BOX = "x".repeat(120);

interface Seated {
  roomId: string;
  tok: [string, string];
  via: [string, string];
}

async function seatedRoom(c0: string, c1: string): Promise<Seated> {
  await ports.conns.put(c0, clock);
  await ports.conns.put(c1, clock);
  const roomId = randomBytes(32).toString("base64url");
  const created = await say(c0, { type: "room.create", roomId, secret: "a".repeat(43) });
  const pend = await say(c1, { type: "join.hello", loc: created.loc, sid: "s".repeat(22), msg: SHARE });
  await say(c0, { type: "join.reply", reqId: pend.reqId, msg: SHARE });
  await say(c1, { type: "join.confirm", reqId: pend.reqId, tag: TAG, secret: "b".repeat(43) });
  await say(c0, { type: "join.verdict", reqId: pend.reqId, ok: true, tag: TAG });
  await say(c1, { type: "join.request", reqId: pend.reqId, request: BOX });
  posts.length = 0;
  const answered = await say(c0, { type: "join.answer", reqId: pend.reqId, approve: true });
  if (answered.type !== "join.answered")
    throw new Error(`not seated: ${JSON.stringify(answered)} ${JSON.stringify(pend)} ${JSON.stringify(created)}`);
  const joined = posts.find((p) => p.to === c1 && p.msg.type === "room.joined")!.msg;
  const presence = posts.find((p) => p.to === c0 && p.msg.type === "presence")!.msg;
  return {
    roomId,
    tok: [String(presence.token), String(joined.token)],
    via: [String(presence.via), String(joined.via)],
  };
}

describe("cost per friend message", () => {
  test("move, chat and pause vote: one conditional put and one post (to the other seat); the ack is the route response", async () => {
    const r = await seatedRoom("m0", "m1");
    let seq = 0;
    const relay = (seat: 0 | 1, kind: "game" | "chat") => {
      seq++;
      return say(seat === 0 ? "m0" : "m1", {
        type: "relay",
        rid: seq,
        room: r.roomId,
        seat,
        via: r.via[seat],
        tok: r.tok[seat],
        seq,
        cseq: seq,
        kind,
        box: BOX,
      });
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

  test("a retry is not stored twice (a put and a get, no post); a taken number is refused the same way; refusals for rate cost nothing", async () => {
    const r = await seatedRoom("r0", "r1");
    const m = {
      type: "relay",
      room: r.roomId,
      seat: 0,
      via: r.via[0],
      tok: r.tok[0],
      seq: 1,
      cseq: 1,
      kind: "game",
      box: BOX,
    };
    await say("r0", { ...m, rid: 1 });
    let answer: Record<string, unknown> = {};
    const retry = await cost(async () => (answer = await say("r0", { ...m, rid: 2 })));
    expect(retry).toEqual({ db: { Get: 1, Put: 1 }, total: 2, posts: 0 });
    expect(answer).toMatchObject({ type: "relay.ack", rid: 2, seq: 1, cseq: 1 });
    const taken = await cost(
      async () =>
        (answer = await say("r1", {
          type: "relay",
          rid: 3,
          room: r.roomId,
          seat: 1,
          via: r.via[1],
          tok: r.tok[1],
          seq: 1,
          cseq: 1,
          kind: "game",
          box: BOX,
        })),
    );
    expect(taken).toEqual({ db: { Get: 1, Put: 1 }, total: 2, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "relay/seq_taken", expected: 2 });
    // The chat rule: the sixth chat within 10 s is refused without touching the table.
    const chat = (i: number) =>
      say("r1", {
        type: "relay",
        rid: 10 + i,
        room: r.roomId,
        seat: 1,
        via: r.via[1],
        tok: r.tok[1],
        seq: 10 + i,
        cseq: 10 + i,
        kind: "chat",
        box: BOX,
      });
    for (let i = 0; i < 5; i++) await chat(i);
    const flood = await cost(async () => (answer = await chat(5)));
    expect(flood).toEqual({ db: {}, total: 0, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "chat/flood" });
    // A forged token: refused before any write.
    const forged = await cost(
      async () => (answer = await say("r1", { ...m, seat: 1, tok: "T".repeat(43), seq: 50, cseq: 50 })),
    );
    expect(forged).toEqual({ db: {}, total: 0, posts: 0 });
    expect(answer).toMatchObject({ type: "error", code: "room/not_seated" });
  });

  test("rate-limited messages cost no call and no post", async () => {
    await ports.conns.put("flood", clock);
    const t = clock;
    let limited = 0;
    const c = await cost(async () => {
      for (let i = 0; i < 150; i++) {
        const a = (await receive(ports, event("flood", { type: "ping", rid: i }, "10.9.9.9"), t)) as Record<
          string,
          unknown
        >;
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
      await say("s0", {
        type: "relay",
        room: r.roomId,
        seat: 0,
        via: r.via[0],
        tok: r.tok[0],
        seq: i,
        cseq: i,
        kind: "game",
        box: BOX,
      });
    await ports.conns.put("s1b", clock);
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
