/**
 * How a key exchange ends, each exactly once (`exchanges.end` returns it to one caller only), with
 * its guess slot settled by the guess-slot rule (locators.ts): refused by the owner, judged wrong,
 * lapsed, abandoned by its guest at any step, or swept with a retired locator; and how a
 * connection ends (`friendDisconnect`, also when a push finds it gone).
 */
import type { FriendServerMessage } from "../../core/protocol/friend.js";
import type { JoinRequest } from "./exchanges.js";
import { NO_FREE_CODE, fail, freshLocator, other, ridOf, type FriendPorts, type Rid } from "./ports.js";
import { makeSeatToken } from "./token.js";

/**
 * Retires a locator: the room moves to a new one (only one of parallel retirements wins: the others
 * answer with the winner's), every exchange still open on the old one is refused, the owner is told.
 */
export async function retire(
  p: FriendPorts,
  roomId: string,
  loc: number,
  rid: Rid,
  now: number,
): Promise<FriendServerMessage> {
  const a = await p.locators.allocate(roomId, loc, undefined, now);
  if (a.kind === "moved")
    for (const r of await p.exchanges.listOpen(roomId, now)) if (r.loc === loc) await refuse(p, r, "retired", now);
  const fresh = a.kind === "moved" ? a.loc : a.kind === "lost" ? await freshLocatorOf(p, roomId, now) : null;
  if (fresh === null) return fail("server/error", NO_FREE_CODE, rid);
  return { type: "room.code", ...ridOf(rid), loc: fresh, reason: "retired" };
}

/** The room's locator as a parallel move left it (a new one if that move found none). */
async function freshLocatorOf(p: FriendPorts, roomId: string, now: number): Promise<number | null> {
  const room = await p.rooms.get(roomId, now);
  if (room === null || room.hashes[1] !== null) return null;
  return room.loc ?? freshLocator(p, roomId, null, undefined, now);
}

/**
 * Settles the slot of an exchange that ended (`old` is what `exchanges.end` deleted), by the
 * guess-slot rule: a slot held by a verified exchange went back at the verdict; one judged wrong by
 * the owner (`judged`) is counted; any other goes back. Returns the locator when the count retired it.
 */
async function settle(
  p: FriendPorts,
  old: JoinRequest,
  judged: boolean,
  now: number,
): Promise<{ counted: boolean; retired: number | null }> {
  if (old.verified === true || old.loc === undefined) return { counted: false, retired: null };
  if (!judged || old.secretHash === undefined) {
    await p.locators.releaseGuess(old.loc, old.roomId);
    return { counted: false, retired: null };
  }
  const c = await p.locators.countWrongCode(old.loc, old.roomId, now);
  if (c.kind !== "counted") await p.locators.releaseGuess(old.loc, old.roomId);
  return c.kind === "counted"
    ? { counted: true, retired: c.retired ? old.loc : null }
    : { counted: false, retired: null };
}

/** Ends an exchange the guest did not finish (disconnect, lapse): its slot goes back, nothing is counted. */
export async function endQuietly(
  p: FriendPorts,
  roomId: string,
  reqId: string,
  now: number,
): Promise<JoinRequest | null> {
  const old = await p.exchanges.end(roomId, reqId);
  if (old === null) return null;
  await settle(p, old, false, now);
  return old;
}

/**
 * Exchanges whose next step did not come in time: ended, their slots given back; the owner's device
 * is told (`join.withdrawn`, so it drops them too) and so is the guest if still connected. Also says
 * when the next open exchange would lapse (a busy guest's hint).
 */
export async function endLapsed(
  p: FriendPorts,
  roomId: string,
  now: number,
): Promise<{ ended: boolean; nextLapse: number | null }> {
  let any = false;
  let owner: string | null | undefined;
  let nextLapse: number | null = null;
  for (const r of await p.exchanges.listOpen(roomId, now))
    if (nextLapse === null || r.due < nextLapse) nextLapse = r.due;
  for (const r of await p.exchanges.listLapsed(roomId, now)) {
    owner ??= (await p.rooms.get(roomId, now))?.conns[0] ?? null;
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
 * still-connected guest that stalled it spends what is left of its network's turn (`spent`).
 */
export async function endAndTell(
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
    await p.knocks.spend(old.loc, old.address, reqId);
    spent = true;
  }
  const ownerConn = owner !== undefined ? owner : ((await p.rooms.get(roomId, now))?.conns[0] ?? null);
  await push(p, ownerConn, { type: "join.withdrawn", reqId }, now);
  await p.conns.clearPending(old.connectionId, reqId);
  await push(p, old.connectionId, { type: "join.refused", reqId, reason: "lapsed" }, now);
  return { req: old, spent };
}

export async function refuse(
  p: FriendPorts,
  req: JoinRequest,
  reason: "refused" | "room/full" | "wrong_code" | "retired",
  now: number,
): Promise<{ retired: number | null }> {
  const old = await p.exchanges.end(req.roomId, req.reqId);
  if (old === null) return { retired: null };
  // Counted (only for the owner's wrong verdict) or given back before the guest hears anything.
  const out = await settle(p, old, reason === "wrong_code", now);
  await p.conns.clearPending(req.connectionId, req.reqId);
  const said = reason === "wrong_code" && !out.counted ? "retired" : reason;
  await push(p, req.connectionId, { type: "join.refused", reqId: req.reqId, reason: said }, now);
  return { retired: out.retired };
}

/** Sends to a connection; a gone connection is cleaned up as if it had disconnected. */
export async function push(
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
