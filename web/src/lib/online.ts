/**
 * The connection to the game server for friend games, ranked games and the leaderboard. Every
 * network call of the client lives in `lib/`; these screens are wired in by the online-play work.
 */
import { apiUrl } from "./http.js";

/** The WebSocket address of the server that served this page (or the configured one). */
export function wsUrl(): string {
  const env = (import.meta as { env?: Record<string, string | undefined> }).env;
  if (env?.VITE_WS_URL !== undefined) return env.VITE_WS_URL;
  const u = new URL(apiUrl("ws"));
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.toString();
}
