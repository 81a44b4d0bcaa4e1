/**
 * Friend rooms: the server side of core/protocol/friend.ts. Each action is checked in a fixed order
 * (seat → room state → conditional write), saved, and only then pushed to the connections concerned.
 * The service sees only room ids, locators, hashes of seat secrets, key-exchange messages and sealed
 * boxes.
 */
import type { Seat } from "../../core/types.js";
import {
  JOIN_STEP_MS,
  SYNC_PAGE_CHARS,
  makeError,
  type FriendClientMessage,
  type FriendServerMessage,
  type StoredMessage,
} from "../../core/protocol/friend.js";
import type { FriendErrorCode } from "../../core/protocol/errors.js";
import type { Gateway } from "../lib/gateway.js";
import type { FriendConnection as Connection, FriendConnectionStore } from "./connections.js";
import type { ChargeResult, FriendStore, JoinRequest, Room, Stored } from "./store.js";
import { checkSeatToken, makeSeatToken, type SeatKeys } from "./token.js";
import { checkHeadProof, makeHead, makeHeadProof } from "./head.js";
import { KNOCK_RETRIES, friendLimits } from "./limits.js";

export interface FriendPorts {
  readonly rooms: FriendStore;
  readonly conns: FriendConnectionStore;
  readonly gateway: Gateway;
  /** The key of seat tokens (friends/token.ts). */
  tokenKey(): Promise<SeatKeys>;
  /** One-way hash of a seat secret (the server never stores the secret itself). */
  hashSecret(secret: string): string;
  newId(): string;
}

type Rid = string | number | undefined;

/** Who sent a message, beyond its connection: the source address, and the signed-in player if any. */
export interface Sender {
  readonly address: string;
  readonly identity?: string;
}

/** Creation and look-up limits: per source address and per signed-in player, across every Lambda instance. */
async function chargeSender(
  p: FriendPorts,
  what: "create" | "lookup",
  from: Sender,
  now: number,
): Promise<ChargeResult> {
  const { limit, windowMs } = friendLimits()[what];
  const byAddress = await p.rooms.charge(`${what}#a#${from.address}`, windowMs, limit, now);
  if (!byAddress.ok || from.identity === undefined) return byAddress;
  return p.rooms.charge(`${what}#i#${from.identity}`, windowMs, limit, now);
}

const withProof = (key: SeatKeys, roomId: string, m: Stored): StoredMessage => ({
  ...m,
  proof: makeHeadProof(key, roomId, m.seq, m.sent),
});
type Msg<T extends FriendClientMessage["type"]> = Extract<FriendClientMessage, { type: T }>;

const other = (s: Seat): Seat => (s === 0 ? 1 : 0);

/** Sends to a connection; a gone connection is cleaned up as if it had disconnected. */
async function push(
  p: FriendPorts,
  connectionId: string | null,
  message: FriendServerMessage,
  now: number,
): Promise<boolean> {
  if (connectionId === null) return false;
  if (await p.gateway.send(connectionId, message)) return true;
  await friendDisconnect(p, connectionId, now);
  return false;
}

function fail(
  code: FriendErrorCode,
  message: string,
  rid: Rid,
  extra: { expected?: number; retryMs?: number } = {},
): FriendServerMessage {
  return makeError(code, message, { ...(rid !== undefined ? { rid } : {}), ...extra });
}

