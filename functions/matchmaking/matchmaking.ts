/**
 * Matchmaking: seeks and pairing. Two seekers of the same game and options are paired when their
 * ratings are within the window (±100, widening by 50 every 10 s of waiting, at most ±600); two
 * seekers alone in the queue for those options are paired after a short wait whatever the gap, so
 * nobody waits for a window to widen when there is no one else to play. Pairing claims both seeks
 * with conditional deletes, lower player id first. Open lobby seeks share the queue's items but are
 * never paired here: a player accepts one (functions/lobby).
 */
import type { GameId } from "../../core/types.js";
import type { SeekRecord, SeekStore } from "./store.js";

export interface PairingRules {
  /** Rating window: `base + step * floor(wait / stepMs)`, at most `max`. */
  readonly windowBase: number;
  readonly windowStep: number;
  readonly windowStepMs: number;
  readonly windowMax: number;
  /** Two lone seekers are paired once the later of them has waited this long. */
  readonly loneWaitMs: number;
}

function ratingWindow(cfg: PairingRules, waitedMs: number): number {
  return Math.min(
    cfg.windowMax,
    cfg.windowBase + cfg.windowStep * Math.floor(Math.max(0, waitedMs) / cfg.windowStepMs),
  );
}

export function optionsKey(options: Readonly<Record<string, number | boolean>>): string {
  return Object.keys(options)
    .sort()
    .map((k) => `${k}=${String(options[k])}`)
    .join(",");
}

/** Whether `a` and `b` may be paired, given everyone seeking the same game (`queue`). */
function compatible(
  cfg: PairingRules,
  a: SeekRecord,
  b: SeekRecord,
  queue: readonly SeekRecord[],
  now: number,
): boolean {
  // An open lobby seek waits to be chosen (functions/lobby); the queue pairs only pool seeks.
  if (a.playerId === b.playerId || a.optionsKey !== b.optionsKey || a.open === true || b.open === true) return false;
  const w = Math.max(ratingWindow(cfg, now - a.since), ratingWindow(cfg, now - b.since));
  if (Math.abs(a.rating - b.rating) <= w) return true;
  const alone = queue.every(
    (s) => s.optionsKey !== a.optionsKey || s.playerId === a.playerId || s.playerId === b.playerId,
  );
  return alone && now - Math.max(a.since, b.since) >= cfg.loneWaitMs;
}

export interface Matchmaking {
  /** Pairs `me` with a waiting compatible seeker if any; `queued` says whether `me` is in the queue. */
  pairFor(me: SeekRecord, queued: boolean): Promise<SeekRecord | null>;
  /** Pairs whoever can be paired in a game's queue; calls `start` for each pair. */
  sweep(
    game: GameId,
    start: (a: SeekRecord, b: SeekRecord) => Promise<void>,
  ): Promise<{ paired: number; waiting: number }>;
}

export function createMatchmaking(store: SeekStore, rules: PairingRules, now: () => number): Matchmaking {
  /** Claims both seeks, lower player id first, so two claimants of one pair cannot both half-succeed. */
  async function claimPair(a: SeekRecord, b: SeekRecord): Promise<boolean> {
    const [first, second] = a.playerId < b.playerId ? [a, b] : [b, a];
    if (!(await store.takeSeek(first.game, first.playerId, first.token))) return false;
    if (await store.takeSeek(second.game, second.playerId, second.token)) return true;
    await store.putSeek(first); // give the first seeker its place back
    return false;
  }

  async function pairFor(me: SeekRecord, queued: boolean): Promise<SeekRecord | null> {
    const t = now();
    const queue = await store.listSeeks(me.game);
    const all = queue.some((s) => s.playerId === me.playerId) ? queue : [...queue, me];
    const others = queue
      .filter((o) => compatible(rules, me, o, all, t))
      .sort((x, y) => Math.abs(x.rating - me.rating) - Math.abs(y.rating - me.rating) || x.since - y.since);
    for (const o of others) {
      const claimed = queued ? await claimPair(me, o) : await store.takeSeek(o.game, o.playerId, o.token);
      if (claimed) return o;
    }
    return null;
  }

  async function sweep(
    game: GameId,
    start: (a: SeekRecord, b: SeekRecord) => Promise<void>,
  ): Promise<{ paired: number; waiting: number }> {
    let paired = 0;
    const t = now();
    const list = (await store.listSeeks(game)).filter((s) => s.open !== true).sort((a, b) => a.since - b.since);
    const used = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      if (used.has(list[i].playerId)) continue;
      for (let j = i + 1; j < list.length; j++) {
        if (used.has(list[j].playerId) || !compatible(rules, list[i], list[j], list, t)) continue;
        if (await claimPair(list[i], list[j])) {
          used.add(list[i].playerId);
          used.add(list[j].playerId);
          await start(list[i], list[j]);
          paired++;
          break;
        }
      }
    }
    return { paired, waiting: list.length - 2 * paired };
  }

  return { pairFor, sweep };
}
