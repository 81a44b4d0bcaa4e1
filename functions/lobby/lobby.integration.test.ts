/**
 * The lobby and challenges end to end: real WebSockets on loopback against the local server
 * (dynalite, the API Gateway emulation, the handler modules Lambda runs) and `GET /api/lobby` over
 * real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../../core/identity.js";
import { API_PATHS } from "../../core/protocol/api.js";
import type { LobbyResponse, OpenSeek } from "../../core/protocol/lobby.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { startServer, type RunningServer } from "../local/server.js";
import { Client, type Msg } from "../ranked/testing/client.js";

const SMALL = { holes: 4, seeds: 1 };

let server: RunningServer;
let dataDir: string;
const clients: Client[] = [];
let seedCounter = 1;

function newKeys(): DeviceKeys {
  const seed = new Uint8Array(32);
  seed[0] = seedCounter & 255;
  seed[1] = 91;
  seedCounter++;
  return makeDeviceKeys(seed);
}

async function player(): Promise<{ c: Client; keys: DeviceKeys }> {
  const c = await Client.open(server.wsUrl);
  clients.push(c);
  const keys = newKeys();
  const ch = await c.request({ type: "auth.hello", playerId: keys.playerId }, 15_000);
  const ok = await c.request({ type: "auth.prove", signature: signChallenge(keys, String(ch.challenge)) }, 15_000);
  expect(ok.type).toBe("auth.ok");
  return { c, keys };
}

async function lobby(game: string): Promise<{ status: number; body: LobbyResponse; cache: string | null }> {
  const r = await fetch(new URL(`${API_PATHS.lobby}?game=${game}`, server.url));
  return { status: r.status, body: (await r.json()) as LobbyResponse, cache: r.headers.get("cache-control") };
}

beforeAll(async () => {
  process.env.RANKED_NEW_IDENTITIES = "100000";
  process.env.RANKED_SEEKS = "100000";
  process.env.PLAYER_CHALLENGE_TTL_MS = "1500";
  dataDir = mkdtempSync(join(tmpdir(), "lobby-it-"));
  server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true, timerMs: 100 });
});

afterAll(async () => {
  delete process.env.PLAYER_CHALLENGE_TTL_MS;
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the lobby over WebSockets", () => {
  test("a seek posted is pushed to a watcher and listed over HTTP; two accept it at once: one game", async () => {
    const [a, b, c, w] = [await player(), await player(), await player(), await player()];
    const list = await w.c.request({ type: "lobby.watch", game: "tsoro-classic" });
    expect(list).toMatchObject({ type: "lobby.list", game: "tsoro-classic", live: true });
    const posted = await a.c.request({
      type: "lobby.post",
      game: "tsoro-classic",
      options: SMALL,
      preset: "1+1",
      casual: true,
    });
    expect(posted.type).toBe("lobby.posted");
    const seek = posted.seek as OpenSeek;
    expect(seek).toMatchObject({ playerId: a.keys.playerId, preset: "1+1", casual: true, options: SMALL });
    const added = await w.c.type("lobby.added");
    expect((added.seek as OpenSeek).id).toBe(seek.id);
    const http = await lobby("tsoro-classic");
    expect(http.status).toBe(200);
    expect(http.cache).toBe("public, max-age=2");
    expect(http.body.seeks.map((s) => s.id)).toContain(seek.id);
    // Two players accept the same seek at once: one game, the other told it is gone.
    const [rb, rc] = await Promise.all([
      b.c.request({ type: "lobby.accept", game: "tsoro-classic", seekId: seek.id }, 15_000),
      c.c.request({ type: "lobby.accept", game: "tsoro-classic", seekId: seek.id }, 15_000),
    ]);
    const replies = [rb, rc];
    expect(replies.filter((r) => r.type === "ranked.start")).toHaveLength(1);
    expect(replies.filter((r) => r.type === "ranked.error").map((r) => r.code)).toEqual(["lobby/gone"]);
    const start = replies.find((r) => r.type === "ranked.start")!;
    const seen = await a.c.type("ranked.start", 15_000);
    expect((seen.match as MatchView).id).toBe((start.match as MatchView).id);
    expect(seen.match).toMatchObject({ preset: "1+1", casual: true });
    const removed = await w.c.type("lobby.removed");
    expect(removed.id).toBe(seek.id);
    expect((await lobby("tsoro-classic")).body.seeks.map((s) => s.id)).not.toContain(seek.id);
  });

  test("a seek leaves the lobby when its player's connection closes", async () => {
    const [a, w] = [await player(), await player()];
    await w.c.request({ type: "lobby.watch", game: "ayo" });
    const posted = await a.c.request({ type: "lobby.post", game: "ayo", preset: "5+3" });
    const id = (posted.seek as OpenSeek).id;
    await w.c.type("lobby.added");
    await a.c.close();
    const removed = await w.c.next((m) => m.type === "lobby.removed" && m.id === id, 10_000);
    expect(removed.game).toBe("ayo");
  });

  test("bad lobby input is refused with a clear error", async () => {
    const a = await player();
    const bad = await a.c.request({ type: "lobby.post", game: "ayo", preset: "2+1" });
    expect(bad).toMatchObject({ type: "ranked.error", code: "proto/invalid" });
    const range = await a.c.request({ type: "lobby.post", game: "ayo", range: 42 });
    expect(range).toMatchObject({ type: "ranked.error", code: "proto/invalid" });
    const gone = await a.c.request({ type: "lobby.accept", game: "ayo", seekId: "x".repeat(50) });
    expect(gone).toMatchObject({ type: "ranked.error", code: "lobby/gone" });
    const q = await fetch(new URL(`${API_PATHS.lobby}?game=chess`, server.url));
    expect(q.status).toBe(400);
  });
});

describe("challenges over WebSockets", () => {
  test("a challenge reaches the other player at once and starts the game when accepted", async () => {
    const [a, b] = [await player(), await player()];
    const sent = await a.c.request({
      type: "challenge.send",
      to: b.keys.playerId,
      game: "tsoro-wta",
      options: SMALL,
      preset: "3+2",
    });
    expect(sent.type).toBe("challenge.sent");
    const got = await b.c.type("challenge.received");
    const ch = got.challenge as { id: string; from: { playerId: string } };
    expect(ch.from.playerId).toBe(a.keys.playerId);
    const start = await b.c.request({ type: "challenge.accept", from: a.keys.playerId, id: ch.id }, 15_000);
    expect(start.type).toBe("ranked.start");
    expect(start.match).toMatchObject({ preset: "3+2", options: SMALL });
    expect(((await a.c.type("ranked.start", 15_000)).match as MatchView).id).toBe((start.match as MatchView).id);
  });

  test("a challenge expires; a player who refuses challenges is never bothered", async () => {
    const [a, b] = [await player(), await player()];
    const sent = await a.c.request({ type: "challenge.send", to: b.keys.playerId, game: "ayo" });
    const id = (sent.challenge as { id: string }).id;
    await b.c.type("challenge.received");
    await new Promise((r) => setTimeout(r, 1_700)); // PLAYER_CHALLENGE_TTL_MS is 1.5 s here
    const list = await b.c.request({ type: "challenge.list" });
    expect(list.incoming).toEqual([]);
    const late = await b.c.request({ type: "challenge.accept", from: a.keys.playerId, id });
    expect(late).toMatchObject({ type: "ranked.error", code: "challenge/gone" });
    const off = await b.c.request({ type: "challenge.setting", accept: false });
    expect(off).toMatchObject({ type: "challenge.setting", accept: false });
    const refused = await a.c.request({ type: "challenge.send", to: b.keys.playerId, game: "ayo" });
    expect(refused).toMatchObject({ type: "ranked.error", code: "challenge/refused" });
    await new Promise((r) => setTimeout(r, 300));
    expect(b.c.drain().filter((m: Msg) => m.type === "challenge.received")).toEqual([]);
  });
});
