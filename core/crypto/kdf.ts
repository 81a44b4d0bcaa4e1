/**
 * From a code to a room: `master = scrypt(code)` with a salt fixed per protocol version, then
 * `roomId = HMAC-SHA256(master, "room")` and `key = HMAC-SHA256(master, "key")`. The server only
 * ever sees `roomId`, so recovering a code from what the server holds costs a full scrypt per guess.
 *
 * Cost: N = 2^14, r = 8, p = 1 (16 MiB, about 60 ms per derivation in Node 20 on the reference
 * 2-core machine; see README "Friend games" for what that means for brute force).
 */
import { scrypt, scryptAsync } from "@noble/hashes/scrypt.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { makeBase64Url } from "./base64.js";
import type { RoomCode } from "./code.js";

export const KDF_VERSION = 1;
export const KDF_SALT = "mancala/friend-room/v1";
export const KDF_PARAMS = { N: 2 ** 14, r: 8, p: 1, dkLen: 32 } as const;

export interface RoomKeys {
  /** base64url of 32 bytes: what the server stores and routes by. */
  readonly roomId: string;
  /** The secretbox key for every payload of the room. */
  readonly key: Uint8Array;
}

const enc = new TextEncoder();

function split(master: Uint8Array): RoomKeys {
  const roomId = makeBase64Url(hmac(sha256, master, enc.encode("room")));
  const key = hmac(sha256, master, enc.encode("key"));
  master.fill(0);
  return { roomId, key };
}

/** Derives the room id and key (blocks for one scrypt; prefer `deriveRoom` in a page). */
export function deriveRoomSync(code: RoomCode): RoomKeys {
  return split(scrypt(enc.encode(code), enc.encode(KDF_SALT), KDF_PARAMS));
}

/** Derives the room id and key, yielding to the event loop while scrypt runs. */
export async function deriveRoom(code: RoomCode): Promise<RoomKeys> {
  return split(await scryptAsync(enc.encode(code), enc.encode(KDF_SALT), { ...KDF_PARAMS, asyncTick: 10 }));
}
