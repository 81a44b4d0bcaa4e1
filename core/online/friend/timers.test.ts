/**
 * The session's timers over a hand-driven clock: one timer per slot, `once` never replaces (nor
 * asks for a delay while armed), `set` does, a slot is free when its action runs, and under any
 * interleaving of arming, clearing and time passing, exactly the actions a plain model expects fire,
 * in its order.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { ManualClock } from "../testing/world.js";
import { createTimers, type TimerAction, type TimerSlot } from "./timers.js";

describe("the session's timers", () => {
  test("once arms a free slot only, and asks for no delay while the slot is armed", () => {
    const clock = new ManualClock();
    const fired: TimerAction[] = [];
    const t = createTimers(clock, (a) => fired.push(a));
    let asked = 0;
    const ms = (): number => (asked++, 100);
    t.once("retry", "flush", ms);
    t.once("retry", "rejoin", ms);
    expect(asked).toBe(1);
    expect(t.armed("retry")).toBe(true);
    clock.advance(99);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual(["flush"]);
    expect(t.armed("retry")).toBe(false);
  });

  test("set replaces; clear and clearAll leave nothing to fire; a slot is free while its action runs", () => {
    const clock = new ManualClock();
    const seen: [TimerAction, boolean][] = [];
    const t = createTimers(clock, (a) => seen.push([a, t.armed("relay")]));
    t.set("relay", "relayTimeout", 1_000);
    t.set("relay", "relayTimeout", 50);
    clock.advance(50);
    expect(seen).toEqual([["relayTimeout", false]]);
    t.set("gap", "gap", 10);
    t.once("knock", "knock", () => 10);
    t.clear("gap");
    t.clearAll();
    clock.advance(1_000);
    expect(seen).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });

  const SLOTS: readonly TimerSlot[] = ["gap", "retry", "relay", "knock"];
  const OP = fc.oneof(
    fc.record({ op: fc.constant("once" as const), slot: fc.constantFrom(...SLOTS), ms: fc.nat(500) }),
    fc.record({ op: fc.constant("set" as const), slot: fc.constantFrom(...SLOTS), ms: fc.nat(500) }),
    fc.record({ op: fc.constant("clear" as const), slot: fc.constantFrom(...SLOTS) }),
    fc.record({ op: fc.constant("advance" as const), ms: fc.nat(600) }),
  );

  test("any interleaving fires what a one-timer-per-slot model fires, in its order", () => {
    fc.assert(
      fc.property(fc.array(OP, { maxLength: 60 }), (ops) => {
        const clock = new ManualClock();
        const fired: string[] = [];
        const t = createTimers(clock, (a) => fired.push(a));
        // The model: per slot, the time due and the order it was armed in.
        const model = new Map<TimerSlot, { at: number; n: number; tag: string }>();
        const expected: string[] = [];
        let now = clock.t;
        let n = 0;
        const tagOf = (slot: TimerSlot, i: number): TimerAction =>
          (["gap", "flush", "rejoin", "relayTimeout", "knock", "create"] as const)[(SLOTS.indexOf(slot) + i) % 6];
        ops.forEach((o, i) => {
          if (o.op === "advance") {
            const end = now + o.ms;
            const due = [...model.entries()]
              .filter(([, v]) => v.at <= end)
              .sort((a, b) => a[1].at - b[1].at || a[1].n - b[1].n);
            for (const [slot, v] of due) {
              expected.push(v.tag);
              model.delete(slot);
            }
            now = end;
            clock.advance(o.ms);
          } else if (o.op === "clear") {
            model.delete(o.slot);
            t.clear(o.slot);
          } else {
            const tag = tagOf(o.slot, i);
            if (o.op === "set" || !model.has(o.slot)) model.set(o.slot, { at: now + o.ms, n: ++n, tag });
            if (o.op === "set") t.set(o.slot, tag, o.ms);
            else t.once(o.slot, tag, () => o.ms);
          }
          for (const slot of SLOTS) expect(t.armed(slot)).toBe(model.has(slot));
        });
        expect(fired).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
