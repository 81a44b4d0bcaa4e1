/**
 * The key exchanges as the session runs them: what a fresh socket starts with (create the room,
 * return to one's seat, or knock with a new exchange), the owner's door (door.ts: its commands
 * carried out, the requests shown, a new code taken), the guest's knock (knock.ts: each step sent,
 * the status moved), and a knock tried again once the pacer allows.
 */
import { codeForLocator, locatorOf } from "../../crypto/code.js";
import type { FriendServerMessage } from "../../protocol/friend.js";
import { answered, confirm, hello, named, withdrawn, createDoor, type DoorContext, type DoorStep } from "./door.js";
import { changed, stop, type Env } from "./env.js";
import { keyed } from "./incoming.js";
import { knockPending, knockReply, knockReturn, knockVerified, startKnock, type KnockStep } from "./knock.js";
import type { SessionState } from "./state.js";
import type { JoinRequestView, SessionStatus } from "./types.js";

/** A socket is open: create the room, return to one's seat, or (a guest without one) knock. */
export function resume(s: SessionState, env: Env): void {
  if (!s.created) {
    const loc = s.code !== null ? { loc: locatorOf(s.code) } : {};
    env.request({ type: "room.create", roomId: s.roomId, secret: s.secret, ...loc }, "create");
  } else if (s.roomId !== "" && s.secret !== "") {
    env.request({ type: "room.join", roomId: s.roomId, secret: s.secret }, "join");
  } else if (s.code !== null) {
    // A guest cut off after its exchange held: its seat, if the owner approved meanwhile.
    const back = knockReturn(s.knock);
    if (back !== null) {
      env.request(back, "return");
      return;
    }
    // A guest without a seat: a fresh key exchange (the server forgot the last one with the connection).
    const k = startKnock(s.code, env.random);
    s.knock = k.knock;
    env.request(k.message, "hello");
  }
}

/**
 * Guest: knock again once the pacer allows (never sooner than the server's `retryMs`, within
 * reason), unless an exchange got under way meanwhile (a copy of the hello, sent again by the
 * connection while the first was handled, can be refused while the first opens the exchange).
 */
export function knockLater(env: Env, retryMs: number | undefined): void {
  env.timers.once("knock", "knock", () => env.pacer.next("hello", retryMs));
}

/** Owner: the room's creation refused for now; tried again once the pacer allows. */
export function createLater(env: Env, retryMs: number | undefined): void {
  env.timers.once("knock", "create", () => env.pacer.next("hello", retryMs));
}

/** The knock timer ran out: knock (or create) again if that is still what is wanted. */
export function knockAgain(s: SessionState, env: Env, what: "knock" | "create"): void {
  if (s.disposed || !env.isOpen()) return;
  if (what === "knock" ? s.seat === null && s.knock?.reqId == null : !s.created) resume(s, env);
}

function doorContext(s: SessionState, env: Env): DoorContext {
  return {
    code: s.code!,
    now: env.now(),
    random: env.random,
    mayRecode: s.seat === 0 && s.key === null && env.isOpen(),
  };
}

function runDoor(s: SessionState, env: Env, step: DoorStep): void {
  const wasSpent = s.door.spent;
  const before = s.door.attempts.size;
  s.door = step.door;
  for (const c of step.out) {
    if (c.kind === "send") env.request(c.message, c.purpose);
    else if (c.kind === "wrong_code") env.emit({ type: "wrong_code", reqId: c.reqId });
    else {
      const view: JoinRequestView = { reqId: c.reqId, name: c.name, at: env.now() };
      s.requests.set(c.reqId, view);
      env.emit({ type: "request", request: view });
    }
  }
  if (s.door.spent !== wasSpent || s.door.attempts.size !== before || step.out.length > 0) changed(env);
}

/** Owner: a new code for a new locator (the password is made here and never leaves the device). */
export function newCode(s: SessionState, env: Env, loc: number, reason: "allocated" | "retired" | "lapsed"): void {
  if (s.code !== null && locatorOf(s.code) === loc) return;
  const code = codeForLocator(loc, env.random);
  s.code = code;
  s.door = createDoor();
  s.requests.clear();
  env.emit({ type: "code", code, reason });
  changed(env);
}

