/**
 * Web Push end to end, loopback only: real WebSockets against the local server (dynalite, the API
 * Gateway emulation, the very handlers Lambda runs) and the loopback push service of
 * functions/push/testing/receiver.ts, which checks each request's VAPID signature and decrypts its
 * payload with the keys of the subscription the test made: so the test reads what a phone would
 * show. Two players in a ranked game, one subscribed and gone: the other's move sends "your turn";
 * a 410 removes the subscription; an endpoint off the allow-list is refused without a request.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import { decode, legalMoves } from "../../core/games/index.js";
import type { SocketFactory, SocketLike } from "../../core/online/index.js";
import { sendPushSetting } from "../../core/online/push.js";
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../../core/identity.js";
import { API_PATHS } from "../../core/protocol/api.js";
import { parsePushPayload, PUSH_TEXTS, type PushKeyResponse } from "../../core/protocol/push.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { documentClient, readConfig } from "../lib/config.js";
import { startServer, type RunningServer } from "../local/server.js";
import { makeDynamoRankedStores } from "../ranked/ports.js";
import { Client, type Msg } from "../ranked/testing/client.js";
import type { RankedStores } from "../ranked/types.js";
import { makeDynamoPushStore, type PushStore } from "./store.js";
import { RECEIVER_CA_FILE, startPushReceiver, type PushReceiver } from "./testing/receiver.js";

let server: RunningServer;
let receiver: PushReceiver;
let stranger: PushReceiver;
let dataDir: string;
let stores: RankedStores;
let pushStore: PushStore;
const clients: Client[] = [];
let seed = 1;

function newKeys(): DeviceKeys {
  const s = new Uint8Array(32);
  s[0] = seed++;
  s[1] = 39;
  return makeDeviceKeys(s);
}

async function connect(): Promise<Client> {
  const c = await Client.open(server.wsUrl);
  clients.push(c);
  return c;
}

async function login(c: Client, keys: DeviceKeys, name: string): Promise<void> {
  const ch = await c.request({ type: "auth.hello", playerId: keys.playerId }, 15_000);
  const ok = await c.request(
    { type: "auth.prove", signature: signChallenge(keys, String(ch.challenge)), name },
    15_000,
  );
  expect(ok.type).toBe("auth.ok");
}

/** A move by `mover`, confirmed to it and (when connected) to `other`. */
async function move(mover: Client, other: Client | null, matchId: string): Promise<void> {
  const m = (await stores.matches.getMatch(matchId))!;
  const position = decode(m.position);
  if (!position.ok) throw new Error("stored position does not decode");
  const legal = legalMoves(position.value)[0];
  const reply = await mover.request({ type: "ranked.move", matchId, version: m.version, move: legal }, 15_000);
  expect(reply).toMatchObject({ type: "ranked.update" });
  await other?.next((x) => x.type === "ranked.update" && (x.match as MatchView).version === m.version + 1, 10_000);
}

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  stranger = await startPushReceiver();
  process.env.MANCALA_PUSH_ORIGINS = receiver.origin;
  process.env.MANCALA_PUSH_CA = RECEIVER_CA_FILE;
  process.env.MANCALA_PUSH_SUBJECT = "mailto:ops@example.org";
  process.env.RANKED_GRACE_MS = "600000"; // the player who left does not lose while the test runs
  process.env.RANKED_NEW_IDENTITIES = "100000";
  dataDir = mkdtempSync(join(tmpdir(), "push-it-"));
  server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true, timerMs: 200 });
  const db = documentClient(readConfig());
  stores = makeDynamoRankedStores(db, readConfig().tableName);
  pushStore = makeDynamoPushStore(db, readConfig().tableName);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  await receiver?.close();
  await stranger?.close();
  rmSync(dataDir, { recursive: true, force: true });
  for (const k of ["MANCALA_PUSH_ORIGINS", "MANCALA_PUSH_CA", "MANCALA_PUSH_SUBJECT", "RANKED_GRACE_MS"])
    delete process.env[k];
});

