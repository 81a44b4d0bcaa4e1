/**
 * The outgoing log: each message gets this seat's next number once and keeps it (and its box)
 * until stored; numbers only grow and never repeat; a hint from the server moves the next number
 * only to one this seat could have sent; every relay follows the newest head known.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Payload } from "../payload.js";
import {
  acknowledged,
  createOutbox,
  dropHead,
  enqueue,
  learnHead,
  relayOf,
  refused,
  renumber,
  sealHead,
  seatedAt,
  sent,
  storedElsewhere,
  type Outbox,
} from "./outbox.js";

const TO = { room: "r", seat: 0 as const, via: "v", tok: "t" };
const chat = (text: string): Payload => ({ t: "chat", text });
const seal = (cseq: number): string => `box${cseq}`;
const head = (seq: number) => ({ seq, sent: [seq, 0] as [number, number], proof: `p${seq}` });

type Op =
  | { readonly op: "enqueue" }
  | { readonly op: "send" }
  | { readonly op: "ack" }
  | { readonly op: "storedElsewhere" }
  | { readonly op: "hint"; readonly expected: number }
  | { readonly op: "drop" }
  | { readonly op: "head"; readonly seq: number };

const Ops = fc.array(
  fc.oneof(
    fc.constant<Op>({ op: "enqueue" }),
    fc.constant<Op>({ op: "send" }),
    fc.constant<Op>({ op: "ack" }),
    fc.constant<Op>({ op: "storedElsewhere" }),
    fc.constant<Op>({ op: "drop" }),
    fc.integer({ min: -5, max: 2 ** 40 }).map((expected): Op => ({ op: "hint", expected })),
    fc.integer({ min: 0, max: 50 }).map((seq): Op => ({ op: "head", seq })),
  ),
  { maxLength: 80 },
);

describe("outgoing log", () => {
  test("numbers: every stored message has a number above all before it; a hint never jumps past one above the last sealed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), Ops, (seen, ops) => {
        let o: Outbox = learnHead(seatedAt(createOutbox(), seen, seen), head(0));
        let made = 0;
        const stored: string[] = [];
        const storedNumbers: number[] = [];
        let highestSealed = seen;
        for (const x of ops) {
          const before = o;
          if (x.op === "enqueue") o = enqueue(o, chat(`m${made++}`));
          else if (x.op === "send") {
            o = sealHead(o, seen, seal);
            const relay = relayOf(o, TO);
            if (relay !== null) {
              expect(relay.seq).toBe(o.top!.seq + 1);
              expect(relay.prev).toEqual({ sent: o.top!.sent, proof: o.top!.proof });
              highestSealed = Math.max(highestSealed, relay.cseq as number);
              o = sent(o, true);
            }
          } else if (x.op === "ack" || x.op === "storedElsewhere") {
            const h = o.items[0];
            if (h?.cseq == null || h.box === null) continue;
            if (x.op === "ack") {
              const a = acknowledged(o, h.cseq);
              expect(a).not.toBeNull();
              o = a!.o;
            } else {
              o = storedElsewhere(
                o,
                { seq: 1, from: 0, cseq: h.cseq, kind: h.kind, box: h.box, at: 0, sent: [0, 0], proof: "p" },
                0,
              );
            }
            expect(o.items.length).toBe(before.items.length - 1);
            expect(o.inflight).toBe(false);
            stored.push((h.payload as { text: string }).text);
            storedNumbers.push(h.cseq);
          } else if (x.op === "drop") {
            if (o.items.length === 0) continue;
            o = dropHead(o);
            stored.push("dropped"); // refused for good: accounted as gone, not lost
          } else if (x.op === "hint") {
            const r = renumber(o, x.expected, seen);
            o = r.o;
            if (r.taken) {
              expect(x.expected).toBeGreaterThan(seen);
              expect(x.expected).toBeLessThanOrEqual(before.nextCseq + 1);
              expect(o.nextCseq).toBe(x.expected);
            } else expect(o.nextCseq).toBe(before.nextCseq);
          } else o = learnHead(o, head(x.seq));
          // Never lost: what is queued plus what left equals what was made.
          expect(o.items.length + stored.length).toBe(made);
          // Numbers only grow past anything seen, and never beyond one above the highest sealed.
          expect(o.nextCseq).toBeGreaterThan(seen);
          expect(o.nextCseq).toBeLessThanOrEqual(highestSealed + 2);
          expect(o.top!.seq).toBeGreaterThanOrEqual(before.top!.seq);
        }
        // Stored in the order queued, under strictly growing numbers.
        const texts = stored.filter((t) => t !== "dropped");
        const queuedOrder = texts.map((t) => Number(t.slice(1)));
        expect([...queuedOrder].sort((a, b) => a - b)).toEqual(queuedOrder);
        for (let i = 1; i < storedNumbers.length; i++)
          expect(storedNumbers[i]).toBeGreaterThanOrEqual(storedNumbers[i - 1]);
      }),
    );
  });

  test("a message keeps its number and box however often it is sent again", () => {
    let o = learnHead(seatedAt(enqueue(createOutbox(), chat("hi")), 3, 3), head(7));
    o = sealHead(o, 3, seal);
    const first = relayOf(o, TO)!;
    o = sent(o, true);
    o = sent(o, false); // refused, to be sent again
    o = sealHead(o, 3, () => "another box");
    const again = relayOf(o, TO)!;
    expect(again.cseq).toBe(4);
    expect(again.box).toBe(first.box);
    expect(again.seq).toBe(8);
  });

  test("an acknowledgement for another number, or an older head, changes nothing", () => {
    let o = learnHead(seatedAt(enqueue(createOutbox(), chat("hi")), 0, 0), head(5));
    o = sealHead(o, 0, seal);
    expect(acknowledged(o, 99)).toBeNull();
    expect(learnHead(o, head(4))).toBe(o);
    expect(relayOf(createOutbox(), TO)).toBeNull();
  });

  test("a hint of a huge number is not taken: the head is unsealed and the next number stays", () => {
    let o = learnHead(seatedAt(enqueue(createOutbox(), chat("hi")), 2, 2), head(1));
    o = sealHead(o, 2, seal);
    const r = renumber(o, 2 ** 40, 2);
    expect(r.taken).toBe(false);
    expect(r.o.nextCseq).toBe(o.nextCseq);
    expect(r.o.items[0].cseq).toBeNull();
    const below = renumber(o, 2, 2);
    expect(below.taken).toBe(false);
    const next = renumber(o, 4, 2);
    expect(next.taken).toBe(true);
    expect(sealHead(next.o, 2, seal).items[0].cseq).toBe(4);
  });
});

describe("a refused relay", () => {
  const sealed = (): Outbox => {
    const o = learnHead(seatedAt(enqueue(createOutbox(), chat("hi")), 2, 2), head(1));
    return sent(sealHead(o, 2, seal), true);
  };

  test("each refusal: what becomes of the message, and what the session does next", () => {
    const o = sealed();
    const r = (code: string, expected?: number) => refused(o, code, expected, 2);
    expect(r("chat/flood")).toMatchObject({ sync: false, report: true, rejoin: false });
    expect(r("chat/flood").o.items).toHaveLength(0);
    expect(r("relay/duplicate")).toMatchObject({ sync: true, report: false });
    expect(r("relay/duplicate").o.items).toHaveLength(0);
    for (const c of ["relay/seq_taken", "relay/bad_head"]) {
      expect(r(c)).toMatchObject({ sync: true, report: false, rejoin: false });
      expect(r(c).o.items[0]).toEqual(o.items[0]);
    }
    expect(r("room/not_seated")).toMatchObject({ rejoin: true, sync: false });
    expect(r("relay/out_of_order", 4)).toMatchObject({ sync: false });
    expect(r("relay/out_of_order", 2 ** 40)).toMatchObject({ sync: true });
    expect(r("rate/limited")).toMatchObject({ report: true, hinted: true });
    expect(r("server/error")).toMatchObject({ report: true, hinted: true });
    expect(r("proto/invalid")).toMatchObject({ report: true, hinted: false });
    for (const c of ["chat/flood", "relay/seq_taken", "rate/limited", "relay/out_of_order"])
      expect(r(c, 4).o.inflight).toBe(false);
  });
});
