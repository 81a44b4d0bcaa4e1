/**
 * The one client connection, driven by hand: fake sockets and a fake clock, so every cut, refusal
 * and timeout happens exactly when the test says.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  createConnection,
  isGatewayErrorFrame,
  SIGN_IN_BACKOFF,
  type Connection,
  type ConnectionTimers,
} from "./connection.js";
import type { SocketLike } from "./transport.js";

class FakeClock implements ConnectionTimers {
  t = 0;
  private seq = 0;
  private q = new Map<number, { at: number; fn: () => void }>();
  now = (): number => this.t;
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.q.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };
  clearTimeout = (h: unknown): void => void this.q.delete(h as number);
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | null = null;
      for (const e of this.q) if (e[1].at <= end && (next === null || e[1].at < next[1].at)) next = e;
      if (next === null) break;
      this.q.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
}

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: ((ev: never) => void) | null = null;
  onmessage: ((ev: never) => void) | null = null;
  onclose: ((ev: never) => void) | null = null;
  onerror: ((ev: never) => void) | null = null;
  send(data: string): void {
    if (this.readyState !== 1) throw new Error("not open");
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number): void {
    if (this.readyState === 3) return;
    this.closedWith = code ?? 1000;
    this.readyState = 3;
    (this.onclose as ((ev: unknown) => void) | null)?.({});
  }
  open(): void {
    this.readyState = 1;
    (this.onopen as ((ev: unknown) => void) | null)?.({});
  }
  frame(f: object): void {
    (this.onmessage as ((ev: unknown) => void) | null)?.({ data: JSON.stringify(f) });
  }
  cut(): void {
    this.readyState = 3;
    (this.onclose as ((ev: unknown) => void) | null)?.({});
  }
}

interface Rig {
  clock: FakeClock;
  sockets: FakeSocket[];
  got: Record<string, unknown>[];
  opens: number;
  closes: number;
  conn: Connection;
  last(): FakeSocket;
}

function rig(opts: Partial<Parameters<typeof createConnection>[0]> = {}, autoResume = true): Rig {
  const clock = new FakeClock();
  const sockets: FakeSocket[] = [];
  const r: Rig = {
    clock,
    sockets,
    got: [],
    opens: 0,
    closes: 0,
    conn: null as unknown as Connection,
    last: () => sockets[sockets.length - 1],
  };
  r.conn = createConnection({
    url: "ws://test/ws",
    socket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    timers: clock,
    random: () => 0.5,
    heartbeatMs: 60_000,
    answerMs: 5_000,
    deadMs: 15_000,
    maxAgeMs: 3_600_000,
    offlineMs: 20_000,
    handlers: {
      onOpen: () => {
        r.opens++;
        if (autoResume) r.conn.resumed();
      },
      onMessage: (f) => r.got.push(f),
      onClose: () => r.closes++,
    },
    ...opts,
  });
  return r;
}

const THROTTLED = { message: "Too Many Requests", connectionId: "abc=", requestId: "def=" };

describe("connection", () => {
  test("recognises API Gateway's own frames", () => {
    expect(isGatewayErrorFrame(THROTTLED)).toBe(true);
    expect(isGatewayErrorFrame({ message: "Internal server error", connectionId: "a", requestId: "b" })).toBe(true);
    expect(isGatewayErrorFrame({ type: "error", message: "x", requestId: "b" })).toBe(false);
  });

  test("a request refused by the gateway goes again after a backoff; the app sees one answer", () => {
    const r = rig();
    r.last().open();
    const rid = r.conn.request({ type: "ranked.move", move: 3 }, { keep: true });
    expect(r.last().sent).toEqual([{ type: "ranked.move", move: 3, rid }]);
    r.last().frame(THROTTLED);
    expect(r.got).toEqual([]);
    r.clock.advance(200);
    expect(r.last().sent).toHaveLength(2);
    r.last().frame({ type: "ranked.update", rid, n: 1 });
    r.last().frame({ type: "ranked.error", rid, code: "ranked/duplicate" });
    expect(r.got).toEqual([{ type: "ranked.update", rid, n: 1 }]);
    expect(r.conn.pending).toBe(0);
  });

  test("while resuming on a new socket, refusals add at most a few backoff bases each; after, the backoff grows", () => {
    const base = 100;
    const r = rig({ backoff: { baseMs: base, maxMs: 8_000 } }, false);
    r.last().open();
    const hello = r.conn.request({ type: "auth.hello" }, { early: true });
    for (let i = 0; i < 8; i++) {
      const before = r.last().sent.length;
      r.last().frame(THROTTLED);
      r.clock.advance(base * SIGN_IN_BACKOFF);
      expect(r.last().sent.length, `refusal ${i + 1}`).toBe(before + 1);
    }
    r.last().frame({ type: "auth.ok", rid: hello });
    r.conn.resumed();
    r.conn.request({ type: "ranked.move", move: 1 }, { keep: true });
    for (let i = 0; i < 6; i++) {
      r.last().frame(THROTTLED);
      r.clock.advance(10_000);
    }
    const sent = r.last().sent.length;
    r.last().frame(THROTTLED);
    r.clock.advance(base * SIGN_IN_BACKOFF);
    expect(r.last().sent.length).toBe(sent); // the grown backoff: not yet
    // A new socket starts from the base again, whatever the old one met.
    r.last().cut();
    r.clock.advance(1_000);
    r.last().open();
    r.conn.request({ type: "auth.hello" }, { early: true });
    const first = r.last().sent.length;
    r.last().frame(THROTTLED);
    r.clock.advance(base);
    expect(r.last().sent.length).toBe(first + 1);
  });

  test("an unanswered request goes again after answerMs; a socket silent for deadMs is replaced", () => {
    const r = rig();
    r.last().open();
    r.conn.request({ type: "sync" });
    r.clock.advance(5_000);
    expect(r.sockets[0].sent).toHaveLength(2);
    r.clock.advance(10_000);
    expect(r.sockets[0].closedWith).toBe(4000);
    expect(r.conn.state().status).toBe("reconnecting");
    r.clock.advance(300);
    expect(r.sockets).toHaveLength(2);
  });

  test("a kept request waits through a drop and goes out once the app has resumed", () => {
    const r = rig({}, false);
    r.last().open();
    r.conn.resumed();
    const rid = r.conn.request({ type: "ranked.move", move: 1 }, { keep: true });
    const dropped = r.conn.request({ type: "sync" });
    r.last().cut();
    expect(r.closes).toBe(1);
    expect(r.conn.state().status).toBe("reconnecting");
    r.clock.advance(250);
    const s2 = r.last();
    expect(s2).not.toBe(r.sockets[0]);
    s2.open();
    const hello = r.conn.request({ type: "auth.hello" }, { early: true });
    expect(s2.sent.map((m) => m.rid)).toEqual([hello]);
    r.conn.resumed();
    expect(s2.sent.map((m) => m.rid)).toEqual([hello, rid]);
    expect(s2.sent.some((m) => m.rid === dropped)).toBe(false);
    expect(r.conn.state().status).toBe("connected");
  });

  test("backoff grows with jitter and the state turns offline, then connected again", () => {
    const r = rig();
    r.last().open();
    r.last().cut();
    const times: number[] = [];
    for (let i = 0; i < 6; i++) {
      const n = r.sockets.length;
      while (r.sockets.length === n) r.clock.advance(10);
      times.push(r.clock.t);
      r.last().cut();
    }
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]);
    r.clock.advance(20_000);
    expect(r.conn.state().status).toBe("offline");
    while (r.last().readyState !== 0) r.clock.advance(100);
    r.last().open();
    expect(r.conn.state().status).toBe("connected");
  });

  test("the heartbeat pings after heartbeatMs of silence", () => {
    const r = rig();
    r.last().open();
    r.clock.advance(59_000);
    expect(r.last().sent).toHaveLength(0);
    r.clock.advance(2_000);
    expect(r.last().sent.map((m) => m.type)).toEqual(["ping"]);
    r.last().frame({ type: "pong", rid: r.last().sent[0].rid });
    expect(r.conn.pending).toBe(0);
  });

  test("planned reconnect: a second socket opens before the cut; the old one drains, then closes", () => {
    const r = rig({ maxAgeMs: 100_000, heartbeatMs: 1e9 });
    const old = r.last();
    old.open();
    r.clock.advance(99_000);
    const rid = r.conn.request({ type: "ranked.move", move: 2 }, { keep: true });
    r.clock.advance(1_500);
    expect(r.sockets).toHaveLength(2);
    const next = r.sockets[1];
    next.open();
    // The old socket still has the move in flight: nothing moves yet, nothing new goes on the old one.
    expect(r.opens).toBe(1);
    const later = r.conn.request({ type: "chat" }, { keep: true });
    expect(old.sent.map((m) => m.rid)).toEqual([rid]);
    old.frame({ type: "ranked.update", rid });
    expect(r.opens).toBe(2);
    expect(old.closedWith).toBe(1000);
    expect(next.sent.map((m) => m.rid)).toEqual([later]);
    expect(r.got).toEqual([{ type: "ranked.update", rid }]);
    expect(r.conn.state().status).toBe("connected");
  });

  test("the heartbeat keeps a socket alive before the application has resumed on it", () => {
    const r = rig({ heartbeatMs: 1_000 }, false);
    r.last().open();
    r.conn.request({ type: "join.hello" }, { early: true });
    r.last().frame({ type: "join.wait", rid: r.last().sent[0].rid });
    r.clock.advance(1_300);
    expect(r.last().sent.map((m) => m.type)).toEqual(["join.hello", "ping"]);
  });

  test("planned reconnect comes on time at short ages, and a socket's age counts from its own opening", () => {
    const r = rig({ maxAgeMs: 2_500, heartbeatMs: 1e9 });
    r.last().open();
    r.clock.advance(2_600);
    expect(r.sockets).toHaveLength(2);
    // The old socket drains a request for 1 s after the successor opened; the successor's next
    // planned reconnect still comes 2.5 s after it opened, not after it took over.
    const rid = r.conn.request({ type: "ranked.move", move: 1 }, { keep: true });
    const opened = r.clock.t;
    r.sockets[1].open();
    r.clock.advance(1_000);
    r.sockets[0].frame({ type: "ranked.update", rid });
    expect(r.opens).toBe(2);
    r.clock.advance(opened + 2_500 + 250 - r.clock.t);
    expect(r.sockets).toHaveLength(3);
  });

  test("a socket replaced by its planned successor is heard for the pushes the app names until it has resumed on the successor", () => {
    const r = rig({ maxAgeMs: 2_500, heartbeatMs: 1e9, fromReplaced: (f) => f.type === "ranked.presence" }, false);
    r.last().open();
    r.conn.resumed();
    r.clock.advance(2_600);
    const [old, next] = r.sockets;
    next.open();
    expect(r.opens).toBe(2);
    // Signing in on the successor; the server still pushes to the old socket, its seat's.
    old.frame({ type: "ranked.presence", seat: 1, connected: true });
    // Answers there are not taken (what was in flight goes again on the successor), nor the
    // gateway's frames.
    old.frame({ type: "ranked.update", rid: "r9" });
    old.frame(THROTTLED);
    // Nor what the application does not name.
    old.frame({ type: "auth.challenge", challenge: "x" });
    expect(r.got).toEqual([{ type: "ranked.presence", seat: 1, connected: true }]);
    r.conn.resumed();
    expect(old.closedWith).toBe(1000);
    old.frame({ type: "ranked.presence", seat: 1, connected: false });
    expect(r.got).toHaveLength(1);
  });

  test("property: whatever the gateway does, each kept request reaches a deduplicating server once and is answered once", () => {
    const Fault = fc.constantFrom("throttle", "fail-after", "cut", "lose-answer", "ok", "wait");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(Fault, { minLength: 1, maxLength: 40 }), (n, faults) => {
        const r = rig({ answerMs: 1_000, deadMs: 3_000 });
        const applied = new Map<string, number>();
        const answeredRids: string[] = [];
        r.last().open();
        const rids = Array.from({ length: n }, (_, i) => r.conn.request({ type: "move", i }, { keep: true }));
        let seen = new Map<FakeSocket, number>();
        const serve = (mode: string): void => {
          const s = r.last();
          if (s.readyState !== 1) return;
          const from = seen.get(s) ?? 0;
          const fresh = s.sent.slice(from);
          seen.set(s, s.sent.length);
          for (const m of fresh) {
            const rid = String(m.rid);
            if (mode === "throttle") {
              s.frame(THROTTLED);
              continue;
            }
            applied.set(rid, (applied.get(rid) ?? 0) + 1);
            if (mode === "fail-after") s.frame({ message: "Internal server error", connectionId: "a", requestId: "b" });
            else if (mode !== "lose-answer") s.frame({ type: "ack", rid });
          }
        };
        for (const f of faults) {
          if (f === "cut") r.last().cut();
          else if (f === "wait") r.clock.advance(1_500);
          else serve(f);
          r.clock.advance(300);
          if (r.last().readyState === 0) r.last().open();
        }
        for (let i = 0; i < 200 && r.conn.pending > 0; i++) {
          if (r.last().readyState === 0) r.last().open();
          serve("ok");
          r.clock.advance(500);
        }
        for (const f of r.got) answeredRids.push(String(f.rid));
        expect(r.conn.pending).toBe(0);
        expect([...answeredRids].sort()).toEqual([...rids].sort());
        // The server saw each at least once (an idempotent server applies it once).
        for (const rid of rids) expect(applied.get(rid) ?? 0).toBeGreaterThanOrEqual(1);
        seen = new Map();
      }),
      { numRuns: 150 },
    );
  });
});
