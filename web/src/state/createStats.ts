/**
 * Results against the computer on this device, per game and level: wins, losses, draws, the current
 * winning streak and the best one. Games between people on one device are not counted.
 */
import { createStore, reconcile, type Store } from "solid-js/store";
import * as v from "valibot";
import { GAMES, type GameId } from "../../../core/types.js";
import { LEVEL_IDS, type LevelId } from "../present/levels.js";
import { makeStoreContext } from "./context.js";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";

export interface Record {
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Wins in a row up to the last game (a loss or a draw ends it). */
  readonly streak: number;
  readonly best: number;
}

export type GameResult = "win" | "loss" | "draw";
type StatsKey = `${GameId}/${LevelId}`;
type Stats = { readonly [K in StatsKey]?: Record };

export const EMPTY_RECORD: Record = { wins: 0, losses: 0, draws: 0, streak: 0, best: 0 };

const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1e9));
const RecordSchema = v.object({ wins: Count, losses: Count, draws: Count, streak: Count, best: Count });

function statsKey(game: GameId, level: LevelId): StatsKey {
  return `${game}/${level}`;
}

/** Keeps every valid entry of a stored table and drops the rest. */
function parseStats(raw: unknown): Stats {
  const out: { [K in StatsKey]?: Record } = {};
  if (typeof raw !== "object" || raw === null) return out;
  for (const game of GAMES) {
    for (const level of LEVEL_IDS) {
      const k = statsKey(game, level);
      const r = v.safeParse(RecordSchema, (raw as { [key: string]: unknown })[k]);
      if (r.success) out[k] = r.output;
    }
  }
  return out;
}

export function addResult(r: Record, result: GameResult): Record {
  const streak = result === "win" ? r.streak + 1 : 0;
  return {
    wins: r.wins + (result === "win" ? 1 : 0),
    losses: r.losses + (result === "loss" ? 1 : 0),
    draws: r.draws + (result === "draw" ? 1 : 0),
    streak,
    best: Math.max(r.best, streak),
  };
}

export function played(r: Record): number {
  return r.wins + r.losses + r.draws;
}

/** Wins as a whole percentage of games played (0 with no games). */
export function winRate(r: Record): number {
  const n = played(r);
  return n === 0 ? 0 : Math.round((100 * r.wins) / n);
}

/** Totals over several records (a game's levels, or everything); the streaks are the best of them. */
export function sumRecords(rs: readonly Record[]): Record {
  return rs.reduce(
    (a, r) => ({
      wins: a.wins + r.wins,
      losses: a.losses + r.losses,
      draws: a.draws + r.draws,
      streak: Math.max(a.streak, r.streak),
      best: Math.max(a.best, r.best),
    }),
    EMPTY_RECORD,
  );
}

export interface StatsActions {
  record(game: GameId, level: LevelId, result: GameResult): Record;
  get(game: GameId, level: LevelId): Record;
  clear(): void;
}

export type StatsStore = readonly [Store<Stats>, StatsActions];

const KEY = "stats.v1";

export function createStats(kv: KeyValue): StatsStore {
  const [state, setState] = createStore<{ [K in StatsKey]?: Record }>(parseStats(readJson(kv, KEY)));
  const get = (game: GameId, level: LevelId): Record => state[statsKey(game, level)] ?? EMPTY_RECORD;
  return [
    state,
    {
      get,
      record(game, level, result) {
        const next = addResult(get(game, level), result);
        setState(statsKey(game, level), next);
        writeJson(kv, KEY, { ...state });
        return next;
      },
      clear() {
        setState(reconcile({}));
        writeJson(kv, KEY, {});
      },
    },
  ];
}

export const StatsContext = makeStoreContext<StatsStore>("useStats");
export const useStats = StatsContext.use;
