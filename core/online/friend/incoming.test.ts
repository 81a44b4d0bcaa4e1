/**
 * Taking the log in on its own: whatever order and however often stored messages arrive (live,
 * acknowledged, in catch-up pages), each is applied once, in the room's order, and a listener told
 * of one sees the game as of that message (effects run in step; the web client reads the view on
 * "applied"); a gap is waited for, asked for again, then skipped; what arrives before the room key
 * waits for it; the owner's setup goes out once, when first caught up.
 */
import fc from "fast-check";
import nacl from "tweetnacl";
import { describe, expect, test } from "vitest";
import { sealBox } from "../../crypto/envelope.js";
import type { StoredMessage } from "../../protocol/friend.js";
import type { Seat } from "../../types.js";
import { seatedState, testWorld } from "../testing/world.js";
import { onTimer } from "./events.js";
import { afterSync, keyed, receive, syncPage } from "./incoming.js";

/** A room log of chat lines from the given seats, sealed under `key`. */
function roomLog(key: Uint8Array, seats: readonly Seat[]): StoredMessage[] {
  const sent: [number, number] = [0, 0];
  return seats.map((from, i) => {
    sent[from]++;
    const body = { t: "chat", text: `line ${i + 1}` };
    return {
      seq: i + 1,
      from,
      cseq: sent[from],
      kind: "chat",
      box: sealBox(key, { seat: from, seq: sent[from], kind: "chat", body }, nacl.randomBytes),
      at: 1_000_000 + i * 60_000,
      sent: [sent[0], sent[1]],
      proof: `P${i + 1}`,
    };
  });
}

describe("taking the room's log in", () => {
  test("any order, any repeats, live or in pages: each message applied once, in order", () => {
    const SEATS = fc.array(fc.constantFrom<Seat>(0, 1), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(
        SEATS.chain((seats) =>
          fc.tuple(
            fc.constant(seats),
            fc.shuffledSubarray([...seats.keys(), ...seats.keys()], { minLength: seats.length * 2 }),
            fc.array(fc.boolean(), { minLength: seats.length * 2, maxLength: seats.length * 2 }),
          ),
        ),
        ([seats, order, paged]) => {
          const w = testWorld();
          const s = seatedState(0);
          const log = roomLog(s.key!, seats);
          order.forEach((i, k) => (paged[k] ? syncPage(s, w.env, [log[i]], false) : receive(s, w.env, log[i])));
          const applied = w.events("applied");
          expect(applied.map((e) => e.seq)).toEqual(seats.map((_, i) => i + 1));
          expect(s.game.chat.map((c) => c.text)).toEqual(seats.map((_, i) => `line ${i + 1}`));
          expect(s.inlog.applied).toBe(seats.length);
          expect(w.events("rejected")).toEqual([]);
          // The newest head is what the next relay follows.
          expect(s.out.top?.seq).toBe(seats.length);
        },
      ),
      { numRuns: 80 },
    );
  });

  test("a listener told of a message sees the game as it stands right after it, not after the page", () => {
    const w = testWorld();
    const s = seatedState(0);
    const seen: [number, number, boolean][] = [];
    const tell = w.env.emit;
    w.env.emit = (e) => {
      if (e.type === "applied") seen.push([e.seq, s.game.chat.length, s.sync.caughtUp]);
      tell(e);
    };
    s.sync = { ...s.sync, caughtUp: false };
    syncPage(s, w.env, roomLog(s.key!, [1, 0, 1]), false);
    expect(seen).toEqual([
      [1, 1, false],
      [2, 2, false],
      [3, 3, false],
    ]);
    expect(s.sync.caughtUp).toBe(true);
  });

  test("a gap is waited for, asked for again once, then skipped", () => {
    const w = testWorld((a, env) => onTimer(s, env, a));
    const s = seatedState(1, { gapWaitMs: 400 });
    const log = roomLog(s.key!, [0, 1, 0]);
    receive(s, w.env, log[0]);
    receive(s, w.env, log[2]);
    expect(s.inlog.applied).toBe(1);
    expect(w.env.timers.armed("gap")).toBe(true);
    w.clock.advance(400);
    expect(w.requests("sync")).toEqual([{ type: "sync", after: 1 }]);
    syncPage(s, w.env, [], false);
    expect(s.inlog.applied).toBe(1);
    w.clock.advance(400);
    // Still missing after asking: taken but never stored, so skipped.
    expect(s.inlog.applied).toBe(3);
    expect(w.events("applied").map((e) => e.seq)).toEqual([1, 3]);
    expect(w.env.timers.armed("gap")).toBe(false);
  });

  test("a gap filled while waited for cancels the wait", () => {
    const w = testWorld((a, env) => onTimer(s, env, a));
    const s = seatedState(0);
    const log = roomLog(s.key!, [1, 1]);
    receive(s, w.env, log[1]);
    expect(w.env.timers.armed("gap")).toBe(true);
    receive(s, w.env, log[0]);
    expect(w.env.timers.armed("gap")).toBe(false);
    w.clock.advance(10_000);
    expect(w.requests("sync")).toEqual([]);
  });

  test("what arrives before the room key waits for it, then applies in order", () => {
    const w = testWorld();
    const s = seatedState(1);
    const key = s.key!;
    s.key = null;
    const log = roomLog(key, [0, 0, 1]);
    for (const m of [...log].reverse()) receive(s, w.env, m);
    expect(w.events("applied")).toEqual([]);
    s.key = key;
    keyed(s, w.env);
    expect(w.events("applied").map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  test("the owner's setup goes out the first time it is caught up with the key, once", () => {
    const w = testWorld();
    const s = seatedState(0, { setup: { game: "ayo", options: {}, bestOf: 3 } });
    s.sync = { ...s.sync, caughtUp: false, ever: false };
    afterSync(s, w.env);
    afterSync(s, w.env);
    const relays = w.requests("relay");
    expect(relays).toHaveLength(1);
    expect(s.out.items.map((o) => o.payload.t)).toEqual(["setup", "profile"]);
  });
});
