/** The link and the session's heartbeat against fake sockets (timing-free: fake timers). */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { generateCode } from "../crypto/code.js";
import { createLink } from "./transport.js";
import { FakeSocket } from "./testing/socket.js";
import { createFriendSession } from "./session.js";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("link", () => {
  test("reconnects after a drop with growing, capped delays, and restarts on demand", () => {
    const made: FakeSocket[] = [];
    let opens = 0;
    const link = createLink(
      "ws://x",
      () => {
        const s = new FakeSocket();
        made.push(s);
        return s;
      },
      { onOpen: () => opens++, onMessage: () => undefined, onClose: () => undefined },
      { baseMs: 100, maxMs: 400 },
      () => 1,
    );
    made[0].open();
    expect(link.isOpen).toBe(true);
    expect(link.send({ type: "ping" })).toBe(true);
    made[0].close(1006);
    expect(link.isOpen).toBe(false);
    expect(link.send({ type: "ping" })).toBe(false);
    vi.advanceTimersByTime(99);
    expect(made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(2);
    made[1].close(1006); // never opened: next delay doubles
    vi.advanceTimersByTime(199);
    expect(made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(made).toHaveLength(3);
    made[2].open();
    link.healthy();
    link.restart();
    expect(made[2].closed).toBe(4000);
    vi.advanceTimersByTime(100);
    expect(made).toHaveLength(4);
    link.dispose();
    vi.advanceTimersByTime(10_000);
    expect(made).toHaveLength(4);
    expect(opens).toBe(2);
  });
});

const HEAD = { seq: 0, sent: [0, 0], proof: "P".repeat(43) };

describe("session heartbeat", () => {
  test("a connection that stops answering is dropped and made again", () => {
    const made: FakeSocket[] = [];
    let silent = false;
    const server = (m: Record<string, unknown>, s: FakeSocket): void => {
      if (silent) return;
      if (m.type === "room.create")
        s.receive({ type: "room.created", rid: m.rid, roomId: m.roomId, seat: 0, loc: 7, head: HEAD });
      if (m.type === "room.join")
        s.receive({
          type: "room.joined",
          rid: m.rid,
          roomId: m.roomId,
          seat: 0,
          seq: 0,
          sent: 0,
          head: HEAD,
          peer: { seated: false, online: false },
          token: "t",
          via: "",
        });
      if (m.type === "sync") s.receive({ type: "sync.page", rid: m.rid, msgs: [], more: false });
      if (m.type === "ping") s.receive({ type: "pong", rid: m.rid, at: 0 });
    };
    const session = createFriendSession({
      url: "ws://x/ws",
      socket: () => {
        const s = new FakeSocket(server);
        made.push(s);
        return s;
      },
      roomId: "R".repeat(43),
      code: generateCode(),
      mode: "create",
      profile: { name: "A" },
      backoff: { baseMs: 10, maxMs: 10 },
      heartbeat: { everyMs: 1_000, timeoutMs: 300 },
    });
    made[0].open();
    expect(session.view().status).toBe("seated");
    vi.advanceTimersByTime(1_000); // ping answered: nothing happens
    vi.advanceTimersByTime(300);
    expect(made).toHaveLength(1);
    silent = true;
    vi.advanceTimersByTime(1_000 + 300);
    expect(made[0].closed).toBe(4000);
    vi.advanceTimersByTime(10);
    expect(made).toHaveLength(2);
    silent = false;
    made[1].open();
    // Back in the same seat with room.join (the room exists now).
    expect(made[1].sent[0].type).toBe("room.join");
    expect(session.view().status).toBe("seated");
    session.dispose();
  });
});
