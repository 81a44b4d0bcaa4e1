/**
 * The chaos test: whole friend games and whole ranked games between two clients while the local
 * gateway cuts idle connections after 3 s and every connection after 8 s, throttles the stage,
 * fails 5% of integrations and drops each connection every 4 s on average, all at once. Nothing is
 * lost or applied twice, both devices (and the server, ranked) end on the same game, nobody is
 * shown as gone, forfeited, aborted or flagged, and no move is charged more than CLOCK_TOLERANCE_MS
 * beyond the time its player took.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHAOS_SCALE, friendGame, rankedGame, startChaosServer, type ChaosServer, type GameReport } from "./chaos.js";

/**
 * The most a move may be charged beyond its player's own time. At these rates a move can meet
 * several faults in a row (throttled, its integration failed, its connection dropped, the reconnect
 * throttled), each costing a backoff of up to 1 s or a reconnect; 10 s holds even on a loaded machine.
 */
const CLOCK_TOLERANCE_MS = 10_000;

/** Pairs of friend games played at most, until every kind of fault has met them. */
const FRIEND_ROUNDS = 8;

/** Pairs of ranked games played at most, until every kind of fault has met them. */
const RANKED_ROUNDS = 4;

let chaos: ChaosServer;
beforeAll(async () => {
  // Two ranked games at a time: they send less than the bench's mix of friend and ranked games, so
  // the stage throttle is sized for one and a half games (9 messages a second) to meet them.
  chaos = await startChaosServer(CHAOS_SCALE, 1.5);
});
afterAll(async () => {
  await chaos?.stop();
});

function expectClean(r: GameReport): void {
  expect(
    {
      lost: r.lost,
      duplicated: r.duplicated,
      falseDepartures: r.falseDepartures,
      // Shown away for ABSENCE_QUIET_MS or more at all, whatever the cause: at two games at a time
      // no reconnect takes that long.
      shownAway: r.absences.shown,
      same: r.same,
      refusedStale: r.refusedStale,
      otherMatch: r.otherMatch,
    },
    r.detail,
  ).toEqual({
    lost: 0,
    duplicated: 0,
    falseDepartures: 0,
    shownAway: 0,
    same: true,
    refusedStale: 0,
    otherMatch: 0,
  });
  expect(r.moves).toBeGreaterThan(4);
}

describe("chaos", () => {
  // Friend games under every fault at once, key exchange included (each exchange step is sent
  // again until the server answers it, and a step sent twice is taken once). A friend game of Tsoro
  // is short: pairs of games are played until the faults have met them (throttled, failed and
  // dropped frames all counted while they played), at most FRIEND_ROUNDS pairs.
  test("friend games played to the end under every fault at once", async () => {
    const before = chaos.server.stats().faults;
    const reports: GameReport[] = [];
    let met = { throttled: 0, failed: 0, dropped: 0 };
    for (let round = 0; round < FRIEND_ROUNDS; round++) {
      const seed = 101 + 2 * round;
      reports.push(
        ...(await Promise.all([
          friendGame(chaos, CHAOS_SCALE, { index: seed, seed }),
          friendGame(chaos, CHAOS_SCALE, { index: seed + 1, seed: seed + 1 }),
        ])),
      );
      const now = chaos.server.stats().faults;
      met = {
        throttled: now.throttled - before.throttled,
        failed: now.failed - before.failed,
        dropped: now.dropped - before.dropped,
      };
      if (met.throttled > 0 && met.failed > 0 && met.dropped > 0 && round >= 1) break;
    }
    for (const r of reports) expectClean(r);
    expect(met.throttled, JSON.stringify(met)).toBeGreaterThan(0);
    expect(met.failed, JSON.stringify(met)).toBeGreaterThan(0);
    expect(met.dropped, JSON.stringify(met)).toBeGreaterThan(0);
  }, 180_000);

  test("ranked games played to the end under every fault at once", async () => {
    // Pairs of ranked games on the smallest board (seeds ≡ 0 mod 5: 4 × 2), until every kind of
    // fault has met them (a loaded machine plays slower, and a slower game meets the throttle less).
    const reports: GameReport[] = [];
    for (let round = 0; round < RANKED_ROUNDS; round++) {
      const seed = 105 + 10 * round;
      reports.push(
        ...(await Promise.all([
          rankedGame(chaos, CHAOS_SCALE, { index: seed, seed }, `t${round}a`),
          rankedGame(chaos, CHAOS_SCALE, { index: seed + 5, seed: seed + 5 }, `t${round}b`),
        ])),
      );
      const f = chaos.server.stats().faults;
      if (f.throttled > 0 && f.failed > 0 && f.dropped > 0) break;
    }
    for (const r of reports) expectClean(r);
    const ranked = reports.filter((r) => r.mode === "ranked");
    const charges = ranked.flatMap((r) => r.overcharges);
    expect(charges.length).toBeGreaterThan(0);
    expect(Math.max(...charges)).toBeLessThanOrEqual(CLOCK_TOLERANCE_MS);
    // The faults did happen: the games rode over them.
    const f = chaos.server.stats().faults;
    expect(f.throttled).toBeGreaterThan(0);
    expect(f.failed).toBeGreaterThan(0);
    expect(f.dropped).toBeGreaterThan(0);
    expect(reports.flatMap((r) => r.recoveries).length).toBeGreaterThan(0);
    // Idle and longest-connection cuts are not asserted here: with throttled sign-ins a replaced
    // socket can still be cut while its successor resumes (harmless: the seat has moved on). The
    // planned reconnect beating the cut is asserted without other faults in reconnect.test.ts.
  }, 360_000);
});
