/**
 * A series: best of 1, 3, 5 or 7 games between the same two players (docs/rules.md "Series and
 * forfeits"), in every mode but ranked play. Pure data and functions; every update returns a new
 * `Series`. (A ranked game is one game, kept on the server as a match record: `core/ranked/game.ts`.)
 */
import type { EndReason, Outcome, Seat } from "./types.js";

export const BEST_OF = [1, 3, 5, 7] as const;
export type BestOf = (typeof BEST_OF)[number];

interface GameRecord {
  /** Seat that moved first in this game. */
  readonly starter: Seat;
  readonly winner: Seat | null;
  readonly reason: EndReason;
}

export interface Series {
  readonly bestOf: BestOf;
  readonly games: readonly GameRecord[];
  /** Games won by each seat. */
  readonly score: readonly [number, number];
  readonly draws: number;
  readonly over: boolean;
  /** The series winner once `over`; `null` for a drawn series (or while not over). */
  readonly winner: Seat | null;
  /** Why the series ended: "majority", "cap" (game cap reached), or "forfeit". */
  readonly end: "majority" | "cap" | "forfeit" | null;
  /** Seat that starts the series' first game (0 when absent); a rematch gives it to the other seat. */
  readonly first?: Seat;
}

/** Wins needed to take the series: 1 of 1, 2 of 3, 3 of 5, 4 of 7. */
export function winsNeeded(bestOf: BestOf): number {
  return (bestOf + 1) / 2;
}

/** Drawn games are replayed up to this many games in all. */
function gameCap(bestOf: BestOf): number {
  return 2 * bestOf;
}

export function createSeries(bestOf: BestOf = 1, first: Seat = 0): Series {
  const s: Series = { bestOf, games: [], score: [0, 0], draws: 0, over: false, winner: null, end: null };
  return first === 0 ? s : { ...s, first };
}

/** A new series after `last`, its first game started by the seat that did not start `last`'s. */
export function rematchSeries(last: Series, bestOf: BestOf = last.bestOf): Series {
  return createSeries(bestOf, (1 - (last.first ?? 0)) as Seat);
}

/** The seat that starts the next game: `first` (seat 0 unless a rematch) starts game 1, then they take turns. */
export function starterOf(series: Series): Seat {
  return (((series.first ?? 0) + series.games.length) % 2) as Seat;
}

/** 1-based number of the game being played (or the last one, once over). */
export function gameNumber(series: Series): number {
  return series.over ? series.games.length : series.games.length + 1;
}

function settle(series: Series): Series {
  const need = winsNeeded(series.bestOf);
  const [a, b] = series.score;
  if (a >= need || b >= need) return { ...series, over: true, winner: a >= need ? 0 : 1, end: "majority" };
  if (series.games.length >= gameCap(series.bestOf)) {
    return { ...series, over: true, winner: a > b ? 0 : b > a ? 1 : null, end: "cap" };
  }
  return series;
}

/** Records the outcome of the current game. A finished series is returned unchanged. */
export function recordGame(series: Series, outcome: Outcome): Series {
  if (series.over) return series;
  const game: GameRecord = { starter: starterOf(series), winner: outcome.winner, reason: outcome.reason };
  const score: [number, number] = [series.score[0], series.score[1]];
  if (outcome.winner !== null) score[outcome.winner]++;
  return settle({
    ...series,
    games: [...series.games, game],
    score,
    draws: series.draws + (outcome.winner === null ? 1 : 0),
  });
}

/**
 * `seat` gives up: the current game is lost, or with `whole` the whole series (the opponent wins it
 * whatever the score).
 */
export function forfeit(series: Series, seat: Seat, whole: boolean): Series {
  if (series.over) return series;
  const other: Seat = seat === 0 ? 1 : 0;
  const after = recordGame(series, { winner: other, reason: "forfeit" });
  if (!whole || (after.over && after.winner === other)) return after;
  return { ...after, over: true, winner: other, end: "forfeit" };
}
