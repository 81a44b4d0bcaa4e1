/**
 * The server's chat rule (at most 5 lines in 10 s per connection, core/protocol/chat.ts) counts
 * chat lines, not attempts: a line sent again because its answer was lost (a gateway error frame, a
 * timeout, a reconnect) is the same line, so its copies do not use up the sender's allowance and a
 * later line is not refused (the client drops a line refused for flooding for good). Real router,
 * service and DynamoDB store on dynalite.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDynamoConnectionStore } from "../lib/connections.js";
import type { RealtimeInfra } from "../lib/realtime.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { receive } from "../ws/router.js";

const TABLE = "chatrule";
let dynamo: LocalDynamo;
let ports: RealtimeInfra;
const posts: { to: string; msg: Record<string, unknown> }[] = [];

beforeAll(async () => {
  process.env.MANCALA_LOCAL = "1";
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
  ports = {
    db: dynamo.client,
    tableName: TABLE,
    conns: makeDynamoConnectionStore(dynamo.client, TABLE),
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
async function say(conn: string, body: object, stepMs = 100): Promise<Record<string, unknown>> {
  clock += stepMs;
  const ev = {
    requestContext: {
      connectionId: conn,
      routeKey: "$default",
      eventType: "MESSAGE",
      identity: { sourceIp: "10.2.0.1" },
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyWebsocketEventV2;
  return (await receive(ports, ev, clock)) as Record<string, unknown>;
}

const SHARE = "m".repeat(63);
const TAG = "t".repeat(86);
const BOX = "x".repeat(120);

describe("the server's chat rule", () => {
  test("copies of a chat line sent again count once: four more lines pass, the sixth line in 10 s is refused", async () => {
    const [c0, c1] = ["ch0", "ch1"];
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
    expect(await say(c0, { type: "join.answer", reqId: pend.reqId, approve: true })).toMatchObject({
      type: "join.answered",
    });
    const joined = posts.find((p) => p.to === c1 && p.msg.type === "room.joined")!.msg;
    const presence = posts.find((p) => p.to === c0 && p.msg.type === "presence")!.msg;
    let head = joined.head as { seq: number; sent: [number, number]; proof: string };
    const chat = (prev: typeof head, cseq: number, rid: number) =>
      say(c0, {
        type: "relay",
        rid,
        room: roomId,
        seat: 0,
        via: String(presence.via),
        tok: String(presence.token),
        seq: prev.seq + 1,
        cseq,
        prev: { sent: prev.sent, proof: prev.proof },
        kind: "chat",
        box: BOX,
      });
    let rid = 0;
    // The first line, stored, then sent four times more (each answer lost): acknowledged each time.
    const before = head;
    const first = await chat(before, 1, ++rid);
    expect(first).toMatchObject({ type: "relay.ack", cseq: 1 });
    for (let i = 0; i < 4; i++) expect(await chat(before, 1, ++rid)).toMatchObject({ type: "relay.ack", cseq: 1 });
    head = { seq: Number(first.seq), sent: first.sent as [number, number], proof: String(first.proof) };
    // Four new lines: five lines in the window, the rule's limit.
    for (let cseq = 2; cseq <= 5; cseq++) {
      const a = await chat(head, cseq, ++rid);
      expect(a).toMatchObject({ type: "relay.ack", cseq });
      head = { seq: Number(a.seq), sent: a.sent as [number, number], proof: String(a.proof) };
    }
    // The sixth line within 10 s is refused.
    expect(await chat(head, 6, ++rid)).toMatchObject({ type: "error", code: "chat/flood" });
  });
});
