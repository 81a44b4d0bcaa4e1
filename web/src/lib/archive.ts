/** The archive over HTTP (docs/archive.md): a game, a player's games and ratings, the live list and TV. */
import type {
  GameResponse,
  LiveResponse,
  PlayerGamesResponse,
  PlayerRatingsResponse,
  TvResponse,
} from "../../../core/archive/archive.js";
import { API_PATHS, gamePath } from "../../../core/protocol/api.js";
import type { GameId } from "../../../core/types.js";
import type { LobbyResponse } from "../../../core/protocol/lobby.js";
import { getJson, type Fetched } from "./leaderboard.js";

const withId = (path: string, id: string): string => path.replace("{id}", encodeURIComponent(id));

export function fetchGame(id: string): Promise<Fetched<GameResponse>> {
  return getJson<GameResponse>(gamePath(id));
}

export function fetchPlayerGames(
  playerId: string,
  game: GameId,
  cursor: string | null,
  limit = 10,
): Promise<Fetched<PlayerGamesResponse>> {
  const q = new URLSearchParams({ game, limit: String(limit) });
  if (cursor !== null) q.set("cursor", cursor);
  return getJson<PlayerGamesResponse>(`${withId(API_PATHS.playerGames, playerId)}?${q.toString()}`);
}

export function fetchRatings(playerId: string, game: GameId): Promise<Fetched<PlayerRatingsResponse>> {
  return getJson<PlayerRatingsResponse>(`${withId(API_PATHS.playerRatings, playerId)}?game=${game}`);
}

export function fetchTv(game: GameId): Promise<Fetched<TvResponse>> {
  return getJson<TvResponse>(`${API_PATHS.tv}?game=${game}`);
}

export function fetchLive(game: GameId): Promise<Fetched<LiveResponse>> {
  return getJson<LiveResponse>(`${API_PATHS.live}?game=${game}`);
}

/** The open seeks of a game (docs/lobby.md), for when the lobby's live view is full. */
export function fetchLobby(game: GameId): Promise<Fetched<LobbyResponse>> {
  return getJson<LobbyResponse>(`${API_PATHS.lobby}?game=${game}`);
}
