/**
 * The lobby and challenges (docs/lobby.md). An open seek is a seek item of the matchmaking queue
 * marked `open` (functions/matchmaking/store.ts): the queue never pairs it; a player accepts it by
 * deleting it on its token (a conditional delete, so of two players accepting one seek exactly one
 * gets the game), and the match starts as a quick-paired one does (functions/ranked/service.ts).
 *
 * The live view: a game's watchers are items `LOBBYW#<game>` (at most `cap`); every change of the
 * game's open seeks (posted, cancelled, accepted, its connection closed) costs one query of the
 * watchers and one `@connections` post to each. A watcher beyond the cap is told to poll the cached
 * `GET /api/lobby` instead, so one busy lobby costs at most `cap` posts per change.
 *
 * A challenge is an item `CHAL#<to>` / `<from>`; it reaches the player challenged at the connection
 * that last signed them in (their profile's), and waits there (`challenge.list`) until it expires.
 */
import type { ChallengeView, OpenSeek } from "../../core/protocol/lobby.js";
import type { RankedServerMessage } from "../../core/protocol/ranked.js";
import { isProvisional } from "../../core/ratings.js";
import type { GameId } from "../../core/types.js";
import { envInt } from "../lib/env.js";
import type { SeekRecord } from "../matchmaking/store.js";
import type { ChallengeRecord, LobbyStore } from "./store.js";

/** Watchers pushed per game's lobby by default (`MANCALA_LOBBY_CAP` overrides, stacks/settings.ts). */
export const LOBBY_CAP_DEFAULT = 50;

export function lobbyCap(env: NodeJS.ProcessEnv = process.env): number {
  return envInt("MANCALA_LOBBY_CAP", LOBBY_CAP_DEFAULT, { min: 1 }, env);
}

/** Challenges listed for one player at most (older ones wait behind). */
export const CHALLENGES_LISTED = 20;

/** An open seek's public id: the seeker's player id (43 characters) followed by the seek's token. */
function seekIdOf(s: SeekRecord): string {
  return `${s.playerId}${s.token}`;
}

export function splitSeekId(id: string): { readonly playerId: string; readonly token: string } | null {
  return id.length > 43 ? { playerId: id.slice(0, 43), token: id.slice(43) } : null;
}

export function openSeekView(s: SeekRecord): OpenSeek {
  return {
    id: seekIdOf(s),
    game: s.game,
    options: { ...s.options },
    preset: s.preset!,
    casual: s.casual === true,
    playerId: s.playerId,
    name: s.name,
    rating: Math.round(s.rating),
    provisional: isProvisional(s),
    range: s.range ?? null,
    since: s.since,
    expiresAt: s.expiresAt,
  };
}

export function challengeView(c: ChallengeRecord): ChallengeView {
  return {
    id: c.id,
    from: {
      playerId: c.from.playerId,
      name: c.from.name,
      rating: Math.round(c.from.rating),
      provisional: isProvisional(c.from),
    },
    to: { ...c.to },
    game: c.game,
    options: { ...c.options },
    preset: c.preset,
    casual: c.casual,
    rematchOf: c.rematchOf,
    createdAt: c.createdAt,
    expiresAt: c.expiresAt,
  };
}

export interface LobbyDeps {
  readonly store: LobbyStore;
  readonly send: (connId: string, msg: RankedServerMessage) => Promise<boolean>;
  readonly now: () => number;
  readonly cap: number;
}

export interface Lobby {
  /** Starts pushing a game's lobby to `connId`: the answer is the list as it is now. */
  watch(
    connId: string,
    rid: string | number | undefined,
    game: GameId,
    seeks: readonly SeekRecord[],
  ): Promise<RankedServerMessage>;
  unwatch(connId: string, game: GameId): Promise<void>;
  /** Tells the game's watchers that an open seek was posted. */
  added(s: SeekRecord): Promise<void>;
  /** Tells the game's watchers that an open seek is gone. */
  removed(s: SeekRecord): Promise<void>;
}

export function createLobby(deps: LobbyDeps): Lobby {
  const { store, send, now, cap } = deps;

  async function fanOut(game: GameId, msg: RankedServerMessage): Promise<void> {
    const conns = await store.watchers(game, cap, now());
    await Promise.all(
      conns.map(async (c) => {
        // A watcher whose connection is gone is dropped by the first change that fails to reach it.
        if (!(await send(c, msg))) await store.removeWatcher(game, c);
      }),
    );
  }

  return {
    async watch(connId, rid, game, seeks) {
      const live = await store.addWatcher(game, connId, cap, now());
      return {
        type: "lobby.list",
        ...(rid !== undefined ? { rid } : {}),
        game,
        seeks: seeks
          .filter((s) => s.open === true)
          .sort((a, b) => a.since - b.since)
          .map(openSeekView),
        live,
      };
    },
    unwatch: (connId, game) => store.removeWatcher(game, connId),
    added: (s) => fanOut(s.game, { type: "lobby.added", game: s.game, seek: openSeekView(s) }),
    removed: (s) => fanOut(s.game, { type: "lobby.removed", game: s.game, id: seekIdOf(s) }),
  };
}
