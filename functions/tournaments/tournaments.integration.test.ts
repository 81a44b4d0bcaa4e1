/**
 * Tournaments end to end: real WebSockets on loopback against the local server (dynalite, the
 * gateway emulation, the handlers Lambda runs, both timers), games played by test clients as
 * server-run matches, and the HTTP API over real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../../core/identity.js";
import { API_PREFIX } from "../../core/protocol/api.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import type { TournamentGamesResponse, TournamentResponse } from "../../core/protocol/tournament.js";
import type { ArenaRow } from "../../core/tournament/arena.js";
import { swissStandings, type StandingRow } from "../../core/tournament/standings.js";
import type { Board } from "../../core/tournament/types.js";
import { startServer, type RunningServer } from "../local/server.js";
import { Client, type Msg } from "../ranked/testing/client.js";

/** Tsoro WTA on 4 × 2 with one seed a hole: short games. */
const SMALL = { holes: 4, seeds: 1 };

let server: RunningServer;
let dataDir: string;
const clients: Client[] = [];
let seedCounter = 1;

interface Player {
  readonly c: Client;
  readonly keys: DeviceKeys;
  readonly id: string;
}

async function player(name: string): Promise<Player> {
  const c = await Client.open(server.wsUrl);
  clients.push(c);
  const seed = new Uint8Array(32);
  seed[0] = seedCounter & 255;
  seed[1] = (seedCounter >> 8) & 255;
  seed[2] = 140;
  seedCounter++;
  const keys = makeDeviceKeys(seed);
  const ch = await c.request({ type: "auth.hello", playerId: keys.playerId }, 15_000);
  const ok = await c.request(
    { type: "auth.prove", signature: signChallenge(keys, String(ch.challenge)), name },
    15_000,
  );
  expect(ok.type).toBe("auth.ok");
  return { c, keys, id: keys.playerId };
}

async function getJson<T>(path: string): Promise<{ status: number; body: T; text: string }> {
  const r = await fetch(new URL(API_PREFIX + path, server.url));
  const text = await r.text();
  return {
    status: r.status,
    body: (r.headers.get("content-type") ?? "").includes("json") ? (JSON.parse(text) as T) : (undefined as T),
    text,
  };
}

/**
 * Decides a game: the player moving first plays 0, the other 2 (legal at the start of SMALL), then
 * the loser resigns. Resolves with the ended view as the winner saw it.
 */
async function decide(match: MatchView, bySeat: readonly [Player, Player], winner: 0 | 1): Promise<void> {
  const a = await bySeat[0].c.request({ type: "ranked.move", matchId: match.id, version: 0, move: 0 }, 15_000);
  expect(a.type).toBe("ranked.update");
  const b = await bySeat[1].c.request({ type: "ranked.move", matchId: match.id, version: 1, move: 2 }, 15_000);
  expect(b.type).toBe("ranked.update");
  const loser = bySeat[winner === 0 ? 1 : 0];
  const r = await loser.c.request({ type: "ranked.resign", matchId: match.id }, 15_000);
  expect(r.type).toBe("ranked.end");
  expect((r.match as MatchView).result?.winner).toBe(winner);
}

/** Every player's next `ranked.start`, grouped by match: the two players of each, by seat. */
async function starts(
  players: readonly Player[],
  expected: number,
): Promise<Map<string, { view: MatchView; seats: [Player, Player] }>> {
  const out = new Map<string, { view: MatchView; seats: Player[] }>();
  const got = await Promise.all(
    players.map(async (p) => {
      const s = await p.c.type("ranked.start", 20_000);
      return { p, view: s.match as MatchView, seat: Number(s.seat) };
    }),
  );
  for (const g of got) {
    const e = out.get(g.view.id) ?? { view: g.view, seats: [] };
    e.seats[g.seat] = g.p;
    out.set(g.view.id, e);
  }
  expect(out.size).toBe(expected);
  return out as Map<string, { view: MatchView; seats: [Player, Player] }>;
}

