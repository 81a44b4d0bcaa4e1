/**
 * The guest's side of the key exchange, as a reducer: the hello, the owner's share answered with
 * this side's tag and seat secret, the owner's tag checked, and only then the room key used (to
 * seal this side's name for the owner, and to take the seat). Each function returns the new state
 * and the one message to send, `"wrong_code"` when the exchange proves the code wrong, or null when
 * the event is not for this exchange. No sockets, no timers.
 */
import { locatorOf, type RoomCode } from "../../crypto/code.js";
import { generateSecret, sealBox } from "../../crypto/envelope.js";
import { startGuestHandshake, type GuestHandshake, type RoomSecrets } from "../../crypto/handshake.js";

export interface Knock {
  readonly hs: GuestHandshake;
  /** The exchange's id, once the server or the owner's share named it. */
  readonly reqId: string | null;
  /** The room's id, told with the owner's tag: where to return if cut off after the approval. */
  readonly roomId: string | null;
  /** After the owner's share: the check of the owner's tag, the secrets, this device's seat secret. */
  readonly done: {
    readonly check: (tag: string) => boolean;
    readonly secrets: RoomSecrets;
    readonly seatSecret: string;
    /** The owner's tag held: only from now on is the key used. */
    readonly verified: boolean;
  } | null;
}

export interface KnockStep {
  readonly knock: Knock;
  readonly message: Record<string, unknown>;
}

/** A fresh exchange over `code` (the server forgets the last one with its connection). */
export function startKnock(code: RoomCode, random: (n: number) => Uint8Array): KnockStep {
  const hs = startGuestHandshake(code, random);
  return {
    knock: { hs, reqId: null, roomId: null, done: null },
    message: { type: "join.hello", loc: locatorOf(code), sid: hs.sid, msg: hs.msg },
  };
}

/** The server opened the exchange under `reqId`. */
export function knockPending(k: Knock, reqId: string): Knock {
  return k.reqId === reqId ? k : { ...k, reqId };
}

/** The owner's share: this side's confirmation tag and its own seat secret go back (for the server only). */
export function knockReply(
  k: Knock,
  reqId: string,
  msg: string,
  random: (n: number) => Uint8Array,
): KnockStep | "wrong_code" | null {
  if ((k.reqId !== null && k.reqId !== reqId) || k.done !== null) return null;
  const r = k.hs.finish(msg);
  if (!r.ok) return "wrong_code";
  const done = { check: r.value.check, secrets: r.value.secrets, seatSecret: generateSecret(random), verified: false };
  return {
    knock: { ...k, reqId, done },
    message: { type: "join.confirm", reqId, tag: r.value.tag, secret: done.seatSecret },
  };
}

/** The owner's tag: if it holds, the key is used for the first time, to seal this side's name. */
export function knockVerified(
  k: Knock,
  reqId: string,
  tag: string,
  name: string,
  random: (n: number) => Uint8Array,
  roomId?: string,
): KnockStep | "wrong_code" | null {
  if (k.done === null || k.done.verified || reqId !== k.reqId) return null;
  if (!k.done.check(tag)) return "wrong_code";
  const box = sealBox(k.done.secrets.key, { seat: 1, seq: 0, kind: "request", body: { name } }, random);
  return {
    knock: { ...k, roomId: roomId ?? null, done: { ...k.done, verified: true } },
    message: { type: "join.request", reqId: k.reqId, request: box },
  };
}

/**
 * Cut off while waiting for the owner's answer (the server forgets the exchange with the
 * connection): a verified exchange first tries the guest seat with its own seat secret (the owner
 * may have approved meanwhile); null when there is nothing to try (then a fresh exchange).
 */
export function knockReturn(k: Knock | null): Record<string, unknown> | null {
  if (k?.done?.verified !== true || k.roomId === null) return null;
  return { type: "room.join", roomId: k.roomId, secret: k.done.seatSecret };
}

/**
 * Offered the guest seat: taken under the exchange's key and seat secret only once the owner's tag
 * held (a seat under a key nobody proved is refused); null when this exchange has nothing to give.
 */
export function knockSeat(
  k: Knock | null,
): { readonly key: Uint8Array; readonly secret: string } | "wrong_code" | null {
  if (k?.done == null) return null;
  if (!k.done.verified) return "wrong_code";
  return { key: k.done.secrets.key, secret: k.done.seatSecret };
}
