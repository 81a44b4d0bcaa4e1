/** The public ranking over HTTP: leaderboard pages and one player's record. */
import type { LeaderboardResponse, PlayerResponse } from "../../../core/protocol/ranked.js";
import type { GameId } from "../../../core/types.js";
import { API_PATHS, playerPath } from "../../../core/protocol/api.js";
import type { HttpErrorCode } from "../../../core/protocol/errors.js";
import type { MessageKey } from "../i18n/en.js";
import { apiUrl } from "./http.js";

/** What the player reads for each refusal of the HTTP API (its codes: core/protocol/errors.ts). */
const HTTP_ERROR_KEYS: { readonly [C in HttpErrorCode]: MessageKey } = {
  "proto/malformed": "error.server.invalid",
  "proto/invalid": "error.server.invalid",
  "query/invalid": "error.server.invalid",
  "query/bad_cursor": "error.server.invalid",
  "query/bad_player_id": "error.server.invalid",
  "http/forbidden": "error.server.refused",
  "player/not_found": "error.server.notFound",
  "game/not_found": "error.server.notFound",
  "tournament/not_found": "error.server.notFound",
  "proto/too_large": "error.server.invalid",
  "http/unsupported_media_type": "error.server.invalid",
  "rate/limited": "error.server.rate",
};

/** The message key for a refusal body `{error: {code}}`; a code this client does not know is a plain refusal. */
export function httpErrorKey(body: unknown): MessageKey {
  const code =
    typeof body === "object" && body !== null && "error" in body
      ? (body as { error?: { code?: unknown } }).error?.code
      : undefined;
  return typeof code === "string" && Object.hasOwn(HTTP_ERROR_KEYS, code)
    ? HTTP_ERROR_KEYS[code as HttpErrorCode]
    : "error.server.refused";
}

export type Fetched<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: number; readonly key: MessageKey };

/** A JSON read of the HTTP API: the body, or the refusal as a message key. */
export async function getJson<T>(path: string, timeoutMs = 8000): Promise<Fetched<T>> {
  const ctl = new AbortController();
  const t = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    const res = await fetch(apiUrl(path), { signal: ctl.signal, headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) return { ok: false, status: res.status, key: httpErrorKey(body) };
    return { ok: true, value: body as T };
  } catch {
    return { ok: false, status: 0, key: "error.server.offline" };
  } finally {
    clearTimeout(t);
  }
}

/** A page of a game's board; with `provisional`, provisional players follow the established ones, marked. */
export function fetchLeaderboard(
  game: GameId,
  cursor: string | null,
  limit = 20,
  provisional = false,
): Promise<Fetched<LeaderboardResponse>> {
  const q = new URLSearchParams({ game, limit: String(limit) });
  if (cursor !== null) q.set("cursor", cursor);
  if (provisional) q.set("provisional", "include");
  return getJson<LeaderboardResponse>(`${API_PATHS.leaderboard}?${q.toString()}`);
}

export function fetchPlayer(playerId: string): Promise<Fetched<PlayerResponse>> {
  return getJson<PlayerResponse>(playerPath(playerId));
}
