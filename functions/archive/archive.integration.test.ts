/**
 * The archive, the live list, TV and spectating end to end: real WebSockets on loopback against the
 * local server (dynalite, the API Gateway emulation, the handler modules Lambda runs) and the HTTP
 * API over real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  GameResponse,
  LiveResponse,
  PlayerGamesResponse,
  PlayerRatingsResponse,
  TvResponse,
} from "../../core/archive/archive.js";
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../../core/identity.js";
import { API_PREFIX } from "../../core/protocol/api.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { makePlayOk, parsePlayOk, replayRecord } from "../../core/records/index.js";
import type { GameId } from "../../core/types.js";
import { documentClient, readConfig } from "../lib/config.js";
import { startServer, type RunningServer } from "../local/server.js";
import { makeDynamoRankedStores } from "../ranked/ports.js";
import { Client, type Msg } from "../ranked/testing/client.js";
import type { RankedStores } from "../ranked/types.js";

/** Tsoro WTA on 4 × 2 with one seed a hole: seat 0 wins with this line in five moves. */
const SMALL = { holes: 4, seeds: 1 };
const SHORT_LINE = [0, 2, 0, 3, 3];
const CAP = 2;
const NAMES = ["Kestrel", "Heron", "Marten", "Plover", "Jackal", "Otter", "Wren", "Ibis", "Lynx", "Stork", "Finch"];

let server: RunningServer;
let dataDir: string;
let store: RankedStores;
const clients: Client[] = [];
let seedCounter = 1;

async function connect(): Promise<Client> {
  const c = await Client.open(server.wsUrl);
  clients.push(c);
  return c;
}

function newKeys(): DeviceKeys {
  const seed = new Uint8Array(32);
  seed[0] = seedCounter & 255;
  seed[1] = (seedCounter >> 8) & 255;
  seed[2] = 91;
  seedCounter++;
  return makeDeviceKeys(seed);
}

async function login(c: Client, keys: DeviceKeys, name: string): Promise<void> {
  const ch = await c.request({ type: "auth.hello", playerId: keys.playerId }, 15_000);
  const ok = await c.request(
    { type: "auth.prove", signature: signChallenge(keys, String(ch.challenge)), name },
    15_000,
  );
  expect(ok.type, JSON.stringify(ok)).toBe("auth.ok");
}

interface Pair {
  readonly a: Client;
  readonly b: Client;
  readonly match: MatchView;
  /** The client on each seat. */
  readonly seat: [Client, Client];
}

async function players(): Promise<{ a: Client; b: Client }> {
  const a = await connect();
  const b = await connect();
  await login(a, newKeys(), `Ana ${NAMES[seedCounter % NAMES.length]}`);
  await login(b, newKeys(), `Bola ${NAMES[seedCounter % NAMES.length]}`);
  return { a, b };
}

async function pairUp(
  who: { a: Client; b: Client },
  game: GameId = "tsoro-wta",
  options: object | null = SMALL,
): Promise<Pair> {
  const { a, b } = who;
  const seekA = await a.request({ type: "ranked.seek", game, ...(options ? { options } : {}) });
  expect(seekA.type, JSON.stringify(seekA)).toBe("ranked.seeking");
  b.send({ type: "ranked.seek", game, ...(options ? { options } : {}) });
  const [sa, sb] = await Promise.all([a.type("ranked.start", 15_000), b.type("ranked.start", 15_000)]);
  const match = sa.match as MatchView;
  expect((sb.match as MatchView).id).toBe(match.id);
  return { a, b, match, seat: sa.seat === 0 ? [a, b] : [b, a] };
}

/** Plays `moves` in turn from `version`; waits for the other player's copy of each. */
async function play(p: Pair, moves: readonly number[], version = 0): Promise<Msg> {
  let last: Msg = { type: "none" };
  for (const move of moves) {
    const state = await store.matches.getMatch(p.match.id);
    const mover = p.seat[state!.toMove];
    last = await mover.request({ type: "ranked.move", matchId: p.match.id, version, move });
    if (last.type !== "ranked.update" && last.type !== "ranked.end")
      throw new Error(`move ${move} refused: ${JSON.stringify(last)}`);
    const other = mover === p.a ? p.b : p.a;
    await other.next(
      (m) => (m.type === "ranked.update" || m.type === "ranked.end") && (m.match as MatchView).version === version + 1,
    );
    version++;
  }
  return last;
}

async function getJson<T>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const r = await fetch(new URL(API_PREFIX + path, server.url));
  return { status: r.status, body: (await r.json()) as T, headers: r.headers };
}

