/**
 * What reaches a friend session, routed to its parts: the server's messages (rooms, the key
 * exchanges, relays, catch-up pages, presence), the server's errors by what they answer, the socket
 * going, and the timers running out. The request a message answers is named by its `purpose`.
 */
import type { ErrorCode } from "../../protocol/errors.js";
import { parseFriendServerMessage, type FriendServerMessage } from "../../protocol/friend.js";
import { connectionLost, syncEnded } from "./catchup.js";
import { changed, stop, type Env } from "./env.js";
import { createLater, exchangeGone, knockAgain, knockLater, newCode, onJoin, resume } from "./exchange.js";
import { gapWaitedOut, keyed, receive, seated, syncPage } from "./incoming.js";
import { knockSeat } from "./knock.js";
import { learnHead, sent } from "./outbox.js";
import { flush, relayTimedOut } from "./outgoing.js";
import { peerAtJoin, peerPresence } from "./peer.js";
import { rejoin, relayAcked, relayRefused } from "./relay.js";
import { seePeer, type SessionState } from "./state.js";
import type { TimerAction } from "./timers.js";

/** A frame from the server: parsed (anything else is dropped), its request's purpose looked up once. */
export function onFrame(s: SessionState, env: Env, raw: unknown, purposes: Map<string, string>): void {
  const parsed = parseFriendServerMessage(raw);
  if (!parsed.ok) return;
  const m = parsed.value;
  const rid = "rid" in m ? m.rid : undefined;
  const purpose = typeof rid === "string" ? purposes.get(rid) : undefined;
  if (typeof rid === "string") purposes.delete(rid);
  onMessage(s, env, m, purpose);
}

function onMessage(s: SessionState, env: Env, m: FriendServerMessage, purpose: string | undefined): void {
  switch (m.type) {
    case "room.created":
      s.created = true;
      s.out = learnHead(s.out, m.head);
      seated(s, env, 0, 0, 0);
      return newCode(s, env, m.loc, "allocated");
    case "room.joined": {
      // A seat without the owner's tag checked would be a seat under a key nobody proved.
      const given = m.seat === 1 && s.key === null ? knockSeat(s.knock) : null;
      if (given === "wrong_code") return stop(s, env, "wrong_code");
      if (given !== null) {
        s.key = given.key;
        s.secret = given.secret;
      }
      if (s.roomId === "") s.roomId = m.roomId;
      seePeer(s, peerAtJoin(m));
      s.out = learnHead(s.out, m.head);
      seated(s, env, m.seat, m.sent, m.seq);
      if (m.seat === 0 && m.loc !== undefined && m.loc !== null) newCode(s, env, m.loc, "lapsed");
      if (s.key !== null) keyed(s, env);
      return;
    }
    case "room.code":
      return newCode(s, env, m.loc, m.reason);
    case "relay.ack":
      return relayAcked(s, env, m);
    case "relay":
      return receive(s, env, m.msg);
    case "sync.page":
      return syncPage(s, env, m.msgs, m.more);
    case "presence":
      if (m.seat !== s.seat) {
        seePeer(s, peerPresence(s.peer, s.seat, m));
        // A fresh token: what waited for one goes (the approval's answer can come before the presence).
        flush(s, env);
        changed(env);
      }
      return;
    case "pong":
      return;
    case "error":
      return onError(s, env, m.code as ErrorCode, m.message, purpose, m.expected, m.retryMs);
    default:
      return onJoin(s, env, m);
  }
}

/** A purpose whose refusal by "no such room" or "full" ends the session. */
const ENTRY = new Set(["create", "join", "rejoin", "hello"]);
/** What a hello refused for now means: wait and knock again, paced. */
const KNOCK_LATER = new Set<ErrorCode>(["join/busy", "join/owner_away", "rate/lookups", "rate/limited"]);

export function onError(
  s: SessionState,
  env: Env,
  code: ErrorCode,
  message: string,
  purpose: string | undefined,
  expected: number | undefined,
  retryMs: number | undefined,
): void {
  if (purpose === "create" && code === "room/exists") {
    // Either our own create went through before the connection dropped (then our secret holds
    // seat 0), or the code is taken: joining tells which.
    s.created = true;
    env.request({ type: "room.join", roomId: s.roomId, secret: s.secret }, "rejoin");
    return;
  }
  if (purpose === "rejoin" && (code === "room/no_seat" || code === "room/full")) return stop(s, env, "exists");
  if (purpose === "return") {
    // Not approved before the cut (or the room is gone): a fresh exchange, as after any cut.
    s.knock = null;
    if (!s.disposed && env.isOpen()) resume(s, env);
    return;
  }
  if (purpose === "create" && (code === "rate/rooms" || code === "rate/limited")) {
    // Too many new games from this network: said once, tried again when the server's window ends.
    env.emit({ type: "error", code, message });
    return createLater(env, retryMs);
  }
  if (purpose !== undefined && ENTRY.has(purpose)) {
    if (code === "room/not_found") return stop(s, env, "not_found");
    if (code === "room/full") return stop(s, env, "full");
  }
  if (code === "room/seat_moved") return stop(s, env, "moved");
  if (purpose === "hello" && KNOCK_LATER.has(code)) {
    // Other guests' exchanges are open, the owner is away, or this address knocked too often:
    // knock again later, never faster than the pacer allows.
    s.status = "waiting";
    if (code === "rate/lookups") env.emit({ type: "error", code, message });
    knockLater(env, retryMs);
    return changed(env);
  }
  if (purpose === "relay") return relayRefused(s, env, code, message, expected, retryMs);
  if (purpose === "sync") s.sync = syncEnded(s.sync);
  // A wrong verdict sent again after its answer was lost: the exchange had already ended.
  if (purpose === "verdict" && code === "join/not_found") return;
  if (purpose?.startsWith("reply:") === true && code === "join/not_found") {
    // The exchange ended before the answer arrived (it lapsed, or the guest left): let it go.
    return exchangeGone(s, env, purpose.slice("reply:".length));
  }
  if (purpose?.startsWith("answer:") === true && (code === "join/not_found" || code === "room/full")) {
    s.requests.delete(purpose.slice("answer:".length));
    changed(env);
  }
  env.emit({ type: "error", code, message });
}

/** The socket went: nothing is in flight, and the room may have moved on meanwhile. */
export function onClose(s: SessionState, env: Env): void {
  s.out = sent(s.out, false);
  s.sync = connectionLost(s.sync);
  if (s.status === "seated" || s.status === "pending") s.status = "connecting";
  changed(env);
}

/** A timer ran out (timers.ts). */
export function onTimer(s: SessionState, env: Env, action: TimerAction): void {
  if (action === "gap") gapWaitedOut(s, env);
  else if (action === "flush") flush(s, env);
  else if (action === "rejoin") rejoin(s, env);
  else if (action === "relayTimeout") relayTimedOut(s, env);
  else knockAgain(s, env, action);
}
