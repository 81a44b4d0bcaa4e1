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
 * What keeps a rating from being farmed with accounts made for it (docs/ranked.md, "Farming"):
 * - an opponent counts as *established* only with the history Glicko-2 trusts: a deviation under
 *   PROVISIONAL_RD and at least ESTABLISHED_GAMES rated games, as recorded when the match was made;
 * - in any GAIN_WINDOW_MS a player gains at most PROVISIONAL_GAIN_CAP rating points from opponents
 *   that are not established, and at most DAILY_GAIN_CAP from anyone (an established opponent is
 *   cheap to make too: a ring of puppets that played each other): past a cap, a win still lowers
 *   the deviation but adds no points (losses and draws that cost points always count);
 * - the n-th rated game against the same opponent within REPEAT_WINDOW_MS counts 1/n (a weight w
 *   moves rating, deviation and volatility w of the way to their Glicko-2 values).
 * Glicko-2 itself weighs a result by the opponent's deviation (g(φ) in core/ratings.ts). Games a
 * side ended before making its first move are not rated at all (match.ts).
 */
export const ESTABLISHED_GAMES = 20;
export const PROVISIONAL_GAIN_CAP = 50;
export const DAILY_GAIN_CAP = 150;
export const GAIN_WINDOW_MS = 24 * 3600_000;
const GAIN_BUCKET_MS = 3600_000;
const REPEAT_WINDOW_MS = 24 * 3600_000;
/** Opponents of the last day kept on a record (a cap, so the item stays small). */
const RECENT_KEEP = 100;

type Gains = NonNullable<PlayerGameRecord["gains"]>;

/** Whether an opponent, as recorded when the match was made, has an established rating. */
export function isEstablished(opponent: SeatRecord): boolean {
  return !isProvisional(opponent) && (opponent.games ?? ESTABLISHED_GAMES) >= ESTABLISHED_GAMES;
}

/** The weight of one rated game for the player of `cur` against `opponent` at `now` (0 < w ≤ 1). */
export function gameWeight(cur: PlayerGameRecord, opponent: SeatRecord, now: number): number {
  const repeats = (cur.recent ?? []).filter(
    (g) => g.opponent === opponent.playerId && now - g.at < REPEAT_WINDOW_MS,
  ).length;
  return 1 / (repeats + 1);
}

/**
 * Capped gains that still count at `now`. Kept per hour with the time of the hour's latest gain,
 * and dropped only a whole window after it, so every gain is counted for at least GAIN_WINDOW_MS
 * (at most 25 entries).
 */
function liveGains(cur: PlayerGameRecord, now: number): Gains {
  return (cur.gains ?? []).filter((g) => now - g.at < GAIN_WINDOW_MS);
}

/** How many points one game against `opponent` may still add at `now`: what is left of the caps. */
function gainRoom(cur: PlayerGameRecord, opponent: SeatRecord, now: number): number {
  const live = liveGains(cur, now);
  const total = DAILY_GAIN_CAP - live.reduce((n, g) => n + g.total, 0);
  if (isEstablished(opponent)) return Math.max(0, total);
  return Math.max(0, Math.min(total, PROVISIONAL_GAIN_CAP - live.reduce((n, g) => n + g.vsProvisional, 0)));
}

function addGain(gains: Gains, now: number, gain: number, vsProvisional: boolean): Gains {
  if (gain <= 0) return gains;
  const hour = Math.floor(now / GAIN_BUCKET_MS);
  const last = gains.at(-1);
  const into = last !== undefined && last.hour === hour ? last : { hour, at: now, total: 0, vsProvisional: 0 };
  const next = {
    hour,
    at: now,
    total: into.total + gain,
    vsProvisional: into.vsProvisional + (vsProvisional ? gain : 0),
  };
  return into === last ? [...gains.slice(0, -1), next] : [...gains, next];
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
    gains: [],
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
  const weighted = toward(aged.rating, full.rating);
  const gain = Math.min(Math.max(0, weighted - aged.rating), gainRoom(cur, opponent, now));
  const r = {
    rating: weighted <= aged.rating ? weighted : aged.rating + gain,
    rd: toward(aged.rd, full.rd),
    vol: toward(aged.vol, full.vol),
  };
  const gains = addGain(liveGains(cur, now), now, gain, !isEstablished(opponent));
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
    gains,
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
