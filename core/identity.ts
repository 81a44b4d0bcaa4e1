/**
 * Identity without accounts: each device keeps a tweetnacl `sign` (Ed25519) key pair. The public key,
 * written in unpadded base64url (43 characters), is the player id. On every connection the server
 * sends a random challenge and the device proves it holds the secret key by signing it.
 *
 * The signed text binds the challenge to the protocol and to the player id, so a signature made for
 * one purpose or one identity cannot be replayed for another.
 */
import nacl from "tweetnacl";
import { err, ok, type Result } from "./types.js";

export const IDENTITY_ERROR_CODES = ["auth/bad_player_id", "auth/bad_signature", "auth/bad_challenge"] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];
export interface IdentityError {
  readonly code: IdentityErrorCode;
  readonly message: string;
}

/** A player id: the base64url public key. Branded so unchecked strings cannot pass for one. */
export type PlayerId = string & { readonly __playerId: true };

export interface DeviceKeys {
  readonly playerId: PlayerId;
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

export const CHALLENGE_BYTES = 32;
const AUTH_CONTEXT = "mancala/ranked-auth/v1";

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B64_INDEX: Int16Array = (() => {
  const t = new Int16Array(128).fill(-1);
  for (let i = 0; i < B64.length; i++) t[B64.charCodeAt(i)] = i;
  return t;
})();

/** Unpadded base64url. */
export function makeBase64Url(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += B64[n >> 18] + B64[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63];
  }
  return out;
}

/** Strict unpadded base64url: refuses other characters and non-canonical trailing bits. */
export function parseBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const vals = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? B64_INDEX[c] : -1;
    if (v < 0) return null;
    vals[i] = v;
  }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < text.length; i += 4) {
    const n = (vals[i] << 18) | (vals[i + 1] << 12) | (vals[i + 2] << 6) | vals[i + 3];
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 255;
    out[o++] = n & 255;
  }
  const rest = text.length - i;
  if (rest === 2) {
    if ((vals[i + 1] & 15) !== 0) return null;
    out[o++] = (vals[i] << 2) | (vals[i + 1] >> 4);
  } else if (rest === 3) {
    if ((vals[i + 2] & 3) !== 0) return null;
    const n = (vals[i] << 10) | (vals[i + 1] << 4) | (vals[i + 2] >> 2);
    out[o++] = n >> 8;
    out[o++] = n & 255;
  }
  return out;
}

function fail(code: IdentityErrorCode, message: string): { ok: false; error: IdentityError } {
  return err({ code, message });
}

/** A new device key pair; `seed` (32 bytes) makes it deterministic, for tests and key backup. */
export function makeDeviceKeys(seed?: Uint8Array): DeviceKeys {
  const kp = seed === undefined ? nacl.sign.keyPair() : nacl.sign.keyPair.fromSeed(seed);
  return { playerId: makeBase64Url(kp.publicKey) as PlayerId, publicKey: kp.publicKey, secretKey: kp.secretKey };
}

/** Restores a key pair saved on the device as its base64url secret key. */
export function parseDeviceKeys(secret: unknown): Result<DeviceKeys, IdentityError> {
  const bytes = typeof secret === "string" ? parseBase64Url(secret) : null;
  if (bytes === null || bytes.length !== nacl.sign.secretKeyLength) {
    return fail("auth/bad_player_id", "not a saved device key");
  }
  const kp = nacl.sign.keyPair.fromSecretKey(bytes);
  return ok({ playerId: makeBase64Url(kp.publicKey) as PlayerId, publicKey: kp.publicKey, secretKey: kp.secretKey });
}

export function makeDeviceSecret(keys: DeviceKeys): string {
  return makeBase64Url(keys.secretKey);
}

export function parsePlayerId(text: unknown): Result<PlayerId, IdentityError> {
  if (typeof text !== "string" || text.length !== 43) return fail("auth/bad_player_id", "a player id is 43 base64url characters");
  const bytes = parseBase64Url(text);
  if (bytes === null || bytes.length !== nacl.sign.publicKeyLength) {
    return fail("auth/bad_player_id", "a player id is a base64url public key");
  }
  return ok(text as PlayerId);
}

/** A fresh random challenge (base64url of 32 bytes) for the server to send. */
export function makeChallenge(): string {
  return makeBase64Url(nacl.randomBytes(CHALLENGE_BYTES));
}

function challengeMessage(playerId: string, challenge: string): Uint8Array {
  return new TextEncoder().encode(`${AUTH_CONTEXT}\n${playerId}\n${challenge}`);
}

/** The device's answer to a challenge: a detached signature, base64url. */
export function signChallenge(keys: DeviceKeys, challenge: string): string {
  return makeBase64Url(nacl.sign.detached(challengeMessage(keys.playerId, challenge), keys.secretKey));
}

/** Checks that `signature` over `challenge` was made by the key whose public half is `playerId`. */
export function verifyChallenge(playerId: unknown, challenge: unknown, signature: unknown): Result<PlayerId, IdentityError> {
  const id = parsePlayerId(playerId);
  if (!id.ok) return id;
  const ch = typeof challenge === "string" ? parseBase64Url(challenge) : null;
  if (ch === null || ch.length !== CHALLENGE_BYTES) return fail("auth/bad_challenge", "no valid challenge to answer");
  const sig = typeof signature === "string" ? parseBase64Url(signature) : null;
  if (sig === null || sig.length !== nacl.sign.signatureLength) return fail("auth/bad_signature", "malformed signature");
  const pk = parseBase64Url(id.value) as Uint8Array;
  if (!nacl.sign.detached.verify(challengeMessage(id.value, challenge as string), sig, pk)) {
    return fail("auth/bad_signature", "the signature does not match the player id");
  }
  return ok(id.value);
}
