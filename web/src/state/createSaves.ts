/**
 * Matches saved on this device, newest first. The list is written after every move; Resume shows
 * the unfinished ones. Finished matches are kept a week (for the results screen), then dropped.
 */
import { createStore, reconcile, type Store } from "solid-js/store";
import { makeStoreContext } from "./context.js";
import { readJson, writeJson, type KeyValue } from "../lib/persist.js";
import { makeSavedGame, parseSavedGame, type SavedGame, type MatchSetup } from "./records.js";

const MAX_SAVED = 40;
export const KEEP_FINISHED_MS = 7 * 24 * 3600 * 1000;

interface SavesState {
  readonly games: readonly SavedGame[];
}

export interface SavesActions {
  get(id: string): SavedGame | undefined;
  /** Inserts or replaces a match; false when the device refused to store it. */
  put(game: SavedGame): boolean;
  remove(id: string): void;
  /** Removes these matches in one write. */
  removeMany(ids: readonly string[]): void;
  /** Removes every match that is over, or not touched for `olderThanMs`. */
  removeOld(now: number, olderThanMs: number): number;
  /** The last setup chosen in New game, to start from next time. */
  lastSetup(): MatchSetup | undefined;
}

export type SavesStore = readonly [Store<SavesState>, SavesActions];

const KEY = "games.v1";

function parseSaves(raw: unknown, now: number): SavedGame[] {
  if (!Array.isArray(raw)) return [];
  const out: SavedGame[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    const g = parseSavedGame(item);
    if (g === null || seen.has(g.id)) continue;
    if (g.series.over && now - g.updatedAt > KEEP_FINISHED_MS) continue;
    seen.add(g.id);
    out.push(g);
  }
  return out.sort((a, b) => b.updatedAt - a.updatedAt).slice(0, MAX_SAVED);
}

export function isResumable(g: SavedGame): boolean {
  return !g.series.over;
}

export function createSaves(kv: KeyValue, now: () => number = Date.now): SavesStore {
  const [state, setState] = createStore<{ games: SavedGame[] }>({ games: parseSaves(readJson(kv, KEY), now()) });
  const save = (): boolean =>
    writeJson(
      kv,
      KEY,
      state.games.map((g) => makeSavedGame(g)),
    );
  return [
    state,
    {
      get: (id) => state.games.find((g) => g.id === id),
      put(game) {
        const rest = state.games.filter((g) => g.id !== game.id);
        setState("games", reconcile([game, ...rest].slice(0, MAX_SAVED), { key: "id" }));
        return save();
      },
      remove(id) {
        setState("games", (gs) => gs.filter((g) => g.id !== id));
        save();
      },
      removeMany(ids) {
        const gone = new Set(ids);
        setState("games", (gs) => gs.filter((g) => !gone.has(g.id)));
        save();
      },
      removeOld(t, olderThanMs) {
        const keep = state.games.filter((g) => !g.series.over && t - g.updatedAt <= olderThanMs);
        const removed = state.games.length - keep.length;
        setState("games", keep);
        save();
        return removed;
      },
      lastSetup: () => state.games[0]?.setup,
    },
  ];
}

export const SavesContext = makeStoreContext<SavesStore>("useSaves");
export const useSaves = SavesContext.use;
