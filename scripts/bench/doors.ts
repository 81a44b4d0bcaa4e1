/**
 * The door's attack figures (functions/friends/, docs/friends.md), each a bounded loopback run:
 * - guess slots a code's locator still holds after 10 guests from 10 networks each said hello and
 *   closed their connection (the local server, real WebSockets, the deployed limits);
 * - live locators one room holds after one network sends 192 `room.recode` at once (the same);
 * - store calls and read units of a retry renumbered after a 5 MB log (the real router and DynamoDB
 *   store on dynalite, dynalite billing each call's read units).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { GetCommand, ScanCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { WebSocket } from "ws";
import { generateCode, locatorOf, startGuestHandshake } from "../../core/crypto/index.js";
import { PROTOCOL_VERSION } from "../../core/protocol/friend.js";
import { makeDynamoFriendConnectionStore } from "../../functions/friends/connections.js";
import { documentClient, readConfig } from "../../functions/lib/config.js";
import type { RealtimeInfra } from "../../functions/lib/realtime.js";
import { nowSeconds } from "../../functions/lib/table.js";
import { ensureTable, startDynalite } from "../../functions/local/dynamo.js";
import { player, waitFor } from "../../functions/local/players.js";
import { startServer } from "../../functions/local/server.js";
import { receive } from "../../functions/ws/router.js";
import type { Emit } from "../bench.js";

interface Raw {
  send(m: object): void;
  next(pred: (m: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

async function raw(url: string, address: string): Promise<Raw> {
  const ws = new WebSocket(`${url}?v=${PROTOCOL_VERSION}`, { localAddress: address });
  const got: Record<string, unknown>[] = [];
  ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return {
    send: (m) => ws.send(JSON.stringify(m)),
    async next(pred) {
      await waitFor(() => got.some(pred), "an answer", 30_000);
      return got.find(pred)!;
    },
    close: () => new Promise<void>((res) => (ws.once("close", () => res()), ws.close())),
  };
}

async function items(): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await documentClient(readConfig()).send(
      new ScanCommand({ TableName: readConfig().tableName, ExclusiveStartKey: start }),
    );
    out.push(...(r.Items ?? []));
    start = r.LastEvaluatedKey;
  } while (start !== undefined);
  return out;
}

async function serverFigures(emit: Emit): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "mancala-bench-doors-"));
  const server = await startServer({ port: 0, dataDir, quiet: true, staticDir: join(dataDir, "none") });
  try {
    const url = server.wsUrl;
    // Ten guests from ten networks say hello on a live owner's locator and close.
    const owner = player(
      url,
      generateCode(),
      "create",
      { name: "Owner" },
      { setup: { game: "ayo", options: {}, bestOf: 1 }, address: "127.3.0.1" },
    );
    await waitFor(() => owner.view().code !== null, "the owner's room");
    const code = owner.view().code!;
    const loc = locatorOf(code);
    for (let i = 0; i < 10; i++) {
      const g = await raw(url, `127.3.1.${i + 2}`);
      const hs = startGuestHandshake(code);
      g.send({ type: "join.hello", rid: 1, loc, sid: hs.sid, msg: hs.msg });
      await g.next((m) => m.rid === 1);
      await g.close();
    }
    await new Promise((r) => setTimeout(r, 500));
    const slots = await documentClient(readConfig()).send(
      new GetCommand({ TableName: readConfig().tableName, Key: { pk: `LOC#${loc}`, sk: "LOC" }, ConsistentRead: true }),
    );
    emit({
      name: "door: guess slots held after 10 guests cut after their hello",
      unit: "slots",
      value: Number(slots.Item?.slots),
    });
    owner.session.dispose();

    // One network: two rooms, then 192 room.recode at once on one of them.
    const o = await raw(url, "127.3.2.2");
    const rooms = [Buffer.alloc(32, 1).toString("base64url"), Buffer.alloc(32, 2).toString("base64url")];
    for (const [i, roomId] of rooms.entries()) {
      const c = i === 0 ? o : await raw(url, "127.3.2.2");
      c.send({ type: "room.create", rid: `c${i}`, roomId, secret: "a".repeat(43) });
      await c.next((m) => m.rid === `c${i}`);
    }
    for (let i = 0; i < 192; i++) o.send({ type: "room.recode", rid: i });
    await o.next((m) => m.rid === 191);
    await new Promise((r) => setTimeout(r, 500));
    const now = nowSeconds(Date.now());
    const live = (await items()).filter(
      (it) =>
        it.sk === "LOC" && rooms.includes(String(it.roomId)) && Number(it.expiresAt) > now && Number(it.fails) < 5,
    );
    emit({
      name: "door: live locators of one network after 2 rooms and 192 parallel recodes",
      unit: "locators",
      value: live.length,
    });
    await o.close();
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function retryFigures(emit: Emit): Promise<void> {
  process.env.MANCALA_LOCAL = "1";
  const dynamo = await startDynalite(null);
  const table = "bench-doors";
  await ensureTable(dynamo.client, table);
  const calls = new Map<string, number>();
  let units = 0;
  const db = Object.create(dynamo.client) as DynamoDBDocumentClient;
  (db as { send: unknown }).send = async (cmd: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const name = cmd.constructor.name.replace(/Command$/, "");
    calls.set(name, (calls.get(name) ?? 0) + 1);
    cmd.input.ReturnConsumedCapacity = "TOTAL";
    const out = (await (dynamo.client.send as (x: unknown) => Promise<unknown>)(cmd)) as {
      ConsumedCapacity?: { CapacityUnits?: number };
    };
    if (name === "Get" || name === "Query") units += out.ConsumedCapacity?.CapacityUnits ?? 0;
    return out;
  };
  const posts: { to: string; msg: Record<string, unknown> }[] = [];
  const infra: RealtimeInfra = {
    db,
    tableName: table,
    conns: makeDynamoFriendConnectionStore(db, table),
    gateway: {
      send: async (to, msg) => (posts.push({ to, msg: msg as Record<string, unknown> }), true),
      close: async () => undefined,
      isConnected: async () => true,
    },
  };
  let clock = Date.now();
  const say = async (conn: string, body: object): Promise<Record<string, unknown>> => {
    clock += 100;
    const ev = {
      requestContext: {
        connectionId: conn,
        routeKey: "$default",
        eventType: "MESSAGE",
        identity: { sourceIp: "10.0.0.1" },
      },
      body: JSON.stringify(body),
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyWebsocketEventV2;
    return (await receive(infra, ev, clock)) as Record<string, unknown>;
  };
  try {
    await infra.conns.put("a", clock);
    await infra.conns.put("b", clock);
    const share = "m".repeat(63);
    const tag = "t".repeat(86);
    const roomId = Buffer.alloc(32, 9).toString("base64url");
    const created = await say("a", { type: "room.create", roomId, secret: "a".repeat(43) });
    const pend = await say("b", { type: "join.hello", loc: created.loc, sid: "s".repeat(22), msg: share });
    await say("a", { type: "join.reply", reqId: pend.reqId, msg: share });
    await say("b", { type: "join.confirm", reqId: pend.reqId, tag, secret: "b".repeat(43) });
    await say("a", { type: "join.verdict", reqId: pend.reqId, ok: true, tag });
    await say("b", { type: "join.request", reqId: pend.reqId, request: "x".repeat(120) });
    posts.length = 0;
    await say("a", { type: "join.answer", reqId: pend.reqId, approve: true });
    const joined = posts.find((p) => p.to === "b" && p.msg.type === "room.joined")!.msg;
    const presence = posts.find((p) => p.to === "a" && p.msg.type === "presence")!.msg;
    const tok = [String(presence.token), String(joined.token)];
    const via = [String(presence.via), String(joined.via)];
    let head = joined.head as { seq: number; sent: [number, number]; proof: string };
    const box = "b".repeat(16_000);
    const relay = async (seat: 0 | 1, cseq: number) =>
      say(seat === 0 ? "a" : "b", {
        type: "relay",
        room: roomId,
        seat,
        via: via[seat],
        tok: tok[seat],
        seq: head.seq + 1,
        cseq,
        prev: { sent: head.sent, proof: head.proof },
        kind: "game",
        box,
      });
    head = (await relay(0, 1)) as unknown as typeof head;
    for (let i = 1; i <= Math.ceil(5_000_000 / box.length); i++) head = (await relay(1, i)) as unknown as typeof head;
    calls.clear();
    units = 0;
    const again = await relay(0, 1);
    if (again.type !== "relay.ack" || again.seq !== 1)
      throw new Error(`the retry was not acknowledged: ${JSON.stringify(again)}`);
    emit({
      name: "relay: store calls of a retry renumbered after a 5 MB log",
      unit: "calls",
      value: [...calls.values()].reduce((a, b) => a + b, 0),
    });
    emit({ name: "relay: read units of a retry renumbered after a 5 MB log", unit: "RCU", value: units });
  } finally {
    await dynamo.close();
  }
}

export async function run(emit: Emit): Promise<void> {
  await serverFigures(emit);
  await retryFigures(emit);
}
