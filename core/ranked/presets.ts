/**
 * Time controls of server-run games: the presets a seek, a pool, a lobby seek or a challenge names,
 * each a clock and a Fischer increment ("3+2": 3 minutes each, 2 seconds added after every move).
 * The one source of the clock a match starts with; the rules of the clocks themselves (flag, first
 * move, grace, abort before both have moved) are core/ranked/game.ts.
 */
import type { GameId } from "../types.js";

/** A clock: the time each side starts with and the Fischer increment added after each of its moves. */
export interface ClockSetting {
  readonly initialMs: number;
  readonly incrementMs: number;
}

export const TIME_PRESETS = ["1+1", "3+2", "5+3", "10+5", "20+10"] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

const MIN = 60_000;

/** The clock of a preset: "m+s" is m minutes each and s seconds added after every move. */
export function presetClock(p: TimePreset): ClockSetting {
  const [m, s] = p.split("+").map(Number);
  return { initialMs: m * MIN, incrementMs: s * 1000 };
}

/**
 * The preset a seek gets when it names none (the clocks of the single queue before presets): Togyz
 * 10+5, small Tsoro boards (≤ 5 holes a row) 3+2, everything else 5+3.
 */
export function defaultPreset(game: GameId, options: Readonly<Record<string, number | boolean>>): TimePreset {
  if (game === "togyz") return "10+5";
  if ((game === "tsoro-classic" || game === "tsoro-wta") && typeof options.holes === "number" && options.holes <= 5)
    return "3+2";
  return "5+3";
}
