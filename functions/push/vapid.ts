/**
 * The server's VAPID key pair (RFC 8292), which signs every push request and which each browser
 * subscription is bound to. The secret `push-vapid-keys` (functions/lib/secrets.ts) holds only a
 * random seed, `{"seed": "…"}` (Secrets Manager generates it in AWS, stacks/ApiStack.ts; locally a
 * file made on first use); the P-256 key pair is derived from it (HKDF-SHA-256, then @noble/curves'
 * hash-to-scalar), so the stack never handles a private key and every instance derives the same one.
 * Rotating the seed changes the public key, and every browser then subscribes again (docs/push.md).
 */
import { randomBytes } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { readSecret } from "../lib/secrets.js";

export interface VapidKeys {
  /** 65-byte uncompressed P-256 point, base64url: what `GET /api/push/key` serves. */
  readonly publicKey: string;
  /** 32-byte scalar, base64url. */
  readonly privateKey: string;
}

/** How long an instance keeps the keys before reading the secret again (a rotation lands within this). */
const KEY_REFRESH_MS = 10 * 60_000;

/** A fresh seed (locally, where no stack made one). */
function newVapidSeedText(): string {
  return JSON.stringify({ seed: randomBytes(32).toString("base64url") });
}

/** The key pair of a seed. */
export function vapidKeysOf(seed: string): VapidKeys {
  const okm = hkdf(sha256, utf8(seed), undefined, utf8("mancala web push vapid p-256"), 48);
  const sk = p256.utils.randomSecretKey(okm);
  return {
    publicKey: Buffer.from(p256.getPublicKey(sk, false)).toString("base64url"),
    privateKey: Buffer.from(sk).toString("base64url"),
  };
}

function parseSeedText(text: string): VapidKeys {
  const seed = (JSON.parse(text) as { seed?: unknown }).seed;
  if (typeof seed !== "string" || seed.length < 32) throw new Error("push-vapid-keys: the secret has no seed");
  return vapidKeysOf(seed);
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

let cached: { at: number; keys: Promise<VapidKeys> } | null = null;

/** This instance's copy of the key pair (read from the secret once, then every KEY_REFRESH_MS). */
export function vapidKeys(now: number = Date.now()): Promise<VapidKeys> {
  if (cached === null || now - cached.at >= KEY_REFRESH_MS) {
    const keys = readSecret("push-vapid-keys", newVapidSeedText).then(parseSeedText);
    const entry = { at: now, keys };
    cached = entry;
    keys.catch(() => {
      if (cached === entry) cached = null;
    });
  }
  return cached.keys;
}
