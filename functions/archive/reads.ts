/**
 * The archive's public reads, behind the HTTP routes (functions/http/game.ts, playerGames.ts,
 * playerRatings.ts, tv.ts, live.ts): one game live or archived, a player's games newest first, a
 * player's rating history, the live games of a game and the featured one. Every answer is the same
 * for every viewer, so CloudFront caches it for seconds (docs/archive.md).
 */
import {
  makeArchivedResponse,
  makeLiveResponse,
  rankLive,
  ratingPointOf,
  RATING_POINTS_MAX,
  type GameResponse,
  type LiveResponse,
  type PlayerGamesResponse,
  type PlayerRatingsResponse,
  type RatingPoint,
  type TvResponse,
} from "../../core/archive/archive.js";
import type { HttpErrorCode } from "../../core/protocol/errors.js";
import { isMatchId } from "../../core/protocol/watch.js";
import type { ClockSetting } from "../../core/ranked/types.js";
import { err, ok, type GameId, type Result } from "../../core/types.js";
import type { MatchStore } from "../matches/store.js";
import { clockOf } from "./archive.js";
import type { ArchiveStore } from "./store.js";

interface ReadError {
  readonly code: HttpErrorCode;
  readonly message: string;
}

export interface ArchiveReadDeps {
  readonly archive: ArchiveStore;
  readonly matches: MatchStore;
  readonly fixedClock: (game: GameId, options: Readonly<Record<string, number | boolean>>) => ClockSetting;
  readonly now: () => number;
}

/** Rows read per page while collecting a rating history (rated games only count). */
const RATING_PAGE = 50;
/** Live entries TV tries before it gives up on a list whose games all ended meanwhile. */
const TV_TRIES = 3;

const PLAYER_ID = /^[A-Za-z0-9_-]{43}$/;

export interface ArchiveReads {
  game(id: string): Promise<Result<GameResponse, ReadError>>;
  playerGames(
    playerId: string,
    game: GameId,
    limit: number,
    cursor: string | null,
  ): Promise<Result<PlayerGamesResponse, ReadError>>;
  playerRatings(playerId: string, game: GameId): Promise<Result<PlayerRatingsResponse, ReadError>>;
  live(game: GameId): Promise<LiveResponse>;
  tv(game: GameId): Promise<TvResponse>;
}

export function createArchiveReads(d: ArchiveReadDeps): ArchiveReads {
  const badPlayer = (): { ok: false; error: ReadError } =>
    err({ code: "query/bad_player_id", message: "not a player id" });

  async function game(id: string): Promise<Result<GameResponse, ReadError>> {
    if (!isMatchId(id)) return err({ code: "game/not_found", message: "no such game" });
    const archived = await d.archive.getGame(id);
    if (archived !== null) return ok(makeArchivedResponse(archived));
    const m = await d.matches.getMatch(id);
    // A pairing written off before it started (a player was busy) was never a game.
    if (m === null || (m.settled && m.moves.length === 0 && m.endedAt === m.createdAt))
      return err({ code: "game/not_found", message: "no such game" });
    return ok(makeLiveResponse(m, clockOf(m, d.fixedClock), d.now()));
  }

  return {
    game,
    async playerGames(playerId, g, limit, cursor) {
      if (!PLAYER_ID.test(playerId)) return badPlayer();
      const page = await d.archive.listPlayerGames(playerId, g, limit, cursor);
      if (page === null) return err({ code: "query/bad_cursor", message: "cursor is not one this server gave out" });
      return ok({ playerId, game: g, games: page.rows, next: page.next });
    },
    async playerRatings(playerId, g) {
      if (!PLAYER_ID.test(playerId)) return badPlayer();
      const points: RatingPoint[] = [];
      let cursor: string | null = null;
      do {
        const page = await d.archive.listPlayerGames(playerId, g, RATING_PAGE, cursor);
        if (page === null) break;
        for (const row of page.rows) {
          const p = ratingPointOf(row);
          if (p !== null && points.length < RATING_POINTS_MAX) points.push(p);
        }
        cursor = page.next;
      } while (cursor !== null && points.length < RATING_POINTS_MAX);
      return ok({ playerId, game: g, points: points.reverse() });
    },
    async live(g) {
      return { game: g, games: rankLive(await d.archive.listLive(g, d.now())) };
    },
    async tv(g) {
      const ranked = rankLive(await d.archive.listLive(g, d.now()));
      for (const entry of ranked.slice(0, TV_TRIES)) {
        const m = await d.matches.getMatch(entry.id);
        if (m !== null && m.status === "active")
          return { game: g, featured: makeLiveResponse(m, clockOf(m, d.fixedClock), d.now()) };
      }
      return { game: g, featured: null };
    },
  };
}