/** Owner: an exchange the server no longer has. */
export function exchangeGone(s: SessionState, env: Env, reqId: string): void {
  if (s.code !== null) runDoor(s, env, withdrawn(s.door, reqId, doorContext(s, env)));
}

/** Owner-only events: ignored on the guest's seat, without a code, or once the room has its key. */
function asOwner(s: SessionState): boolean {
  return s.seat !== 1 && s.code !== null && s.key === null;
}

/** Guest: the owner's share, then the owner's tag (knock.ts): one message each, or the code is wrong. */
function knockStep(
  s: SessionState,
  env: Env,
  step: KnockStep | "wrong_code" | null,
  purpose: string,
  next: SessionStatus,
): void {
  if (step === null) return;
  if (step === "wrong_code") return stop(s, env, "wrong_code");
  s.knock = step.knock;
  env.request(step.message, purpose);
  s.status = next;
  changed(env);
}

type JoinMessage = Extract<FriendServerMessage, { readonly type: `join.${string}` }>;

/** The exchange's messages, to the owner's door or the guest's knock. */
export function onJoin(s: SessionState, env: Env, m: JoinMessage): void {
  switch (m.type) {
    case "join.ok":
      // A step of the exchange was taken (its outbox entry is done); the next one comes from the other side.
      return;
    case "join.pending":
      if (s.knock !== null) s.knock = knockPending(s.knock, m.reqId);
      s.status = m.owner ? "confirming" : "waiting";
      return changed(env);
    case "join.hello":
      // (The server sends waiting exchanges just before it answers the owner's own join: no seat check.)
      if (asOwner(s)) runDoor(s, env, hello(s.door, { reqId: m.reqId, sid: m.sid, msg: m.msg }, doorContext(s, env)));
      return;
    case "join.reply":
      if (s.knock !== null) knockStep(s, env, knockReply(s.knock, m.reqId, m.msg, env.random), "confirm", "confirming");
      return;
    case "join.confirm":
      if (asOwner(s)) runDoor(s, env, confirm(s.door, m.reqId, m.tag, doorContext(s, env)));
      return;
    case "join.request":
      if (asOwner(s)) runDoor(s, env, named(s.door, m.reqId, m.request));
      return;
    case "join.verified":
      // To the owner: its verdict is recorded; the guest's sealed name follows in `join.request`.
      // To the guest: the owner's own confirmation, without which this side does not use the key.
      if (s.seat !== 0 && s.knock !== null) {
        const step = knockVerified(s.knock, m.reqId, m.tag, s.profile.name, env.random, m.roomId);
        knockStep(s, env, step, "request", "pending");
      }
      return;
    case "join.answered": {
      s.requests.delete(m.reqId);
      if (s.code === null) return changed(env);
      const r = answered(s.door, m.reqId, m.approved, doorContext(s, env), s.key !== null);
      runDoor(s, env, r);
      if (r.key !== null) {
        s.key = r.key;
        keyed(s, env);
      }
      return changed(env);
    }
    case "join.withdrawn":
      // Gone before the guest confirmed (lapsed, or the guest left): nothing was judged, nothing spent.
      s.requests.delete(m.reqId);
      if (s.code !== null) runDoor(s, env, withdrawn(s.door, m.reqId, doorContext(s, env)));
      return changed(env);
    case "join.refused":
      if (m.reason === "lapsed") {
        // Too slow a step (a stalled network): knock again, paced.
        s.knock = null;
        s.status = "waiting";
        knockLater(env, undefined);
        return changed(env);
      }
      return stop(s, env, REFUSED[m.reason]);
  }
}

/** How a refused knock ends (a lapse is knocked again instead). */
const REFUSED: Readonly<Record<"refused" | "room/full" | "wrong_code" | "retired", SessionStatus>> = {
  refused: "refused",
  "room/full": "full",
  wrong_code: "wrong_code",
  retired: "retired",
};
