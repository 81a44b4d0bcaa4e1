/** The device's snapshot: a saved log is rebuilt by the engine, or not taken at all. */
import { describe, expect, test } from "vitest";
import { createReplayGuard } from "../../crypto/envelope.js";
import type { LogEntry } from "./game.js";
import { restoreSnapshot, triesFor, type SessionSnapshot } from "./snapshot.js";

const setup: LogEntry = {
  from: 0,
  seq: 1,
  at: 1,
  payload: { t: "setup", game: "tsoro-wta", options: { holes: 4, seeds: 1 }, bestOf: 1 },
};

function snap(log: readonly LogEntry[], extra: Partial<SessionSnapshot> = {}): SessionSnapshot {
  return {
    v: 2,
    roomId: "room",
    secret: "s",
    code: "ABCD-EFGH",
    key: null,
    seat: 0,
    applied: log.length,
    guard: createReplayGuard(),
    nextCseq: 3,
    log,
    outbox: [{ payload: { t: "chat", text: "queued" }, kind: "chat", cseq: null, box: null }],
    ...extra,
  };
}

describe("snapshot", () => {
  test("a log that replays gives the game back with its numbers and what was not yet sent", () => {
    const r = restoreSnapshot(snap([setup]));
    expect(r).not.toBeNull();
    expect(r!.game.settings?.game).toBe("tsoro-wta");
    expect(r!.game.state).not.toBeNull();
    expect(r!.applied).toBe(1);
    expect(r!.nextCseq).toBe(3);
    expect(r!.outbox.map((o) => o.payload)).toEqual([{ t: "chat", text: "queued" }]);
  });

  test("a log the engine refuses is not taken", () => {
    const move: LogEntry = { from: 1, seq: 2, at: 2, payload: { t: "move", series: 0, game: 0, ply: 5, move: 99 } };
    expect(restoreSnapshot(snap([setup, move]))).toBeNull();
  });

  test("the owner's count of answered exchanges holds only for its own code", () => {
    const s = snap([], { tries: { code: "ABCD-EFGH", used: 3.7 } });
    expect(triesFor(s, "ABCD-EFGH")).toBe(3);
    expect(triesFor(s, "OTHER-CODE")).toBeNull();
    expect(triesFor(snap([]), "ABCD-EFGH")).toBeNull();
    expect(triesFor(null, "ABCD-EFGH")).toBeNull();
  });
});
