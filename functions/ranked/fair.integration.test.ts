/**
 * Fair ranked play, each finding of the attack review replayed over real WebSockets against the
 * local server (dynalite, the API Gateway emulation, the handler modules Lambda runs):
 * rating farming with fresh keys, name hoarding, look-alike names, the shared identity point, and
 * the per-player limit on match actions. The cross-instance quotas are shown with two service
 * instances (two "Lambdas", nothing shared in memory) on the server's table.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { PROVISIONAL_GAIN_CAP } from "../../core/ranked/settle.js";
import { decode, legalMoves } from "../../core/games/index.js";
import { makeBase64Url, makeDeviceKeys, signChallenge, type DeviceKeys } from "../../core/identity.js";
import { generatedName } from "../../core/names.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { documentClient, readConfig } from "../lib/config.js";
import { makeDynamoConnectionStore } from "../lib/connections.js";
import { IDENTITY_LIMIT, RATE_WINDOW_MS } from "../lib/flood.js";
import { startServer, type RunningServer } from "../local/server.js";
import { makeDynamoRankedStores, makeRankedService } from "./ports.js";
import { Client, type Msg } from "./testing/client.js";
import type { RankedStores } from "./types.js";

/** What a player may gain from opponents that are not established in a day (docs/ranked.md, "Farming"). */
const FARM_LIMIT = PROVISIONAL_GAIN_CAP;
const SMALL = { holes: 4, seeds: 1 };

let server: RunningServer;
let dataDir: string;
let store: RankedStores;
const clients: Client[] = [];
let seedCounter = 1;

function newKeys(): DeviceKeys {
  const seed = new Uint8Array(32);
  seed[0] = seedCounter & 255;
  seed[1] = (seedCounter >> 8) & 255;
  seed[2] = 91;
  seedCounter++;
  return makeDeviceKeys(seed);
}

async function connect(): Promise<Client> {
  const c = await Client.open(server.wsUrl);
  clients.push(c);
  return c;
}

async function login(c: Client, keys: DeviceKeys, name?: string): Promise<Msg> {
  const ch = await c.request({ type: "auth.hello", playerId: keys.playerId });
  expect(ch.type).toBe("auth.challenge");
  return c.request({
    type: "auth.prove",
    signature: signChallenge(keys, String(ch.challenge)),
    ...(name !== undefined ? { name } : {}),
  });
}

/** Both seek the small Tsoro game; returns the match and the client on each seat. */
async function pairUp(a: Client, b: Client): Promise<{ match: MatchView; seat: [Client, Client] }> {
  const sa = await a.request({ type: "ranked.seek", game: "tsoro-wta", options: SMALL });
  expect(sa.type).toBe("ranked.seeking");
  b.send({ type: "ranked.seek", game: "tsoro-wta", options: SMALL });
  const [x, y] = await Promise.all([a.type("ranked.start", 15_000), b.type("ranked.start", 15_000)]);
  const match = x.match as MatchView;
  expect((y.match as MatchView).id).toBe(match.id);
  return { match, seat: x.seat === 0 ? [a, b] : [b, a] };
}

/** Plays the first legal move for whoever is to move, `n` times. */
async function moveEach(p: { match: MatchView; seat: [Client, Client] }, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const m = await store.matches.getMatch(p.match.id);
    const s = decode(m!.position);
    if (!s.ok) throw new Error(s.error.message);
    const r = await p.seat[m!.toMove].request({
      type: "ranked.move",
      matchId: m!.id,
      version: m!.version,
      move: legalMoves(s.value)[0],
    });
    expect(r.type).toBe("ranked.update");
  }
}

async function endOf(c: Client, matchId: string): Promise<Msg> {
  return c.next((m) => m.type === "ranked.end" && (m.match as MatchView).id === matchId, 15_000, "ranked.end");
}

async function ratingOf(playerId: string): Promise<number> {
  return (await store.ratings.getStats(playerId, "tsoro-wta"))?.rating ?? 1500;
}

