/**
 * The incoming log: whatever order and however often messages arrive, each leaves once, in the
 * room's order; a gap is skipped only when asked to.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { StoredMessage } from "../../protocol/friend.js";
import { complete, createInLog, hasGap, highest, raiseFloor, skipGap, takeIn, takeOut, type InLog } from "./inlog.js";

const msg = (seq: number): StoredMessage => ({
  seq,
  from: (seq % 2) as 0 | 1,
  cseq: seq,
  kind: "game",
  box: `b${seq}`,
  at: seq,
  sent: [0, 0],
  proof: "p",
});

/** Takes everything out that is in order. */
function drain(log: InLog, outSeqs: number[]): InLog {
  for (let r = takeOut(log); r !== null; r = takeOut(log)) {
    log = r.log;
    outSeqs.push(r.msg.seq);
  }
  return log;
}

describe("incoming log", () => {
  test("any order, any duplicates: each number leaves once, in order, and the log is complete", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 30 }),
        (n, extra, floor) => {
          // Every number 1..n arrives at least once, in a shuffled order with repeats.
          const arrivals = [...Array.from({ length: n }, (_, i) => i + 1), ...extra.filter((s) => s <= n)];
          const order = arrivals.map((s, i) => ({ s, k: (s * 7919 + i * 104_729) % 1009 })).sort((a, b) => a.k - b.k);
          let log = raiseFloor(createInLog(), Math.min(floor, n));
          const out: number[] = [];
          for (const { s } of order) log = drain(takeIn(log, msg(s)), out);
          expect(out).toEqual(Array.from({ length: n }, (_, i) => i + 1));
          expect(log.applied).toBe(n);
          expect(complete(log)).toBe(true);
          expect(hasGap(log)).toBe(false);
        },
      ),
    );
  });

  test("a message already taken out, or already waiting, changes nothing", () => {
    let log = takeIn(createInLog(), msg(1));
    const r = takeOut(log)!;
    log = r.log;
    expect(takeIn(log, msg(1))).toBe(log);
    const waiting = takeIn(log, msg(3));
    expect(takeIn(waiting, msg(3))).toBe(waiting);
  });

  test("a gap holds everything after it until skipped; skipping goes to just before the lowest waiting", () => {
    let log = createInLog(2);
    log = takeIn(takeIn(log, msg(5)), msg(6));
    expect(takeOut(log)).toBeNull();
    expect(hasGap(log)).toBe(true);
    expect(highest(log)).toBe(6);
    log = skipGap(log);
    expect(log.applied).toBe(4);
    const out: number[] = [];
    log = drain(log, out);
    expect(out).toEqual([5, 6]);
    expect(complete(log)).toBe(true);
  });

  test("the floor: numbers known to exist make a gap even with nothing waiting; skipping reaches the floor", () => {
    let log = raiseFloor(createInLog(), 4);
    expect(hasGap(log)).toBe(true);
    expect(complete(log)).toBe(false);
    expect(raiseFloor(log, 2)).toBe(log);
    log = skipGap(log);
    expect(log.applied).toBe(4);
    expect(complete(log)).toBe(true);
  });
});
