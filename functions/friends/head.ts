/**
 * Proofs of a room's log head: what lets the relay accept only the room's next sequence number with
 * one conditional write and no read. When a message is stored under `seq`, the server gives both
 * seats `HMAC-SHA-256(key, roomId ‖ seq ‖ sent₀ ‖ sent₁)`, where `sentₛ` counts seat s's messages up
 * to and including it. The next `relay` must carry that proof for `seq - 1`: the MAC shows that
 * number was stored (the server made it only for stored numbers), and the put's condition
 * (`attribute_not_exists`) that nobody took `seq` yet, so the log has no gaps and no far-future
 * numbers. The counts make a retry stored once however it is renumbered: seat s may append only its
 * message number `sentₛ + 1`; an older one is a duplicate. The keys are the seat-token keys
 * (friends/token.ts), under their own label: a proof is made with the signing key and checked
 * against every key still verified, so a rotation breaks no live room.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { LogHead } from "../../core/protocol/friend.js";
import type { SeatKeys } from "./token.js";

export type Counts = readonly [number, number];

function mac(key: Buffer, roomId: string, seq: number, sent: Counts): Buffer {
  return createHmac("sha256", key).update(`mancala/head/v1\0${roomId}\0${seq}\0${sent[0]}\0${sent[1]}`).digest();
}

export function makeHeadProof(keys: SeatKeys, roomId: string, seq: number, sent: Counts): string {
  return mac(keys.sign.key, roomId, seq, sent).toString("base64url");
}

export function checkHeadProof(keys: SeatKeys, roomId: string, seq: number, sent: Counts, proof: string): boolean {
  const got = Buffer.from(proof, "base64url");
  return keys.verify.some((k) => {
    const want = mac(k.key, roomId, seq, sent);
    return got.length === want.length && timingSafeEqual(got, want);
  });
}

export function makeHead(keys: SeatKeys, roomId: string, seq: number, sent: Counts): LogHead {
  return { seq, sent: [sent[0], sent[1]], proof: makeHeadProof(keys, roomId, seq, sent) };
}
