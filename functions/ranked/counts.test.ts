/**
 * What each ranked message costs in AWS terms: DynamoDB calls and `@connections` posts, counted on
 * the real DynamoDB stores (dynalite) behind a counting port, with the player id taken from the
 * connection item the router has already read. A change that adds a call fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GetCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { decode, legalMoves } from "../../core/games/index.js";
import { makeDeviceKeys, signChallenge } from "../../core/identity.js";
import type { MatchView, RankedClientMessage, RankedServerMessage } from "../../core/protocol/ranked.js";
import { rankedAuthOf } from "../identity/store.js";
import { makeDynamoConnectionStore, type ConnectionStore } from "../lib/connections.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { ACTIVE_KEEP_MS, FINISHED_KEEP_MS } from "../matches/store.js";
import { DEFAULT_RANKED_CONFIG } from "./config.js";
import { makeDynamoRankedStores } from "./ports.js";
import { receive } from "../ws/router.js";
import { createRankedService, type RankedService } from "./service.js";
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import type { RealtimeInfra } from "../lib/realtime.js";

const TABLE = "counts";
let dynamo: LocalDynamo;
let counting: DynamoDBDocumentClient;
let conns: ConnectionStore;
let service: RankedService;
const calls: string[] = [];
const posts: { conn: string; msg: RankedServerMessage }[] = [];

beforeAll(async () => {
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
  counting = {
    send(cmd: { constructor: { name: string }; input: { IndexName?: string } }) {
      calls.push(
        cmd.constructor.name.replace(/Command$/, "") +
          (cmd.input.IndexName !== undefined ? `@${cmd.input.IndexName}` : ""),
      );
      return (dynamo.client.send as (c: unknown) => Promise<unknown>)(cmd);
    },
  } as unknown as DynamoDBDocumentClient;
  conns = makeDynamoConnectionStore(dynamo.client, TABLE);
  let ids = 0;
  service = createRankedService({
    stores: makeDynamoRankedStores(counting, TABLE),
    gateway: { send: async (conn, msg) => (posts.push({ conn, msg }), true), isConnected: async () => true },
    config: DEFAULT_RANKED_CONFIG,
    now: Date.now,
    randomId: () => `cnt${++ids}${Date.now().toString(36)}`,
    randomSeat: () => 0,
  });
});

afterAll(async () => {
  await dynamo?.close();
});

/**
 * Sends one message and counts its cost: the way the router does today (connection item already in
 * hand), or with no identity in hand at all (`bare`), when the match item alone must tell who acts.
 */
async function cost(
  connId: string,
  msg: RankedClientMessage,
  bare = false,
): Promise<{ dynamo: string[]; posts: RankedServerMessage[] }> {
  const conn = await conns.get(connId, Date.now());
  calls.length = 0;
  posts.length = 0;
  await service.handle(connId, msg, ...(bare ? [] : [rankedAuthOf(conn, Date.now())]));
  return { dynamo: [...calls], posts: posts.map((p) => p.msg) };
}

async function signIn(connId: string, n: number, name: string): Promise<void> {
  await conns.put(connId, Date.now());
  const keys = makeDeviceKeys(new Uint8Array(32).fill(n));
  const hello = await cost(connId, { type: "auth.hello", playerId: keys.playerId });
  const ch = hello.posts.find((m) => m.type === "auth.challenge");
  if (ch?.type !== "auth.challenge") throw new Error("no challenge");
  await cost(connId, { type: "auth.prove", signature: signChallenge(keys, ch.challenge), name });
}

/** The same through the WebSocket dispatch (`receive`, as `$default` calls it): its answer is the route response. */
async function viaRouter(
  connId: string,
  msg: RankedClientMessage,
): Promise<{ dynamo: string[]; posts: { conn: string; msg: RankedServerMessage }[]; answer: object | null }> {
  calls.length = 0;
  const sent: { conn: string; msg: RankedServerMessage }[] = [];
  const ports = {
    db: counting,
    tableName: TABLE,
    conns: makeDynamoConnectionStore(counting, TABLE),
    gateway: { send: async (conn: string, m: object) => (sent.push({ conn, msg: m as RankedServerMessage }), true) },
  } as unknown as RealtimeInfra;
  const event = {
    body: JSON.stringify(msg),
    isBase64Encoded: false,
    requestContext: { connectionId: connId, domainName: "127.0.0.1:9", stage: "", identity: { sourceIp: "127.0.0.1" } },
  } as unknown as APIGatewayProxyWebsocketEventV2;
  const answer = await receive(ports, event, Date.now());
  return { dynamo: [...calls], posts: sent, answer };
}

