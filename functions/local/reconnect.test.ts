/**
 * Ranked reconnects over the real local server, one fault at a time: a planned reconnect before
 * the longest-connection cut never shows the player as gone, and a cut shows them gone only until
 * they are back (the client shows it only after ABSENCE_QUIET_MS); the game carries on either way.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDeviceKeys } from "../../core/identity.js";
import { openRankedLink, type RankedLink } from "../../core/online/ranked.js";
import type { MatchView, RankedServerMessage } from "../../core/protocol/ranked.js";
import { legalMoves, newGame, playAll } from "../../core/games/index.js";
import { waitFor, wsFactory } from "./players.js";
import { rankedSide, seekRanked, startChaosServer, type ChaosServer } from "../../scripts/bench/harness/chaos.js";
import type { WebSocket } from "ws";

let chaos: ChaosServer;
beforeAll(async () => {
  // Longest connection 4 s, no other fault.
  chaos = await startChaosServer(
    { idleMs: 600_000, maxConnectionMs: 4_000, ratePerGame: 1e6, burstPerGame: 1e6, failures: 0, dropMeanMs: 0 },
    1,
  );
});
afterAll(async () => {
  await chaos?.stop();
});

interface Side {
  link: RankedLink;
  sockets: WebSocket[];
  match: MatchView | null;
  seat: 0 | 1;
  presence: boolean[];
  opens: number;
}

function side(name: string, maxAgeMs: number): Side {
  const s: Side = { link: null as unknown as RankedLink, sockets: [], match: null, seat: 0, presence: [], opens: 0 };
  s.link = openRankedLink({
    url: chaos.server.wsUrl,
    socket: wsFactory(s.sockets),
    keys: makeDeviceKeys(),
    name: () => name,
    connection: { maxAgeMs, heartbeatMs: 60_000, backoff: { baseMs: 50, maxMs: 200 } },
    handlers: {
      onOpen: () => s.opens++,
      onClose: () => undefined,
      onMessage: (m: RankedServerMessage) => {
        if (m.type === "ranked.start" || m.type === "ranked.update" || m.type === "ranked.end") {
          if (s.match === null || m.match.version >= s.match.version) s.match = m.match;
          s.seat = m.seat;
        } else if (m.type === "ranked.presence" && m.seat !== s.seat) s.presence.push(m.connected);
      },
    },
  });
  return s;
}

async function pair(a: Side, b: Side, holes: number): Promise<void> {
  await waitFor(() => a.opens > 0 && b.opens > 0, "signed in");
  for (const s of [a, b]) s.link.send({ type: "ranked.seek", game: "tsoro-wta", options: { holes, seeds: 1 } });
  await waitFor(() => a.match !== null && b.match !== null, "paired");
}

async function move(s: Side): Promise<void> {
  const m = s.match!;
  const g = newGame(m.game, m.options);
  if (!g.ok) throw new Error(g.error.message);
  const p = playAll(g.value, m.moves);
  if (!p.ok) throw new Error(p.error.message);
  s.link.send({ type: "ranked.move", matchId: m.id, version: m.version, move: legalMoves(p.value)[0] }, { keep: true });
  await waitFor(() => s.match!.version > m.version, "the move applied");
}

describe("ranked reconnects", () => {
  test("a planned reconnect beats the longest-connection cut and never shows the player gone", async () => {
    // Planned reconnects 2.5 s after each socket opens, the gateway's cut at 4 s: play on until each
    // side is on its third socket (two planned reconnects each), however slow the machine.
    const a = side("PlanA", 2_500);
    const b = side("PlanB", 2_500);
    try {
      await pair(a, b, 8);
      const t0 = Date.now();
      while ((a.sockets.length < 3 || b.sockets.length < 3) && Date.now() - t0 < 20_000) {
        const mover = a.match!.toMove === a.seat ? a : b;
        if (mover.match!.status === "active") await move(mover);
        await new Promise((r) => setTimeout(r, 400));
      }
      expect(a.sockets.length).toBeGreaterThanOrEqual(3);
      expect(b.sockets.length).toBeGreaterThanOrEqual(3);
      expect(chaos.server.stats().faults.maxCuts).toBe(0);
      expect([...a.presence, ...b.presence].filter((c) => !c)).toEqual([]);
    } finally {
      a.link.dispose();
      b.link.dispose();
    }
  }, 45_000);

  test("after a cut the player is gone only until back, and a move made while cut off is applied once", async () => {
    const a = side("CutA", 60_000);
    const b = side("CutB", 60_000);
    try {
      await pair(a, b, 6);
      const [mover, other] = a.match!.toMove === a.seat ? [a, b] : [b, a];
      const at = mover.match!.version;
      mover.sockets[mover.sockets.length - 1].terminate();
      const m = mover.match!;
      const g = newGame(m.game, m.options);
      if (!g.ok) throw new Error(g.error.message);
      const p = playAll(g.value, m.moves);
      if (!p.ok) throw new Error(p.error.message);
      mover.link.send(
        { type: "ranked.move", matchId: m.id, version: m.version, move: legalMoves(p.value)[0] },
        { keep: true },
      );
      await waitFor(() => other.match!.version === at + 1, "the move made while cut off arrives");
      expect(other.match!.moves).toHaveLength(at + 1);
      await waitFor(() => other.presence.at(-1) === true, "back");
      expect(other.match!.status).toBe("active");
      await move(other);
      expect(mover.match!.moves).toEqual(other.match!.moves);
    } finally {
      a.link.dispose();
      b.link.dispose();
    }
  }, 30_000);

  test("at chaos scale a player signs in again more often than a stage's sign-in quota allows in 10 minutes", async () => {
    // A chaos run cuts each connection every few seconds (a stage does it in hours): a long game
    // signs in 60 times and more, and a refused sign-in left the player out until the window ended.
    const s = side("ChaosQuota", 600_000);
    try {
      await waitFor(() => s.opens > 0, "signed in");
      for (let i = 0; i < 65; i++) {
        const before = s.opens;
        s.link.restart();
        await waitFor(() => s.opens > before, `sign-in ${i + 2}`, 5_000);
      }
      expect(s.opens).toBe(66);
    } finally {
      s.link.dispose();
    }
  }, 60_000);

  test("a player seeking when the connection goes seeks again once back, and is paired", async () => {
    // The server forgets a seek when its socket goes; the chaos players seek again, as the web client does.
    const scale = {
      idleMs: 600_000,
      maxConnectionMs: 600_000,
      ratePerGame: 1e6,
      burstPerGame: 1e6,
      failures: 0,
      dropMeanMs: 0,
    };
    const views = new Map<number, MatchView>();
    const a = rankedSide(chaos.server.wsUrl, "ReseekA", "127.0.0.1", scale, views);
    const b = rankedSide(chaos.server.wsUrl, "ReseekB", "127.0.0.1", scale, views);
    try {
      await waitFor(() => a.connected && b.connected, "signed in");
      const seek = { type: "ranked.seek", game: "tsoro-wta", options: { holes: 7, seeds: 1 } } as const;
      seekRanked(a, seek);
      await waitFor(() => a.seek?.taken === true, "seeking");
      const signIns = a.heard.signIns;
      a.sockets.at(-1)!.terminate();
      await waitFor(() => a.heard.signIns > signIns && a.connected, "signed in again");
      seekRanked(b, seek);
      await waitFor(() => a.match !== null && b.match !== null, "paired", 10_000);
      expect(a.match!.id).toBe(b.match!.id);
    } finally {
      a.link.dispose();
      b.link.dispose();
    }
  }, 30_000);
});