beforeAll(async () => {
  process.env.RATE_LIMIT = "100000";
  process.env.RANKED_NEW_IDENTITIES = "100000";
  process.env.TOUR_JOINS = "1000";
  process.env.TOUR_CREATES = "3";
  dataDir = mkdtempSync(join(tmpdir(), "tour-it-"));
  server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true, timerMs: 100 });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("tournaments over WebSockets", () => {
  test("a 5-player Swiss of 3 rounds is played to the end: no repeat, one bye each at most, standings and TRF follow the games", async () => {
    const org = await player("Teacher");
    const created = await org.c.request({
      type: "tour.create",
      kind: "swiss",
      name: "Class 7B",
      game: "tsoro-wta",
      options: SMALL,
      preset: "1+1",
      startsAt: Date.now() + 3_600_000,
      rounds: 3,
    });
    expect(created).toMatchObject({ type: "tour.created", code: null });
    const id = String(created.id);
    const ps = await Promise.all(["Aida", "Berik", "Dana", "Erlan", "Gulnar"].map((n) => player(n)));
    for (const p of ps) expect((await p.c.request({ type: "tour.join", id })).type).toBe("tour.joined");
    // Only the organiser starts early.
    expect(await ps[0].c.request({ type: "tour.start", id })).toMatchObject({
      type: "tour.error",
      code: "tour/forbidden",
    });
    org.c.send({ type: "tour.start", id });
    for (let round = 1; round <= 3; round++) {
      const paired = await Promise.all(
        ps.map((p) => p.c.next((m) => m.type === "tour.paired" && m.round === round, 20_000)),
      );
      const playing = ps.filter((_, i) => paired[i].matchId !== null);
      expect(playing).toHaveLength(4);
      const games = await starts(playing, 2);
      // The first mover wins in round 1 and 3, the second in round 2.
      for (const g of games.values()) await decide(g.view, g.seats, round === 2 ? 1 : 0);
    }
    let t: TournamentResponse | undefined;
    for (let i = 0; i < 100; i++) {
      t = (await getJson<TournamentResponse>(`/tournaments/${id}`)).body;
      if (t.tournament.status === "finished") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(t?.tournament).toMatchObject({ status: "finished", round: 3, players: 5 });
    const boards = t?.boards ?? [];
    expect(boards).toHaveLength(9);
    const pairs = boards.filter((b) => b.second !== null).map((b) => [b.first, b.second].sort().join("|"));
    expect(new Set(pairs).size).toBe(6);
    const byes = boards.filter((b) => b.second === null).map((b) => b.first);
    expect(new Set(byes).size).toBe(3);
    expect(boards.every((b) => b.second === null || b.result !== null)).toBe(true);
    // Standings are a pure function of the games.
    const entrants = (t?.standings as StandingRow[]).map((r) => ({ id: r.id, name: r.name, rating: r.rating }));
    expect(swissStandings({ entrants, boards: boards as Board[], byeHalves: 2 })).toEqual(t?.standings);
    const total = (t?.standings as StandingRow[]).reduce((s, r) => s + r.points, 0);
    expect(total).toBe(6 + 3); // six decided games and three byes
    // Every game, with round, players, first mover and result: the standings recomputed from it too.
    const listed = (await getJson<TournamentGamesResponse>(`/tournaments/${id}/games`)).body.games;
    expect(listed).toHaveLength(9);
    expect(listed.filter((g) => g.matchId !== null)).toHaveLength(6);
    const fromGames: Board[] = listed.map(({ round, board, first, second, result, forfeit }) => ({
      round,
      board,
      first,
      second,
      result,
      forfeit,
    }));
    expect(swissStandings({ entrants, boards: fromGames, byeHalves: 2 })).toEqual(t?.standings);
    const trf = await getJson<string>(`/tournaments/${id}/export?format=trf`);
    expect(trf.status).toBe(200);
    const lines = trf.text.split("\r\n").filter((l) => l.startsWith("001"));
    expect(lines).toHaveLength(5);
    for (const l of lines) {
      const row = (t?.standings as StandingRow[]).find((r) => r.number === Number(l.slice(4, 8)));
      expect(l.slice(80, 84)).toBe(row?.points.toFixed(1).padStart(4));
      expect(l.slice(85, 89)).toBe(String(row?.rank).padStart(4));
      // Three rounds of 10 columns from column 92.
      expect(l.length).toBe(119);
    }
    const csv = await getJson<string>(`/tournaments/${id}/export?format=csv`);
    expect(csv.text.split("\r\n")[0]).toBe(
      "rank,number,name,rating,points,played,wins,draws,losses,buchholzCut1,buchholz,sonnebornBerger,direct,wins",
    );
  }, 180_000);

  test("an arena scores a streak: a third win in a row counts double", async () => {
    const org = await player("Club");
    const created = await org.c.request({
      type: "tour.create",
      kind: "arena",
      name: "Evening arena",
      game: "tsoro-wta",
      options: SMALL,
      preset: "1+1",
      startsAt: Date.now() + 3_600_000,
      minutes: 30,
    });
    const id = String(created.id);
    const [a, b, c] = await Promise.all(["Asel", "Bauyr", "Saule"].map((n) => player(n)));
    for (const p of [a, b, c]) await p.c.request({ type: "tour.join", id });
    org.c.send({ type: "tour.start", id });
    // Every game is played as it is paired; Asel wins each of hers. Of three players two play, so
    // the one waiting plays next: she plays at least every other game.
    const all = [a, b, c];
    const handled = new Set<string>();
    const opponents: string[] = [];
    for (let k = 0; k < 12 && opponents.length < 3; k++) {
      let running: TournamentResponse["games"][number] | undefined;
      for (let i = 0; i < 200 && running === undefined; i++) {
        const t = (await getJson<TournamentResponse>(`/tournaments/${id}`)).body;
        running = t.games.find((g) => g.result === null && !handled.has(g.id));
        if (running === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      if (running === undefined) throw new Error("no game was paired");
      handled.add(running.id);
      const first = all.find((p) => p.id === running.first) as Player;
      const second = all.find((p) => p.id === running.second) as Player;
      const [s0] = await Promise.all([first.c.type("ranked.start", 20_000), second.c.type("ranked.start", 20_000)]);
      const view = s0.match as MatchView;
      expect(view.id).toBe(running.id);
      const winner = second === a ? 1 : 0;
      if (first === a) opponents.push(second.id);
      if (second === a) opponents.push(first.id);
      await decide(view, [first, second], winner);
    }
    expect(opponents).toHaveLength(3);
    expect(opponents[0]).not.toBe(opponents[1]);
    expect(opponents[1]).not.toBe(opponents[2]);
    let row: ArenaRow | undefined;
    for (let i = 0; i < 100; i++) {
      const t = (await getJson<TournamentResponse>(`/tournaments/${id}`)).body;
      row = (t.standings as ArenaRow[]).find((r) => r.id === a.id);
      if (row?.games === 3) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(row?.sheet.map((s) => s.points)).toEqual([2, 2, 4]);
    expect(row).toMatchObject({ points: 8, wins: 3, fire: true, rank: 1 });
  }, 120_000);

  test("a private tournament is joined with its code, and refused without it", async () => {
    const org = await player("Coach");
    const created = await org.c.request({
      type: "tour.create",
      kind: "swiss",
      name: "Class 5A",
      game: "togyz",
      preset: "20+10",
      startsAt: Date.now() + 3_600_000,
      rounds: 5,
      private: true,
    });
    const id = String(created.id);
    const code = String(created.code);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    const s = await player("Student");
    expect(await s.c.request({ type: "tour.join", id })).toMatchObject({ type: "tour.error", code: "tour/wrong_code" });
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await s.c.request({ type: "tour.join", id, code: wrong })).toMatchObject({ code: "tour/wrong_code" });
    expect(await s.c.request({ type: "tour.join", code: wrong })).toMatchObject({ code: "tour/wrong_code" });
    // The code alone, typed in lower case with a dash.
    const typed = `${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase();
    expect(await s.c.request({ type: "tour.join", code: typed })).toMatchObject({
      type: "tour.joined",
      id,
      players: 1,
    });
    // A private tournament is never listed; a public one is.
    const list = await getJson<{ tournaments: { id: string; status: string }[] }>("/tournaments?status=upcoming");
    expect(list.body.tournaments.some((x) => x.id === id)).toBe(false);
    expect(list.body.tournaments.length).toBeGreaterThan(0);
    expect(list.body.tournaments.every((x) => x.status === "upcoming")).toBe(true);
    const finished = await getJson<{ tournaments: { id: string; status: string }[] }>("/tournaments?status=finished");
    expect(finished.body.tournaments.length).toBeGreaterThan(0);
    expect((await getJson<unknown>("/tournaments?status=soon")).status).toBe(400);
    // The public read never shows the code.
    const t = await getJson<TournamentResponse>(`/tournaments/${id}`);
    expect(t.text).not.toContain(code);
    expect(t.body.tournament.private).toBe(true);
  }, 60_000);

  test("the organiser enters the result of a board played over the table; a player cannot", async () => {
    const org = await player("Arbiter");
    const created = await org.c.request({
      type: "tour.create",
      kind: "swiss",
      name: "Hybrid open",
      game: "togyz",
      preset: "20+10",
      startsAt: Date.now() + 3_600_000,
      rounds: 1,
      overTheBoard: true,
    });
    const id = String(created.id);
    const [x, y] = await Promise.all(["Nurlan", "Olzhas"].map((n) => player(n)));
    for (const p of [x, y]) await p.c.request({ type: "tour.join", id });
    const started = (await org.c.request({ type: "tour.start", id })) as Msg & { round: number };
    expect(started).toMatchObject({ type: "tour.state", status: "live", round: 1 });
    const paired = await x.c.type("tour.paired", 10_000);
    expect(paired.matchId).toBeNull();
    expect(await x.c.request({ type: "tour.result", id, round: 1, board: 1, result: "first" })).toMatchObject({
      type: "tour.error",
      code: "tour/forbidden",
    });
    const first = Number(paired.seat) === 0 ? x : y;
    const done = await org.c.request({ type: "tour.result", id, round: 1, board: 1, result: "first" });
    expect(done).toMatchObject({ type: "tour.state", status: "finished" });
    const t = (await getJson<TournamentResponse>(`/tournaments/${id}`)).body;
    expect(t.boards).toEqual([expect.objectContaining({ round: 1, board: 1, first: first.id, result: "first" })]);
    expect((t.standings as StandingRow[])[0]).toMatchObject({ id: first.id, points: 1, rank: 1 });
    // Removing a player: the organiser only; the player stays in the standings with their games.
    expect(await y.c.request({ type: "tour.remove", id, playerId: x.id })).toMatchObject({ code: "tour/forbidden" });
    expect(await org.c.request({ type: "tour.remove", id, playerId: x.id })).toMatchObject({
      type: "tour.state",
      players: 1,
    });
    // A correction: the organiser changes it to a draw, and the standings follow.
    await org.c.request({ type: "tour.result", id, round: 1, board: 1, result: "draw" });
    const t2 = (await getJson<TournamentResponse>(`/tournaments/${id}`)).body;
    expect((t2.standings as StandingRow[]).map((r) => r.points)).toEqual([0.5, 0.5]);
  }, 60_000);

  test("an identity's fourth tournament of the day is refused, and nothing is stored for it", async () => {
    const o = await player("Busy organiser");
    const make = (n: number) =>
      o.c.request({
        type: "tour.create",
        kind: "arena",
        name: `Daily ${n}`,
        game: "ayo",
        preset: "5+3",
        startsAt: Date.now() + 3_600_000,
        minutes: 60,
      });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await make(i);
      expect(r.type).toBe("tour.created");
      ids.push(String(r.id));
    }
    expect(await make(4)).toMatchObject({ type: "tour.error", code: "rate/limited" });
    // A malformed request is refused by the schema before any limit or store.
    expect(
      await o.c.request({ type: "tour.create", kind: "swiss", name: "", game: "togyz", preset: "9+9", startsAt: 0 }),
    ).toMatchObject({
      type: "tour.error",
      code: "proto/invalid",
    });
    for (const id of ids) expect((await getJson<TournamentResponse>(`/tournaments/${id}`)).status).toBe(200);
    expect((await getJson<TournamentResponse>("/tournaments/nope")).status).toBe(404);
  }, 60_000);
});
