/**
 * Ranked time controls and limits. The clock is the seek's preset (core/ranked/presets.ts), else the
 * game's default there: Togyz 10+5, Ayo and Tsoro 5+3, small Tsoro boards (≤ 5 holes a row) 3+2.
 *
 * Every value can be overridden from the environment (the local server and tests use small values):
 * RANKED_CLOCK_MS, RANKED_INCREMENT_MS (all games), RANKED_GRACE_MS, RANKED_FIRST_MOVE_MS,
 * RANKED_SEEK_TTL_MS, RANKED_WINDOW_STEP_MS, RANKED_LONE_WAIT_MS, LOBBY_SEEK_TTL_MS, PLAYER_CHALLENGE_TTL_MS.
 */
import type { GameId } from "../../core/types.js";
import { FIRST_MOVE_MS } from "../../core/ranked/game.js";
import { defaultPreset, presetClock, type TimePreset } from "../../core/ranked/presets.js";
import type { ClockSetting, RankedConfig } from "./types.js";
import { envIntOrUnset } from "../lib/env.js";

const MIN = 60_000;

function defaultClock(
  game: GameId,
  options: Readonly<Record<string, number | boolean>>,
  preset?: TimePreset,
): ClockSetting {
  return presetClock(preset ?? defaultPreset(game, options));
}

export const DEFAULT_RANKED_CONFIG: RankedConfig = {
  clockFor: defaultClock,
  graceMs: 90_000,
  firstMoveMs: FIRST_MOVE_MS,
  seekTtlMs: 10 * MIN,
  challengeTtlMs: 5 * MIN,
  lobbySeekTtlMs: 20 * MIN,
  playerChallengeTtlMs: 3 * MIN,
  windowBase: 100,
  windowStep: 50,
  windowStepMs: 10_000,
  windowMax: 600,
  loneWaitMs: 3_000,
};

const num = (env: NodeJS.ProcessEnv, key: string): number | undefined => envIntOrUnset(key, {}, env);

const OVERRIDES = [
  "RANKED_CLOCK_MS",
  "RANKED_INCREMENT_MS",
  "RANKED_GRACE_MS",
  "RANKED_FIRST_MOVE_MS",
  "RANKED_SEEK_TTL_MS",
  "RANKED_WINDOW_STEP_MS",
  "RANKED_LONE_WAIT_MS",
  "LOBBY_SEEK_TTL_MS",
  "PLAYER_CHALLENGE_TTL_MS",
] as const;

/** The environment overrides in force, as one string: the configuration is the same while it is. */
export function rankedConfigKey(env: NodeJS.ProcessEnv = process.env): string {
  return JSON.stringify(OVERRIDES.map((k) => env[k] ?? null));
}

/** The configuration with any environment overrides applied. */
export function readRankedConfig(env: NodeJS.ProcessEnv = process.env): RankedConfig {
  const clock = num(env, "RANKED_CLOCK_MS");
  const inc = num(env, "RANKED_INCREMENT_MS");
  const base = DEFAULT_RANKED_CONFIG;
  return {
    ...base,
    clockFor:
      clock === undefined && inc === undefined
        ? defaultClock
        : (game, options, preset) => {
            const d = defaultClock(game, options, preset);
            return { initialMs: clock ?? d.initialMs, incrementMs: inc ?? d.incrementMs };
          },
    graceMs: num(env, "RANKED_GRACE_MS") ?? base.graceMs,
    firstMoveMs: num(env, "RANKED_FIRST_MOVE_MS") ?? base.firstMoveMs,
    seekTtlMs: num(env, "RANKED_SEEK_TTL_MS") ?? base.seekTtlMs,
    windowStepMs: num(env, "RANKED_WINDOW_STEP_MS") ?? base.windowStepMs,
    loneWaitMs: num(env, "RANKED_LONE_WAIT_MS") ?? base.loneWaitMs,
    lobbySeekTtlMs: num(env, "LOBBY_SEEK_TTL_MS") ?? base.lobbySeekTtlMs,
    playerChallengeTtlMs: num(env, "PLAYER_CHALLENGE_TTL_MS") ?? base.playerChallengeTtlMs,
  };
}