async function seatConnection(
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
  const [head, key] = await Promise.all([p.rooms.head(room.roomId), p.tokenKey()]);
  const via = bound.conns[other(seat)] ?? "";
  const peer = other(seat);
  const peerConn = bound.conns[peer];
  if (peerConn !== null) {
    await push(
      p,
      peerConn,
      {
        type: "presence",
        seat,
        online: true,
        seated: true,
        token: makeSeatToken(key, room.roomId, peer, peerConn, conn.connectionId),
        via: conn.connectionId,
      },
      now,
    );
  }
  return {
    type: "room.joined",
    ...(rid !== undefined ? { rid } : {}),
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

async function create(
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
  const room = await p.rooms.createRoom(m.roomId, p.hashSecret(m.secret), conn.connectionId, now);
  if (room === null) return fail("room/exists", "a room with this id exists", m.rid);
  const loc = await p.rooms.allocateLocator(m.roomId, m.loc, now);
  if (loc === null) return fail("server/error", "no free game code right now; try again", m.rid);
  await p.conns.setRoom(conn.connectionId, m.roomId, 0);
  return {
    type: "room.created",
    ...(m.rid !== undefined ? { rid: m.rid } : {}),
    roomId: m.roomId,
    seat: 0,
    loc,
    head: makeHead(await p.tokenKey(), m.roomId, 0, [0, 0]),
  };
}

/** Returns a connection to the seat its secret holds. The owner of a room still waiting for a guest also gets the locator (a new one if it lapsed). */
async function join(p: FriendPorts, conn: Connection, m: Msg<"room.join">, now: number): Promise<FriendServerMessage> {
  const room = await p.rooms.getRoom(m.roomId, now);
  if (room === null) return fail("room/not_found", "no game with this code (it may have expired)", m.rid);
  if (conn.roomId !== undefined && conn.roomId !== m.roomId)
    return fail("proto/invalid", "this connection is in another room", m.rid);
  const hash = p.hashSecret(m.secret);
  const mine = room.hashes[0] === hash ? 0 : room.hashes[1] === hash ? 1 : null;
  if (mine === null) return fail("room/no_seat", "this seat secret holds no seat in the room", m.rid);
  const reply = await seatConnection(p, conn, room, mine, m.rid, now);
  if (mine !== 0 || reply.type !== "room.joined" || room.hashes[1] !== null) return reply;
  let loc = room.loc;
  if (loc === null || (await p.rooms.getLocator(loc, now))?.roomId !== room.roomId) {
    if (loc !== null) await p.rooms.releaseLocator(loc, room.roomId);
    loc = await p.rooms.allocateLocator(room.roomId, undefined, now);
  }
  await sendPendingHellos(p, room.roomId, conn.connectionId, now);
  return { ...reply, loc };
}

/** The owner's device has answered all the exchanges it will for this code: a new locator, the old one retired. */
async function recode(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"room.recode">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.roomId === undefined) return fail("room/not_seated", "join a room first", m.rid);
  if (conn.seat !== 0) return fail("room/not_owner", "only the player who made the game changes its code", m.rid);
  const room = await p.rooms.getRoom(conn.roomId, now);
  if (room === null) return fail("room/not_found", "the room has expired", m.rid);
  if (room.hashes[1] !== null) return fail("room/full", "both seats are taken", m.rid);
  if (room.loc !== null) return retire(p, room.roomId, room.loc, m.rid, now);
  const fresh = await p.rooms.allocateLocator(room.roomId, undefined, now);
  if (fresh === null) return fail("server/error", "no free game code right now; come back later for a new one", m.rid);
  return { type: "room.code", ...(m.rid !== undefined ? { rid: m.rid } : {}), loc: fresh, reason: "retired" };
}

async function sendPendingHellos(p: FriendPorts, roomId: string, ownerConn: string, now: number): Promise<void> {
  for (const r of await p.rooms.listRequests(roomId, now)) {
    if (!(await push(p, ownerConn, { type: "join.hello", reqId: r.reqId, sid: r.sid, msg: r.msg, at: r.at }, now)))
      return;
  }
}

/**
 * A guest starts the key exchange with the room at a locator. Checked in order: one exchange per
 * connection → the look-up limit → a live room waiting for a guest → its owner online (an exchange
 * the owner cannot see would only hold a slot) → this address's turn on the locator → a free slot
 * (exchanges that lapsed are ended first). Only then is the exchange stored and shown to the owner.
 */
async function hello(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.hello">,
  from: Sender,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.roomId !== undefined) return fail("proto/invalid", "this connection is already in a room", m.rid);
  if (conn.pendingReqId !== undefined && conn.pendingRoomId !== undefined) {
    // The same hello again (its answer was lost to the gateway): the same answer, nothing new taken.
    const open = await p.rooms.getRequest(conn.pendingRoomId, conn.pendingReqId, now);
    if (open !== null && open.sid === m.sid && open.msg === m.msg)
      return { type: "join.pending", ...(m.rid !== undefined ? { rid: m.rid } : {}), reqId: open.reqId, owner: true };
    return fail("join/pending", "this connection already waits for an answer", m.rid);
  }
  if (conn.pendingReqId !== undefined)
    return fail("join/pending", "this connection already waits for an answer", m.rid);
  const charged = await chargeSender(p, "lookup", from, now);
  if (!charged.ok)
    return fail("rate/lookups", "too many codes tried from here; try again later", m.rid, {
      retryMs: charged.retryMs,
    });
  const loc = await p.rooms.getLocator(m.loc, now);
  const room = loc === null ? null : await p.rooms.getRoom(loc.roomId, now);
  if (room === null) return fail("room/not_found", "no game with this code (it may have expired)", m.rid);
  if (room.hashes[1] !== null) return fail("room/full", "both seats are taken", m.rid);
  if (room.conns[0] === null)
    return fail("join/owner_away", "the player who made the game is not online; trying again", m.rid, {
      retryMs: OWNER_AWAY_RETRY_MS,
    });
  const turn = await turnFor(p, room.roomId, m.loc, from.address, now);
  if (turn.kind === "busy")
    return fail("join/busy", "a code was tried from here a moment ago; trying again later", m.rid, {
      retryMs: turn.retryMs,
    });
  // One slot per exchange, taken with one conditional update before the owner sees it.
  let slot = await p.rooms.reserveGuess(m.loc, room.roomId, now);
  let freeAt = now + JOIN_STEP_MS;
  if (slot === "full") {
    const lapsed = await endLapsed(p, room.roomId, now);
    if (lapsed.ended) slot = await p.rooms.reserveGuess(m.loc, room.roomId, now);
    freeAt = lapsed.nextLapse ?? freeAt;
  }
  if (slot === "gone") return fail("room/not_found", "no game with this code (it may have expired)", m.rid);
  if (slot === "full")
    return fail("join/busy", "the owner is answering other players; trying again in a moment", m.rid, {
      retryMs: Math.max(50, freeAt - now + 50),
    });
  // This address's turn on the locator (or one of its retries), taken only with a slot (a refused
  // hello costs no turn).
  const reqId = p.newId();
  const taken =
    turn.kind === "fresh"
      ? await p.rooms.knock(m.loc, from.address, reqId, friendLimits().knockMs, KNOCK_RETRIES, now)
      : (await p.rooms.reknock(m.loc, from.address, turn.prev, reqId, now))
        ? { ok: true as const }
        : { ok: false as const, retryMs: JOIN_STEP_MS };
  if (!taken.ok) {
    // Another hello from this address took the turn a moment ago: its exchange is the one open now,
    // so this one is told to come back when that one's next step is due (`turnFor` then decides).
    await p.rooms.releaseGuess(m.loc, room.roomId);
    return fail("join/busy", "a code was tried from here a moment ago; trying again later", m.rid, {
      retryMs: Math.min(taken.retryMs, JOIN_STEP_MS + 100),
    });
  }
  const req: JoinRequest = {
    reqId,
    roomId: room.roomId,
    connectionId: conn.connectionId,
    sid: m.sid,
    msg: m.msg,
    at: now,
    due: now + JOIN_STEP_MS,
    loc: m.loc,
    address: from.address,
  };
  await p.rooms.putRequest(req, now);
  await p.conns.setPending(conn.connectionId, room.roomId, req.reqId);
  const online = await push(
    p,
    room.conns[0],
    { type: "join.hello", reqId: req.reqId, sid: req.sid, msg: req.msg, at: req.at },
    now,
  );
  if (!online) {
    await endQuietly(p, room.roomId, req.reqId, now);
    await p.conns.clearPending(conn.connectionId, req.reqId);
    // The owner's device was never shown this exchange: it costs the address no turn.
    await p.rooms.unknock(m.loc, from.address);
    return fail("join/owner_away", "the player who made the game is not online; trying again", m.rid, {
      retryMs: OWNER_AWAY_RETRY_MS,
    });
  }
  return { type: "join.pending", ...(m.rid !== undefined ? { rid: m.rid } : {}), reqId: req.reqId, owner: true };
}

