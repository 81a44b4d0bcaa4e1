/**
 * Settlement of a finished match, pure: each seat's score from the result, and the next rating
 * record of a player after one match (Glicko-2 against the opponent as rated when the match was
 * made, aged by the time since the player's last game). The server applies these exactly once per
 * player (functions/ratings), and the client can preview the same numbers.
 */
import { ageRating, initialRating, isProvisional, rate, type Score } from "../ratings.js";
import type { GameStats } from "../protocol/ranked.js";
import type { GameId, Outcome, Seat } from "../types.js";
import type { PlayerGameRecord, SeatRecord } from "./types.js";

/** How many of a player's latest match ids are kept to refuse a second application. */
const APPLIED_KEEP = 50;

/**
 * Games that count less, so that identities that cost nothing cannot farm a rating:
 * - against a *new* opponent (fewer than NEW_PLAYER_GAMES rated games in this game, or an identity
 *   younger than NEW_PLAYER_MS when the match was made) a result moves a rating by NEW_OPPONENT_WEIGHT
 *   of its Glicko-2 change;
 * - the n-th rated game against the same opponent within REPEAT_WINDOW_MS counts 1/n.
 * The weights multiply; a weight w moves rating, deviation and volatility w of the way to their
 * Glicko-2 values. Games a side ended before making its first move are not rated at all (match.ts).
 */
export const NEW_PLAYER_GAMES = 5;
export const NEW_PLAYER_MS = 24 * 3600_000;
export const NEW_OPPONENT_WEIGHT = 0.05;
const REPEAT_WINDOW_MS = 24 * 3600_000;
/** Opponents of the last day kept on a record (a cap, so the item stays small). */
const RECENT_KEEP = 100;

/** Whether an opponent, as recorded when the match was made, counts as new at `now`. */
export function isNewOpponent(opponent: SeatRecord, now: number): boolean {
  if (opponent.games === undefined && opponent.joinedAt === undefined) return false; // recorded before weights
  return (opponent.games ?? 0) < NEW_PLAYER_GAMES || now - (opponent.joinedAt ?? now) < NEW_PLAYER_MS;
}

/** The weight of one rated game for the player of `cur` against `opponent` at `now` (0 < w ≤ 1). */
export function gameWeight(cur: PlayerGameRecord, opponent: SeatRecord, now: number): number {
  const repeats = (cur.recent ?? []).filter(
    (g) => g.opponent === opponent.playerId && now - g.at < REPEAT_WINDOW_MS,
  ).length;
  return (isNewOpponent(opponent, now) ? NEW_OPPONENT_WEIGHT : 1) / (repeats + 1);
}

export function scoreOf(result: Outcome, seat: Seat): Score {
  return result.winner === null ? 0.5 : result.winner === seat ? 1 : 0;
}

export function freshRecord(playerId: string, game: GameId, name: string): PlayerGameRecord {
  const r = initialRating();
  return {
    playerId,
    game,
    name,
    rating: r.rating,
    rd: r.rd,
    vol: r.vol,
    games: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    streak: 0,
    bestStreak: 0,
    lastPlayedAt: 0,
    applied: [],
    recent: [],
    last: null,
    rev: 0,
  };
}

export function nextRecord(
  cur: PlayerGameRecord,
  matchId: string,
  opponent: SeatRecord,
  score: Score,
  name: string,
  now: number,
): PlayerGameRecord {
  const aged = cur.lastPlayedAt > 0 ? ageRating(cur, now - cur.lastPlayedAt) : cur;
  const full = rate(aged, [{ opponent: { rating: opponent.rating, rd: opponent.rd, vol: opponent.vol }, score }]);
  const w = gameWeight(cur, opponent, now);
  const toward = (from: number, to: number): number => from + w * (to - from);
  const r = { rating: toward(aged.rating, full.rating), rd: toward(aged.rd, full.rd), vol: toward(aged.vol, full.vol) };
  const recent = [
    ...(cur.recent ?? []).filter((g) => now - g.at < REPEAT_WINDOW_MS),
    { opponent: opponent.playerId, at: now },
  ].slice(-RECENT_KEEP);
  const streak = score === 1 ? cur.streak + 1 : 0;
  return {
    ...cur,
    name,
    rating: r.rating,
    rd: r.rd,
    vol: r.vol,
    games: cur.games + 1,
    wins: cur.wins + (score === 1 ? 1 : 0),
    losses: cur.losses + (score === 0 ? 1 : 0),
    draws: cur.draws + (score === 0.5 ? 1 : 0),
    streak,
    bestStreak: Math.max(cur.bestStreak, streak),
    lastPlayedAt: now,
    applied: [...cur.applied, matchId].slice(-APPLIED_KEEP),
    recent,
    last: { matchId, before: cur.rating, after: r.rating, rd: r.rd },
    rev: cur.rev + 1,
  };
}

/** The public summary of a rating record. */
export function statsOf(r: PlayerGameRecord): GameStats {
  return {
    rating: r.rating,
    rd: r.rd,
    games: r.games,
    wins: r.wins,
    losses: r.losses,
    draws: r.draws,
    provisional: isProvisional(r),
  };
}

/**
 * A player's stats after a match as the client can know them at once from `ranked.end`: the new
 * rating and RD from the change, one more game and result. `before` is what the lobby showed.
 */
export function statsAfter(
  before: GameStats | undefined,
  change: { readonly after: number; readonly rd: number },
  score: Score,
): GameStats {
  const b = before ?? {
    rating: change.after,
    rd: change.rd,
    games: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    provisional: true,
  };
  return {
    rating: change.after,
    rd: change.rd,
    games: b.games + 1,
    wins: b.wins + (score === 1 ? 1 : 0),
    losses: b.losses + (score === 0 ? 1 : 0),
    draws: b.draws + (score === 0.5 ? 1 : 0),
    provisional: isProvisional({ rd: change.rd }),
  };
}
