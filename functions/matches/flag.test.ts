/**
 * A flag lands within 2 s of the deadline on the local server, with its timer at the interval it
 * runs at in development (every second, as the AWS timer ticks within its minute), whether or not
 * the waiting player's client claims it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeDeviceKeys, signChallenge } from "../../core/identity.js";
import type { MatchView } from "../../core/protocol/ranked.js";
import { startServer, type RunningServer } from "../local/server.js";
import { Client } from "../ranked/testing/client.js";

const CLOCK_MS = 2_500;
let server: RunningServer;
let dataDir: string;
const clients: Client[] = [];
let seed = 40;

beforeAll(async () => {
  process.env.RANKED_CLOCK_MS = String(CLOCK_MS);
  process.env.RANKED_INCREMENT_MS = "0";
  dataDir = mkdtempSync(join(tmpdir(), "ranked-flag-"));
  server = await startServer({ port: 0, dataDir, staticDir: join(dataDir, "none"), quiet: true });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.RANKED_CLOCK_MS;
  delete process.env.RANKED_INCREMENT_MS;
});

async function player(name: string): Promise<Client> {
  const c = await Client.open(server.wsUrl);
  clients.push(c);
  const keys = makeDeviceKeys(new Uint8Array(32).fill(++seed));
  const ch = await c.request({ type: "auth.hello", playerId: keys.playerId });
  await c.request({ type: "auth.prove", signature: signChallenge(keys, String(ch.challenge)), name });
  return c;
}

/** Two players, paired, both having moved once; returns the seat-0 and seat-1 clients and the last view. */
async function twoMoves(): Promise<{ seat: [Client, Client]; view: MatchView; sentAt: number }> {
  const a = await player(`Flag A${seed}`);
  const b = await player(`Flag B${seed}`);
  a.send({ type: "ranked.seek", game: "tsoro-wta", options: { holes: 4, seeds: 1 } });
  b.send({ type: "ranked.seek", game: "tsoro-wta", options: { holes: 4, seeds: 1 } });
  const [sa] = await Promise.all([a.type("ranked.start"), b.type("ranked.start")]);
  const seat: [Client, Client] = sa.seat === 0 ? [a, b] : [b, a];
  let view = sa.match as MatchView;
  let sentAt = 0;
  for (const move of [0, 2]) {
    const mover = seat[view.toMove];
    sentAt = Date.now();
    const r = await mover.request({ type: "ranked.move", matchId: view.id, version: view.version, move });
    expect(r.type).toBe("ranked.update");
    view = r.match as MatchView;
  }
  return { seat, view, sentAt };
}

describe("flags on time", () => {
  test("the server's timer alone ends the game within 2 s of the deadline", async () => {
    const { seat, view, sentAt } = await twoMoves();
    // The mover's clock started when the server accepted the last move, after `sentAt`: so the true
    // deadline is no earlier than this one, and the lateness measured is an upper bound.
    const deadline = sentAt + view.clocks[view.toMove];
    const loser = view.toMove;
    const ends = await Promise.all([
      seat[0].type("ranked.end", CLOCK_MS + 5_000),
      seat[1].type("ranked.end", CLOCK_MS + 5_000),
    ]);
    const arrived = Date.now();
    expect(arrived - deadline).toBeLessThan(2_000);
    expect(arrived - deadline).toBeGreaterThan(-200);
    const end = ends[0].match as MatchView;
    expect(end.result).toEqual({ winner: loser === 0 ? 1 : 0, reason: "timeout" });
    expect(end.clocks[loser]).toBe(0);
  });

  test("the waiting player's claim is checked against the server's clock: early is refused, on time ends it", async () => {
    const { seat, view } = await twoMoves();
    const waiting = seat[view.toMove === 0 ? 1 : 0];
    // Too early: the server's clock still runs, the match goes on.
    const early = await waiting.request({ type: "ranked.sync", matchId: view.id });
    expect(early.type).toBe("ranked.start");
    expect((early.match as MatchView).status).toBe("active");
    // The server's own deadline: the clock it showed at its `serverTime` (the same machine's clock;
    // `sentAt` would be earlier than the server's acceptance of the move on a busy machine).
    const deadline = view.serverTime + view.clocks[view.toMove];
    await new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now() + 50)));
    const claim = await waiting.request({ type: "ranked.sync", matchId: view.id });
    const arrived = Date.now();
    expect(claim.type).toBe("ranked.end");
    expect((claim.match as MatchView).result?.reason).toBe("timeout");
    expect(arrived - deadline).toBeLessThan(2_000);
  });
});
