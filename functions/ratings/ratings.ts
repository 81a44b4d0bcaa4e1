/**
 * Ratings and the leaderboard: applying a finished match to each player's record exactly once,
 * the rating a seeker is matched on, and the pages the HTTP API serves.
 *
 * Exactly once: each record lists the ids of the latest matches applied to it. An update reads the
 * record, returns at once if the match is already listed, otherwise computes the Glicko-2 update
 * (core/ranked/settle.ts) and writes with a condition on the record's `rev`. A retried message, a
 * second timer run, or a crash between the two players' updates can never count a match twice.
 *
 * A leaderboard cursor is base64url JSON `{k, r, t?}`: the index sort key of the last row served,
 * its rank, and `t: "p"` once the page has gone on to the provisional tier.
 */
import { makeBase64Url, parseBase64Url } from "../../core/crypto/base64.js";
import type { GameStats, LeaderboardResponse, LeaderboardRow, RatingChange } from "../../core/protocol/ranked.js";
import { freshRecord, nextRecord, statsOf } from "../../core/ranked/settle.js";
import type { SeatRecord } from "../../core/ranked/types.js";
import { ageRating, initialRating, type Rating, type Score } from "../../core/ratings.js";
import { err, ok, type GameId, type Result } from "../../core/types.js";
import type { Tier } from "./keys.js";
import type { PlayerGameRecord, RatingStore } from "./store.js";

/** Applies one match to one player's record (idempotent). Returns the change it made (or had made). */
export async function applyResult(
  store: RatingStore,
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
      if (cur.last !== null && cur.last.matchId === matchId)
        return { before: cur.last.before, after: cur.last.after, rd: cur.last.rd };
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

/** The rating a player seeks with (their record, aged by the time since their last game) and their rated games. */
export async function currentRating(
  store: RatingStore,
  playerId: string,
  game: GameId,
  now: number,
): Promise<Rating & { readonly games: number }> {
  const r = await store.getStats(playerId, game);
  if (r === null) return { ...initialRating(), games: 0 };
  const aged = r.lastPlayedAt > 0 ? ageRating(r, now - r.lastPlayedAt) : r;
  return { rating: aged.rating, rd: aged.rd, vol: aged.vol, games: r.games };
}

export async function allStats(store: RatingStore, playerId: string): Promise<Record<string, GameStats>> {
  const out: Record<string, GameStats> = {};
  for (const r of await store.listStats(playerId)) out[r.game] = statsOf(r);
  return out;
}

/** Puts a new display name on every rating record of the player (shown on the leaderboard). */
export async function renameRecords(store: RatingStore, playerId: string, name: string): Promise<void> {
  for (const r of await store.listStats(playerId)) {
    for (let cur: PlayerGameRecord | null = r, i = 0; cur !== null && cur.name !== name && i < 8; i++) {
      if (await store.putStats({ ...cur, name, rev: cur.rev + 1 }, cur.rev)) break;
      cur = await store.getStats(playerId, r.game);
    }
  }
}

export interface PublicError {
  readonly code: "query/bad_cursor" | "query/bad_player_id" | "player/not_found" | "rate/limited";
  readonly message: string;
}

interface Cursor {
  readonly k: string;
  readonly r: number;
  readonly t?: "p";
}

function makeCursor(c: Cursor): string {
  return makeBase64Url(new TextEncoder().encode(JSON.stringify(c)));
}

export function parseCursor(text: string): Cursor | null {
  const bytes = parseBase64Url(text);
  if (bytes === null) return null;
  try {
    const c = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
    if (typeof c !== "object" || c === null) return null;
    const { k, r, t } = c as Record<string, unknown>;
    if (typeof k !== "string" || !(k === "" || /^[0-9]{7}#[A-Za-z0-9_-]{43}$/.test(k))) return null;
    if (typeof r !== "number" || !Number.isInteger(r) || r < 0 || r > 1e9) return null;
    if (t !== undefined && t !== "p") return null;
    return t === "p" ? { k, r, t } : { k, r };
  } catch {
    return null;
  }
}

function row(s: PlayerGameRecord, rank: number, provisional: boolean): LeaderboardRow {
  return {
    rank,
    playerId: s.playerId,
    name: s.name,
    rating: Math.round(s.rating),
    rd: Math.round(s.rd),
    games: s.games,
    wins: s.wins,
    losses: s.losses,
    draws: s.draws,
    provisional,
  };
}

/**
 * One page of a game's leaderboard: established players best first; with `includeProvisional`,
 * provisional players (marked) follow below them once the established ones are all listed.
 */
export async function leaderboardPage(
  store: RatingStore,
  game: GameId,
  limit: number,
  cursorText: string | undefined,
  includeProvisional = false,
): Promise<Result<LeaderboardResponse, PublicError>> {
  const cursor = cursorText === undefined ? null : parseCursor(cursorText);
  if (cursorText !== undefined && (cursor === null || (cursor.t === "p" && !includeProvisional))) {
    return err({ code: "query/bad_cursor", message: "cursor is not one this server gave out" });
  }
  const rows: LeaderboardRow[] = [];
  let rank = cursor?.r ?? 0;
  let tier: Tier = cursor?.t === "p" ? "provisional" : "established";
  let after: string | null = cursor === null || cursor.k === "" ? null : cursor.k;
  for (;;) {
    const page = await store.leaderboard(game, tier, limit - rows.length, after);
    for (const s of page.items) rows.push(row(s, ++rank, tier === "provisional"));
    if (page.next !== null)
      return ok({
        game,
        rows,
        next: makeCursor({ k: page.next, r: rank, ...(tier === "provisional" ? { t: "p" as const } : {}) }),
      });
    if (tier === "provisional" || !includeProvisional) return ok({ game, rows, next: null });
    tier = "provisional";
    after = null;
    if (rows.length >= limit) {
      // The page is full at the end of the established tier: a cursor only if provisional rows follow.
      const peek = await store.leaderboard(game, "provisional", 1, null);
      return ok({ game, rows, next: peek.items.length > 0 ? makeCursor({ k: "", r: rank, t: "p" }) : null });
    }
  }
}
