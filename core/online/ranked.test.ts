/**
 * The ranked link's sign-in on a fake socket and a hand-driven clock: the name sent after signing
 * in must never keep the player out. A name the server refuses (a look-alike holds it, or the
 * player has chosen too many new names today) is not sent again on every new socket, and a quota
 * refusal of it is an answer, not "try again later".
 */
import { describe, expect, test } from "vitest";
import { makeDeviceKeys } from "../identity.js";
import { openRankedLink, type RankedLink } from "./ranked.js";
import { FakeSocket } from "./testing/socket.js";
import { ManualClock } from "./testing/world.js";

interface Rig {
  link: RankedLink;
  clock: ManualClock;
  sockets: FakeSocket[];
  opens: number;
  errors: string[];
  /** Every frame sent on every socket, by type. */
  sent(type: string): Record<string, unknown>[];
}

/** A server that signs anyone in and answers every name with `refusal`. */
function rig(refusal: string): Rig {
  const clock = new ManualClock();
  const sockets: FakeSocket[] = [];
  const r: Rig = {
    link: null as unknown as RankedLink,
    clock,
    sockets,
    opens: 0,
    errors: [],
    sent: (type) => sockets.flatMap((s) => s.sent.filter((m) => m.type === type)),
  };
  // Answers come 10 ms later, as over a network.
  const answer = (m: Record<string, unknown>, s: FakeSocket): void => void clock.setTimeout(() => reply(m, s), 10);
  const reply = (m: Record<string, unknown>, s: FakeSocket): void => {
    const rid = m.rid as string;
    if (m.type === "auth.hello") s.receive({ type: "auth.challenge", rid, challenge: "AAAA" });
    else if (m.type === "auth.prove")
      s.receive({
        type: "auth.ok",
        rid,
        playerId: "p1",
        name: null,
        shown: "Player #1",
        pending: null,
        stats: {},
        activeMatch: null,
      });
    else if (m.type === "auth.name") s.receive({ type: "ranked.error", rid, code: refusal, message: "no" });
    else if (m.type === "ranked.seek") s.receive({ type: "ranked.seeking", rid, game: "ayo", options: {}, since: 1 });
  };
  r.link = openRankedLink({
    url: "ws://test/ws",
    socket: () => {
      const s = new FakeSocket(answer);
      sockets.push(s);
      return s;
    },
    keys: makeDeviceKeys(),
    name: () => "Aigerim",
    connection: { timers: clock, random: () => 0.5, backoff: { baseMs: 100, maxMs: 1_000 } },
    handlers: {
      onOpen: () => r.opens++,
      onClose: () => undefined,
      onMessage: (m) => {
        if (m.type === "ranked.error") r.errors.push(m.code);
      },
    },
  });
  return r;
}

describe("the ranked link's name after signing in", () => {
  test.each([["name/taken"], ["rate/limited"], ["name/reserved"]])(
    "refused %s: the player is let in at once, told once, and it is not asked again on the next sockets",
    (refusal) => {
      const r = rig(refusal);
      r.sockets[0].open();
      r.clock.advance(100);
      expect(r.sent("auth.name")).toHaveLength(1);
      expect(r.opens).toBe(1);
      expect(r.errors).toEqual([refusal]);
      // What was queued goes out, and nothing asks for the name again while time passes.
      r.link.send({ type: "ranked.seek", game: "ayo", options: {} });
      r.clock.advance(30_000);
      expect(r.sent("ranked.seek")).toHaveLength(1);
      expect(r.sent("auth.name")).toHaveLength(1);
      // Ten cuts later (more than the per-player name quota): signed in each time, the name never sent again.
      for (let i = 1; i <= 10; i++) {
        r.sockets[r.sockets.length - 1].close(1006);
        r.clock.advance(2_000);
        expect(r.sockets).toHaveLength(i + 1);
        r.sockets[i].open();
        r.clock.advance(100);
        expect(r.opens).toBe(i + 1);
      }
      expect(r.sent("auth.hello")).toHaveLength(11);
      expect(r.sent("auth.name")).toHaveLength(1);
      r.link.dispose();
    },
  );
});

describe("the ranked link hands other domains' frames to their listener", () => {
  test("a tournament's answer and pushes reach onOther, a broken ranked or sign-in frame does not, and a tour message goes out after sign-in", () => {
    const clock = new ManualClock();
    const sockets: FakeSocket[] = [];
    const other: Record<string, unknown>[] = [];
    const ranked: string[] = [];
    const reply = (m: Record<string, unknown>, s: FakeSocket): void => {
      const rid = m.rid as string;
      if (m.type === "auth.hello") s.receive({ type: "auth.challenge", rid, challenge: "AAAA" });
      else if (m.type === "auth.prove")
        s.receive({
          type: "auth.ok",
          rid,
          playerId: "p1",
          name: "Aigerim",
          shown: "Aigerim",
          pending: null,
          stats: {},
          activeMatch: null,
        });
      else if (m.type === "tour.sync") {
        s.receive({ type: "tour.state", rid, id: m.id, status: "live", round: 1 });
        s.receive({ type: "tour.paired", id: m.id, round: 1, board: 2, seat: 0, opponent: "p2", matchId: "m1" });
        // Frames of the link's own domains that fail their schema are dropped, not handed on.
        s.receive({ type: "ranked.update", match: 7 });
        s.receive({ type: "auth.ok", rid: "x" });
      }
    };
    const link = openRankedLink({
      url: "ws://test/ws",
      socket: () => {
        const s = new FakeSocket((m, sock) => void clock.setTimeout(() => reply(m, sock), 10));
        sockets.push(s);
        return s;
      },
      keys: makeDeviceKeys(),
      name: () => "Aigerim",
      connection: { timers: clock, random: () => 0.5, backoff: { baseMs: 100, maxMs: 1_000 } },
      handlers: {
        onOpen: () => undefined,
        onClose: () => undefined,
        onMessage: (m) => void ranked.push(m.type),
        onOther: (f) => void other.push(f),
      },
    });
    const rid = link.sendOther({ type: "tour.sync", id: "T1" });
    sockets[0].open();
    clock.advance(5);
    // Queued until signed in.
    expect(sockets[0].sent.map((m) => m.type)).toEqual(["auth.hello"]);
    clock.advance(100);
    expect(sockets[0].sent.filter((m) => m.type === "tour.sync")).toEqual([{ type: "tour.sync", id: "T1", rid }]);
    expect(other.map((f) => f.type)).toEqual(["tour.state", "tour.paired"]);
    expect(other[0]).toMatchObject({ rid, id: "T1", round: 1 });
    expect(ranked).toEqual(["auth.ok"]);
    // Answered: not sent again on the next socket.
    sockets[0].close(1006);
    clock.advance(2_000);
    sockets[1].open();
    clock.advance(100);
    expect(sockets[1].sent.filter((m) => m.type === "tour.sync")).toHaveLength(0);
    link.dispose();
  });
});
