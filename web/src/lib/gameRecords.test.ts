import { describe, expect, test } from "vitest";
import type { LogEntry } from "../../../core/online/friend/game.js";
import type { Payload } from "../../../core/online/payload.js";
import { parseShareCode, replayRecord } from "../../../core/records/index.js";
import { friendLogRecord, matchRecord, replayCode } from "./gameRecords.js";

const entry = (from: 0 | 1, seq: number, payload: Payload): LogEntry => ({ from, seq, at: 1_000 + seq, payload });

describe("records of the games this device knows", () => {
  test("a friend game from the room's log: names in engine seats, the moves of the game being played", () => {
    const log: LogEntry[] = [
      entry(0, 1, { t: "setup", game: "togyz", options: {}, bestOf: 1 }),
      entry(0, 2, { t: "profile", name: "Asel" }),
      entry(1, 3, { t: "profile", name: "Nurlan" }),
      entry(0, 4, { t: "move", series: 0, game: 0, ply: 0, move: 7 }),
      entry(1, 5, { t: "chat", text: "good one" }),
      entry(1, 6, { t: "move", series: 0, game: 0, ply: 1, move: 8 }),
      // A stale move is refused by the rules and not part of the record.
      entry(0, 7, { t: "move", series: 0, game: 0, ply: 1, move: 9 }),
    ];
    const rec = friendLogRecord(log);
    expect(rec).toEqual({ game: "togyz", options: {}, moves: [7, 8], players: ["Asel", "Nurlan"] });
    expect(replayRecord(rec!).ok).toBe(true);
    expect(friendLogRecord(log.slice(0, 3))).toBeNull();
  });

  test("a friend game ended by forfeit keeps the result in engine seats", () => {
    const rec = friendLogRecord([
      entry(0, 1, { t: "setup", game: "ayo", options: { vsComputer: false }, bestOf: 1 }),
      entry(0, 2, { t: "move", series: 0, game: 0, ply: 0, move: 1 }),
      entry(1, 3, { t: "forfeit", whole: false }),
    ]);
    expect(rec).toMatchObject({
      game: "ayo",
      moves: [1],
      result: { winner: 0, reason: "forfeit" },
      players: ["Player 1", "Player 2"],
    });
  });

  test("a ranked match: the rules' own end is left to the moves, a resignation is kept; a share code opens it", () => {
    const seats = [{ name: "A" }, { name: "B" }] as const;
    const resigned = matchRecord({
      game: "tsoro-classic",
      options: { holes: 4, seeds: 1 },
      moves: [0],
      seats,
      result: { winner: 0, reason: "forfeit" },
    });
    expect(resigned).toEqual({
      game: "tsoro-classic",
      options: { holes: 4, seeds: 1 },
      moves: [0],
      players: ["A", "B"],
      result: { winner: 0, reason: "forfeit" },
    });
    const code = replayCode(resigned!);
    expect(code).not.toBeNull();
    const back = parseShareCode(code!);
    expect(back.ok && back.value.record).toEqual(resigned);
    expect(matchRecord({ game: "ayo", options: {}, moves: [], seats, result: null })).toMatchObject({ moves: [] });
  });
});