/** A finished game and its archive entry (the end is settled, and archived, before `ranked.end` is sent). */
async function finishedGame(who: { a: Client; b: Client }): Promise<Pair> {
  const p = await pairUp(who);
  const end = await play(p, SHORT_LINE);
  expect(end.type).toBe("ranked.end");
  // The players hear of the end first; the settlement (profiles, ratings, the archive) follows it.
  await expect.poll(async () => (await store.matches.getMatch(p.match.id))?.settled, { timeout: 10_000 }).toBe(true);
  return p;
}

/**
 * Item writes a match, the archive or a spectator could cost: every one of them is a PutItem or a
 * DeleteItem (the timer's lease, an UpdateItem, ticks on its own meanwhile and is left out).
 */
const writes = (): number => {
  const d = server.stats().dynamo;
  return (d.PutItem ?? 0) + (d.DeleteItem ?? 0) + (d.BatchWriteItem ?? 0);
};

beforeAll(async () => {
  process.env.RATE_LIMIT = "100000";
  process.env.RANKED_WINDOW_STEP_MS = "200";
  process.env.RANKED_NEW_IDENTITIES = "100000";
  process.env.RANKED_SEEKS = "100000";
  process.env.MANCALA_WATCH_CAP = String(CAP);
  dataDir = mkdtempSync(join(tmpdir(), "archive-it-"));
  server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true, timerMs: 100 });
  store = makeDynamoRankedStores(documentClient(readConfig()), readConfig().tableName);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.MANCALA_WATCH_CAP;
  delete process.env.WATCH_RATE;
});