beforeAll(async () => {
  process.env.RANKED_WINDOW_STEP_MS = "200"; // a farmer's rating drifts from the fresh keys': widen fast
  process.env.RANKED_NEW_IDENTITIES = "100000"; // the runs below use many fresh keys from one address
  dataDir = mkdtempSync(join(tmpdir(), "ranked-fair-"));
  server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true, timerMs: 100 });
  store = makeDynamoRankedStores(documentClient(readConfig()), readConfig().tableName);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("rating farming", () => {
  test(`five games against fresh keys that resign before any move move the rating by less than ${FARM_LIMIT}`, async () => {
    const farmer = await connect();
    const fk = newKeys();
    await login(farmer, fk, "Farmer");
    const before = await ratingOf(fk.playerId);
    for (let i = 0; i < 5; i++) {
      const victim = await connect();
      await login(victim, newKeys());
      const p = await pairUp(farmer, victim);
      const r = await victim.request({ type: "ranked.resign", matchId: p.match.id });
      expect(r.type).toBe("ranked.end");
      expect((r.match as MatchView).status).toBe("aborted");
      expect((r.match as MatchView).rated).toBe(false);
      await endOf(farmer, p.match.id);
      await victim.close();
    }
    expect(Math.abs((await ratingOf(fk.playerId)) - before)).toBeLessThan(FARM_LIMIT);
  }, 90_000);

  test(`five games against fresh keys that move once, then resign, move it by at most ${FARM_LIMIT}`, async () => {
    const farmer = await connect();
    const fk = newKeys();
    await login(farmer, fk, "Farmer two");
    for (let i = 0; i < 5; i++) {
      const victim = await connect();
      await login(victim, newKeys());
      const p = await pairUp(farmer, victim);
      await moveEach(p, 2); // both sides have moved: the game is rated, but against a new identity
      const ended = endOf(farmer, p.match.id);
      await victim.request({ type: "ranked.resign", matchId: p.match.id });
      const end = await ended;
      expect((end.match as MatchView).rated).toBe(true);
      await victim.close();
    }
    const after = await ratingOf(fk.playerId);
    expect(after).toBeGreaterThan(1500);
    expect(after - 1500).toBeLessThanOrEqual(FARM_LIMIT + 1e-9);
  }, 90_000);
});

describe("names", () => {
  async function namesClaimed(): Promise<string[]> {
    const r = await documentClient(readConfig()).send(new ScanCommand({ TableName: readConfig().tableName }));
    return (r.Items ?? []).filter((i) => String(i.pk).startsWith("NAME#")).map((i) => String(i.pk));
  }

  test("a name is claimed after a first rated game; look-alikes TOY/ΤΟΥ, KEY/ΚΕΥ, XY/ΧΥ, Sam/5am are refused", async () => {
    const owners: [string, string][] = [
      ["TOY", "\u03A4\u039F\u03A5"],
      ["KEY", "\u039A\u0395\u03A5"],
      ["XY", "\u03A7\u03A5"],
      ["Sam", "5am"],
    ];
    for (let i = 0; i < owners.length; i += 2) {
      const a = await connect();
      const b = await connect();
      const ka = newKeys();
      const kb = newKeys();
      await login(a, ka, owners[i][0]);
      await login(b, kb, owners[i + 1][0]);
      const p = await pairUp(a, b);
      // Before the game both are shown with generated names.
      expect(p.match.seats.map((s) => s.name).sort()).toEqual(
        [generatedName(ka.playerId), generatedName(kb.playerId)].sort(),
      );
      await moveEach(p, 2);
      const ended = endOf(p.seat[1], p.match.id);
      await p.seat[0].request({ type: "ranked.resign", matchId: p.match.id });
      expect((await ended).match).toMatchObject({ rated: true });
      // Claimed now: signing in again shows the name.
      const again = await connect();
      expect(await login(again, ka)).toMatchObject({ name: owners[i][0], shown: owners[i][0] });
    }
    for (const [, lookAlike] of owners) {
      const c = await connect();
      const r = await login(c, newKeys(), lookAlike);
      const err = r.type === "ranked.error" ? r : await c.type("ranked.error");
      expect(err.code).toBe("name/taken");
    }
  }, 90_000);
  test("40 names chosen by fresh keys, no game played: none is claimed, all are shown generated", async () => {
    const before = await namesClaimed();
    for (let i = 0; i < 40; i++) {
      const c = await connect();
      const k = newKeys();
      // Past 30 names a day from one address the choice itself is refused (an error before auth.ok).
      const first = await login(c, k, `Hoarded ${String.fromCharCode(97 + (i % 26))}${i}`);
      const ok = first.type === "auth.ok" ? first : await c.type("auth.ok");
      expect(ok).toMatchObject({ name: null, shown: generatedName(k.playerId) });
      await c.close();
    }
    expect(await namesClaimed()).toEqual(before);
  }, 60_000);
});

