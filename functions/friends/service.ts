/**
 * Friend rooms: the server side of core/protocol/friend.ts, split by concern the way the client's
 * core/online/friend/ is: rooms and seats (seats.ts), the door (door.ts for the guest's steps,
 * owner.ts for the owner's, endings.ts for how an exchange ends), the relay and the log (relay.ts).
 * Each action is checked in a fixed order (seat → room state → conditional write), saved, and only
 * then pushed to the connections concerned. The service sees only room ids, locators, hashes of
 * seat secrets, key-exchange messages and sealed boxes.
 */
import type { FriendClientMessage, FriendServerMessage } from "../../core/protocol/friend.js";
import type { FriendConnection as Connection } from "./connections.js";
import { confirm, hello, named } from "./door.js";
import { endQuietly } from "./endings.js";
import { answer, recode, reply, verdict } from "./owner.js";
import { other, push, ridOf, type FriendPorts, type Rid, type Sender } from "./ports.js";
import { friendRelay, sync } from "./relay.js";
import { create, join } from "./seats.js";
import { makeSeatToken } from "./token.js";

/** The answer to a ping: no read, no write. */
export function pong(rid: Rid, now: number): FriendServerMessage {
  return { type: "pong", ...ridOf(rid), at: now };
}

/** Handles one validated friend-room message from `conn`; returns the reply for the sender. */
export async function friendMessage(
  p: FriendPorts,
  conn: Connection,
  m: FriendClientMessage,
  from: Sender,
  now: number,
): Promise<FriendServerMessage | null> {
  switch (m.type) {
    case "room.create":
      return create(p, conn, m, from, now);
    case "room.join":
      return join(p, conn, m, now);
    case "room.recode":
      return recode(p, conn, m, now);
    case "join.hello":
      return hello(p, conn, m, from, now);
    case "join.reply":
      return reply(p, conn, m, now);
    case "join.confirm":
      return confirm(p, conn, m, now);
    case "join.request":
      return named(p, conn, m, now);
    case "join.verdict":
      return verdict(p, conn, m, now);
    case "join.answer":
      return answer(p, conn, m, now);
    case "relay":
      return friendRelay(p, conn.connectionId, m, now);
    case "sync":
      return sync(p, conn, m, now);
    case "ping":
      return pong(m.rid, now);
  }
}

/**
 * A connection closed (or was found gone): free its seat, tell the other seat, end the exchange it
 * had open (its guess slot goes back, whatever step it was at: the route may touch locators,
 * functions/routes.ts), forget it.
 */
export async function friendDisconnect(p: FriendPorts, connectionId: string, now: number): Promise<void> {
  const conn = await p.conns.get(connectionId, now);
  if (conn === null) return;
  await p.conns.delete(connectionId);
  if (conn.roomId !== undefined && conn.seat !== undefined) {
    const room = await p.rooms.unbindSeat(conn.roomId, conn.seat, connectionId, now);
    const peer = room?.conns[other(conn.seat)] ?? null;
    if (room !== null && peer !== null) {
      const token = makeSeatToken(await p.tokenKey(), room.roomId, other(conn.seat), peer, "");
      await push(p, peer, { type: "presence", seat: conn.seat, online: false, seated: true, token, via: "" }, now);
    }
  }
  if (conn.pendingRoomId !== undefined && conn.pendingReqId !== undefined) {
    // A confirmation waiting for the owner's verdict is kept: the owner judges it whatever became of
    // the guest (a right one gives the network its turn back at once, a wrong one counts), or it
    // lapses unjudged (`turnFor` gives the turn back then). Anything earlier ends here.
    const open = await p.exchanges.get(conn.pendingRoomId, conn.pendingReqId, now);
    if (open !== null && open.secretHash !== undefined && open.verified !== true) return;
    if ((await endQuietly(p, conn.pendingRoomId, conn.pendingReqId, now)) !== null) {
      const room = await p.rooms.get(conn.pendingRoomId, now);
      if (room !== null) await push(p, room.conns[0], { type: "join.withdrawn", reqId: conn.pendingReqId }, now);
    }
  }
}
