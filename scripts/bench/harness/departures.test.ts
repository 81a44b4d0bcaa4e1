/**
 * False departures the chaos bench found, each replayed as the fault sequence that produced it, over
 * real WebSockets on the local server: the faults are given by hand (`FaultDraws` per player
 * address), not drawn. And what the bench's count of them sorts out (`sortAbsences`).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { MatchView } from "../../../core/protocol/ranked.js";
import type { FaultDraws } from "../../../functions/local/gateway.js";
import type { WebSocket } from "ws";
import { legalMoves } from "../../../core/games/index.js";
import { seatToMove } from "../../../core/online/friend/game.js";
import { codeOf, newRoom, player, waitFor, type Player } from "../../../functions/local/players.js";
import {
  createTrace,
  rankedSide,
  seekRanked,
  sortAbsences,
  startChaosServer,
  tracedSockets,
  type ChaosScale,
  type ChaosServer,
} from "./chaos.js";

/** No random fault: half of the messages a hand-given draw marks are throttled, none otherwise. */
const SCALE: ChaosScale = {
  idleMs: 600_000,
  maxConnectionMs: 16_000,
  ratePerGame: null,
  burstPerGame: 0,
  throttled: 0.5,
  failures: 0,
  dropMeanMs: 0,
};

/** A player's faults by hand: while `held`, every message of the type it names is throttled (and counted). */
function holdable(type: string): { draws: FaultDraws; held: boolean; refused: number } {
  const h = {
    held: false,
    refused: 0,
    draws: {
      connection: () => 0.5,
      message: (text: string) => {
        const hit = h.held && text.includes(`"type":"${type}"`);
        if (hit) h.refused++;
        return [hit ? 0 : 0.99, 0.99, 0.99] as const;
      },
    },
  };
  return h;
}

/** The client connection at this scale: planned reconnect 2 s before the longest-connection cut. */
const CONNECTION = {
  heartbeatMs: SCALE.idleMs / 3,
  maxAgeMs: SCALE.maxConnectionMs - 2_000,
  answerMs: 1_000,
  deadMs: 3_000,
  offlineMs: 30_000,
  backoff: { baseMs: 50, maxMs: 1_000 },
};

let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer(SCALE, 1);
});
afterAll(async () => {
  await chaos?.stop();
});

describe("false departures the chaos bench found", () => {
  // Chaos run seed 1, ranked game 35 (load average ~15): b's socket reached its planned reconnect
  // and b began to sign in on its successor; the server still held b's old socket, open, as b's
  // seat. a, away meanwhile, came back; the server told b's old socket, and the client no longer
  // listened to it (a replaced socket "says nothing"). b saw a away until its own sign-in on the
  // successor was done 1.4 s later: 5.0 s in all, against a's 3.7 s of real absence.
  test("an opponent back while the player signs in on its planned successor is shown back at once", async () => {
    const trace = createTrace();
    const a = holdable("auth.prove");
    const b = holdable("auth.prove");
    const addresses = ["127.0.3.1", "127.0.3.2"] as const;
    const leave = [chaos.enter(addresses[0], a.draws, trace, "a"), chaos.enter(addresses[1], b.draws, trace, "b")];
    const views = new Map<number, MatchView>();
    const A = rankedSide(chaos.server.wsUrl, "RetireA", addresses[0], SCALE, views, trace, "a");
    const B = rankedSide(chaos.server.wsUrl, "RetireB", addresses[1], SCALE, views, trace, "b");
    const why = (): string => trace.lines().join("\n");
    try {
      await waitFor(() => A.connected && B.connected, "both signed in", 60_000);
      for (const s of [A, B])
        seekRanked(s, { type: "ranked.seek", game: "tsoro-wta", options: { holes: 4, seeds: 1 } });
      await waitFor(() => A.match !== null && B.match !== null, "paired");
      // a is cut, and its sign-in proofs are throttled for now: b is told a is away.
      a.held = true;
      A.sockets.at(-1)!.terminate();
      await waitFor(() => B.absence.away(), "b sees a away");
      // b's planned reconnect (its socket's age) finds every sign-in proof throttled.
      b.held = true;
      await waitFor(() => B.sockets.length === 2 && !B.connected, "b signing in on its successor", 20_000);
      // a signs in again; the server tells b's seat, still b's old socket.
      a.held = false;
      await waitFor(() => A.connected, "a back");
      await waitFor(() => !B.absence.away(), `b sees a back before b has signed in again\n${why()}`, 3_000);
      expect(B.connected, why()).toBe(false);
      b.held = false;
      await waitFor(() => B.connected, "b back");
      // The game goes on: a move by whoever is to move reaches both.
      const m = B.match!;
      const mover = m.toMove === B.seat ? B : A;
      mover.link.send({ type: "ranked.move", matchId: m.id, version: m.version, move: 0 }, { keep: true });
      await waitFor(
        () => (A.match?.version ?? 0) > m.version && (B.match?.version ?? 0) > m.version,
        "the move on both",
      );
    } finally {
      for (const s of [A, B]) s.link.dispose();
      for (const off of leave) off();
    }
  }, 60_000);
});