describe("Web Push over the local server", () => {
  test("the public key is served, the same one that signs the pushes", async () => {
    const r = await fetch(new URL(API_PATHS.pushKey, server.url));
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    const body = (await r.json()) as PushKeyResponse;
    expect(Buffer.from(body.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(body.publicKey, "base64url")[0]).toBe(4);
  });

  test("a subscription needs a signed-in player, and an endpoint on the allow-list", async () => {
    const c = await connect();
    const { subscription } = receiver.subscribe();
    expect(await c.request({ type: "push.subscribe", subscription, lang: "en" })).toMatchObject({
      type: "push.error",
      code: "auth/required",
    });
    await login(c, newKeys(), "Nobody Yet");
    const far = stranger.subscribe();
    expect(await c.request({ type: "push.subscribe", subscription: far.subscription, lang: "en" })).toMatchObject({
      type: "push.error",
      code: "push/origin",
    });
    // An address literal on no listed port (an instance's metadata service is the same kind of target).
    const metadata = { ...subscription, endpoint: "https://127.0.0.1:9/latest/meta-data/x" };
    expect(await c.request({ type: "push.subscribe", subscription: metadata, lang: "en" })).toMatchObject({
      type: "push.error",
      code: "push/origin",
    });
    const http = { ...subscription, endpoint: subscription.endpoint.replace("https:", "http:") };
    expect(await c.request({ type: "push.subscribe", subscription: http, lang: "en" })).toMatchObject({
      type: "push.error",
      code: "proto/invalid",
    });
    expect(stranger.requests(far.device)).toBe(0);
  });

  test("the player away gets a 'your turn' that decrypts to their language; a 410 removes the device", async () => {
    const a = await connect();
    const b = await connect();
    const ka = newKeys();
    const kb = newKeys();
    await login(a, ka, "Aigerim Push");
    await login(b, kb, "Bola Push");
    expect((await a.request({ type: "ranked.seek", game: "togyz" })).type).toBe("ranked.seeking");
    b.send({ type: "ranked.seek", game: "togyz" });
    const [sa] = await Promise.all([a.type("ranked.start", 15_000), b.type("ranked.start", 15_000)]);
    const matchId = (sa.match as MatchView).id;
    const bySeat: [Client, Client] = sa.seat === 0 ? [a, b] : [b, a];
    const keysBySeat: [DeviceKeys, DeviceKeys] = sa.seat === 0 ? [ka, kb] : [kb, ka];
    const first = (await stores.matches.getMatch(matchId))!.toMove;
    const mover = bySeat[first];
    const away = bySeat[1 - first];
    const awayId = keysBySeat[1 - first].playerId;
    // Both sides make their first move, so a resignation later ends a rated game.
    await move(mover, away, matchId);
    await move(away, mover, matchId);

    const { device, subscription } = receiver.subscribe();
    const ok: Msg = await away.request({ type: "push.subscribe", subscription, lang: "kk" });
    expect(ok).toMatchObject({ type: "push.ok", devices: 1 });
    // While both are connected a move sends nothing.
    await move(mover, away, matchId);
    await move(away, mover, matchId);
    expect(receiver.requests(device)).toBe(0);

    await away.close();
    await mover.type("ranked.presence", 5_000);
    await move(mover, null, matchId);
    const push = await receiver.next(device, 0);
    const payload = parsePushPayload(push.text);
    // The name the match shows for the mover (a new player plays under a generated one until rated).
    const moverName = (sa.match as MatchView).seats[first].name;
    expect(payload).toEqual({
      v: 1,
      kind: "turn",
      matchId,
      title: PUSH_TEXTS.kk.turn,
      body: moverName,
      url: "/#/ranked",
    });
    const key = (await (await fetch(new URL(API_PATHS.pushKey, server.url))).json()) as PushKeyResponse;
    expect(push.vapidKey).toBe(key.publicKey);
    expect(push.claims.aud).toBe(receiver.origin);
    expect(receiver.refused).toEqual([]);

    // The device is gone at its push service: the next push (the result, as the other side resigns) deletes it.
    receiver.answer(device, 410);
    const end = await mover.request({ type: "ranked.resign", matchId });
    expect(end.type).toBe("ranked.end");
    await until("the gone device is deleted", async () => (await pushStore.list(awayId)).subscriptions.length === 0);
    expect(receiver.requests(device)).toBe(2);
  });

  test("settings changes beyond the player's burst are refused without a write", async () => {
    process.env.PUSH_RATE = "3";
    try {
      const c = await connect();
      await login(c, newKeys(), "Many Mutes");
      // Item writes (the timer's lease, an UpdateItem, ticks on its own meanwhile and is left out).
      const writes = (): number => {
        const d = server.stats().dynamo;
        return (d.PutItem ?? 0) + (d.DeleteItem ?? 0);
      };
      const start = writes();
      for (let i = 0; i < 3; i++)
        expect(await c.request({ type: "push.mute", matchId: `m${i}` })).toMatchObject({ type: "push.ok" });
      const before = writes();
      expect(before - start).toBe(3);
      expect(await c.request({ type: "push.mute", all: true })).toMatchObject({
        type: "push.error",
        code: "rate/limited",
      });
      expect(writes()).toBe(before);
    } finally {
      delete process.env.PUSH_RATE;
    }
  });

  test("the client's own push link signs in, subscribes and mutes over its own connection", async () => {
    const socket: SocketFactory = (url) => {
      const ws = new WebSocket(url);
      ws.on("error", () => undefined);
      return ws as unknown as SocketLike;
    };
    const keys = newKeys();
    const c = await connect();
    await login(c, keys, "Link User");
    await c.close();
    const { subscription } = receiver.subscribe();
    const o = { url: server.wsUrl, socket, keys };
    expect(await sendPushSetting(o, { type: "push.subscribe", subscription, lang: "ru" })).toMatchObject({
      type: "push.ok",
      devices: 1,
    });
    expect(await sendPushSetting(o, { type: "push.mute", all: true })).toMatchObject({ type: "push.ok", devices: 1 });
    const stored = await pushStore.list(keys.playerId);
    expect(stored.subscriptions.map((x) => [x.endpoint, x.lang])).toEqual([[subscription.endpoint, "ru"]]);
    expect(stored.mutes.all).toBe(true);
    expect(await sendPushSetting(o, { type: "push.unsubscribe", endpoint: subscription.endpoint })).toMatchObject({
      type: "push.ok",
      devices: 0,
    });
  });
});
