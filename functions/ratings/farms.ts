/**
 * Rating farms, replayed with the server's own rating code: a farmer beats accounts made for it,
 * each game rated as the server rates one (each seat's rating as `currentRating` reads it when the
 * match is made, then `applyResult` for both sides). The runs are those of the attack report (docs/ranked.md,
 * "Farming"); farming.test.ts holds them under the stated bounds and scripts/rating-farms.ts prints them.
 */
import type { Score } from "../../core/ratings.js";
import type { GameId } from "../../core/types.js";
import { applyResult, currentRating } from "./ratings.js";
import { createMemoryRatingStore, type RatingStore } from "./store.js";

const GAME: GameId = "ayo";
const HOUR = 3600_000;
/** An arbitrary epoch for the replays. */
const T0 = 1_800_000_000_000;

export interface Farm {
  readonly store: RatingStore;
  /** One rated game at `at`: `a` scores `scoreA` against `b`. */
  play(a: string, b: string, scoreA: Score, at: number): Promise<void>;
  rating(id: string, at: number): Promise<{ rating: number; rd: number; games: number }>;
}

export function newFarm(): Farm {
  const store = createMemoryRatingStore();
  let matches = 0;
  const seat = async (id: string, at: number) => ({
    playerId: id,
    name: id,
    ...(await currentRating(store, id, GAME, at)),
  });
  return {
    store,
    async play(a, b, scoreA, at) {
      const [sa, sb] = [await seat(a, at), await seat(b, at)];
      const id = `m${matches++}`;
      await applyResult(store, GAME, id, sa, sb, scoreA, at);
      await applyResult(store, GAME, id, sb, sa, (1 - scoreA) as Score, at);
    },
    async rating(id, at) {
      const r = await currentRating(store, id, GAME, at);
      return { rating: r.rating, rd: r.rd, games: r.games };
    },
  };
}

/** Puppets that each played `games` games against fresh keys (won and lost in turn) at `at`. */
async function makePuppets(f: Farm, prefix: string, count: number, games: number, at: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `${prefix}${i}`;
    for (let g = 0; g < games; g++) await f.play(id, `${id}-key${g}`, g % 2 === 0 ? 1 : 0, at + g * 1000);
    ids.push(id);
  }
  return ids;
}

/** The farmer beats each of `victims` once, a second apart from `at`. Returns the farmer's rating after. */
async function beatAll(f: Farm, victims: readonly string[], at: number): Promise<{ rating: number; rd: number }> {
  let t = at;
  for (const v of victims) await f.play("farmer", v, 1, (t += 1000));
  return f.rating("farmer", t);
}

export interface FarmRun {
  readonly name: string;
  /** Whether the accounts the farmer beats are made established first (which costs the games named). */
  readonly established: boolean;
  run(): Promise<{ rating: number; rd: number }>;
}

const fresh = (n: number): string[] => Array.from({ length: n }, (_, i) => `key${i}`);

export const FARM_RUNS: readonly FarmRun[] = [
  { name: "8 wins over fresh keys", established: false, run: () => beatAll(newFarm(), fresh(8), T0) },
  { name: "100 wins over fresh keys", established: false, run: () => beatAll(newFarm(), fresh(100), T0) },
  ...[10, 400].map((n) => ({
    name: `${n} wins over puppets aged 24 h with 5 games each`,
    established: false,
    async run() {
      const f = newFarm();
      return beatAll(f, await makePuppets(f, "puppet", n, 5, T0), T0 + 24 * HOUR + 60_000);
    },
  })),
  {
    name: "two-level pyramid: 20 wins over 20 accounts that each won 20 games over aged puppets",
    established: true,
    async run() {
      const f = newFarm();
      const puppets = await makePuppets(f, "puppet", 400, 5, T0);
      const level1 = Array.from({ length: 20 }, (_, i) => `level1-${i}`);
      let t = T0 + 24 * HOUR + 60_000;
      for (const [i, l] of level1.entries())
        for (const p of puppets.slice(i * 20, i * 20 + 20)) await f.play(l, p, 1, (t += 1000));
      return beatAll(f, level1, t);
    },
  },
  {
    name: "a ring of 31 puppets played out (30 games each, 465 games), then 31 wins over them",
    established: true,
    async run() {
      const f = newFarm();
      const ring = Array.from({ length: 31 }, (_, i) => `ring${i}`);
      let t = T0;
      for (let i = 0; i < ring.length; i++)
        for (let j = i + 1; j < ring.length; j++)
          await f.play(ring[i], ring[j], (i + j) % 2 === 0 ? 1 : 0, (t += 1000));
      return beatAll(f, ring, t + 60_000);
    },
  },
];
