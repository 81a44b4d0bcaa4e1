/**
 * The door, guest side: a guest finds a room by its locator and runs the key exchange with the
 * owner's device (`join.hello`, `join.confirm`, `join.request`). Each exchange holds a guess slot
 * (the guess-slot rule, locators.ts) and is bounded by its network's knock turn (`turnFor`).
 */
import { JOIN_STEP_MS, type FriendServerMessage } from "../../core/protocol/friend.js";
import type { FriendConnection as Connection } from "./connections.js";
import { endAndTell, endLapsed, endQuietly, push } from "./endings.js";
import type { JoinRequest } from "./exchanges.js";
import { KNOCK_RETRIES, friendLimits } from "./limits.js";
import {
  NO_ROOM,
  OWNER_AWAY_RETRY_MS,
  chargeSender,
  fail,
  ridOf,
  stepTaken,
  type FriendPorts,
  type Msg,
  type Sender,
} from "./ports.js";

const away = (rid: Msg<"join.hello">["rid"]): FriendServerMessage =>
  fail("join/owner_away", "the player who made the game is not online; trying again", rid, {
    retryMs: OWNER_AWAY_RETRY_MS,
  });

/**
 * A guest starts the key exchange with the room at a locator. Checked in order: one exchange per
 * connection → the look-up limit → a live room waiting for a guest → its owner online (an exchange
 * the owner cannot see would only hold a slot) → this network's turn on the locator → a free slot
 * (exchanges that lapsed are ended first). Only then is the exchange stored and shown to the owner.
 */
export async function hello(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.hello">,
  from: Sender,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.roomId !== undefined) return fail("proto/invalid", "this connection is already in a room", m.rid);
  if (conn.pendingReqId !== undefined && conn.pendingRoomId !== undefined) {
    // The same hello again (its answer was lost to the gateway): the same answer, nothing new taken.
    const open = await p.exchanges.get(conn.pendingRoomId, conn.pendingReqId, now);
    if (open !== null && open.sid === m.sid && open.msg === m.msg)
      return { type: "join.pending", ...ridOf(m.rid), reqId: open.reqId, owner: true };
    return fail("join/pending", "this connection already waits for an answer", m.rid);
  }
  if (conn.pendingReqId !== undefined)
    return fail("join/pending", "this connection already waits for an answer", m.rid);
  const charged = await chargeSender(p, "lookup", from, now);
  if (!charged.ok)
    return fail("rate/lookups", "too many codes tried from here; try again later", m.rid, { retryMs: charged.retryMs });
  const loc = await p.locators.get(m.loc, now);
  const room = loc === null ? null : await p.rooms.get(loc.roomId, now);
  if (room === null) return fail("room/not_found", NO_ROOM, m.rid);
  if (room.hashes[1] !== null) return fail("room/full", "both seats are taken", m.rid);
  if (room.conns[0] === null) return away(m.rid);
  const turn = await turnFor(p, room.roomId, m.loc, from.address, now);
  if (turn.kind === "busy")
    return fail("join/busy", "a code was tried from here a moment ago; trying again later", m.rid, {
      retryMs: turn.retryMs,
    });
  // One slot per exchange, taken before the owner sees it (the guess-slot rule).
  let slot = await p.locators.reserveGuess(m.loc, room.roomId, now);
  let freeAt = now + JOIN_STEP_MS;
  if (slot === "full") {
    const lapsed = await endLapsed(p, room.roomId, now);
    if (lapsed.ended) slot = await p.locators.reserveGuess(m.loc, room.roomId, now);
    freeAt = lapsed.nextLapse ?? freeAt;
  }
  if (slot === "gone") return fail("room/not_found", NO_ROOM, m.rid);
  if (slot === "full")
    return fail("join/busy", "the owner is answering other players; trying again in a moment", m.rid, {
      retryMs: Math.max(50, freeAt - now + 50),
    });
  // This network's turn on the locator (or one of its retries), taken only with a slot (a refused
  // hello costs no turn).
  const reqId = p.newId();
  const taken =
    turn.kind === "fresh"
      ? await p.knocks.knock(m.loc, from.address, reqId, friendLimits().knockMs, KNOCK_RETRIES, now)
      : (await p.knocks.reknock(m.loc, from.address, turn.prev, reqId, now))
        ? { ok: true as const }
        : { ok: false as const, retryMs: JOIN_STEP_MS };
  if (!taken.ok) {
    // Another hello from this network took the turn a moment ago: its exchange is the one open now,
    // so this one is told to come back when that one's next step is due (`turnFor` then decides).
    await p.locators.releaseGuess(m.loc, room.roomId);
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
  await p.exchanges.put(req, now);
  await p.conns.setPending(conn.connectionId, room.roomId, req.reqId);
  const shown = { type: "join.hello", reqId: req.reqId, sid: req.sid, msg: req.msg, at: req.at } as const;
  if (!(await push(p, room.conns[0], shown, now))) {
    await endQuietly(p, room.roomId, req.reqId, now);
    await p.conns.clearPending(conn.connectionId, req.reqId);
    // The owner's device was never shown this exchange: it costs the network no turn.
    await p.knocks.unknock(m.loc, from.address);
    return away(m.rid);
  }
  return { type: "join.pending", ...ridOf(m.rid), reqId: req.reqId, owner: true };
}

