/**
 * The door, owner side: the owner's device answers each exchange (`join.reply`), judges its
 * confirmation (`join.verdict`), lets the guest in or not (`join.answer`), and changes the code when
 * it has answered all it will for one (`room.recode`).
 */
import type { FriendServerMessage } from "../../core/protocol/friend.js";
import type { FriendConnection as Connection } from "./connections.js";
import { push, refuse, retire } from "./endings.js";
import type { JoinRequest } from "./exchanges.js";
import { NO_FREE_CODE, fail, freshLocator, ridOf, stepTaken, type FriendPorts, type Msg, type Rid } from "./ports.js";
import { seatConnection } from "./seats.js";

/** The owner's side of a guest's exchange, relayed to the guest. */
async function ownerRequest(
  p: FriendPorts,
  conn: Connection,
  reqId: string,
  rid: Rid,
  now: number,
): Promise<JoinRequest | FriendServerMessage> {
  if (conn.roomId === undefined) return fail("room/not_seated", "join a room first", rid);
  if (conn.seat !== 0) return fail("room/not_owner", "only the player who made the game answers join requests", rid);
  const req = await p.exchanges.get(conn.roomId, reqId, now);
  return req ?? fail("join/not_found", "that join request is no longer open", rid);
}

/** The owner's device has answered all the exchanges it will for this code: a new locator, the old one retired. */
export async function recode(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"room.recode">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.roomId === undefined) return fail("room/not_seated", "join a room first", m.rid);
  if (conn.seat !== 0) return fail("room/not_owner", "only the player who made the game changes its code", m.rid);
  const room = await p.rooms.get(conn.roomId, now);
  if (room === null) return fail("room/not_found", "the room has expired", m.rid);
  if (room.hashes[1] !== null) return fail("room/full", "both seats are taken", m.rid);
  if (room.loc !== null) return retire(p, room.roomId, room.loc, m.rid, now);
  const fresh = await freshLocator(p, room.roomId, null, undefined, now);
  if (fresh === null) return fail("server/error", NO_FREE_CODE, m.rid);
  return { type: "room.code", ...ridOf(m.rid), loc: fresh, reason: "retired" };
}

export async function reply(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.reply">,
  now: number,
): Promise<FriendServerMessage> {
  const req = await ownerRequest(p, conn, m.reqId, m.rid, now);
  if ("type" in req) return req;
  // Already past this step (the guest confirmed): a copy sent again, answered without a second push.
  if (req.secretHash !== undefined) return stepTaken(m.rid, req.reqId);
  const replied = await p.exchanges.reply(req.roomId, req.reqId, now);
  if (replied === null) {
    // The guest confirmed meanwhile (this copy came after the first one's reply reached it).
    const had = await p.exchanges.get(req.roomId, req.reqId, now);
    if (had?.secretHash !== undefined) return stepTaken(m.rid, req.reqId);
    return fail("join/not_found", "that join request is no longer open", m.rid);
  }
  await push(p, req.connectionId, { type: "join.reply", reqId: req.reqId, msg: m.msg }, now);
  return stepTaken(m.rid, req.reqId);
}

/**
 * The owner judged the guest's confirmation: the only way a wrong code is ever counted (the
 * guess-slot rule, locators.ts), before the guest learns anything. A guest whose wrong code finds
 * the count full is told the code was retired, as is a right one whose locator was retired
 * meanwhile (it never gets the owner's tag). The last wrong code retires the locator and the owner
 * gets a new one.
 */
