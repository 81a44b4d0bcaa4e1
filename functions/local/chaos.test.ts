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

/** The most a move may be charged beyond its player's own time (a drop plus a reconnect). */
const CLOCK_TOLERANCE_MS = 5_000;

let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer(CHAOS_SCALE, 4);
});
afterAll(async () => {
  await chaos?.stop();
});

function expectClean(r: GameReport): void {
  expect(
    { lost: r.lost, duplicated: r.duplicated, falseDepartures: r.falseDepartures, same: r.same },
    r.detail,
  ).toEqual({
    lost: 0,
    duplicated: 0,
    falseDepartures: 0,
    same: true,
  });
  expect(r.moves).toBeGreaterThan(4);
}

describe("chaos", () => {
  test("friend and ranked games played to the end under every fault at once", async () => {
    const url = chaos.server.wsUrl;
    const reports = await Promise.all([
      friendGame(url, CHAOS_SCALE, 101),
      friendGame(url, CHAOS_SCALE, 102),
      rankedGame(url, CHAOS_SCALE, 103, "t1"),
      rankedGame(url, CHAOS_SCALE, 104, "t2"),
    ]);
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
    // The heartbeat keeps every connection inside the idle cut, and the planned reconnect beats the longest.
    expect(f.idleCuts).toBe(0);
    expect(f.maxCuts).toBe(0);
  }, 120_000);
});