type Turn = { kind: "fresh" } | { kind: "retry"; prev: string } | { kind: "busy"; retryMs: number };

/**
 * A network's knock turn on a locator (KNOCK_INTERVAL_MS from its first hello there) bounds what
 * the owner's device is asked to judge from that network: one confirmation per turn. Within a turn:
 * - one exchange at a time: a hello while the network's last exchange is still open is refused
 *   until that one's next step is due (it lapses by then, or moves on);
 * - an exchange that ended unjudged before its confirmation (the guest's connection dropped, a step
 *   lost and the exchange lapsed, the owner's reply never came) leaves a retry (KNOCK_RETRIES per
 *   turn): the guest, cut off mid-exchange, knocks again at once with a fresh hello. The owner's
 *   device was asked nothing it judges (a hello it answers with its share tells a guesser nothing
 *   about the code);
 * - a confirmation spends the rest of the turn (`judge`) and keeps the exchange past the guest's
 *   disconnect, so the owner always judges it: a wrong verdict leaves the turn spent until it ends
 *   (`spend`), a right one gives it back (the code was proved: no guess), and one the owner never
 *   judged (it lapsed, the owner away) gives it back here, as the owner's device was never the one
 *   to judge it.
 * So a network gets at most one owner-judged confirmation per locator per turn, and at most
 * 1 + KNOCK_RETRIES exchanges shown to the owner (attacks.test.ts cycles both).
 */
async function turnFor(p: FriendPorts, roomId: string, loc: number, address: string, now: number): Promise<Turn> {
  const turn = await p.knocks.turnOf(loc, address, now);
  if (turn === null) return { kind: "fresh" };
  const open = turn.req === undefined ? null : await p.exchanges.get(roomId, turn.req, now);
  if (open !== null && open.verified !== true) return { kind: "busy", retryMs: Math.max(100, open.due - now + 100) };
  // Lapsed and not yet ended (nobody's hello found the locator full): ended now, the owner told.
  const ended = open === null && turn.req !== undefined ? await endAndTell(p, roomId, turn.req, now) : null;
  if (ended?.spent === true) return { kind: "busy", retryMs: Math.max(1, turn.until - now) };
  if (turn.judging === true && turn.req !== undefined) {
    // Never judged wrong: given back, unless a wrong verdict spent it meanwhile (then busy).
    if (await p.knocks.unknock(loc, address, turn.req)) return { kind: "fresh" };
    return { kind: "busy", retryMs: Math.max(1, turn.until - now) };
  }
  if (turn.left > 0 && turn.req !== undefined) return { kind: "retry", prev: turn.req };
  return { kind: "busy", retryMs: Math.max(1, turn.until - now) };
}

export async function confirm(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.confirm">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.pendingReqId !== m.reqId || conn.pendingRoomId === undefined)
    return fail("join/not_found", "this connection has no such join request", m.rid);
  // Only after the owner's reply: a confirmation the owner's device never asked for judges nothing.
  const hash = p.hashSecret(m.secret);
  const req = await p.exchanges.confirm(conn.pendingRoomId, m.reqId, hash, now);
  if (req === null) {
    // The same confirmation again (its answer was lost): taken once; any other one is refused.
    const had = await p.exchanges.get(conn.pendingRoomId, m.reqId, now);
    if (had !== null && had.secretHash === hash) return stepTaken(m.rid, m.reqId);
    return fail("join/not_found", "that join request is not answered yet or no longer open", m.rid);
  }
  // The confirmation spends the rest of the network's turn until the owner's verdict (`turnFor`).
  if (req.loc !== undefined && req.address !== undefined) await p.knocks.judge(req.loc, req.address, req.reqId);
  const room = await p.rooms.get(req.roomId, now);
  // The seat secret stays here (its hash is stored): the owner's device never receives it. An owner
  // gone by now never judges it: the exchange lapses and counts nothing.
  if (room !== null) await push(p, room.conns[0], { type: "join.confirm", reqId: req.reqId, tag: m.tag }, now);
  return stepTaken(m.rid, req.reqId);
}

/** The guest checked the owner's tag and now sends its sealed request (its name) for the owner. */
export async function named(
  p: FriendPorts,
  conn: Connection,
  m: Msg<"join.request">,
  now: number,
): Promise<FriendServerMessage> {
  if (conn.pendingReqId !== m.reqId || conn.pendingRoomId === undefined)
    return fail("join/not_found", "this connection has no such join request", m.rid);
  const req = await p.exchanges.name(conn.pendingRoomId, m.reqId, m.request, now);
  if (req === null) {
    const had = await p.exchanges.get(conn.pendingRoomId, m.reqId, now);
    if (had !== null && had.request === m.request) return stepTaken(m.rid, m.reqId);
    return fail("join/not_found", "that join request is not verified or already has a request", m.rid);
  }
  const room = await p.rooms.get(req.roomId, now);
  if (room !== null) await push(p, room.conns[0], { type: "join.request", reqId: req.reqId, request: m.request }, now);
  return stepTaken(m.rid, req.reqId);
}