/** How long a guest waits before knocking again while the owner is away. */
const OWNER_AWAY_RETRY_MS = 10_000;

type Turn = { kind: "fresh" } | { kind: "retry"; prev: string } | { kind: "busy"; retryMs: number };

/**
 * An address's knock turn on a locator (KNOCK_INTERVAL_MS from its first hello there) bounds what
 * the owner's device is asked to judge from that address: one confirmation per turn. Within a turn:
 * - one exchange at a time: a hello while the address's last exchange is still open is refused
 *   until that one's next step is due (it lapses by then, or moves on);
 * - an exchange that ended unjudged before its confirmation (the guest's connection dropped, a step
 *   lost and the exchange lapsed, the owner's reply never came) leaves a retry (KNOCK_RETRIES per
 *   turn): the guest, cut off mid-exchange, knocks again at once with a fresh hello. The owner's
 *   device was asked nothing it judges (a hello it answers with its share tells a guesser nothing
 *   about the code);
 * - a confirmation spends the rest of the turn (`judgeKnock`) and keeps the exchange past the
 *   guest's disconnect, so the owner always judges it: a wrong verdict leaves the turn spent until
 *   it ends (`spendKnock`), a right one gives it back (the code was proved: no guess), and one the
 *   owner never judged (it lapsed, the owner away) gives it back here, as the owner's device was
 *   never the one to judge it.
 * So an address gets at most one owner-judged confirmation per locator per turn, and at most
 * 1 + KNOCK_RETRIES exchanges shown to the owner (attacks.test.ts cycles both).
 */