describe("the archive over HTTP", () => {
  test("a game reads live mid-game, then archived with ratings before and after and every move's time", async () => {
    const p = await pairUp(await players());
    await play(p, SHORT_LINE.slice(0, 2));
    const mid = await getJson<GameResponse>(`/games/${p.match.id}`);
    expect(mid.status).toBe(200);
    expect(mid.headers.get("cache-control")).toBe("public, max-age=2");
    expect(mid.body).toMatchObject({ id: p.match.id, status: "active", moves: SHORT_LINE.slice(0, 2), endedAt: null });
    expect(mid.body.moveMs).toHaveLength(2);
    expect(mid.body.live?.toMove).toBe(0);
    expect(mid.body.notation).toBeNull(); // PlayOK notation is for Togyz only
    // Listed live, and featured on TV (the only game of its kind in play).
    const live = await getJson<LiveResponse>(`/live?game=tsoro-wta`);
    expect(live.body.games.map((g) => g.id)).toContain(p.match.id);
    const tv = await getJson<TvResponse>(`/tv?game=tsoro-wta`);
    expect(tv.body.featured?.id).toBe(p.match.id);

    await play(p, SHORT_LINE.slice(2), 2);
    const done = await getJson<GameResponse>(`/games/${p.match.id}`);
    expect(done.headers.get("cache-control")).toBe("public, max-age=3600");
    const g = done.body;
    expect(g).toMatchObject({ status: "finished", rated: true, moves: SHORT_LINE, live: null, preset: "3+2" });
    expect(g.result).toEqual({ winner: 0, reason: "no-seeds" });
    expect(g.moveMs).toHaveLength(SHORT_LINE.length);
    expect(g.moveMs.every((ms) => Number.isInteger(ms) && ms >= 0)).toBe(true);
    expect(g.seats.map((s) => s.playerId)).toEqual(p.match.seats.map((s) => s.playerId));
    expect(g.seats[0].rating).toBe(1500);
    expect(g.seats[0].ratingAfter).toBeGreaterThan(1500);
    expect(g.seats[1].ratingAfter).toBeLessThan(1500);
    expect(g.clock.initialMs).toBeGreaterThan(0);
    // The moves replay on the engine to the recorded result.
    const r = replayRecord({ game: g.game, options: g.options, moves: g.moves });
    expect(r.ok && r.value.outcome).toEqual(g.result);
    // No longer live.
    expect((await getJson<LiveResponse>(`/live?game=tsoro-wta`)).body.games.map((x) => x.id)).not.toContain(p.match.id);
    expect((await getJson<TvResponse>(`/tv?game=tsoro-wta`)).body.featured?.id).not.toBe(p.match.id);
  });

  test("a Togyz game carries PlayOK notation exactly as the export writes it", async () => {
    const p = await pairUp(await players(), "togyz", null);
    await play(p, [6, 7, 1]);
    const resign = await p.seat[1].request({ type: "ranked.resign", matchId: p.match.id });
    expect(resign.type).toBe("ranked.end");
    const g = (await getJson<GameResponse>(`/games/${p.match.id}`)).body;
    expect(g.result).toEqual({ winner: 0, reason: "forfeit" });
    expect(g.notation).toHaveLength(3);
    const again = parsePlayOk(g.playok ?? "");
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.value[0].record.moves).toEqual(g.moves);
    expect(again.value[0].record.players).toEqual([g.seats[0].name, g.seats[1].name]);
    expect(g.playok).toBe(makePlayOk(again.value[0], again.value[0].tags));
    expect(g.playok).toContain(`1. ${g.notation?.[0]} ${g.notation?.[1]} 2. ${g.notation?.[2]} 1-0`);
  });

  test("a player's games page newest first with a stable cursor; the rating history has a point per rated game", async () => {
    const who = await players();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await finishedGame(who)).match.id);
    const me = (await store.matches.getMatch(ids[0]))!.seats[0].playerId;
    const pages: PlayerGamesResponse[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor === null ? "" : `&cursor=${cursor}`;
      const r = await getJson<PlayerGamesResponse>(`/players/${me}/games?game=tsoro-wta&limit=2${q}`);
      expect(r.status).toBe(200);
      pages.push(r.body);
      cursor = r.body.next;
    } while (cursor !== null && pages.length < 10);
    expect(pages.map((pg) => pg.games.length)).toEqual([2, 2, 1]);
    const listed = pages.flatMap((pg) => pg.games);
    expect(listed.map((row) => row.id)).toEqual([...ids].reverse());
    for (let i = 1; i < listed.length; i++) expect(listed[i - 1].endedAt).toBeGreaterThanOrEqual(listed[i].endedAt);
    // The same cursor gives the same page.
    const again = await getJson<PlayerGamesResponse>(
      `/players/${me}/games?game=tsoro-wta&limit=2&cursor=${pages[0].next}`,
    );
    expect(again.body).toEqual(pages[1]);
    // A newer game does not move the older pages' cursors.
    const newest = (await finishedGame(who)).match.id;
    const after = await getJson<PlayerGamesResponse>(
      `/players/${me}/games?game=tsoro-wta&limit=2&cursor=${pages[0].next}`,
    );
    expect(after.body.games).toEqual(pages[1].games);
    const first = (await getJson<PlayerGamesResponse>(`/players/${me}/games?game=tsoro-wta&limit=2`)).body;
    expect(first.games[0].id).toBe(newest);
    expect(first.games[0]).toMatchObject({ rated: true, moves: SHORT_LINE.length });
    expect(["win", "loss"]).toContain(first.games[0].outcome);
    // Another game has its own list; bad queries are refused.
    expect((await getJson<PlayerGamesResponse>(`/players/${me}/games?game=togyz`)).body.games).toEqual([]);
    expect((await getJson(`/players/${me}/games?game=tsoro-wta&cursor=AAAA`)).status).toBe(400);
    expect((await getJson(`/players/${me}/games`)).status).toBe(400);
    expect((await getJson(`/players/not-an-id/games?game=togyz`)).status).toBe(400);
    expect((await getJson(`/games/nosuchgame`)).status).toBe(404);

    const ratings = (await getJson<PlayerRatingsResponse>(`/players/${me}/ratings?game=tsoro-wta`)).body;
    expect(ratings.points).toHaveLength(6);
    expect(ratings.points.map((pt) => pt.gameId)).toEqual([...ids, newest]);
    for (let i = 1; i < ratings.points.length; i++)
      expect(ratings.points[i].at).toBeGreaterThanOrEqual(ratings.points[i - 1].at);
    const profile = (await getJson<{ games: Record<string, { rating: number; rd: number }> }>(`/players/${me}`)).body;
    expect(ratings.points.at(-1)).toMatchObject({
      rating: Math.round(profile.games["tsoro-wta"].rating),
      rd: Math.round(profile.games["tsoro-wta"].rd),
    });
  });
});

