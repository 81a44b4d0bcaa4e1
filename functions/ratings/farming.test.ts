/**
 * The farming runs of the attack report, replayed with the server's own rating code
 * (./farms.ts): every run of one day ends under the bound docs/ranked.md states, 1500 + the cap
 * that applies (PROVISIONAL_GAIN_CAP over accounts that are not established, DAILY_GAIN_CAP
 * over any), and none of the farmed accounts is on the public leaderboard.
 */
import { describe, expect, test } from "vitest";
import { DAILY_GAIN_CAP, PROVISIONAL_GAIN_CAP } from "../../core/ranked/settle.js";
import { FARM_RUNS, newFarm } from "./farms.js";
import { leaderboardPage } from "./ratings.js";

describe("ratings nobody can farm", () => {
  test.each(FARM_RUNS.map((r) => [r.name, r] as const))("%s", async (_, run) => {
    const { rating } = await run.run();
    expect(rating).toBeLessThanOrEqual(1500 + (run.established ? DAILY_GAIN_CAP : PROVISIONAL_GAIN_CAP) + 1e-9);
  });

  test("a farm spread over days gains at most the provisional cap a day", async () => {
    const f = newFarm();
    const day = 24 * 3600_000;
    const t0 = 1_800_000_000_000;
    for (let d = 0; d < 4; d++)
      for (let i = 0; i < 30; i++) await f.play("farmer", `key${d}-${i}`, 1, t0 + d * day + i * 1000);
    const { rating } = await f.rating("farmer", t0 + 4 * day);
    expect(rating).toBeLessThanOrEqual(1500 + 4 * PROVISIONAL_GAIN_CAP + 1e-9);
    expect(rating).toBeGreaterThan(1500 + 3 * PROVISIONAL_GAIN_CAP);
  });

  test("fresh keys a farmer beat stay off the public leaderboard", async () => {
    const f = newFarm();
    for (let i = 0; i < 30; i++) await f.play("farmer", `key${i}`, 1, 1_800_000_000_000 + i * 1000);
    const page = await leaderboardPage(f.store, "ayo", 100, undefined);
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.rows.map((r) => r.playerId).filter((id) => id.startsWith("key"))).toEqual([]);
  });
});
