/**
 * `npm run -s bench tournament -- --kind swiss|arena --players 200 [--rounds 7]`: a whole tournament
 * of simulated players through the pure rules (core/tournament/), without the server: rounds paired,
 * pairing time per round (mean and worst), repeat pairings (0 expected), byes, the most byes one player
 * had, the worst colour difference, and the time to compute the standings. Results are drawn from a
 * fixed seed, the higher-rated winning more often. The store calls and posts a round costs on the
 * server are counted by functions/tournaments/costs.test.ts (docs/tournaments.md).
 */
import { arenaStandings, pairArena, type ArenaGame } from "../../core/tournament/arena.js";
import { swissStandings } from "../../core/tournament/standings.js";
import { pairSwissRound, swissStates } from "../../core/tournament/swiss.js";
import type { Board, BoardResult, Entrant } from "../../core/tournament/types.js";
import type { Emit } from "../bench.js";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

function result(a: Entrant, b: Entrant, r: () => number): BoardResult {
  const pa = 1 / (1 + 10 ** ((b.rating - a.rating) / 400));
  const x = r();
  return x < 0.1 ? "draw" : x < 0.1 + 0.9 * pa ? "first" : "second";
}

export async function run(emit: Emit): Promise<void> {
  const kind = arg("kind", "swiss");
  const players = Number(arg("players", "200"));
  const r = rng(7);
  const entrants: Entrant[] = Array.from({ length: players }, (_, i) => ({
    id: `p${i}`,
    name: `P${i}`,
    rating: Math.round(1200 + r() * 1000),
  }));
  const by = new Map(entrants.map((e) => [e.id, e]));
  if (kind === "swiss") {
    const rounds = Number(arg("rounds", "7"));
    const boards: Board[] = [];
    const times: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const t0 = performance.now();
      const paired = pairSwissRound({
        entrants,
        present: entrants.map((e) => e.id),
        boards: [...boards],
        round,
        byeHalves: 2,
      });
      times.push(performance.now() - t0);
      for (const b of paired)
        boards.push(b.second === null ? b : { ...b, result: result(by.get(b.first)!, by.get(b.second)!, r) });
    }
    const keys = boards.filter((b) => b.second !== null).map((b) => [b.first, b.second].sort().join("|"));
    const states = swissStates(entrants, boards, 2);
    const colour = Math.max(
      ...[...states.values()].map((s) =>
        Math.abs([...s.sides.values()].reduce((d, x) => d + (x === "first" ? 1 : -1), 0)),
      ),
    );
    const t1 = performance.now();
    swissStandings({ entrants, boards, byeHalves: 2 });
    const standingsMs = performance.now() - t1;
    const p = `tournament.swiss.${players}x${rounds}`;
    emit({ name: `${p}.rounds_paired`, unit: "rounds", value: times.length });
    emit({
      name: `${p}.pairing_ms_mean`,
      unit: "ms",
      value: Math.round(times.reduce((a, b) => a + b, 0) / times.length),
    });
    emit({ name: `${p}.pairing_ms_max`, unit: "ms", value: Math.round(Math.max(...times)) });
    emit({ name: `${p}.repeats`, unit: "pairs", value: keys.length - new Set(keys).size });
    emit({ name: `${p}.byes`, unit: "byes", value: boards.filter((b) => b.second === null).length });
    emit({
      name: `${p}.most_byes_one_player`,
      unit: "byes",
      value: Math.max(...[...states.values()].map((s) => s.byes)),
    });
    emit({ name: `${p}.worst_colour_difference`, unit: "games", value: colour });
    emit({ name: `${p}.standings_ms`, unit: "ms", value: Math.round(standingsMs * 10) / 10 });
    return;
  }
  // Arena: games of 3 to 9 minutes over an hour; whoever is free is paired every 10 seconds.
  const minutes = Number(arg("minutes", "60"));
  const end = minutes * 60_000;
  const games: ArenaGame[] = [];
  const busyUntil = new Map<string, number>();
  const last = new Map<string, string>();
  const times: number[] = [];
  let rematches = 0;
  for (let t = 0; t < end; t += 10_000) {
    for (const g of games)
      if (g.endedAt === null && (busyUntil.get(g.first) ?? 0) <= t) {
        Object.assign(g, { endedAt: t, result: result(by.get(g.first)!, by.get(g.second)!, r) });
        last.set(g.first, g.second);
        last.set(g.second, g.first);
      }
    const points = new Map(arenaStandings(entrants, games, end).map((x) => [x.id, x.points]));
    const free = entrants.filter((e) => (busyUntil.get(e.id) ?? 0) <= t);
    const t0 = performance.now();
    const pairs = pairArena(
      free.map((e) => ({
        id: e.id,
        points: points.get(e.id) ?? 0,
        rating: e.rating,
        ...(last.has(e.id) ? { last: last.get(e.id) } : {}),
      })),
    );
    times.push(performance.now() - t0);
    for (const [a, b] of pairs) {
      if (last.get(a) === b) rematches++;
      const until = t + (3 + Math.floor(r() * 7)) * 60_000;
      busyUntil.set(a, until);
      busyUntil.set(b, until);
      games.push({
        id: `g${games.length}`,
        first: a,
        second: b,
        startedAt: t,
        endedAt: null,
        result: null,
        berserk: [false, false],
        moves: 40,
      });
    }
  }
  for (const g of games)
    if (g.endedAt === null)
      Object.assign(g, { endedAt: end + 1, result: result(by.get(g.first)!, by.get(g.second)!, r) });
  const t1 = performance.now();
  const rows = arenaStandings(entrants, games, end);
  const standingsMs = performance.now() - t1;
  const p = `tournament.arena.${players}x${minutes}min`;
  emit({ name: `${p}.games`, unit: "games", value: games.length });
  emit({
    name: `${p}.pairing_ms_mean`,
    unit: "ms",
    value: Math.round((times.reduce((a, b) => a + b, 0) / times.length) * 10) / 10,
  });
  emit({ name: `${p}.pairing_ms_max`, unit: "ms", value: Math.round(Math.max(...times)) });
  emit({ name: `${p}.immediate_rematches`, unit: "games", value: rematches });
  emit({ name: `${p}.winner_points`, unit: "points", value: rows[0].points });
  emit({ name: `${p}.standings_ms`, unit: "ms", value: Math.round(standingsMs * 10) / 10 });
}
