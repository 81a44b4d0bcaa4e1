/**
 * `GET /players/{id}`: one player's public record. Its own module so the leaderboard handler does
 * not bundle the player id check (and with it the signature library).
 */
import { parsePlayerId } from "../../core/identity.js";
import type { PlayerResponse } from "../../core/protocol/ranked.js";
import { statsOf } from "../../core/ranked/settle.js";
import { err, ok, type Result } from "../../core/types.js";
import type { PublicError } from "./ratings.js";
import type { RatingStore } from "./store.js";

/** `GET /players/{id}`: the public profile (from the identity domain) and every game's record. */
export async function playerPage(
  store: RatingStore,
  getProfile: (playerId: string) => Promise<{ playerId: string; name: string | null; createdAt: number } | null>,
  rawId: string,
): Promise<Result<PlayerResponse, PublicError>> {
  const id = parsePlayerId(rawId);
  if (!id.ok) return err({ code: "query/bad_player_id", message: id.error.message });
  const profile = await getProfile(id.value);
  if (profile === null) return err({ code: "player/not_found", message: "no such player" });
  const games: Record<string, PlayerResponse["games"][string]> = {};
  for (const s of await store.listStats(id.value))
    games[s.game] = { ...statsOf(s), streak: s.streak, bestStreak: s.bestStreak };
  return ok({ playerId: profile.playerId, name: profile.name, createdAt: profile.createdAt, games });
}