async function turnFor(p: FriendPorts, roomId: string, loc: number, address: string, now: number): Promise<Turn> {
  const turn = await p.rooms.turnOf(loc, address, now);
  if (turn === null) return { kind: "fresh" };
  const open = turn.req === undefined ? null : await p.rooms.getRequest(roomId, turn.req, now);
  if (open !== null && open.verified !== true) return { kind: "busy", retryMs: Math.max(100, open.due - now + 100) };
  // Lapsed and not yet ended (nobody's hello found the locator full): ended now, the owner told.
  const ended = open === null && turn.req !== undefined ? await endAndTell(p, roomId, turn.req, now) : null;
  if (ended?.spent === true) return { kind: "busy", retryMs: Math.max(1, turn.until - now) };
  if (turn.judging === true && turn.req !== undefined) {
    // Never judged wrong: given back, unless a wrong verdict spent it meanwhile (then busy).
    if (await p.rooms.unknock(loc, address, turn.req)) return { kind: "fresh" };
    return { kind: "busy", retryMs: Math.max(1, turn.until - now) };
  }
  if (turn.left > 0 && turn.req !== undefined) return { kind: "retry", prev: turn.req };
  return { kind: "busy", retryMs: Math.max(1, turn.until - now) };
}

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
  const req = await p.rooms.getRequest(conn.roomId, reqId, now);
  return req ?? fail("join/not_found", "that join request is no longer open", rid);
}

/**
 * A step of the key exchange taken (or taken before: a step sent again because its answer was lost
 * is taken once and answered again). The client sends each step until this answer comes.
 */
function stepTaken(rid: Rid, reqId: string): FriendServerMessage {
  return { type: "join.ok", ...(rid !== undefined ? { rid } : {}), reqId };
}

async function reply(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.reply">,
  now: number,
): Promise<FriendServerMessage> {
  const req = await ownerRequest(p, conn, m.reqId, m.rid, now);
  if ("type" in req) return req;
  // Already past this step (the guest confirmed): a copy sent again, answered without a second push.
  if (req.secretHash !== undefined) return stepTaken(m.rid, req.reqId);
  const replied = await p.rooms.replyRequest(req.roomId, req.reqId, now);
  if (replied === null) {
    // The guest confirmed meanwhile (this copy came after the first one's reply reached it).
    const had = await p.rooms.getRequest(req.roomId, req.reqId, now);
    if (had?.secretHash !== undefined) return stepTaken(m.rid, req.reqId);
    return fail("join/not_found", "that join request is no longer open", m.rid);
  }
  await push(p, req.connectionId, { type: "join.reply", reqId: req.reqId, msg: m.msg }, now);
  return stepTaken(m.rid, req.reqId);
}

