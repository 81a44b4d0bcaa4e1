/**
 * Taking the room's log in: stored messages (live relays, one's own acknowledged, catch-up pages)
 * go into the ordered log (inlog.ts) and are applied once each, in order, under the room key
 * (apply.ts); a gap is waited for `gapWaitMs`, asked for again, then skipped (catchup.ts); once
 * caught up, what waits for that goes out (the owner's setup, once; one's profile). Being seated and
 * learning the room key start these.
 */
import type { Seat } from "../../types.js";
import type { StoredMessage } from "../../protocol/friend.js";
import { openAndApply } from "./apply.js";
import { advanced, askSync, gapWaited, settled, syncEnded } from "./catchup.js";
import { keyOpening } from "./door.js";
import { changed, type Env } from "./env.js";
import { complete, hasGap, raiseFloor, skipGap, takeIn, takeOut } from "./inlog.js";
import { learnHead, seatedAt, storedElsewhere } from "./outbox.js";
import { enqueueOut, flush, profilePayload } from "./outgoing.js";
import type { SessionState } from "./state.js";

export function startSync(s: SessionState, env: Env): void {
  const r = askSync(s.sync);
  s.sync = r.c;
  if (r.send) env.request({ type: "sync", after: s.inlog.applied }, "sync");
}

/** Seated on this connection: numbers go on from what this seat stored, and the log is caught up. */
export function seated(s: SessionState, env: Env, seat: Seat, sentBefore: number, seqAtJoin: number): void {
  s.seat = seat;
  s.status = "seated";
  s.out = seatedAt(s.out, sentBefore, s.guard[seat]);
  s.inlog = raiseFloor(s.inlog, seqAtJoin);
  env.link("resumed");
  env.pacer.reset("hello");
  startSync(s, env);
  flush(s, env);
  changed(env);
}

/** A room key became known: what only the key allows (the owner's setup, one's profile) goes out. */
export function keyed(s: SessionState, env: Env): void {
  drain(s, env);
  if (s.sync.caughtUp) afterSync(s, env);
  flush(s, env);
  changed(env);
}

/** Takes a stored message into the ordered log; applies whatever has become contiguous. */
export function receive(s: SessionState, env: Env, msg: StoredMessage, fromSync = false): void {
  s.out = learnHead(s.out, msg);
  // One's own message, stored before its acknowledgement was lost: it is sent, not to be sent again.
  s.out = storedElsewhere(s.out, msg, s.seat);
  const before = s.inlog;
  s.inlog = takeIn(s.inlog, msg);
  if (s.inlog === before) return;
  drain(s, env);
  if (!fromSync) changed(env);
}

/** A page of the catch-up: the next is asked for while there is more. */
export function syncPage(s: SessionState, env: Env, msgs: readonly StoredMessage[], more: boolean): void {
  for (const msg of msgs) receive(s, env, msg, true);
  s.sync = syncEnded(s.sync);
  if (more) return startSync(s, env);
  afterSync(s, env);
}

function drain(s: SessionState, env: Env): void {
  // Without the key nothing can be opened: what arrived waits (the owner learns the key from
  // join.answered, which may come after the new guest's first relay).
  if (s.key === null && keyFromGuest(s)) return keyed(s, env);
  if (s.key === null) return;
  let progressed = false;
  for (let next = takeOut(s.inlog); next !== null; next = takeOut(s.inlog)) {
    s.inlog = next.log;
    apply(s, env, next.msg);
    progressed = true;
  }
  if (progressed) s.sync = advanced(s.sync);
  checkGap(s, env);
  if (progressed) changed(env);
}

/** Owner: the approval's answer was lost, but the seated guest's first box tells which exchange was approved. */
function keyFromGuest(s: SessionState): boolean {
  if (s.seat !== 0) return false;
  const first = [...s.inlog.pending.values()].find((m) => m.from === 1);
  const found = first === undefined ? null : keyOpening(s.door, first.box);
  if (found === null) return false;
  s.key = found;
  s.door = { ...s.door, attempts: new Map(), queued: [], gone: new Map() };
  s.requests.clear();
  return true;
}

/** A missing sequence number is waited for, then asked for again; a number never stored is skipped. */
function checkGap(s: SessionState, env: Env): void {
  if (!hasGap(s.inlog)) return env.timers.clear("gap");
  if (env.timers.armed("gap") || s.sync.syncing || !env.isOpen() || s.status !== "seated") return;
  env.timers.set("gap", "gap", s.gapWaitMs);
}

/** The gap outlived its wait. */
export function gapWaitedOut(s: SessionState, env: Env): void {
  if (!hasGap(s.inlog)) return;
  const g = gapWaited(s.sync);
  s.sync = g.c;
  if (g.then === "sync") return startSync(s, env);
  // Asked again and still missing: the number was taken but never stored (a crash between).
  s.inlog = skipGap(s.inlog);
  drain(s, env);
  afterSync(s, env);
}

export function afterSync(s: SessionState, env: Env): void {
  checkGap(s, env);
  const r = settled(s.sync, complete(s.inlog), s.key !== null);
  s.sync = r.c;
  if (r.first && s.seat === 0 && s.game.settings === null && s.setup !== undefined) {
    enqueueOut(s, env, {
      t: "setup",
      game: s.setup.game,
      options: s.setup.options as Record<string, number | boolean>,
      bestOf: s.setup.bestOf,
    });
  }
  if (r.arrived && s.seat !== null) {
    const mine = s.game.profiles[s.seat];
    if (mine === null || mine.name !== s.profile.name || mine.avatar !== s.profile.avatar)
      enqueueOut(s, env, profilePayload(s.profile));
  }
  flush(s, env);
  changed(env);
}

function apply(s: SessionState, env: Env, msg: StoredMessage): void {
  const r = openAndApply(s.game, s.guard, s.key, msg);
  s.guard = r.guard;
  const o = r.outcome;
  if (!o.ok) return env.emit({ type: "rejected", from: msg.from, seq: msg.seq, code: o.code, message: o.message });
  s.game = o.applied.game;
  s.log.push(o.entry);
  env.emit({
    type: "applied",
    from: msg.from,
    seq: msg.seq,
    payload: o.entry.payload,
    ...(o.applied.trace !== undefined ? { trace: o.applied.trace } : {}),
    ...(o.applied.ended !== undefined ? { ended: o.applied.ended } : {}),
  });
}
