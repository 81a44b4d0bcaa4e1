/**
 * The server's answers to this seat's relay, on their own: an acknowledgement applies one's own
 * message and lets the next go; a refusal is carried out (dropped and told, caught up, renumbered,
 * rejoined) and, whatever the server answers, relays never go faster than the pacer spaces them.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { RELAY_REFUSALS, seatedState, testWorld } from "../testing/world.js";
import { onTimer } from "./events.js";
import { enqueueOut } from "./outgoing.js";
import { relayAcked, relayRefused } from "./relay.js";

const ack = (cseq: number, seq: number) => ({
  type: "relay.ack" as const,
  cseq,
  seq,
  at: 1_000_000 + seq,
  sent: [cseq, 0] as [number, number],
  proof: `P${seq}`,
});

describe("answers to this seat's relay", () => {
  test("acknowledged: applied here as one's own, and the next one goes after the new head", () => {
    const w = testWorld();
    const s = seatedState(0);
    enqueueOut(s, w.env, { t: "chat", text: "one" });
    enqueueOut(s, w.env, { t: "chat", text: "two" });
    relayAcked(s, w.env, ack(7, 1));
    expect(w.requests("relay")).toHaveLength(1);
    relayAcked(s, w.env, ack(1, 1));
    expect(w.events("applied")).toMatchObject([{ from: 0, seq: 1, payload: { t: "chat", text: "one" } }]);
    const relays = w.requests("relay");
    expect(relays).toHaveLength(2);
    expect(relays[1]).toMatchObject({ seq: 2, cseq: 2, prev: { sent: [1, 0], proof: "P1" } });
  });

  test("a chat line over the flood rule is dropped and told; the next goes once the pacer allows", () => {
    const w = testWorld((a, env) => onTimer(s, env, a));
    const s = seatedState(0);
    enqueueOut(s, w.env, { t: "chat", text: "one" });
    enqueueOut(s, w.env, { t: "pause", on: true });
    relayRefused(s, w.env, "chat/flood", "too many", undefined, undefined);
    expect(w.events("error").map((e) => e.code)).toEqual(["chat/flood"]);
    expect(s.out.items.map((o) => o.payload.t)).toEqual(["pause"]);
    w.clock.advance(250);
    expect(w.requests("relay").at(-1)).toMatchObject({ kind: "game" });
  });

  test("a taken number or a stale head: caught up first; not seated: a paced rejoin", () => {
    const w = testWorld((a, env) => onTimer(s, env, a));
    const s = seatedState(1);
    enqueueOut(s, w.env, { t: "rematch" });
    relayRefused(s, w.env, "relay/seq_taken", "m", undefined, undefined);
    expect(w.requests("sync")).toHaveLength(1);
    w.clock.advance(250);
    expect(w.requests("relay")).toHaveLength(2);
    relayRefused(s, w.env, "room/not_seated", "m", undefined, undefined);
    expect(w.fx).not.toContainEqual({ t: "link", op: "restart" });
    w.clock.advance(60_000);
    expect(w.fx.filter((f) => f.t === "link" && f.op === "restart")).toHaveLength(1);
  });

  test("whatever the server refuses and hints, relays are spaced at least the pacer's first wait apart", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            code: fc.constantFrom(...RELAY_REFUSALS),
            expected: fc.option(fc.integer({ min: -5, max: 2 ** 40 }), { nil: undefined }),
            retryMs: fc.option(fc.integer({ min: -1e6, max: 1e9 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        (answers) => {
          const w = testWorld((a, env) => onTimer(s, env, a));
          const s = seatedState(0);
          const times: number[] = [];
          const send = w.env.request;
          w.env.request = (m, purpose) => (purpose === "relay" && times.push(w.clock.t), send(m, purpose));
          enqueueOut(s, w.env, { t: "chat", text: "hi" });
          for (const a of answers) {
            const before = times.length;
            relayRefused(s, w.env, a.code, "m", a.expected, a.retryMs);
            // The refusal is answered at once: whatever goes next waits for a timer.
            expect(times).toHaveLength(before);
            w.clock.advance(31_000);
            if (s.sync.syncing) s.sync = { ...s.sync, syncing: false };
          }
          for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(250);
          expect(s.out.nextCseq).toBeLessThanOrEqual(answers.length + 3);
        },
      ),
      { numRuns: 100 },
    );
  });
});