async function confirm(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.confirm">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.pendingReqId !== m.reqId || conn.pendingRoomId === undefined)
    return fail("join/not_found", "this connection has no such join request", m.rid);
  // Only after the owner's reply: a confirmation the owner's device never asked for judges nothing.
  const hash = p.hashSecret(m.secret);
  const req = await p.rooms.confirmRequest(conn.pendingRoomId, m.reqId, hash, now);
  if (req === null) {
    // The same confirmation again (its answer was lost): taken once; any other one is refused.
    const had = await p.rooms.getRequest(conn.pendingRoomId, m.reqId, now);
    if (had !== null && had.secretHash === hash) return stepTaken(m.rid, m.reqId);
    return fail("join/not_found", "that join request is not answered yet or no longer open", m.rid);
  }
  // The confirmation spends the rest of the address's turn until the owner's verdict (`turnFor`).
  if (req.loc !== undefined && req.address !== undefined) await p.rooms.judgeKnock(req.loc, req.address, req.reqId);
  const room = await p.rooms.getRoom(req.roomId, now);
  // The seat secret stays here (its hash is stored): the owner's device never receives it. An owner
  // gone by now never judges it: the exchange lapses and counts nothing.
  if (room !== null) await push(p, room.conns[0], { type: "join.confirm", reqId: req.reqId, tag: m.tag }, now);
  return stepTaken(m.rid, req.reqId);
}

/** The guest checked the owner's tag and now sends its sealed request (its name) for the owner. */
async function named(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.request">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.pendingReqId !== m.reqId || conn.pendingRoomId === undefined)
    return fail("join/not_found", "this connection has no such join request", m.rid);
  const req = await p.rooms.nameRequest(conn.pendingRoomId, m.reqId, m.request, now);
  if (req === null) {
    const had = await p.rooms.getRequest(conn.pendingRoomId, m.reqId, now);
    if (had !== null && had.request === m.request) return stepTaken(m.rid, m.reqId);
    return fail("join/not_found", "that join request is not verified or already has a request", m.rid);
  }
  const room = await p.rooms.getRoom(req.roomId, now);
  if (room !== null) await push(p, room.conns[0], { type: "join.request", reqId: req.reqId, request: m.request }, now);
  return stepTaken(m.rid, req.reqId);
}

/**
 * The owner judged the guest's confirmation: the only way a wrong code is ever counted. A wrong one
 * is counted (one conditional update, `fails < MAX_WRONG_CODES`) before the guest learns anything;
 * a guest whose wrong code finds the count full is told the code was retired, as is a right one
 * whose locator was retired meanwhile (its slot goes back with one conditional update that fails
 * once the locator is retired, and the guest never gets the owner's tag). So a guesser learns the
 * outcome of at most MAX_WRONG_CODES wrong codes per locator; the last one retires it and the owner
 * gets a new one.
 */
async function verdict(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.verdict">,
  now: number,
): Promise<FriendServerMessage> {
  const req = await ownerRequest(p, conn, m.reqId, m.rid, now);
  if ("type" in req) return req;
  const room = await p.rooms.getRoom(req.roomId, now);
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
    // Judged wrong: the address's turn stays spent (marked before the exchange ends, so a hello in
    // between cannot take it back).
    if (req.loc !== undefined && req.address !== undefined) await p.rooms.spendKnock(req.loc, req.address, req.reqId);
    const out = await refuse(p, req, "wrong_code", now);
    return out.retired !== null ? retire(p, room.roomId, out.retired, m.rid, now) : stepTaken(m.rid, req.reqId);
  }
  // The same verdict again (its answer was lost to the gateway): answered again, judged once.
  if (req.verified === true)
    return { type: "join.verified", ...(m.rid !== undefined ? { rid: m.rid } : {}), reqId: req.reqId, tag: m.tag };
  const verified = await p.rooms.verifyRequest(room.roomId, req.reqId, now);
  if (verified === null) {
    if ((await p.rooms.getRequest(room.roomId, req.reqId, now))?.verified === true)
      return { type: "join.verified", ...(m.rid !== undefined ? { rid: m.rid } : {}), reqId: req.reqId, tag: m.tag };
    return fail("join/not_found", "that join request is no longer open or not confirmed", m.rid);
  }
  if (req.loc === undefined || !(await p.rooms.passGuess(req.loc, room.roomId, now))) {
    await refuse(p, verified, "retired", now);
    return stepTaken(m.rid, req.reqId);
  }
  // The guest proved the code: a cut from here on must not keep it out for a knock interval (its
  // next exchange is no guess; guesses never get here, so the turn still bounds them).
  if (req.address !== undefined) await p.rooms.unknock(req.loc, req.address);
  await push(p, req.connectionId, { type: "join.verified", reqId: req.reqId, tag: m.tag, roomId: room.roomId }, now);
  // The guest checks the owner's tag, then sends its sealed request, which the owner shows.
  return { type: "join.verified", ...(m.rid !== undefined ? { rid: m.rid } : {}), reqId: req.reqId, tag: m.tag };
}

