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
export const APPLIED_KEEP = 50;

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
  const r = rate(aged, [{ opponent: { rating: opponent.rating, rd: opponent.rd, vol: opponent.vol }, score }]);
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