describe("identities", () => {
  test("the identity point AQAA…A cannot sign in, with the fixed signature or any other", async () => {
    const c = await connect();
    const id = `AQ${"A".repeat(41)}`;
    const r = await c.request({ type: "auth.hello", playerId: id });
    expect(r).toMatchObject({ type: "ranked.error", code: "auth/bad_player_id" });
    // Even had it been given a challenge, the one signature that fits every challenge is refused.
    const p = await c.request({
      type: "auth.prove",
      signature: makeBase64Url(new Uint8Array([1, ...new Uint8Array(63)])),
    });
    expect(p.type).toBe("ranked.error");
  });
});

describe("limits", () => {
  test("400 ranked.move frames from one player on 4 connections: at most the player's limit are processed", async () => {
    const k = newKeys();
    const conns = [await connect(), await connect(), await connect(), await connect()];
    for (const c of conns) expect((await login(c, k)).type).toBe("auth.ok");
    const other = await connect();
    await login(other, newKeys());
    const p = await pairUp(conns[3], other);
    const started = Date.now();
    const replies: Promise<Msg>[] = [];
    for (let i = 0; i < 400; i++) {
      // Stale moves: each one processed costs a read of the match and an answer.
      replies.push(conns[i % 4].request({ type: "ranked.move", matchId: p.match.id, version: 99, move: 0 }, 30_000));
    }
    const got = await Promise.all(replies);
    const elapsed = Date.now() - started;
    const processed = got.filter((m) => m.code !== "rate/limited").length;
    const refill = Math.ceil((elapsed * IDENTITY_LIMIT) / RATE_WINDOW_MS);
    expect(got.filter((m) => m.code === "rate/limited").length).toBeGreaterThan(0);
    expect(processed).toBeLessThanOrEqual(IDENTITY_LIMIT + refill);
  }, 60_000);

  test("seeks and new identities are limited across instances: two services share one count", async () => {
    const cfg = readConfig();
    const db = documentClient(cfg);
    const sent: { conn: string; msg: Msg }[] = [];
    const gateway = {
      send: async (conn: string, msg: object) => (sent.push({ conn, msg: msg as Msg }), true),
      isConnected: async () => true,
    };
    const conns = makeDynamoConnectionStore(db, cfg.tableName);
    const lambdas = [
      makeRankedService(db, cfg.tableName, gateway, gateway.send),
      makeRankedService(db, cfg.tableName, gateway, gateway.send),
    ];
    const address = "198.51.100.7";
    // New identities from one address: the limit holds over both instances together.
    const limit = 7;
    process.env.RANKED_NEW_IDENTITIES = String(limit);
    let admitted = 0;
    for (let i = 0; i < limit + 5; i++) {
      const svc = lambdas[i % 2];
      const k = newKeys();
      const conn = `x-${i}`;
      await conns.put(conn, Date.now()); // what $connect writes
      await svc.handle(conn, { type: "auth.hello", playerId: k.playerId }, undefined, address);
      const ch = sent.filter((s) => s.conn === conn && s.msg.type === "auth.challenge").pop()!.msg;
      await svc.handle(
        conn,
        { type: "auth.prove", signature: signChallenge(k, String(ch.challenge)) },
        undefined,
        address,
      );
      if (sent.some((s) => s.conn === conn && s.msg.type === "auth.ok")) admitted++;
    }
    expect(admitted).toBe(limit);
    process.env.RANKED_NEW_IDENTITIES = "100000";

    // Seeks of one player, alternating between the instances: the player's count is shared too.
    process.env.RANKED_SEEKS = "5";
    const k = newKeys();
    const conn = "x-seeker";
    await conns.put(conn, Date.now());
    await lambdas[0].handle(conn, { type: "auth.hello", playerId: k.playerId }, undefined, "198.51.100.8");
    const ch = sent.filter((s) => s.conn === conn && s.msg.type === "auth.challenge").pop()!.msg;
    await lambdas[0].handle(
      conn,
      { type: "auth.prove", signature: signChallenge(k, String(ch.challenge)) },
      undefined,
      "198.51.100.8",
    );
    const auth = await store.identity.getAuth(conn);
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) {
      await lambdas[i % 2].handle(conn, { type: "ranked.seek", game: "togyz" }, auth, "198.51.100.8");
      const last = sent.filter((s) => s.conn === conn).pop()!.msg;
      answers.push(last.type === "ranked.error" ? String(last.code) : last.type);
    }
    expect(answers).toEqual([...Array(5).fill("ranked.seeking"), ...Array(3).fill("rate/limited")]);
    await lambdas[0].handle(conn, { type: "ranked.cancel" }, auth);
    delete process.env.RANKED_SEEKS;
  }, 60_000);
});