const count = (xs: string[]) => xs.reduce<Record<string, number>>((o, x) => ((o[x] = (o[x] ?? 0) + 1), o), {});

describe("DynamoDB calls and posts per ranked message", () => {
  test("move, refused move, offer, sync and the end of a game", async () => {
    await signIn("k1", 71, "Counter A");
    await signIn("k2", 72, "Counter B");
    await cost("k1", { type: "ranked.seek", game: "ayo" });
    const paired = await cost("k2", { type: "ranked.seek", game: "ayo" });
    const start = paired.posts.find((m) => m.type === "ranked.start");
    if (start?.type !== "ranked.start") throw new Error("not paired");
    let view: MatchView = start.match;
    const connOf = (seat: 0 | 1) => (seat === 0 ? "k1" : "k2"); // randomSeat() === 0 puts the waiting seeker on seat 0

    // An accepted move: one read of the match item, one conditional write, one post to each player.
    const position = (await makeDynamoRankedStores(dynamo.client, TABLE).matches.getMatch(view.id))!.position;
    const s0 = decode(position);
    if (!s0.ok) throw new Error(s0.error.message);
    const move = await cost(connOf(view.toMove), {
      type: "ranked.move",
      matchId: view.id,
      version: view.version,
      move: legalMoves(s0.value)[0],
    });
    expect(count(move.dynamo)).toEqual({ Get: 1, Put: 1 });
    expect(move.posts.map((m) => m.type)).toEqual(["ranked.update", "ranked.update"]);
    const upd = move.posts[0];
    if (upd.type !== "ranked.update") throw new Error("no update");
    view = upd.match;

    // The same with no identity in hand: the match item's seat for this connection is enough.
    const s1 = decode((await makeDynamoRankedStores(dynamo.client, TABLE).matches.getMatch(view.id))!.position);
    if (!s1.ok) throw new Error(s1.error.message);
    const bare = await cost(
      connOf(view.toMove),
      { type: "ranked.move", matchId: view.id, version: view.version, move: legalMoves(s1.value)[0] },
      true,
    );
    expect(count(bare.dynamo)).toEqual({ Get: 1, Put: 1 });
    expect(bare.posts.map((m) => m.type)).toEqual(["ranked.update", "ranked.update"]);
    const upd2 = bare.posts[0];
    if (upd2.type !== "ranked.update") throw new Error("no update");
    view = upd2.match;
    // A connection that holds no seat there is refused after reading its identity: it has none.
    await conns.put("k9", Date.now());
    const stranger = await cost("k9", { type: "ranked.move", matchId: view.id, version: view.version, move: 0 }, true);
    expect(count(stranger.dynamo)).toEqual({ Get: 2 });
    expect(stranger.posts).toMatchObject([{ type: "ranked.error", code: "auth/required" }]);

    // Through the dispatch: no connection read, and the mover's update is the route response, so one
    // post only, to the opponent.
    const s2 = decode((await makeDynamoRankedStores(dynamo.client, TABLE).matches.getMatch(view.id))!.position);
    if (!s2.ok) throw new Error(s2.error.message);
    const routed = await viaRouter(connOf(view.toMove), {
      type: "ranked.move",
      matchId: view.id,
      version: view.version,
      move: legalMoves(s2.value)[0],
    });
    expect(count(routed.dynamo)).toEqual({ Get: 1, Put: 1 });
    expect(routed.posts.map((m) => m.conn)).toEqual([connOf(view.toMove === 0 ? 1 : 0)]);
    expect(routed.posts.map((m) => m.msg.type)).toEqual(["ranked.update"]);
    expect(routed.answer).toMatchObject({ type: "ranked.update", seat: view.toMove });
    view = (routed.answer as { match: MatchView }).match;
    // A refused move through the dispatch: one read, no write, no post (the error is the route response).
    const refusedRouted = await viaRouter(connOf(view.toMove), {
      type: "ranked.move",
      matchId: view.id,
      version: 0,
      move: 0,
    });
    expect(count(refusedRouted.dynamo)).toEqual({ Get: 1 });
    expect(refusedRouted.posts).toEqual([]);
    expect(refusedRouted.answer).toMatchObject({ type: "ranked.error", code: "ranked/stale" });

    // Refused (stale version, wrong turn, replay): one read, no write, one post back.
    for (const [conn, msg] of [
      [connOf(view.toMove), { type: "ranked.move", matchId: view.id, version: 0, move: 0 }],
      [connOf(view.toMove === 0 ? 1 : 0), { type: "ranked.move", matchId: view.id, version: view.version, move: 0 }],
    ] as const) {
      const refused = await cost(conn, msg as RankedClientMessage);
      expect(count(refused.dynamo)).toEqual({ Get: 1 });
      expect(refused.posts.map((m) => m.type)).toEqual(["ranked.error"]);
    }

    // An offer to end on the score (Ayo): one read, one write, a post to each.
    const offer = await cost(connOf(view.toMove), {
      type: "ranked.agree_end",
      matchId: view.id,
      version: view.version,
    });
    expect(count(offer.dynamo)).toEqual({ Get: 1, Put: 1 });
    expect(offer.posts.map((m) => m.type)).toEqual(["ranked.offer", "ranked.offer"]);

    // A reconnect sync on the same connection: one read, one post.
    const sync = await cost("k1", { type: "ranked.sync", matchId: view.id });
    expect(count(sync.dynamo)).toEqual({ Get: 1 });
    expect(sync.posts.map((m) => m.type)).toEqual(["ranked.start"]);

    // The end: the match write, then settling once for both players (profile, rating, and, this
    // being their first rated game, the claim of the name each chose: claim, profile, rating record's
    // name), then the match settled.
    const resign = await cost("k2", { type: "ranked.resign", matchId: view.id });
    expect(count(resign.dynamo)).toEqual({ Get: 1 + 2 * 2 + 2, Put: 1 + 2 * 2 + 2 * 3 + 1, Query: 2 });
    expect(resign.posts.map((m) => m.type)).toEqual(["ranked.end", "ranked.end"]);

    // Retention: the finished match keeps its summary and moves for a year, and has left the deadline index.
    const item = (
      await dynamo.client.send(new GetCommand({ TableName: TABLE, Key: { pk: `MATCH#${view.id}`, sk: "MATCH" } }))
    ).Item!;
    expect(item.gsi2pk).toBeUndefined();
    expect(item.moves).toHaveLength(3);
    expect(item.expiresAt).toBe(Math.ceil((Number(item.endedAt) + FINISHED_KEEP_MS) / 1000));
    // The active match of a new pair carries its deadline on the index, and a 30-day safety TTL.
    await signIn("k3", 73, "Counter C");
    await signIn("k4", 74, "Counter D");
    await cost("k3", { type: "ranked.seek", game: "ayo" });
    const again = (await cost("k4", { type: "ranked.seek", game: "ayo" })).posts.find((m) => m.type === "ranked.start");
    if (again?.type !== "ranked.start") throw new Error("not paired again");
    const live = (
      await dynamo.client.send(
        new GetCommand({ TableName: TABLE, Key: { pk: `MATCH#${again.match.id}`, sk: "MATCH" } }),
      )
    ).Item!;
    expect(String(live.gsi2pk)).toMatch(/^DUE#[0-3]$/);
    expect(String(live.gsi2sk)).toBe(`${String(live.dueAt).padStart(13, "0")}#${again.match.id}`);
    expect(Number(live.expiresAt) * 1000).toBeGreaterThan(Date.now() + ACTIVE_KEEP_MS - 60_000);
    // The timer sees there is something to watch (and, once it is over, that there is not).
    const stores = makeDynamoRankedStores(dynamo.client, TABLE);
    expect(await stores.matches.anyPending()).toBe(true);
    await cost("k4", { type: "ranked.resign", matchId: again.match.id });
    expect(await stores.matches.anyPending()).toBe(false);
  });

  test("a proof without a hello is refused with one read (its connection's) and no write", async () => {
    await conns.put("nohello", Date.now());
    const keys = makeDeviceKeys(new Uint8Array(32).fill(99));
    const r = await viaRouter("nohello", { type: "auth.prove", signature: signChallenge(keys, "x".repeat(43)) });
    expect(count(r.dynamo)).toEqual({ Get: 1 });
    expect([...r.posts.map((p) => p.msg), r.answer]).toContainEqual(
      expect.objectContaining({ code: "auth/no_challenge" }),
    );
  });
});
