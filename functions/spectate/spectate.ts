/**
 * Watching live server-run games, bounded by design. A game's pushed spectators are kept in its
 * match item (`watchers`, at most `cap` connections), so a move costs exactly what it did plus one
 * `@connections` post per spectator: the move's own read already holds the list, and nothing more is
 * read or written. Joining costs one read of the match and one conditional write of it (on `rev`,
 * so a move in between is never lost); a full game, a finished game or a repeated join costs the
 * read only, and the client of a full game polls the cached `GET /api/games/{id}` instead. A
 * spectator whose connection is gone is dropped from the list by the next change that fails to reach
 * it (one write, once).
 */
import { makeMatchView } from "../../core/ranked/game.js";
import type { MatchRecord, RatingChange } from "../../core/ranked/types.js";
import { makeWatchError, type WatchServerMessage } from "../../core/protocol/watch.js";
import type { MatchStore } from "../matches/store.js";
import { envInt } from "../lib/env.js";

type Rid = string | number | undefined;

/** Spectators pushed per game by default (the deploy setting `MANCALA_WATCH_CAP` overrides, stacks/settings.ts). */
export const WATCH_CAP_DEFAULT = 50;

export function watchCap(env: NodeJS.ProcessEnv = process.env): number {
  return envInt("MANCALA_WATCH_CAP", WATCH_CAP_DEFAULT, { min: 1 }, env);
}

export interface SpectateDeps {
  readonly store: MatchStore;
  readonly send: (connId: string, msg: WatchServerMessage) => Promise<boolean>;
  readonly now: () => number;
  readonly cap: number;
}

export interface Spectate {
  /** Starts watching: the answer for the watcher (its first `watch.match`, `watch.full` or an error). */
  watch(connId: string, rid: Rid, matchId: string): Promise<WatchServerMessage>;
  stop(connId: string, rid: Rid, matchId: string): Promise<WatchServerMessage>;
  /** Pushes the match as it now is to its spectators (after the players have theirs). */
  fanOut(m: MatchRecord): Promise<void>;
}

const MAX_RETRIES = 8;

function ridOf(r: Rid): { rid?: string | number } {
  return r !== undefined ? { rid: r } : {};
}

function changesOf(m: MatchRecord): [RatingChange, RatingChange] | null {
  return m.changes === null ? null : [m.changes[0], m.changes[1]];
}

export function createSpectate(d: SpectateDeps): Spectate {
  const matchMessage = (m: MatchRecord, r: Rid): WatchServerMessage => ({
    type: "watch.match",
    ...ridOf(r),
    match: makeMatchView(m, d.now()),
    changes: changesOf(m),
  });

  /** Rewrites the watcher list of match `id` with `change` (null: nothing to write), retrying lost races. */
  async function rewrite(
    id: string,
    change: (m: MatchRecord, watchers: readonly string[]) => readonly string[] | null,
  ): Promise<MatchRecord | null> {
    for (let i = 0; i < MAX_RETRIES; i++) {
      const m = await d.store.getMatch(id);
      if (m === null) return null;
      const next = change(m, m.watchers ?? []);
      if (next === null) return m;
      const written: MatchRecord = { ...m, watchers: next, rev: m.rev + 1 };
      if (await d.store.putMatch(written, m.rev)) return written;
    }
    return null;
  }

  return {
    async watch(connId, r, matchId) {
      let full = false;
      const m = await rewrite(matchId, (cur, w) => {
        full = false;
        if (cur.status !== "active" || w.includes(connId)) return null;
        if (w.length >= d.cap) {
          full = true;
          return null;
        }
        return [...w, connId];
      });
      if (m === null) return makeWatchError("watch/not_found", "no such game", r);
      if (full) return { type: "watch.full", ...ridOf(r), matchId, cap: d.cap };
      return matchMessage(m, r);
    },
    async stop(connId, r, matchId) {
      await rewrite(matchId, (_, w) => (w.includes(connId) ? w.filter((c) => c !== connId) : null));
      return { type: "watch.stopped", ...ridOf(r), matchId };
    },
    async fanOut(m) {
      const watchers = m.watchers ?? [];
      if (watchers.length === 0) return;
      const msg = matchMessage(m, undefined);
      const delivered = await Promise.all(watchers.map((c) => d.send(c, msg)));
      const gone = watchers.filter((_, i) => !delivered[i]);
      if (gone.length === 0) return;
      await rewrite(m.id, (_, w) => {
        const kept = w.filter((c) => !gone.includes(c));
        return kept.length === w.length ? null : kept;
      });
    },
  };
}
