/**
 * What the HTTP API serves from the ranked records: leaderboard pages, one player, and suggestions.
 * Takes a `RankedStore`, so the same functions run on DynamoDB and in unit tests.
 *
 * A leaderboard cursor is base64url JSON `{k, r}`: the index sort key of the last row served and its
 * rank, so the next page starts after it and goes on counting.
 */
import { makeBase64Url, parseBase64Url, parsePlayerId } from "../../core/identity.js";
import type { LeaderboardResponse, PlayerResponse, Suggestion } from "../../core/protocol/ranked.js";
import { err, ok, type GameId, type Result } from "../../core/types.js";
import { statsOf } from "./service.js";
import type { RankedStore } from "./types.js";

export interface PublicError {
  readonly code: "query/bad_cursor" | "query/bad_player_id" | "player/not_found" | "rate/limited";
  readonly message: string;
}

interface Cursor {
  readonly k: string;
  readonly r: number;
}

export function makeCursor(c: Cursor): string {
  return makeBase64Url(new TextEncoder().encode(JSON.stringify(c)));
}

export function parseCursor(text: string): Cursor | null {
  const bytes = parseBase64Url(text);
  if (bytes === null) return null;
  try {
    const c = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
    if (typeof c !== "object" || c === null) return null;
    const { k, r } = c as Record<string, unknown>;
    if (typeof k !== "string" || !/^[0-9]{7}#[A-Za-z0-9_-]{43}$/.test(k)) return null;
    if (typeof r !== "number" || !Number.isInteger(r) || r < 0 || r > 1e9) return null;
    return { k, r };
  } catch {
    return null;
  }
}

export async function leaderboardPage(store: RankedStore, game: GameId, limit: number, cursorText: string | undefined): Promise<Result<LeaderboardResponse, PublicError>> {
  const cursor = cursorText === undefined ? null : parseCursor(cursorText);
  if (cursorText !== undefined && cursor === null) return err({ code: "query/bad_cursor", message: "cursor is not one this server gave out" });
  const page = await store.leaderboard(game, limit, cursor?.k ?? null);
  const base = cursor?.r ?? 0;
  const rows = page.items.map((s, i) => ({
    rank: base + i + 1,
    playerId: s.playerId,
    name: s.name,
    rating: Math.round(s.rating),
    rd: Math.round(s.rd),
    games: s.games,
    wins: s.wins,
    losses: s.losses,
    draws: s.draws,
  }));
  const next = page.next === null ? null : makeCursor({ k: page.next, r: base + rows.length });
  return ok({ game, rows, next });
}

export async function playerPage(store: RankedStore, rawId: string): Promise<Result<PlayerResponse, PublicError>> {
  const id = parsePlayerId(rawId);
  if (!id.ok) return err({ code: "query/bad_player_id", message: id.error.message });
  const profile = await store.getProfile(id.value);
  if (profile === null) return err({ code: "player/not_found", message: "no such player" });
  const games: Record<string, PlayerResponse["games"][string]> = {};
  for (const s of await store.listStats(id.value)) games[s.game] = { ...statsOf(s), streak: s.streak, bestStreak: s.bestStreak };
  return ok({ playerId: profile.playerId, name: profile.name, createdAt: profile.createdAt, games });
}

export const SUGGESTION_RATE = { perWindow: 5, windowMs: 3600_000 } as const;

export async function submitSuggestion(
  store: RankedStore,
  s: Suggestion,
  source: string,
  userAgent: string,
  now: number,
  id: string,
): Promise<Result<{ id: string }, PublicError>> {
  const n = await store.bump(`suggest#${source}`, SUGGESTION_RATE.windowMs, now);
  if (n > SUGGESTION_RATE.perWindow) {
    return err({ code: "rate/limited", message: `at most ${SUGGESTION_RATE.perWindow} suggestions an hour` });
  }
  await store.putSuggestion({
    id,
    createdAt: now,
    text: s.text,
    category: s.game !== undefined ? `${s.category}/${s.game}` : s.category,
    playerId: s.playerId ?? null,
    contact: s.contact ?? null,
    userAgent: userAgent.slice(0, 200),
  });
  return ok({ id });
}
