/**
 * Keys of rating records and of the leaderboard index (gsi1).
 *
 *   PLAYER#<id>  GAME#<game>   rating record; gsi1pk BOARD#<game> once established,
 *                              PBOARD#<game> while provisional (RD ≥ 110)
 */
import type { GameId } from "../../core/types.js";

export const PLAYER_PREFIX = "PLAYER#";
const GAME_SK_PREFIX = "GAME#";

/** The two parts of a game's leaderboard: established players, and provisional ones below them. */
export type Tier = "established" | "provisional";

export function boardPk(game: GameId, tier: Tier = "established"): string {
  return (tier === "established" ? "BOARD#" : "PBOARD#") + game;
}

/** Ratings as fixed-width text so the index sorts them: 7 digits of hundredths, then the player id. */
export function boardSortKey(rating: number, playerId: string): string {
  const hundredths = Math.round(Math.min(99_999.99, Math.max(0, rating)) * 100);
  return `${String(hundredths).padStart(7, "0")}#${playerId}`;
}

export function gameSk(game: GameId): string {
  return GAME_SK_PREFIX + game;
}