/** Retires a locator: every open exchange on it is refused, the room gets a new one, the owner is told. */
async function retire(
  p: FriendPorts,
  roomId: string,
  loc: number,
  rid: Rid,
  now: number,
): Promise<FriendServerMessage> {
  await p.rooms.releaseLocator(loc, roomId);
  for (const r of await p.rooms.listRequests(roomId, now)) await refuse(p, r, "retired", now);
  const fresh = await p.rooms.allocateLocator(roomId, undefined, now);
  if (fresh === null) return fail("server/error", "no free game code right now; come back later for a new one", rid);
  return { type: "room.code", ...(rid !== undefined ? { rid } : {}), loc: fresh, reason: "retired" };
}

/**
 * Settles the slot of an exchange that ended (exactly once: `old` is what `endRequest` deleted).
 * Verified: its slot went back at the verdict. Ended by the owner's wrong verdict (`judged`): a
 * wrong code, counted. Anything else (the owner's device never judged it: lapsed, abandoned, a
 * junk share, the owner away): nothing was learned, the slot goes back. Returns the locator when
 * the count retired it.
 */
async function settle(
  p: FriendPorts,
  old: JoinRequest,
  judged: boolean,
  now: number,
): Promise<{ counted: boolean; retired: number | null }> {
  if (old.verified === true || old.loc === undefined) return { counted: false, retired: null };
  if (!judged || old.secretHash === undefined) {
    await p.rooms.releaseGuess(old.loc, old.roomId);
    return { counted: false, retired: null };
  }
  const c = await p.rooms.countWrongCode(old.loc, old.roomId, now);
  if (c.kind !== "counted") await p.rooms.releaseGuess(old.loc, old.roomId);
  return c.kind === "counted"
    ? { counted: true, retired: c.retired ? old.loc : null }
    : { counted: false, retired: null };
}

/** Ends an exchange the guest did not finish (disconnect, lapse): its slot goes back, nothing is counted. */
async function endQuietly(p: FriendPorts, roomId: string, reqId: string, now: number): Promise<JoinRequest | null> {
  const old = await p.rooms.endRequest(roomId, reqId);
  if (old === null) return null;
  await settle(p, old, false, now);
  return old;
}

/**
 * Exchanges whose next step did not come in time: ended, their slots given back; the owner's device
 * is told (`join.withdrawn`, so it drops them too) and so is the guest if still connected. Also says
 * when the next open exchange would lapse (a busy guest's hint).
 */
async function endLapsed(
  p: FriendPorts,
  roomId: string,
  now: number,
): Promise<{ ended: boolean; nextLapse: number | null }> {
  let any = false;
  let owner: string | null | undefined;
  let nextLapse: number | null = null;
  for (const r of await p.rooms.listRequests(roomId, now))
    if (nextLapse === null || r.due < nextLapse) nextLapse = r.due;
  for (const r of await p.rooms.listLapsedRequests(roomId, now)) {
    owner ??= (await p.rooms.getRoom(roomId, now))?.conns[0] ?? null;
    if ((await endAndTell(p, roomId, r.reqId, now, owner)) !== null) any = true;
  }
  return { ended: any, nextLapse };
}

