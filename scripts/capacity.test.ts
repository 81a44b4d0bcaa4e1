import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  alarmMetricCount,
  archiveItemBytes,
  capacity,
  capacityMarkdown,
  DEFAULT_ASSUMPTIONS,
  DEFAULT_PLAYERS,
  fanout,
  loadMeasured,
  QUOTAS,
} from "./capacity.js";
import { logBytesPerMessage } from "../stacks/logs.js";
import { DEFAULT_SETTINGS } from "../stacks/settings.js";
import { LOBBY_CAP_DEFAULT } from "../functions/lobby/lobby.js";
import { WATCH_CAP_DEFAULT } from "../functions/spectate/spectate.js";

describe("the capacity command", () => {
  const m = loadMeasured();
  const doc = readFileSync("docs/operations.md", "utf8");
  const byName = (c: ReturnType<typeof capacity>, prefix: string): number => {
    const l = c.lines.find((x) => x.line.startsWith(prefix));
    if (l === undefined) throw new Error(`no line ${prefix}`);
    return l.usd;
  };

  test("docs/operations.md shows the command's own table (npm run -s capacity -- --markdown)", () => {
    const table = capacityMarkdown(DEFAULT_PLAYERS.map((n) => capacity(m, n, DEFAULT_ASSUMPTIONS)));
    // Compared cell by cell (the formatter pads the doc's columns).
    const norm = (t: string): string => t.replace(/ +/g, " ").replace(/-{3,}/g, "---");
    expect(norm(doc)).toContain(norm(table));
  });

  test("the at-rest cost names the stack's own alarm metrics (stacks/stacks.test.ts counts them in the template)", () => {
    const n = alarmMetricCount();
    const said = [...doc.matchAll(/(\d+) alarm metrics/g)].map((x) => Number(x[1]));
    expect(said.length).toBeGreaterThanOrEqual(2);
    expect(new Set(said)).toEqual(new Set([n]));
  });

  test("usage lines scale with the players; the fixed lines do not; the first limit follows the rates", () => {
    const one = capacity(m, 1_000, DEFAULT_ASSUMPTIONS);
    const ten = capacity(m, 10_000, DEFAULT_ASSUMPTIONS);
    for (const line of ["DynamoDB reads", "archive writes", "archive storage", "spectators"])
      expect(byName(ten, line)).toBeCloseTo(byName(one, line) * 10, 6);
    expect(byName(ten, "alarms")).toBe(byName(one, "alarms"));
    const throttle = one.limits[0];
    expect(throttle.of).toBe(DEFAULT_SETTINGS.wsThrottle.rate);
    const f = fanout(m, 1_000, DEFAULT_ASSUMPTIONS);
    expect(f.spectatorMessagesInPerMinute).toBeGreaterThan(0);
    expect(throttle.used).toBeCloseTo(
      (1_000 * m.figures.messagesInPerPlayerMinute + f.spectatorMessagesInPerMinute) / 60,
      6,
    );
    const account = ten.limits[1];
    expect(account.of).toBe(QUOTAS.accountRequestsPerSecond);
    // Callbacks count against the account: posts add to the messages in.
    expect(account.used).toBeGreaterThan(ten.limits[0].used);
    const big = capacity(m, 100_000, DEFAULT_ASSUMPTIONS);
    expect(big.first).not.toBeNull();
    expect(big.first!.used).toBeGreaterThanOrEqual(big.first!.of);
  });

  test("the lobby's fan-out grows with its watchers up to the cap, then only with the seek changes", () => {
    expect(DEFAULT_ASSUMPTIONS.lobbyCap).toBe(LOBBY_CAP_DEFAULT);
    const at = (n: number) => fanout(m, n, DEFAULT_ASSUMPTIONS);
    // 2 % of the players watch: 20 at 1,000, the cap of 50 at 10,000 and at 100,000 (the rest poll).
    expect(LOBBY_CAP_DEFAULT).toBe(50);
    expect(at(1_000).lobbyPushed).toBeCloseTo(20, 9);
    expect(at(1_000).lobbyPolling).toBe(0);
    expect(at(10_000).lobbyPushed).toBe(LOBBY_CAP_DEFAULT);
    expect(at(100_000).lobbyPushed).toBe(LOBBY_CAP_DEFAULT);
    expect(at(10_000).lobbyPolling).toBeCloseTo(200 - LOBBY_CAP_DEFAULT, 6);
    expect(at(100_000).lobbyPolling).toBeCloseTo(2_000 - LOBBY_CAP_DEFAULT, 6);
    const lobby = (n: number): number => byName(capacity(m, n, DEFAULT_ASSUMPTIONS), "lobby");
    // Below the cap: more changes and more watchers each (faster than the players); above: linear.
    expect(lobby(10_000)).toBeGreaterThan(lobby(1_000) * 10);
    expect(lobby(100_000)).toBeCloseTo(lobby(10_000) * 10, 3);
    const polls = (n: number): number => byName(capacity(m, n, DEFAULT_ASSUMPTIONS), "polls over the caps");
    expect(polls(1_000)).toBe(0);
    expect(polls(10_000)).toBeGreaterThan(0);
    expect(polls(100_000)).toBeGreaterThan(polls(10_000));
  });

  test("a game's pushed spectators stop at the cap; beyond it they poll", () => {
    expect(DEFAULT_ASSUMPTIONS.watchCap).toBe(WATCH_CAP_DEFAULT);
    const with_ = (spectatorsPerGame: number) => capacity(m, 1_000, { ...DEFAULT_ASSUMPTIONS, spectatorsPerGame });
    const atCap = with_(WATCH_CAP_DEFAULT);
    const over = with_(WATCH_CAP_DEFAULT + 30);
    expect(byName(over, "spectators")).toBeCloseTo(byName(atCap, "spectators"), 9);
    expect(byName(with_(2), "spectators")).toBeCloseTo(byName(with_(1), "spectators") * 2, 6);
    expect(byName(atCap, "polls over the caps")).toBe(0);
    expect(byName(over, "polls over the caps")).toBeGreaterThan(0);
    expect(fanout(m, 1_000, { ...DEFAULT_ASSUMPTIONS, spectatorsPerGame: 80 }).pollingPerGame).toBe(30);
  });

  test("the archive's item sizes are docs/archive.md's: about 650 bytes without moves, under 8 a move", () => {
    const b = archiveItemBytes();
    expect(b.game).toBeGreaterThan(500);
    expect(b.game).toBeLessThan(1024);
    expect(b.perMove).toBeGreaterThan(2);
    expect(b.perMove).toBeLessThan(8);
    expect(b.row).toBeLessThan(1024);
    // The measured mix: every finished game wrote the archive's items (docs/archive.md: 5 a game).
    expect(m.mix!.gamesEnded).toBeGreaterThan(0);
    expect(m.mix!.archiveWritesPerGame).toBeGreaterThanOrEqual(4);
  });

  test("the compact access log and Lambda's JSON format at WARN write less per message", () => {
    const b = logBytesPerMessage();
    expect(b.after.lambdaSystem).toBe(0);
    expect(b.before.lambdaSystem).toBeGreaterThan(200);
    expect(b.after.accessLog).toBeLessThan(b.before.accessLog / 2);
  });
});
