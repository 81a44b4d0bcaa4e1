/**
 * Test support for the friend tests over real WebSockets (imported by tests only): a raw client
 * that speaks the protocol frame by frame from a chosen loopback address, fresh addresses (a
 * stranger from another network each), and two players seated in a room and playing.
 */
import { WebSocket } from "ws";
import { legalMoves } from "../../core/games/index.js";
import { seatToMove } from "../../core/online/game.js";
import { PROTOCOL_VERSION } from "../../core/protocol/friend.js";
import { codeOf, newRoom, player, waitFor, type Player } from "../local/players.js";

export interface Raw {
  readonly ws: WebSocket;
  readonly got: Record<string, unknown>[];
  send(m: object): void;
  /** The first frame (from `from` on) matching `pred`. */
  next(pred: (m: Record<string, unknown>) => boolean, what: string, from?: number): Promise<Record<string, unknown>>;
  /** Closes the socket and waits until it is closed. */
  close(): Promise<void>;
}

export async function rawClient(url: string, address: string): Promise<Raw> {
  const ws = new WebSocket(`${url}?v=${PROTOCOL_VERSION}`, { localAddress: address });
  const got: Record<string, unknown>[] = [];
  ws.on("message", (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
  await new Promise<void>((res, rej) => {
    ws.once("open", () => res());
    ws.once("error", rej);
  });
  return {
    ws,
    got,
    send: (m) => ws.send(JSON.stringify(m)),
    async next(pred, what, from = 0) {
      await waitFor(() => got.slice(from).some(pred), what);
      return got.slice(from).find(pred)!;
    },
    close: () =>
      new Promise<void>((res) => {
        if (ws.readyState === WebSocket.CLOSED) return res();
        ws.once("close", () => res());
        ws.close();
      }),
  };
}

/** Fresh loopback source addresses under `127.<net>.0.0/16`: a stranger from another network each. */
export function addresses(net: number): () => string {
  let n = 10;
  return () => `127.${net}.${Math.floor(n / 250)}.${(n++ % 250) + 2}`;
}

/** Two players seated in a new room of `game` (the owner lets the guest in). */
export async function pair(
  url: string,
  game: "togyz" | "ayo" | "tsoro-wta",
  names: [string, string] = ["Alice", "Bob"],
  avatars: [string?, string?] = [],
): Promise<[Player, Player, string]> {
  const a = player(
    url,
    newRoom().code,
    "create",
    { name: names[0], ...(avatars[0] !== undefined ? { avatar: avatars[0] } : {}) },
    { setup: { game, options: {}, bestOf: 7 } },
  );
  a.session.subscribe((e) => {
    if (e.type === "request") a.session.answerJoin(e.request.reqId, true);
  });
  const code = await codeOf(a);
  const b = player(url, code, "join", {
    name: names[1],
    ...(avatars[1] !== undefined ? { avatar: avatars[1] } : {}),
  });
  await waitFor(
    () => b.view().status === "seated" && a.view().game.profiles[1] !== null && b.view().game.profiles[0] !== null,
    "pair seated",
  );
  return [a, b, code];
}

/** Each player moves at random whenever it is its turn, until stopped. */
export function autoplay(ps: Player[], rand: () => number): { stop(): void } {
  let on = true;
  const tick = (): void => {
    if (!on) return;
    for (const p of ps) {
      const v = p.view();
      if (
        v.status === "seated" &&
        v.unsent === 0 &&
        v.seat !== null &&
        seatToMove(v.game) === v.seat &&
        v.game.state !== null
      ) {
        const moves = legalMoves(v.game.state);
        p.session.move(moves[Math.floor(rand() * moves.length)]);
      }
    }
    setTimeout(tick, 3);
  };
  tick();
  return { stop: () => (on = false) };
}

/** The moves a player has seen, over every game of the match. */
export const played = (p: Player): number =>
  p.view().game.finished.reduce((n, f) => n + f.moves.length, 0) + p.view().game.moves.length;
