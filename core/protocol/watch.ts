/**
 * Watching a live server-run game over the WebSocket, both directions, and the query parameters of
 * the archive's HTTP reads (docs/archive.md).
 *
 * Flow: `watch.start {matchId}` → `watch.match {match, changes}` now and after every change (a move,
 * an offer, the end), read-only; or `watch.full {matchId}` when the game has as many pushed
 * spectators as the server allows, and the client polls `GET /api/games/{id}` instead. A finished
 * game is answered once with its last `watch.match`. `watch.stop` ends the pushes.
 */
import * as v from "valibot";
import { GAMES, err, ok, type Result } from "../types.js";
import type { MatchView, ProtocolError, RatingChange } from "./ranked.js";

export const WATCH_TYPE_PREFIX = "watch.";

export type WatchErrorCode =
  | "proto/invalid"
  | "watch/not_found" // no such match
  | "rate/limited" // too many watch requests from this connection, network or player
  | "server/error";

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const MatchId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

const WatchClientMessageSchema = v.variant("type", [
  v.strictObject({ type: v.literal("watch.start"), rid: Rid, matchId: MatchId }),
  v.strictObject({ type: v.literal("watch.stop"), rid: Rid, matchId: MatchId }),
]);
export type WatchClientMessage = v.InferOutput<typeof WatchClientMessageSchema>;

export type WatchServerMessage =
  | {
      readonly type: "watch.match";
      readonly rid?: string | number;
      readonly match: MatchView;
      /** Once the game is settled: each seat's rating change, or null (unrated). */
      readonly changes: readonly [RatingChange, RatingChange] | null;
    }
  | { readonly type: "watch.full"; readonly rid?: string | number; readonly matchId: string; readonly cap: number }
  | { readonly type: "watch.stopped"; readonly rid?: string | number; readonly matchId: string }
  | {
      readonly type: "watch.error";
      readonly rid?: string | number;
      readonly code: WatchErrorCode;
      readonly message: string;
    };

export function parseWatchClientMessage(raw: unknown): Result<WatchClientMessage, ProtocolError> {
  const r = v.safeParse(WatchClientMessageSchema, raw);
  if (!r.success) {
    const first = r.issues[0];
    const path = first.path?.map((p) => String(p.key)).join(".") ?? "";
    return err({ code: "proto/invalid", message: path === "" ? first.message : `${path}: ${first.message}` });
  }
  return ok(r.output);
}

export function makeWatchError(
  code: WatchErrorCode,
  message: string,
  rid?: string | number,
): Extract<WatchServerMessage, { type: "watch.error" }> {
  return { type: "watch.error", ...(rid !== undefined ? { rid } : {}), code, message };
}

// ---- HTTP queries ----

const GameParam = v.picklist(GAMES, `game must be one of ${GAMES.join(", ")}`);
const Cursor = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor is not one this server gave out"));

const PLAYER_GAMES_LIMIT_MAX = 50;
const PLAYER_GAMES_LIMIT_DEFAULT = 20;

/** `GET /api/players/{id}/games?game=G&limit=N&cursor=C`. */
export const PlayerGamesQuerySchema = v.strictObject({
  game: GameParam,
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[0-9]{1,3}$/, "limit must be a whole number"),
      v.transform(Number),
      v.minValue(1, "limit must be at least 1"),
      v.maxValue(PLAYER_GAMES_LIMIT_MAX, `limit must be at most ${PLAYER_GAMES_LIMIT_MAX}`),
    ),
    String(PLAYER_GAMES_LIMIT_DEFAULT),
  ),
  cursor: v.optional(Cursor),
});

/** `GET /api/players/{id}/ratings?game=G`, `GET /api/tv?game=G`, `GET /api/live?game=G`. */
export const GameQuerySchema = v.strictObject({ game: GameParam });

/** Match ids are the server's random base64url. */
export function isMatchId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
