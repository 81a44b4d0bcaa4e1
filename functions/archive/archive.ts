/**
 * What the ranked service tells the archive (functions/ranked/service.ts calls these two hooks): a
 * match started (it joins the live list) and a match ended (it is archived under both players and
 * leaves the live list). Both are idempotent: a settlement that runs again writes the same items.
 */
import { makeArchivedGame, makeLiveGame } from "../../core/archive/archive.js";
import type { ClockSetting, MatchRecord, RatingChange } from "../../core/ranked/types.js";
import type { GameId } from "../../core/types.js";
import type { ArchiveStore } from "./store.js";

export interface MatchArchive {
  started(m: MatchRecord): Promise<void>;
  ended(m: MatchRecord, changes: readonly [RatingChange, RatingChange] | null): Promise<void>;
}

/** The clock a match was made with: its own when it carries one (a preset's), else the game's fixed clock. */
export function clockOf(
  m: MatchRecord,
  fixed: (game: GameId, options: Readonly<Record<string, number | boolean>>) => ClockSetting,
): ClockSetting {
  const own = (m as MatchRecord & { readonly clock?: unknown }).clock;
  if (typeof own === "object" && own !== null) {
    const c = own as Partial<ClockSetting>;
    if (typeof c.initialMs === "number" && typeof c.incrementMs === "number")
      return { initialMs: c.initialMs, incrementMs: c.incrementMs };
  }
  return fixed(m.game, m.options);
}

export function createMatchArchive(
  store: ArchiveStore,
  fixedClock: (game: GameId, options: Readonly<Record<string, number | boolean>>) => ClockSetting,
  now: () => number,
): MatchArchive {
  return {
    started: (m) => store.putLive(makeLiveGame(m), now()),
    async ended(m, changes) {
      await store.putGame(makeArchivedGame(m, changes, clockOf(m, fixedClock)));
      await store.deleteLive(m.game, m.id);
    },
  };
}
