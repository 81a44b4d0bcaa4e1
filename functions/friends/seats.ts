/**
 * Rooms and seats: making a room (seat 0 and its first locator), taking a seat again with its secret
 * (a newer connection of the same player takes over, the older one is told and closed), and the
 * presence each seat is told of the other.
 */
import type { Seat } from "../../core/types.js";
import type { FriendServerMessage } from "../../core/protocol/friend.js";
import type { FriendConnection as Connection } from "./connections.js";
import { push } from "./endings.js";
import { makeHead } from "./head.js";
import {
  chargeSender,
  fail,
  other,
  ridOf,
  type FriendPorts,
  type Msg,
  type Rid,
  type Sender,
  freshLocator,
} from "./ports.js";
import type { Room } from "./rooms.js";
import { makeSeatToken } from "./token.js";

export async function seatConnection(
  p: FriendPorts,
  conn: Connection,
  room: Room,
  seat: Seat,
  rid: Rid,
  now: number,
): Promise<FriendServerMessage> {
  const bound = await p.rooms.bindSeat(room.roomId, seat, conn.connectionId, now);
  if (bound === null) return fail("room/not_found", "the room has expired", rid);
  await p.conns.setRoom(conn.connectionId, room.roomId, seat);
  const prev = room.conns[seat];
  if (prev !== null && prev !== conn.connectionId) {
    // The older connection loses every room power: it is told, then closed (its seat token dies with it).
    await p.conns.clearRoom(prev);
    await push(p, prev, fail("room/seat_moved", "this seat is now played from another connection", undefined), now);
    await p.gateway.close(prev);
  }
  const [head, key] = await Promise.all([p.log.head(room.roomId), p.tokenKey()]);
  const via = bound.conns[other(seat)] ?? "";
  const peer = other(seat);
  const peerConn = bound.conns[peer];
  if (peerConn !== null) {
    const token = makeSeatToken(key, room.roomId, peer, peerConn, conn.connectionId);
    await push(p, peerConn, { type: "presence", seat, online: true, seated: true, token, via: conn.connectionId }, now);
  }
  return {
    type: "room.joined",
    ...ridOf(rid),
    roomId: room.roomId,
    seat,
    seq: head.seq,
    sent: head.sent[seat],
    head: makeHead(key, room.roomId, head.seq, head.sent),
    peer: { seated: bound.hashes[peer] !== null, online: bound.conns[peer] !== null },
    token: makeSeatToken(key, room.roomId, seat, conn.connectionId, via),
    via,
  };
}

/** The exchanges open while the owner was away, shown to its device now it is back. */
async function sendPendingHellos(p: FriendPorts, roomId: string, ownerConn: string, now: number): Promise<void> {
  for (const r of await p.exchanges.listOpen(roomId, now)) {
    if (!(await push(p, ownerConn, { type: "join.hello", reqId: r.reqId, sid: r.sid, msg: r.msg, at: r.at }, now)))
      return;
  }
}

export async function create(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"room.create">,
  from: Sender,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.roomId !== undefined) return fail("proto/invalid", "this connection is already in a room", m.rid);
  const charged = await chargeSender(p, "create", from, now);
  if (!charged.ok)
    return fail("rate/rooms", "too many new games from here; try again later", m.rid, { retryMs: charged.retryMs });
  const room = await p.rooms.create(m.roomId, p.hashSecret(m.secret), conn.connectionId, now);
  if (room === null) return fail("room/exists", "a room with this id exists", m.rid);
  const loc = await freshLocator(p, m.roomId, null, m.loc, now);
  if (loc === null) return fail("server/error", "no free game code right now; try again", m.rid);
  await p.conns.setRoom(conn.connectionId, m.roomId, 0);
  return {
    type: "room.created",
    ...ridOf(m.rid),
    roomId: m.roomId,
    seat: 0,
    loc,
    head: makeHead(await p.tokenKey(), m.roomId, 0, [0, 0]),
  };
}

/** Returns a connection to the seat its secret holds. The owner of a room still waiting for a guest also gets the locator (a new one if it lapsed). */
export async function join(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"room.join">,
  now: number,
): Promise<FriendServerMessage> {
  const room = await p.rooms.get(m.roomId, now);
  if (room === null) return fail("room/not_found", "no game with this code (it may have expired)", m.rid);
  if (conn.roomId !== undefined && conn.roomId !== m.roomId)
    return fail("proto/invalid", "this connection is in another room", m.rid);
  const hash = p.hashSecret(m.secret);
  const mine = room.hashes[0] === hash ? 0 : room.hashes[1] === hash ? 1 : null;
  if (mine === null) return fail("room/no_seat", "this seat secret holds no seat in the room", m.rid);
  const reply = await seatConnection(p, conn, room, mine, m.rid, now);
  if (mine !== 0 || reply.type !== "room.joined" || room.hashes[1] !== null) return reply;
  let loc = room.loc;
  if (loc === null || (await p.locators.get(loc, now))?.roomId !== room.roomId)
    loc = await freshLocator(p, room.roomId, room.loc, undefined, now);
  await sendPendingHellos(p, room.roomId, conn.connectionId, now);
  return { ...reply, loc };
}
