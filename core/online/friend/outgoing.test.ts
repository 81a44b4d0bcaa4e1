/**
 * Sending the log on its own: one relay at a time, after the room's head, sealed once; nothing goes
 * while anything it needs is missing; a relay unanswered for RELAY_TIMEOUT_MS goes again, paced,
 * with the same number and box.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { openBox } from "../../crypto/envelope.js";
import { seatedState, testWorld } from "../testing/world.js";
import { onTimer } from "./events.js";
import { RELAY_TIMEOUT_MS, enqueueOut, flush } from "./outgoing.js";
import type { SessionState } from "./state.js";

describe("sending the room's log", () => {
  test("one relay in flight after the room's head, sealed under the room key; the next waits", () => {
    const w = testWorld();
    const s = seatedState(0);
    enqueueOut(s, w.env, { t: "chat", text: "hi" });
    enqueueOut(s, w.env, { t: "chat", text: "again" });
    const relays = w.requests("relay");
    expect(relays).toHaveLength(1);
    expect(relays[0]).toMatchObject({ seq: 1, cseq: 1, seat: 0, tok: "TOK", via: "VIA", kind: "chat" });
    expect(relays[0].prev).toEqual({ sent: [0, 0], proof: "P0" });
    const opened = openBox(s.key!, String(relays[0].box));
    expect(opened.ok && opened.value.body).toEqual({ t: "chat", text: "hi" });
    expect(s.out.inflight).toBe(true);
    expect(w.env.timers.armed("relay")).toBe(true);
    expect(s.out.items).toHaveLength(2);
  });

  const GATES: readonly [string, (s: SessionState, w: ReturnType<typeof testWorld>) => void][] = [
    ["not seated", (s) => void (s.status = "pending")],
    ["no seat", (s) => void (s.seat = null)],
    ["no room key", (s) => void (s.key = null)],
    ["not caught up", (s) => void (s.sync = { ...s.sync, caughtUp: false })],
    ["no seat token", (s) => void (s.peer = { ...s.peer, token: "" })],
    ["no room head", (s) => void (s.out = { ...s.out, top: null })],
    ["no socket", (_s, w) => void (w.open = false)],
    ["closed", (s) => void (s.disposed = true)],
    ["a paced retry waits", (_s, w) => w.env.timers.set("retry", "flush", 1_000)],
  ];

  test("nothing is relayed while any one thing it needs is missing, and it goes once that is back", () => {
    fc.assert(
      fc.property(fc.subarray([...GATES.keys()], { minLength: 1 }), (broken) => {
        const w = testWorld((a, env) => onTimer(s, env, a));
        const s = seatedState(1);
        for (const i of broken) GATES[i][1](s, w);
        enqueueOut(s, w.env, { t: "pause", on: true });
        expect(w.requests("relay")).toEqual([]);
        const fresh = seatedState(1);
        Object.assign(s, { ...fresh, key: fresh.key, out: { ...fresh.out, items: s.out.items } });
        w.open = true;
        w.env.timers.clear("retry");
        flush(s, w.env);
        expect(w.requests("relay")).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });

  test("a relay unanswered goes again after the timeout and the pacer's wait, with its number and box", () => {
    const w = testWorld((a, env) => onTimer(s, env, a));
    const s = seatedState(0);
    enqueueOut(s, w.env, { t: "rematch" });
    const first = w.requests("relay")[0];
    w.clock.advance(RELAY_TIMEOUT_MS - 1);
    expect(w.requests("relay")).toHaveLength(1);
    w.clock.advance(1);
    expect(s.out.inflight).toBe(false);
    expect(w.env.timers.armed("retry")).toBe(true);
    w.clock.advance(249);
    expect(w.requests("relay")).toHaveLength(1);
    w.clock.advance(1);
    const again = w.requests("relay");
    expect(again).toHaveLength(2);
    expect(again[1]).toEqual(first);
    // The second loss waits twice as long (the pacer's streak).
    w.clock.advance(RELAY_TIMEOUT_MS + 499);
    expect(w.requests("relay")).toHaveLength(2);
    w.clock.advance(1);
    expect(w.requests("relay")).toHaveLength(3);
  });
});
