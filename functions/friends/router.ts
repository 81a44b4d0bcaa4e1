/**
 * Friend rooms' branch of the WebSocket entry (functions/ws/router.ts), which has already checked
 * the frame's size, envelope and the connection's and address's flood limits: validates the message
 * with its schema, charges the seat's flood bucket and the chat rule, and hands it to the service.
 *
 * A `relay` needs no read: its seat token (token.ts) proves the seat, and is checked (an HMAC, in
 * memory) before the seat's bucket is charged, so a forged relay cannot drain the other seat's limit.
 * Every other message reads the connection item, which names the seat.
 */
import { createHash, randomBytes } from "node:crypto";
import { chatFlood, chatWindow, CHAT_WINDOW_MS } from "../../core/protocol/chat.js";
import { makeError, parseFriendClientMessage } from "../../core/protocol/friend.js";
import { err, ok, type Seat } from "../../core/types.js";
import type { DomainRouter, RealtimeInfra } from "../lib/realtime.js";
import { makeDynamoFriendConnectionStore, type FriendConnection, type FriendConnectionStore } from "./connections.js";
import type { FriendPorts } from "./ports.js";
import { friendRelay } from "./relay.js";
import { friendDisconnect } from "./endings.js";
import { friendMessage, pong } from "./service.js";
import { makeDynamoFriendStores, type FriendStores } from "./store.js";
import { checkSeatToken, seatTokenKeys } from "./token.js";

/** One-way hash of a seat secret (the server never stores the secret itself). */
function hashSecret(secret: string): string {
  return createHash("sha256").update("mancala/seat/v1\0").update(secret).digest("base64url");
}

const built = new WeakMap<RealtimeInfra, FriendPorts>();

/**
 * The friend service's ports on the realtime layer's parts, built once for each: the DynamoDB stores
 * on its table, or `stores` (the in-memory twins, for the service tests of the fast tier).
 */
export function portsOf(
  infra: RealtimeInfra,
  twins?: { readonly stores: FriendStores; readonly conns: FriendConnectionStore },
): FriendPorts {
  let p = built.get(infra);
  if (p === undefined) {
    p = {
      ...(twins?.stores ?? makeDynamoFriendStores(infra.db, infra.tableName)),
      conns: twins?.conns ?? makeDynamoFriendConnectionStore(infra.db, infra.tableName),
      gateway: infra.gateway,
      hashSecret,
      newId: () => randomBytes(12).toString("base64url"),
      tokenKey: () => seatTokenKeys(),
    };
    built.set(infra, p);
  }
  return p;
}

const seatIdentity = (roomId: string, seat: Seat | undefined): string => `seat:${roomId}:${String(seat)}`;

/**
 * Each connection's recent chat lines (the chat rule, core/protocol/chat.ts), kept in process like
 * the flood buckets: a line is its seat's own number (`cseq`), so a copy sent again after a lost
 * answer is the same line and counts once.
 */
const chats = new Map<string, { readonly at: number; readonly cseq: number }[]>();
let sweptAt = 0;

function allowChat(connectionId: string, cseq: number, now: number): ReturnType<typeof chatFlood> {
  if (now - sweptAt >= CHAT_WINDOW_MS) {
    sweptAt = now;
    for (const [k, t] of chats)
      if (
        chatWindow(
          t.map((c) => c.at),
          now,
        ).length === 0
      )
        chats.delete(k);
  }
  const recent = (chats.get(connectionId) ?? []).filter((c) => c.at > now - CHAT_WINDOW_MS);
  if (recent.some((c) => c.cseq === cseq)) return null;
  const flood = chatFlood(
    recent.map((c) => c.at),
    now,
  );
  if (flood === null) recent.push({ at: now, cseq });
  chats.set(connectionId, recent);
  return flood;
}

export const friendRouter: DomainRouter = {
  accept(msg, rid) {
    const parsed = parseFriendClientMessage(msg);
    if (!parsed.ok) return err(makeError(parsed.error.code, parsed.error.message, rid !== undefined ? { rid } : {}));
    const m = parsed.value;
    return ok(async (ctx) => {
      const p = portsOf(ctx.infra);
      if (m.type === "relay") {
        if (!checkSeatToken(await p.tokenKey(), m.room, m.seat, ctx.connectionId, m.via, m.tok)) {
          return makeError("room/not_seated", "take a seat before sending (join the room again)", { rid: m.rid });
        }
        const refused = ctx.chargeIdentity(seatIdentity(m.room, m.seat));
        if (refused !== null) return refused;
        if (m.kind === "chat") {
          const flood = allowChat(ctx.connectionId, m.cseq, ctx.now);
          if (flood !== null) return makeError(flood.code, flood.message, { rid: m.rid });
        }
        return friendRelay(p, ctx.connectionId, m, ctx.now);
      }
      // A ping needs no connection item: answered without a read.
      if (m.type === "ping") return pong(m.rid, ctx.now);
      const conn = await ctx.connection();
      if (!conn.ok) return conn.error;
      // The signed-in player, if any, shares the creation and look-up limits of its identity.
      const player = conn.value.rankedPlayer;
      const from = typeof player === "string" ? { address: ctx.address, identity: player } : { address: ctx.address };
      return friendMessage(p, conn.value as FriendConnection, m, from, ctx.now);
    });
  },
  identityOf(conn) {
    const c = conn as FriendConnection;
    return c.roomId !== undefined ? seatIdentity(c.roomId, c.seat) : undefined;
  },
  async disconnect(ctx) {
    await friendDisconnect(portsOf(ctx.infra), ctx.connectionId, ctx.now);
    chats.delete(ctx.connectionId);
  },
};
