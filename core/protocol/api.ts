/**
 * The HTTP API's paths, shared by the client (relative to the page's origin) and the route table
 * (`functions/routes.ts`). Everything sits under `/api/`, the one path prefix CloudFront sends to the
 * HTTP API, so the site and its API share one origin and need no CORS.
 */
export const API_PREFIX = "/api";
/** Where the WebSocket API answers on the site's origin (the local server; CloudFront in AWS). */
export const WS_PATH = "/ws";

/**
 * The client's run-time settings file, beside its `index.html` (`web/public/config.json`): read by
 * the client at every start, served no-cache by the local server, and written by the stack at deploy.
 */
export const CONFIG_PATH = "config.json";
/**
 * The service worker's push part (web/pushWorker.ts builds it beside `sw.js`, which imports it): like
 * `sw.js`, served uncached, so a worker's update never runs a stale copy.
 */
export const PUSH_WORKER_FILE = "push-sw.js";
/** What the stack replaces in the settings file with the deployed WebSocket URL. */
export const WS_URL_PLACEHOLDER = "{{ MANCALA_WS_URL }}";

export const API_PATHS = {
  leaderboard: `${API_PREFIX}/leaderboard`,
  player: `${API_PREFIX}/players/{id}`,
  suggestions: `${API_PREFIX}/suggestions`,
  // The archive and live games (docs/archive.md).
  game: `${API_PREFIX}/games/{id}`,
  playerGames: `${API_PREFIX}/players/{id}/games`,
  playerRatings: `${API_PREFIX}/players/{id}/ratings`,
  tv: `${API_PREFIX}/tv`,
  live: `${API_PREFIX}/live`,
  // The lobby's open seeks (docs/lobby.md).
  lobby: `${API_PREFIX}/lobby`,
  // Tournaments (docs/tournaments.md).
  tournaments: `${API_PREFIX}/tournaments`,
  tournament: `${API_PREFIX}/tournaments/{id}`,
  tournamentGames: `${API_PREFIX}/tournaments/{id}/games`,
  tournamentExport: `${API_PREFIX}/tournaments/{id}/export`,
  // Web Push (docs/push.md): the VAPID public key browsers subscribe with.
  pushKey: `${API_PREFIX}/push/key`,
} as const;

/** `/api/players/<id>` for one player id (percent-encoded). */
export function playerPath(playerId: string): string {
  return API_PATHS.player.replace("{id}", encodeURIComponent(playerId));
}

/** `/api/games/<id>` for one game id (percent-encoded). */
export function gamePath(gameId: string): string {
  return API_PATHS.game.replace("{id}", encodeURIComponent(gameId));
}