describe("spectating over WebSockets", () => {
  test("a spectator joining mid-game gets the position, every later move and the end with the rating changes", async () => {
    const p = await pairUp(await players());
    await play(p, SHORT_LINE.slice(0, 2));
    const w = await connect();
    const first = await w.request({ type: "watch.start", matchId: p.match.id });
    expect(first.type).toBe("watch.match");
    expect((first.match as MatchView).moves).toEqual(SHORT_LINE.slice(0, 2));
    expect((first.match as MatchView).seats.map((s) => s.name)).toEqual(p.match.seats.map((s) => s.name));
    // Each later move costs one more post: to the spectator (the opponent's is the other).
    const postsBefore = server.stats().posts;
    const writesBefore = writes();
    await play(p, SHORT_LINE.slice(2, 3), 2);
    const seen = await w.next((m) => m.type === "watch.match" && (m.match as MatchView).version === 3);
    expect((seen.match as MatchView).moves).toEqual(SHORT_LINE.slice(0, 3));
    expect(server.stats().posts - postsBefore).toBe(2);
    expect(writes() - writesBefore).toBe(1); // the move's own write, nothing for the spectator
    await play(p, SHORT_LINE.slice(3), 3);
    const end = await w.next((m) => m.type === "watch.match" && (m.match as MatchView).status !== "active");
    expect((end.match as MatchView).result).toEqual({ winner: 0, reason: "no-seeds" });
    expect(end.changes).not.toBeNull();
  });

  test("a spectator arriving after the end gets the final position once; nothing is written", async () => {
    const p = await finishedGame(await players());
    const w = await connect();
    // A first answer on the new connection: its own $connect write is behind us.
    const none = await w.request({ type: "watch.start", matchId: "no-such-match" });
    expect(none).toMatchObject({ type: "watch.error", code: "watch/not_found" });
    // What a spectator could write: the match and the archive's items (the timer's own ticks, the
    // quota counters and the other tests' connections go on meanwhile and are left out).
    const gameWrites = (): number => {
      const f = server.stats().families.writes;
      return (f.MATCH ?? 0) + (f.GAME ?? 0) + (f.LIVE ?? 0) + (f.PGAMES ?? 0);
    };
    const before = gameWrites();
    const got = await w.request({ type: "watch.start", matchId: p.match.id });
    expect(got.type).toBe("watch.match");
    expect((got.match as MatchView).status).toBe("finished");
    expect((got.match as MatchView).moves).toEqual(SHORT_LINE);
    expect(gameWrites()).toBe(before);
  });

  test("the cap: watchers beyond it are told to poll, with no write; a gone watcher frees its place", async () => {
    const p = await pairUp(await players());
    const ws = await Promise.all(Array.from({ length: CAP + 1 }, () => connect()));
    for (const w of ws.slice(0, CAP))
      expect((await w.request({ type: "watch.start", matchId: p.match.id })).type).toBe("watch.match");
    const before = writes();
    const full = await ws[CAP].request({ type: "watch.start", matchId: p.match.id });
    expect(full).toMatchObject({ type: "watch.full", matchId: p.match.id, cap: CAP });
    expect(writes()).toBe(before);
    expect((await store.matches.getMatch(p.match.id))!.watchers).toHaveLength(CAP);
    // The polling watcher reads the same game over HTTP.
    expect((await getJson<GameResponse>(`/games/${p.match.id}`)).body.status).toBe("active");
    // One watcher leaves without a word; the next move finds it gone and frees its place.
    await ws[0].close();
    await play(p, SHORT_LINE.slice(0, 1));
    await ws[1].next((m) => m.type === "watch.match" && (m.match as MatchView).version === 1);
    await expect
      .poll(async () => (await store.matches.getMatch(p.match.id))!.watchers?.length, { timeout: 5_000 })
      .toBe(CAP - 1);
    expect((await ws[CAP].request({ type: "watch.start", matchId: p.match.id })).type).toBe("watch.match");
    // Stopping takes a watcher off.
    expect((await ws[1].request({ type: "watch.stop", matchId: p.match.id })).type).toBe("watch.stopped");
    expect((await store.matches.getMatch(p.match.id))!.watchers).toEqual([
      (await store.matches.getMatch(p.match.id))!.watchers![0],
    ]);
  });

  test("watch starts are limited per connection and network, refused without a write", async () => {
    process.env.WATCH_RATE = "3";
    try {
      const p = await pairUp(await players());
      const w = await connect();
      const before = writes();
      const answers: Msg[] = [];
      for (let i = 0; i < 6; i++) answers.push(await w.request({ type: "watch.start", matchId: p.match.id }));
      expect(answers.filter((a) => a.type === "watch.match")).toHaveLength(3);
      expect(answers.slice(3).every((a) => a.type === "watch.error" && a.code === "rate/limited")).toBe(true);
      expect(writes() - before).toBe(1); // the first join's write only
      const bad = await w.request({ type: "watch.start", matchId: "bad id!" });
      expect(bad).toMatchObject({ type: "watch.error", code: "proto/invalid" });
    } finally {
      delete process.env.WATCH_RATE;
    }
  });
});
