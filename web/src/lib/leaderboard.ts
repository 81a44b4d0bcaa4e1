/** The public ranking over HTTP: leaderboard pages and one player's record. */
import type { LeaderboardResponse, PlayerResponse } from "../../../core/protocol/ranked.js";
import type { GameId } from "../../../core/types.js";
import { API_PATHS, playerPath } from "../../../core/protocol/api.js";
import { apiUrl } from "./http.js";

export type Fetched<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: number; readonly message: string };

async function getJson<T>(path: string, timeoutMs = 8000): Promise<Fetched<T>> {
  const ctl = new AbortController();
  const t = setTimeout(() => ctl.abort(), timeoutMs);
  try {
    const res = await fetch(apiUrl(path), { signal: ctl.signal, headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) {
      const msg =
        typeof body === "object" && body !== null && "message" in body
          ? String((body as { message: unknown }).message)
          : `the server answered ${res.status}`;
      return { ok: false, status: res.status, message: msg };
    }
    return { ok: true, value: body as T };
  } catch (e) {
    return {
      ok: false,
      status: 0,
      message:
        e instanceof Error && e.name === "AbortError"
          ? "the server did not answer in time"
          : "no connection to the server",
    };
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
