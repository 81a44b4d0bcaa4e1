/**
 * The one-minute knock turn per address and locator (KNOCK_INTERVAL_MS, on here as deployed) costs a
 * guest a turn only for an exchange the owner's device was shown: a hello that could not reach the
 * owner (its connection gone before `$disconnect` ran) gives the turn back. Real router, service and
 * DynamoDB store on dynalite; the gateway's posts to the owner fail while it is "gone".
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDynamoConnectionStore } from "../lib/connections.js";
import type { RealtimeInfra } from "../lib/realtime.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { receive } from "../ws/router.js";

const TABLE = "knockturn";
let dynamo: LocalDynamo;
let ports: RealtimeInfra;
let knockMs: string | undefined;
const gone = new Set<string>();

beforeAll(async () => {
  process.env.MANCALA_LOCAL = "1";
  knockMs = process.env.FRIEND_KNOCK_MS;
  delete process.env.FRIEND_KNOCK_MS;
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
  ports = {
    db: dynamo.client,
    tableName: TABLE,
    conns: makeDynamoConnectionStore(dynamo.client, TABLE),
    gateway: {
      send: async (to) => !gone.has(to),
      async close() {},
      isConnected: async (to) => !gone.has(to),
    },
  };
});
afterAll(async () => {
  if (knockMs !== undefined) process.env.FRIEND_KNOCK_MS = knockMs;
  await dynamo?.close();
});

let clock = 1_000_000;
async function say(conn: string, body: object, sourceIp: string): Promise<Record<string, unknown>> {
  clock += 1_000;
  const ev = {
    requestContext: { connectionId: conn, routeKey: "$default", eventType: "MESSAGE", identity: { sourceIp } },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyWebsocketEventV2;
  return (await receive(ports, ev, clock)) as Record<string, unknown>;
}

const SHARE = "m".repeat(63);
const OWNER_IP = "10.1.0.1";
const GUEST_IP = "10.1.0.2";

describe("the knock turn", () => {
  test("a hello that could not reach the owner costs no turn: the guest's next hello, once the owner is back, opens the exchange", async () => {
    for (const c of ["o1", "o2", "g1", "g2"]) await ports.conns.put(c, clock);
    const roomId = randomBytes(32).toString("base64url");
    const secret = "a".repeat(43);
    const created = await say("o1", { type: "room.create", roomId, secret }, OWNER_IP);
    expect(created.type).toBe("room.created");
    // The owner's connection is gone, but its `$disconnect` has not run yet: the post fails.
    gone.add("o1");
    const first = await say("g1", { type: "join.hello", loc: created.loc, sid: "s".repeat(22), msg: SHARE }, GUEST_IP);
    expect(first).toMatchObject({ type: "error", code: "join/owner_away" });
    // The owner is back on a new connection; the guest knocks again (new connection, same address).
    const back = await say("o2", { type: "room.join", roomId, secret }, OWNER_IP);
    expect(back.type).toBe("room.joined");
    const second = await say("g2", { type: "join.hello", loc: created.loc, sid: "t".repeat(22), msg: SHARE }, GUEST_IP);
    expect(second).toMatchObject({ type: "join.pending" });
    // The turn is still one a minute for an exchange the owner was shown.
    await ports.conns.put("g3", clock);
    const third = await say("g3", { type: "join.hello", loc: created.loc, sid: "u".repeat(22), msg: SHARE }, GUEST_IP);
    expect(third).toMatchObject({ type: "error", code: "join/busy" });
  });
});