/**
 * A lapse the guest caused: the owner's share came, and the guest, still connected, never confirmed
 * (a silent hello holding a slot). A guest whose connection went meanwhile was cut off, not silent
 * (its `$disconnect` may not have run yet): that lapse is treated as the cut it is.
 */
const stalledByGuest = (r: JoinRequest): boolean => r.replied === true && r.secretHash === undefined;

/**
 * Ends a lapsed exchange quietly; the owner's device and the guest (if still there) are told. A
 * still-connected guest that stalled it spends what is left of its address's turn (`spent`).
 * Returns the exchange it ended.
 */
async function endAndTell(
  p: FriendPorts,
  roomId: string,
  reqId: string,
  now: number,
  owner?: string | null,
): Promise<{ readonly req: JoinRequest; readonly spent: boolean } | null> {
  const old = await endQuietly(p, roomId, reqId, now);
  if (old === null) return null;
  let spent = false;
  if (
    stalledByGuest(old) &&
    old.loc !== undefined &&
    old.address !== undefined &&
    (await p.gateway.isConnected(old.connectionId))
  ) {
    await p.rooms.spendKnock(old.loc, old.address, reqId);
    spent = true;
  }
  const ownerConn = owner !== undefined ? owner : ((await p.rooms.getRoom(roomId, now))?.conns[0] ?? null);
  await push(p, ownerConn, { type: "join.withdrawn", reqId }, now);
  await p.conns.clearPending(old.connectionId, reqId);
  await push(p, old.connectionId, { type: "join.refused", reqId, reason: "lapsed" }, now);
  return { req: old, spent };
}

async function refuse(
  p: FriendPorts,
  req: JoinRequest,
  reason: "refused" | "room/full" | "wrong_code" | "retired",
  now: number,
): Promise<{ retired: number | null }> {
  const old = await p.rooms.endRequest(req.roomId, req.reqId);
  if (old === null) return { retired: null };
  // Counted (only for the owner's wrong verdict) or given back before the guest hears anything.
  const out = await settle(p, old, reason === "wrong_code", now);
  await p.conns.clearPending(req.connectionId, req.reqId);
  const said = reason === "wrong_code" && !out.counted ? "retired" : reason;
  await push(p, req.connectionId, { type: "join.refused", reqId: req.reqId, reason: said }, now);
  return { retired: out.retired };
}

async function answer(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.answer">,
  now: number,
): Promise<FriendServerMessage> {
  const req = await ownerRequest(p, conn, m.reqId, m.rid, now);
  if ("type" in req) return req;
  const done: FriendServerMessage = {
    type: "join.answered",
    ...(m.rid !== undefined ? { rid: m.rid } : {}),
    reqId: m.reqId,
    approved: m.approve,
  };
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
    if ((await p.rooms.getRoom(req.roomId, now))?.hashes[1] === req.secretHash) return done;
    await refuse(p, req, "room/full", now);
    return fail("room/full", "the guest seat is already taken", m.rid);
  }
  // The room is full: its locator is free for other rooms.
  if (room.loc !== null) await p.rooms.releaseLocator(room.loc, room.roomId);
  await p.rooms.endRequest(req.roomId, req.reqId);
  const guest = await p.conns.get(req.connectionId, now);
  if (guest !== null && guest.pendingReqId === req.reqId) {
    const joined = await seatConnection(p, guest, room, 1, undefined, now);
    await push(p, guest.connectionId, joined, now);
  }
  // Every other guest is told the room is full (those whose exchange lapsed unnoticed too).
  const rest = [
    ...(await p.rooms.listRequests(req.roomId, now)),
    ...(await p.rooms.listLapsedRequests(req.roomId, now)),
  ];
  for (const r of rest) await refuse(p, r, "room/full", now);
  return done;
}

