/**
 * The incoming side of a friend room's log: stored messages arrive out of order and more than once
 * (the live relay, the acknowledgement of one's own, catch-up pages), and leave here once each, in
 * the room's order. A gap is waited for, asked for again, and skipped only when the server has no
 * message under that number (taken, never stored: a crash between). Explicit state, no timers: the
 * session decides when to wait and when to skip.
 */
import type { StoredMessage } from "../../protocol/friend.js";

export interface InLog {
  /** The last room sequence number taken out (applied). */
  readonly applied: number;
  /** A number known to be stored: everything up to it exists on the server. */
  readonly floor: number;
  /** Arrived and not yet in order. */
  readonly pending: ReadonlyMap<number, StoredMessage>;
}

export function createInLog(applied = 0): InLog {
  return { applied, floor: 0, pending: new Map() };
}

/** Takes a message in; one already taken out, or already waiting, changes nothing. */
export function takeIn(log: InLog, msg: StoredMessage): InLog {
  if (msg.seq <= log.applied || log.pending.has(msg.seq)) return log;
  const pending = new Map(log.pending);
  pending.set(msg.seq, msg);
  return { ...log, pending };
}

/** The next message in order, if it has arrived. */
export function takeOut(log: InLog): { readonly log: InLog; readonly msg: StoredMessage } | null {
  const msg = log.pending.get(log.applied + 1);
  if (msg === undefined) return null;
  const pending = new Map(log.pending);
  pending.delete(msg.seq);
  return { log: { ...log, applied: msg.seq, pending }, msg };
}

/** Everything up to `seq` exists on the server (what was stored when this seat joined). */
export function raiseFloor(log: InLog, seq: number): InLog {
  return seq > log.floor ? { ...log, floor: seq } : log;
}

/** The highest number known to exist. */
export function highest(log: InLog): number {
  let h = log.floor;
  for (const s of log.pending.keys()) if (s > h) h = s;
  return h;
}

/** Some number below the highest known has not arrived. */
export function hasGap(log: InLog): boolean {
  return log.applied < highest(log);
}

/** Everything known to exist has been taken out. */
export function complete(log: InLog): boolean {
  return log.applied >= log.floor && log.pending.size === 0;
}

/**
 * The missing numbers were asked for again and did not come: they were taken but never stored.
 * Skips to just before the lowest waiting message (or to the floor when nothing waits).
 */
export function skipGap(log: InLog): InLog {
  let low = Infinity;
  for (const s of log.pending.keys()) if (s < low) low = s;
  return { ...log, applied: low === Infinity ? log.floor : low - 1 };
}
