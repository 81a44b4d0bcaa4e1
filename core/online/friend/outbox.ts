/**
 * The outgoing side of a friend room's log: what this seat has said and the server has not yet
 * stored. Messages go one at a time in order; each gets this seat's next number (`cseq`, above
 * anything it ever sealed) and its box once, and keeps both until stored, however often it is sent
 * again (the server stores a renumbered retry once). Every relay carries the newest head of the
 * room's log known here with the server's proof (`top`): the server stores a message only right
 * after it. Explicit state, no timers or sockets: the session sends what `relayOf` builds.
 */
import type { LogHead, StoredMessage } from "../../protocol/friend.js";
import type { Seat } from "../../types.js";
import { kindOf, type Payload } from "../payload.js";

export interface OutItem {
  readonly payload: Payload;
  readonly kind: "game" | "chat";
  /** This seat's number for it, and its sealed box: fixed at the first send. */
  readonly cseq: number | null;
  readonly box: string | null;
}

export interface Outbox {
  readonly items: readonly OutItem[];
  /** The head item was sent and is not yet answered. */
  readonly inflight: boolean;
  /** The number the next sealed item gets (at least one above anything sealed or stored). */
  readonly nextCseq: number;
  /** The newest head of the room's log known here. */
  readonly top: LogHead | null;
}

export function createOutbox(items: readonly OutItem[] = [], nextCseq = 0): Outbox {
  return { items, inflight: false, nextCseq, top: null };
}

export function enqueue(o: Outbox, payload: Payload): Outbox {
  return { ...o, items: [...o.items, { payload, kind: kindOf(payload), cseq: null, box: null }] };
}

/** A newer head of the room's log (an older one changes nothing). */
export function learnHead(o: Outbox, h: LogHead): Outbox {
  if (o.top !== null && h.seq <= o.top.seq) return o;
  return { ...o, top: { seq: h.seq, sent: [h.sent[0], h.sent[1]], proof: h.proof } };
}

/** Seated: this seat has stored `sent` messages and its replay guard has seen `seen` (the next number is above both). */
export function seatedAt(o: Outbox, sent: number, seen: number): Outbox {
  return { ...o, nextCseq: Math.max(o.nextCseq, sent + 1, seen + 1) };
}

/** Gives the head item its number and box, once (`seen`: the highest number of this seat ever applied). */
export function sealHead(o: Outbox, seen: number, seal: (cseq: number, item: OutItem) => string): Outbox {
  const head = o.items[0];
  if (head === undefined || (head.cseq !== null && head.box !== null)) return o;
  const cseq = Math.max(o.nextCseq, seen + 1);
  const sealed: OutItem = { ...head, cseq, box: seal(cseq, head) };
  return { ...o, items: [sealed, ...o.items.slice(1)], nextCseq: cseq + 1 };
}

/** The relay for the sealed head item after the newest known head, or null when there is nothing to send. */
export function relayOf(
  o: Outbox,
  to: { readonly room: string; readonly seat: Seat; readonly via: string; readonly tok: string },
): Record<string, unknown> | null {
  const head = o.items[0];
  if (head === undefined || head.cseq === null || head.box === null || o.top === null) return null;
  return {
    type: "relay",
    room: to.room,
    seat: to.seat,
    via: to.via,
    tok: to.tok,
    seq: o.top.seq + 1,
    cseq: head.cseq,
    prev: { sent: o.top.sent, proof: o.top.proof },
    kind: head.kind,
    box: head.box,
  };
}

export function sent(o: Outbox, inflight: boolean): Outbox {
  return o.inflight === inflight ? o : { ...o, inflight };
}

/** The server stored the head item (its acknowledgement): gone from here; null when `cseq` is not the head's. */
export function acknowledged(o: Outbox, cseq: number): { readonly o: Outbox; readonly item: OutItem } | null {
  const head = o.items[0];
  if (head === undefined || head.cseq !== cseq || head.box === null) return null;
  return { o: { ...o, items: o.items.slice(1), inflight: false }, item: head };
}

/** A stored message arrived: if it is the head item (stored before, its acknowledgement lost), it is sent. */
export function storedElsewhere(o: Outbox, msg: StoredMessage, seat: Seat | null): Outbox {
  const head = o.items[0];
  if (head === undefined || msg.from !== seat || head.cseq !== msg.cseq || head.box !== msg.box) return o;
  return { ...o, items: o.items.slice(1), inflight: false };
}

/** The head item is dropped (refused for good: a chat flood; or already stored, said the server). */
export function dropHead(o: Outbox): Outbox {
  return { ...o, items: o.items.slice(1), inflight: false };
}

/**
 * The server says this seat's next number is `expected`. Taken only if this seat could have sent it
 * (above what it has seen applied, at most one past what it sealed): the head is sealed again under
 * it. Otherwise (a stale head here, or a lying server) nothing changes and the session catches up.
 */
export function renumber(o: Outbox, expected: number, seen: number): { readonly o: Outbox; readonly taken: boolean } {
  const head = o.items[0];
  if (head === undefined) return { o, taken: false };
  const unsealed: OutItem = { ...head, cseq: null, box: null };
  const items = [unsealed, ...o.items.slice(1)];
  if (expected > seen && expected <= o.nextCseq + 1) return { o: { ...o, items, nextCseq: expected }, taken: true };
  return { o: { ...o, items }, taken: false };
}

/** What the session does after the server refused the relay in flight. */
export interface Refusal {
  readonly o: Outbox;
  /** Catch up first (the catch-up brings the room's newer head, or the message already stored). */
  readonly sync: boolean;
  /** Tell the player. */
  readonly report: boolean;
  /** The seat token is no good: join the room again (paced) instead of sending. */
  readonly rejoin: boolean;
  /** The server's `retryMs` counts for the next try (its own load, not this message). */
  readonly hinted: boolean;
}

/** The server refused the head item with `code` (and, for a wrong number, the number it expected). */
export function refused(o: Outbox, code: string, expected: number | undefined, seen: number): Refusal {
  const idle = sent(o, false);
  const head = idle.items[0];
  const none = { o: idle, sync: false, report: false, rejoin: false, hinted: false };
  // A chat line over the flood limit is refused for good; a duplicate was stored before (its
  // acknowledgement lost) and comes back with the catch-up.
  if (code === "chat/flood" && head?.kind === "chat") return { ...none, o: dropHead(idle), report: true };
  if (code === "relay/duplicate" && head !== undefined) return { ...none, o: dropHead(idle), sync: true };
  // Another message took that number (both players sent at once), or this side's head is not the room's.
  if (code === "relay/seq_taken" || code === "relay/bad_head") return { ...none, sync: true };
  if (code === "room/not_seated") return { ...none, rejoin: true };
  if (code === "relay/out_of_order" && head !== undefined && expected !== undefined) {
    const r = renumber(idle, expected, seen);
    return { ...none, o: r.o, sync: !r.taken };
  }
  return { ...none, report: true, hinted: code === "rate/limited" || code === "server/error" };
}