describe("false departures the chaos bench found, friend mode", () => {
  // Chaos run seed 1721795946, friend game 10 (load average ~20): the same with a friend room. a's
  // socket reached its planned reconnect and a rejoined on its successor, slowly; b came back
  // meanwhile and the server told a's old socket, its seat's. a saw b away 6.0 s against b's 3.2 s.
  test("a peer back while the player rejoins on its planned successor is shown back at once", async () => {
    const trace = createTrace();
    const a = holdable("room.join");
    const b = holdable("room.join");
    const addresses = ["127.0.3.11", "127.0.3.12"] as const;
    const leave = [chaos.enter(addresses[0], a.draws, trace, "a"), chaos.enter(addresses[1], b.draws, trace, "b")];
    const sockets: WebSocket[][] = [[], []];
    const url = chaos.server.wsUrl;
    const heartbeat = { everyMs: CONNECTION.heartbeatMs, timeoutMs: CONNECTION.deadMs };
    const alice = player(
      url,
      newRoom().code,
      "create",
      { name: "Alice" },
      {
        setup: { game: "tsoro-wta", options: { holes: 4, seeds: 1 }, bestOf: 1 },
        socket: tracedSockets(sockets[0], addresses[0], trace, "a"),
        connection: CONNECTION,
        heartbeat,
      },
    );
    const off = alice.session.subscribe((e) => {
      if (e.type === "request") alice.session.answerJoin(e.request.reqId, true);
    });
    let bob: Player | null = null;
    const why = (): string => trace.lines().join("\n");
    try {
      bob = player(
        url,
        await codeOf(alice),
        "join",
        { name: "Bob" },
        {
          socket: tracedSockets(sockets[1], addresses[1], trace, "b"),
          connection: CONNECTION,
          heartbeat,
        },
      );
      const B = bob;
      await waitFor(
        () => alice.view().game.state !== null && B.view().game.state !== null && B.view().seat !== null,
        "both seated",
        60_000,
      );
      // b is cut and cannot rejoin for now: a is told b is away.
      b.held = true;
      sockets[1].at(-1)!.terminate();
      await waitFor(() => !alice.view().peer.online, "a sees b away");
      // a's planned reconnect finds every rejoin throttled.
      a.held = true;
      await waitFor(() => sockets[0].length === 2 && a.refused > 0, "a rejoining on its successor", 20_000);
      // b rejoins; the server tells a's seat, still a's old socket.
      b.held = false;
      await waitFor(() => B.view().link.status === "connected" && b.refused > 0, "b back");
      await waitFor(() => alice.view().peer.online, `a sees b back before a has rejoined\n${why()}`, 3_000);
      a.held = false;
      // Rejoined on the successor: the old socket is closed.
      await waitFor(() => sockets[0][0].readyState === sockets[0][0].CLOSED, "a rejoined");
      // The game goes on: a move by whoever is to move reaches both.
      const g = alice.view().game;
      const mover = seatToMove(g) === alice.view().seat ? alice : B;
      const n = g.moves.length;
      expect(mover.session.move(legalMoves(g.state!)[0]).ok).toBe(true);
      await waitFor(() => alice.view().game.moves.length > n && B.view().game.moves.length > n, "the move on both");
    } finally {
      off();
      alice.session.dispose();
      bob?.session.dispose();
      for (const l of leave) l();
    }
  }, 90_000);
});

describe("sortAbsences", () => {
  test("an absence shown is the other's when the other was away that long, the observer's when both were, else unexplained", () => {
    // Shown 0–6 s. The other away 0–5.5 s: real.
    expect(sortAbsences([[0, 6_000]], [[0, 5_500]], [])).toEqual({
      shown: 1,
      real: 1,
      observerAway: 0,
      unexplained: 0,
    });
    // The other away 0–2 s, the observer itself 1–6 s: it could not be told.
    expect(sortAbsences([[0, 6_000]], [[0, 2_000]], [[1_000, 6_000]])).toEqual({
      shown: 1,
      real: 0,
      observerAway: 1,
      unexplained: 0,
    });
    // The other away 0–3.7 s, the observer in the game throughout, shown 5 s: unexplained.
    expect(sortAbsences([[0, 5_000]], [[0, 3_700]], [])).toEqual({
      shown: 1,
      real: 0,
      observerAway: 0,
      unexplained: 1,
    });
    // Under the threshold: not counted.
    expect(sortAbsences([[0, 4_999]], [], [])).toEqual({ shown: 0, real: 0, observerAway: 0, unexplained: 0 });
    // Overlapping absences of the other count once.
    expect(
      sortAbsences(
        [[0, 6_000]],
        [
          [0, 3_000],
          [1_000, 3_000],
        ],
        [],
      ).unexplained,
    ).toBe(1);
  });
});