/**
 * A relayed message: the seat token proves the seat and the head proof the room's previous number
 * with the seats' counts up to it (both MACs checked in memory: no read); the sender's own number
 * must be its next one (an older one is a retry of a message already stored: its first copy is
 * acknowledged instead); then one conditional put stores it under the room's next number, and it is
 * pushed to the other seat's connection, which the sender names from its own view (the server checks
 * it is the room's: the push carries the room id). The acknowledgement is the reply (in AWS, the
 * route response: no post).
 */
export async function friendRelay(
  p: FriendPorts,
  connectionId: string,
  m: Msg<"relay">,
  now: number,
): Promise<FriendServerMessage> {
  const key = await p.tokenKey();
  if (!checkSeatToken(key, m.room, m.seat, connectionId, m.via, m.tok))
    return fail("room/not_seated", "take a seat before sending (join the room again)", m.rid);
  const prevSeq = m.seq - 1;
  if (!checkHeadProof(key, m.room, prevSeq, m.prev.sent, m.prev.proof))
    return fail("relay/bad_head", `no proof that ${prevSeq} is the room's last number; catch up first`, m.rid);
  const mine = m.prev.sent[m.seat];
  let r;
  if (m.cseq <= mine) {
    // Sent before (its acknowledgement lost) and renumbered since: stored once, acknowledged again.
    const had = await p.rooms.findSent(m.room, m.seat, m.cseq, now);
    if (had === null) return fail("relay/duplicate", "an older message than the last one stored", m.rid);
    r = { kind: "duplicate" as const, msg: had };
  } else if (m.cseq > mine + 1) {
    return fail("relay/out_of_order", `message ${mine + 1} of this seat comes next`, m.rid, { expected: mine + 1 });
  } else {
    const sent: [number, number] = [m.prev.sent[0], m.prev.sent[1]];
    sent[m.seat] = m.cseq;
    r = await p.rooms.append(m.room, m.seat, m.seq, m.cseq, m.kind, m.box, sent, now);
  }
  if (r.kind === "taken")
    return fail("relay/seq_taken", `room sequence ${m.seq} is taken`, m.rid, { expected: r.expected });
  const out = withProof(key, m.room, r.msg);
  if (r.kind === "stored" && !(m.via !== "" && (await p.gateway.send(m.via, { type: "relay", msg: out })))) {
    // The other seat moved or went since this connection's token was made: the room says where it is now.
    const room = await p.rooms.getRoom(m.room, now);
    const peer = room?.conns[other(m.seat)] ?? null;
    if (peer !== null && peer !== m.via) await push(p, peer, { type: "relay", msg: out }, now);
  }
  return {
    type: "relay.ack",
    ...(m.rid !== undefined ? { rid: m.rid } : {}),
    cseq: m.cseq,
    seq: out.seq,
    at: out.at,
    sent: out.sent,
    proof: out.proof,
  };
}

async function sync(p: FriendPorts, conn: Connection, m: Msg<"sync">, now: number): Promise<FriendServerMessage> {
  if (conn.roomId === undefined) return fail("room/not_seated", "join a room first", m.rid);
  const roomId = conn.roomId;
  const [page, key] = await Promise.all([p.rooms.list(roomId, m.after, SYNC_PAGE_CHARS, now), p.tokenKey()]);
  return {
    type: "sync.page",
    ...(m.rid !== undefined ? { rid: m.rid } : {}),
    msgs: page.msgs.map((x) => withProof(key, roomId, x)),
    more: page.more,
  };
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
      return { type: "pong", ...(m.rid !== undefined ? { rid: m.rid } : {}), at: now };
  }
}

/** A connection closed (or was found gone): free its seat, tell the other seat, forget it. */
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
    // the guest (a right one gives the address its turn back at once, a wrong one counts), or it
    // lapses unjudged (`turnFor` gives the turn back then). Anything earlier ends here.
    const open = await p.rooms.getRequest(conn.pendingRoomId, conn.pendingReqId, now);
    if (open !== null && open.secretHash !== undefined && open.verified !== true) return;
    if ((await endQuietly(p, conn.pendingRoomId, conn.pendingReqId, now)) !== null) {
      const room = await p.rooms.getRoom(conn.pendingRoomId, now);
      if (room !== null) await push(p, room.conns[0], { type: "join.withdrawn", reqId: conn.pendingReqId }, now);
    }
  }
}
