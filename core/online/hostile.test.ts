/**
 * The session against a hostile server (fake timers, a scripted socket): every relay and catch-up is
 * answered at random with a refusal of any kind, a wrong or huge hint, an acknowledgement, or
 * silence. Whatever it does, the client stays within its rate budget (RATE_LIMIT frames in any
 * RATE_WINDOW_MS on a connection), and once the server turns honest everything queued goes out:
 * it never stalls for good.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
/** The server's per-connection limit (functions/lib/flood.ts, which core may not import): the client's budget. */
const RATE_LIMIT = 100;
const RATE_WINDOW_MS = 10_000;
import { FakeSocket } from "./testing/socket.js";
import { RELAY_REFUSALS } from "./testing/world.js";
import { createFriendSession } from "./friend/session.js";
import { HEARTBEAT_MS, HEARTBEAT_TIMEOUT_MS } from "./friend/session.js";
import { PACER_MAX_MS } from "./pacer.js";

const ROOM = "R".repeat(43);
const PROOF = "P".repeat(43);

type Answer =
  | { readonly kind: "ack" }
  | { readonly kind: "silence" }
  | { readonly kind: "error"; readonly code: string; readonly expected?: number; readonly retryMs?: number };

const HINT = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: -10, max: 10 }),
  fc.constant(2 ** 40),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(-1e12),
);
const ANSWER: fc.Arbitrary<Answer> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: "ack" } as const) },
  { weight: 1, arbitrary: fc.constant({ kind: "silence" } as const) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("error" as const),
      code: fc.constantFrom(...RELAY_REFUSALS),
      expected: HINT,
      retryMs: HINT,
    }),
  },
);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs the session against `answers` (cycled) for `hostileMs`, then against an honest server. */
function run(answers: readonly Answer[], chats: number, hostileMs: number) {
  let honest = false;
  let next = 0;
  let seq = 0;
  const sent: { at: number; socket: number; m: Record<string, unknown> }[] = [];
  let sockets = 0;
  const later = (f: () => void): void => void setTimeout(f, 5);
  const factory = () => {
    const id = ++sockets;
    const s = new FakeSocket((m, sock) => {
      sent.push({ at: Date.now(), socket: id, m });
      if (sock.readyState !== 1) return;
      const rid = m.rid;
      if (m.type === "room.join")
        later(() =>
          sock.receive({
            type: "room.joined",
            rid,
            roomId: ROOM,
            seat: 1,
            seq,
            sent: 0,
            head: { seq, sent: [0, 0], proof: PROOF },
            peer: { seated: true, online: false },
            token: "T".repeat(43),
            via: "",
          }),
        );
      else if (m.type === "sync") later(() => sock.receive({ type: "sync.page", rid, msgs: [], more: false }));
      else if (m.type === "ping") later(() => sock.receive({ type: "pong", rid, at: Date.now() }));
      else if (m.type === "relay") {
        const a: Answer = honest ? { kind: "ack" } : answers[next++ % answers.length];
        if (a.kind === "silence") return;
        if (a.kind === "ack") {
          seq++;
          const ack = { type: "relay.ack", rid, cseq: m.cseq, seq, at: Date.now(), sent: [0, m.cseq], proof: PROOF };
          later(() => sock.receive(ack));
          return;
        }
        const extra = {
          ...(a.expected !== undefined ? { expected: a.expected } : {}),
          ...(a.retryMs !== undefined ? { retryMs: a.retryMs } : {}),
        };
        later(() => sock.receive({ type: "error", rid, code: a.code, message: "no", ...extra }));
      }
    });
    setTimeout(() => s.open(), 1);
    return s;
  };
  const session = createFriendSession({
    url: "ws://x/ws",
    socket: factory,
    mode: "join",
    roomId: ROOM,
    secret: "S".repeat(43),
    key: new Uint8Array(32).fill(7),
    profile: { name: "Guest" },
  });
  vi.advanceTimersByTime(100);
  for (let i = 0; i < chats; i++) session.chat(`hi ${i}`);
  vi.advanceTimersByTime(hostileMs);
  honest = true;
  // Long enough for a silent connection to be noticed and for the longest pause between tries.
  vi.advanceTimersByTime(HEARTBEAT_MS + HEARTBEAT_TIMEOUT_MS + 2 * PACER_MAX_MS);
  const unsent = session.view().unsent;
  session.dispose();
  return { sent, unsent };
}

/** The most frames one connection sent in any RATE_WINDOW_MS. */
function busiestWindow(sent: readonly { at: number; socket: number }[]): number {
  let most = 0;
  for (let i = 0; i < sent.length; i++) {
    let n = 0;
    for (let j = i; j < sent.length && sent[j].at < sent[i].at + RATE_WINDOW_MS; j++)
      if (sent[j].socket === sent[i].socket) n++;
    most = Math.max(most, n);
  }
  return most;
}

describe("the session against a hostile server", () => {
  test("random refusals, wrong and huge hints, silence: within the rate budget, and nothing left unsent once the server is honest", () => {
    fc.assert(
      fc.property(
        fc.array(ANSWER, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 3 }),
        (answers, chats) => {
          const { sent, unsent } = run(answers, chats, 60_000);
          expect(busiestWindow(sent)).toBeLessThanOrEqual(RATE_LIMIT);
          expect(unsent).toBe(0);
        },
      ),
      { numRuns: 100 },
    );
  });

  test("a server that refuses every relay for ten minutes gets few tries, never a flood", () => {
    const { sent } = run([{ kind: "error", code: "relay/bad_head" }], 1, 600_000);
    const relays = sent.filter((s) => s.m.type === "relay");
    expect(relays.length).toBeGreaterThan(1);
    expect(busiestWindow(sent)).toBeLessThanOrEqual(RATE_LIMIT);
    // At most one try per PACER_MAX_MS once the pause has grown (plus the first few quick ones).
    expect(relays.length).toBeLessThan(600_000 / PACER_MAX_MS + 20);
  });
});
