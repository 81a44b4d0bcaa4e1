/**
 * Keys of the ranked items in the single table, and the leaderboard sort key.
 *
 *   PLAYER#<id>   PROFILE          profile (name, active match, connection)
 *   PLAYER#<id>   GAME#<game>      rating record; gsi1pk BOARD#<game> only when not provisional
 *   NAME#<skel>   NAME             owner of a name skeleton
 *   RAUTH#<conn>  AUTH             challenge / proven identity of a connection (TTL)
 *   SEEK#<game>   <playerId>       seek queue entry (TTL)
 *   MATCH#<id>    MATCH            ranked match with its authoritative state
 *   RANKED        ACTIVE#<id>      matches the timer still has to look after
 *   RATE#<key>    <window>         fixed-window counters (TTL)
 *   SUGGESTION#<yyyy-mm-dd> <ts>#<id>  suggestions
 */
import { GAMES, type GameId } from "../../core/types.js";

export const PLAYER_PREFIX = "PLAYER#";
export const PROFILE_SK = "PROFILE";
export const GAME_SK_PREFIX = "GAME#";
export const BOARD_PREFIX = "BOARD#";

export function boardPk(game: GameId): string {
  return BOARD_PREFIX + game;
}

/** Ratings as fixed-width text so the index sorts them: 7 digits of hundredths, then the player id. */
export function boardSortKey(rating: number, playerId: string): string {
  const hundredths = Math.round(Math.min(99_999.99, Math.max(0, rating)) * 100);
  return `${String(hundredths).padStart(7, "0")}#${playerId}`;
}

export function gameSk(game: GameId): string {
  return GAME_SK_PREFIX + game;
}

export function gameOfSk(sk: string): GameId | null {
  const g = sk.slice(GAME_SK_PREFIX.length);
  return (GAMES as readonly string[]).includes(g) ? (g as GameId) : null;
}