export async function verdict(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.verdict">,
  now: number,
): Promise<FriendServerMessage> {
  const req = await ownerRequest(p, conn, m.reqId, m.rid, now);
  if ("type" in req) return req;
  const room = await p.rooms.get(req.roomId, now);
  if (room === null) return fail("room/not_found", "the room has expired", m.rid);
  if (room.hashes[1] !== null) {
    // A late copy of this verdict, after the owner already seated this very guest: nothing to do.
    if (room.hashes[1] === req.secretHash) return stepTaken(m.rid, req.reqId);
    await refuse(p, req, "room/full", now);
    return stepTaken(m.rid, req.reqId);
  }
  if (!m.ok || m.tag === undefined) {
    if (req.secretHash === undefined)
      return fail("join/not_found", "that guest has not confirmed: refuse it with join.answer", m.rid);
    // Judged wrong: the network's turn stays spent (marked before the exchange ends, so a hello in
    // between cannot take it back).
    if (req.loc !== undefined && req.address !== undefined) await p.knocks.spend(req.loc, req.address, req.reqId);
    const out = await refuse(p, req, "wrong_code", now);
    return out.retired !== null ? retire(p, room.roomId, out.retired, m.rid, now) : stepTaken(m.rid, req.reqId);
  }
  const verifiedAnswer: FriendServerMessage = { type: "join.verified", ...ridOf(m.rid), reqId: req.reqId, tag: m.tag };
  // The same verdict again (its answer was lost to the gateway): answered again, judged once.
  if (req.verified === true) return verifiedAnswer;
  const verified = await p.exchanges.verify(room.roomId, req.reqId, now);
  if (verified === null) {
    if ((await p.exchanges.get(room.roomId, req.reqId, now))?.verified === true) return verifiedAnswer;
    return fail("join/not_found", "that join request is no longer open or not confirmed", m.rid);
  }
  if (req.loc === undefined || !(await p.locators.passGuess(req.loc, room.roomId, now))) {
    await refuse(p, verified, "retired", now);
    return stepTaken(m.rid, req.reqId);
  }
  // The guest proved the code: a cut from here on must not keep it out for a knock interval (its
  // next exchange is no guess; guesses never get here, so the turn still bounds them).
  if (req.address !== undefined) await p.knocks.unknock(req.loc, req.address);
  await push(p, req.connectionId, { type: "join.verified", reqId: req.reqId, tag: m.tag, roomId: room.roomId }, now);
  // The guest checks the owner's tag, then sends its sealed request, which the owner shows.
  return verifiedAnswer;
}

export async function answer(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.answer">,
  now: number,
): Promise<FriendServerMessage> {
  const req = await ownerRequest(p, conn, m.reqId, m.rid, now);
  if ("type" in req) return req;
  const done: FriendServerMessage = { type: "join.answered", ...ridOf(m.rid), reqId: m.reqId, approved: m.approve };
  if (!m.approve) {
    await refuse(p, req, "refused", now);
    return done;
  }
  if (req.verified !== true || req.secretHash === undefined || req.request === undefined)
    return fail("join/not_found", "that guest has not confirmed the code", m.rid);
  const room = await p.rooms.claimGuestSeat(req.roomId, req.secretHash, now);
  if (room === null) {
    // A copy of this very approval, sent again while the first was still being taken: the seat is
    // this guest's already (the first copy seats it); answered again, and nobody is refused.
    if ((await p.rooms.get(req.roomId, now))?.hashes[1] === req.secretHash) return done;
    await refuse(p, req, "room/full", now);
    return fail("room/full", "the guest seat is already taken", m.rid);
  }
  // The room is full: its locator is free for other rooms (no move can replace it now: rooms.ts).
  if (room.loc !== null) await p.locators.release(room.loc, room.roomId);
  await p.exchanges.end(req.roomId, req.reqId);
  const guest = await p.conns.get(req.connectionId, now);
  if (guest !== null && guest.pendingReqId === req.reqId) {
    const joined = await seatConnection(p, guest, room, 1, undefined, now);
    await push(p, guest.connectionId, joined, now);
  }
  // Every other guest is told the room is full (those whose exchange lapsed unnoticed too).
  const rest = [...(await p.exchanges.listOpen(req.roomId, now)), ...(await p.exchanges.listLapsed(req.roomId, now))];
  for (const r of rest) await refuse(p, r, "room/full", now);
  return done;
}
