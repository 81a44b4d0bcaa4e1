/**
 * The HTTP API's paths, shared by the client (relative to the page's origin) and the route table
 * (`functions/routes.ts`). Everything sits under `/api/`, the one path prefix CloudFront sends to the
 * HTTP API, so the site and its API share one origin and need no CORS.
 */
export const API_PREFIX = "/api";
/** Where the WebSocket API answers on the site's origin (the local server; CloudFront in AWS). */
export const WS_PATH = "/ws";

export const API_PATHS = {
  leaderboard: `${API_PREFIX}/leaderboard`,
  player: `${API_PREFIX}/players/{id}`,
  suggestions: `${API_PREFIX}/suggestions`,
} as const;

/** `/api/players/<id>` for one player id (percent-encoded). */
export function playerPath(playerId: string): string {
  return API_PATHS.player.replace("{id}", encodeURIComponent(playerId));
}
