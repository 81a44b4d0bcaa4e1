/**
 * Simulated friend-game players, shared by the integration tests, the chaos harness and the load bench: a local server on a free port
 * with a temporary data directory, real `ws` clients, and the core online session on top.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "ws";
import { generateCode, type RoomCode } from "../../core/crypto/index.js";
import {
  createFriendSession,
  type FriendSession,
  type FriendSessionOptions,
  type SessionView,
} from "../../core/online/friend/session.js";
import type { SocketFactory, SocketLike } from "../../core/online/transport.js";
import type { Settings, Profile } from "../../core/online/friend/game.js";
import { legalMoves } from "../../core/games/index.js";
import { seatToMove } from "../../core/online/friend/game.js";
import { startServer, type RunningServer } from "./server.js";

export interface TestServer {
  readonly server: RunningServer;
  readonly dataDir: string;
  stop(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "mancala-it-"));
  const server = await startServer({ port: 0, dataDir, quiet: true, staticDir: join(dataDir, "no-client") });
  return {
    server,
    dataDir,
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Real `ws` sockets; every socket made is kept in `made` so a test can cut it. `address` picks the
 * loopback source address (127.0.0.0/8), so one test can speak from many addresses.
 */
export function wsFactory(made: WebSocket[] = [], address?: string): SocketFactory {
  return (url: string): SocketLike => {
    const ws = new WebSocket(url, address !== undefined ? { localAddress: address } : {});
    made.push(ws);
    return ws as unknown as SocketLike;
  };
}

/** A fresh code for an owner to create a room with (the server may give it another locator: see `codeOf`). */
export function newRoom(): { code: RoomCode } {
  return { code: generateCode() };
}

export interface Player {
  readonly session: FriendSession;
  readonly sockets: WebSocket[];
  view(): SessionView;
}

export function player(
  url: string,
  code: RoomCode,
  mode: "create" | "join",
  profile: Profile,
  extra: { setup?: Settings; secret?: string; address?: string } & Partial<FriendSessionOptions> = {},
): Player {
  const sockets: WebSocket[] = [];
  const { address, ...rest } = extra;
  const session = createFriendSession({
    url,
    socket: wsFactory(sockets, address),
    code,
    mode,
    profile,
    backoff: { baseMs: 50, maxMs: 500 },
    gapWaitMs: 150,
    ...rest,
  });
  return { session, sockets, view: () => session.view() };
}

/** The code the owner shares, once its room exists (the server allocates the locator). */
export async function codeOf(owner: Player): Promise<RoomCode> {
  await waitFor(() => owner.view().status === "seated" && owner.view().code !== null, "the owner's room exists");
  return owner.view().code!;
}

/** Polls `pred` until it holds (event-driven code under test settles within the timeout). */
export async function waitFor(pred: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A small seeded generator (mulberry32) so games are repeatable. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Plays `count` moves (or until the series is over): whoever is to move picks a random legal move,
 * then both sides wait until they have applied it. Returns how many moves were played.
 */
export async function playMoves(a: Player, b: Player, count: number, rand: () => number): Promise<number> {
  const bySeat = (s: 0 | 1): Player => (a.view().seat === s ? a : b);
  let played = 0;
  while (played < count) {
    const g = a.view().game;
    const s = seatToMove(g);
    if (s === null || g.state === null) break;
    const mover = bySeat(s);
    const moves = legalMoves(g.state);
    const mv = moves[Math.floor(rand() * moves.length)];
    const before = a.view().applied;
    const r = mover.session.move(mv);
    if (!r.ok) throw new Error(`move ${mv} refused: ${r.error.code} ${r.error.message}`);
    await waitFor(
      () => a.view().applied > before && b.view().applied === a.view().applied && mover.view().unsent === 0,
      `move ${played + 1} applied on both sides`,
    );
    played++;
  }
  return played;
}
