/**
 * Identity without accounts: each device keeps a tweetnacl `sign` (Ed25519) key pair. The public key,
 * written in unpadded base64url (43 characters), is the player id. On every connection the server
 * sends a random challenge and the device proves it holds the secret key by signing it.
 *
 * The signed text binds the challenge to the protocol and to the player id, so a signature made for
 * one purpose or one identity cannot be replayed for another.
 *
 * Checks are strict (RFC 8032 decoding plus a small-order check, @noble/curves `zip215: false`): a
 * player id must be the canonical encoding of a point of large order, and a signature's R must be
 * canonical and its scalar S below the group order. Otherwise a small-order key such as the identity
 * point (`AQAA…A`) would accept one fixed signature for every challenge: anyone could be that player.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import nacl from "tweetnacl";
import { err, ok, type Result } from "./types.js";
import { makeBase64Url, parseBase64Url } from "./crypto/base64.js";

export { makeBase64Url, parseBase64Url };

type IdentityErrorCode = "auth/bad_player_id" | "auth/bad_signature" | "auth/bad_challenge";
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

const CHALLENGE_BYTES = 32;
const AUTH_CONTEXT = "mancala/ranked-auth/v1";

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
  if (typeof text !== "string" || text.length !== 43)
    return fail("auth/bad_player_id", "a player id is 43 base64url characters");
  const bytes = parseBase64Url(text);
  if (bytes === null || bytes.length !== nacl.sign.publicKeyLength) {
    return fail("auth/bad_player_id", "a player id is a base64url public key");
  }
  if (!isStrictPublicKey(bytes)) return fail("auth/bad_player_id", "a player id is a canonical key of large order");
  return ok(text as PlayerId);
}

/** Whether `bytes` is the canonical encoding of a curve point that is not of small order. */
function isStrictPublicKey(bytes: Uint8Array): boolean {
  try {
    const point = ed25519.Point.fromBytes(bytes, false);
    return !point.isSmallOrder();
  } catch {
    return false;
  }
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
export function verifyChallenge(
  playerId: unknown,
  challenge: unknown,
  signature: unknown,
): Result<PlayerId, IdentityError> {
  const id = parsePlayerId(playerId);
  if (!id.ok) return id;
  const ch = typeof challenge === "string" ? parseBase64Url(challenge) : null;
  if (ch === null || ch.length !== CHALLENGE_BYTES) return fail("auth/bad_challenge", "no valid challenge to answer");
  const sig = typeof signature === "string" ? parseBase64Url(signature) : null;
  if (sig === null || sig.length !== nacl.sign.signatureLength)
    return fail("auth/bad_signature", "malformed signature");
  const pk = parseBase64Url(id.value) as Uint8Array;
  if (!ed25519.verify(sig, challengeMessage(id.value, challenge as string), pk, { zip215: false })) {
    return fail("auth/bad_signature", "the signature does not match the player id");
  }
  return ok(id.value);
}
