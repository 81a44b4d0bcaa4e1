/**
 * Applying a finished match to both players' rating records, exactly once.
 *
 * Each player's record lists the ids of the latest matches applied to it. An update reads the record,
 * returns at once if the match is already listed, otherwise computes the Glicko-2 update against the
 * opponent's rating as it was when the match was made, and writes with a condition on the record's
 * `rev`. A retried message, a second timer run, or a crash between the two players' updates can
 * therefore never count a match twice or lose it.
 */
import { ageRating, initialRating, rate, type Score } from "../../core/ratings.js";
import type { RatingChange } from "../../core/protocol/ranked.js";
import type { GameId } from "../../core/types.js";
import type { PlayerGameRecord, RankedStore, SeatRecord } from "./types.js";

export const APPLIED_KEEP = 50;

export function freshRecord(playerId: string, game: GameId, name: string): PlayerGameRecord {
  const r = initialRating();
  return {
    playerId, game, name, rating: r.rating, rd: r.rd, vol: r.vol,
    games: 0, wins: 0, losses: 0, draws: 0, streak: 0, bestStreak: 0, lastPlayedAt: 0, applied: [], last: null, rev: 0,
  };
}

export function nextRecord(cur: PlayerGameRecord, matchId: string, opponent: SeatRecord, score: Score, name: string, now: number): PlayerGameRecord {
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

/** Applies one match to one player's record (idempotent). Returns the change it made (or had made). */
export async function applyResult(
  store: RankedStore,
  game: GameId,
  matchId: string,
  self: SeatRecord,
  opponent: SeatRecord,
  score: Score,
  now: number,
): Promise<RatingChange> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const cur = await store.getStats(self.playerId, game);
    if (cur !== null && cur.applied.includes(matchId)) {
      if (cur.last !== null && cur.last.matchId === matchId) return { before: cur.last.before, after: cur.last.after, rd: cur.last.rd };
      return { before: cur.rating, after: cur.rating, rd: cur.rd };
    }
    const base = cur ?? freshRecord(self.playerId, game, self.name);
    const next = nextRecord(base, matchId, opponent, score, cur?.name ?? self.name, now);
    if (await store.putStats(next, cur === null ? null : cur.rev)) {
      return { before: base.rating, after: next.rating, rd: next.rd };
    }
  }
  throw new Error(`rating record of ${self.playerId} kept changing under match ${matchId}`);
}
