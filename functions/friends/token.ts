/**
 * Seat tokens: what lets a relayed message be stored with one conditional write and no read. When a
 * connection takes a seat, and whenever the other seat's connection changes, the server gives it a
 * token over `roomId ‖ seat ‖ connectionId ‖ via`, where `via` is the other seat's connection (""
 * when away); each `relay` carries room id, seat, via and token, and the server checks the MAC in
 * memory against the connection the frame arrived on, then pushes to `via`. A token is worth nothing
 * on another connection, and a connection whose seat moves to a newer one is closed, so its token
 * dies with it.
 *
 * A token is 32 bytes (43 base64url characters): the signing key's id (one byte) and the first 31
 * bytes of `HMAC-SHA-256(key, …)`. The keys are a secret outside the table (`functions/lib/secrets.ts`:
 * Secrets Manager in AWS, a file under the data directory locally), read once per instance and again
 * every KEY_REFRESH_MS. Rotation (`npm run -s seat-key -- rotate`) goes in two steps, each a new value
 * of the secret: first the new key is added as `next` (every instance verifies it but none signs with
 * it); once every instance has read that (after KEY_REFRESH_MS), it becomes `current` and the old key
 * `previous`, still verified. So a token signed by any instance verifies on every other one at every
 * moment of a rotation, and live rooms go on.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Seat } from "../../core/types.js";
import { readSecret } from "../lib/secrets.js";

/** How long an instance keeps the keys it read before reading the secret again. */
const KEY_REFRESH_MS = 5 * 60_000;
/** The wait between the two steps of a rotation: every instance has re-read the secret by then. */
export const ROTATION_STEP_MS = 2 * KEY_REFRESH_MS;

interface SeatKey {
  /** 0-255: the token's first byte. */
  readonly id: number;
  readonly key: Buffer;
}

export interface SeatKeys {
  /** The key new tokens are signed with. */
  readonly sign: SeatKey;
  /** Every key a token may carry: `current`, `previous` and `next`. */
  readonly verify: readonly SeatKey[];
}

interface StoredKey {
  id: number | string;
  key: string;
}
/** The secret's value: as the stack makes it (`{"id":"1","key":"…"}`) or after a rotation. */
interface StoredKeys {
  current: StoredKey;
  previous?: StoredKey | null;
  next?: StoredKey | null;
  /** When `next` was added (ms). */
  stagedAt?: number | null;
}

function parseStored(text: string): StoredKeys {
  const raw = JSON.parse(text) as Partial<StoredKeys> & Partial<StoredKey>;
  const s: StoredKeys =
    raw.current !== undefined ? (raw as StoredKeys) : { current: { id: raw.id ?? 1, key: String(raw.key) } };
  for (const k of [s.current, s.previous, s.next]) {
    if (k === undefined || k === null) continue;
    const id = Number(k.id);
    if (!Number.isInteger(id) || id < 0 || typeof k.key !== "string" || k.key.length < 32)
      throw new Error("the seat-token key secret is not valid (each key needs an id and at least 32 characters)");
  }
  return s;
}

const toKey = (k: StoredKey): SeatKey => ({ id: Number(k.id) % 256, key: Buffer.from(k.key, "utf8") });

export function parseSeatKeys(text: string): SeatKeys {
  const s = parseStored(text);
  const verify = [s.current, s.previous, s.next].filter((k): k is StoredKey => k !== undefined && k !== null);
  return { sign: toKey(s.current), verify: verify.map(toKey) };
}

/** A first key set (locally, where no stack made one). */
export function newSeatKeysText(): string {
  return JSON.stringify({ id: "1", key: randomBytes(32).toString("base64url") });
}

/**
 * The secret's next value in a rotation: without a `next` key, adds one (step 1); with one added at
 * least ROTATION_STEP_MS ago, makes it current and the current one previous (step 2). Throws when
 * step 2 comes too soon.
 */
export function rotateSeatKeys(text: string, now: number): { text: string; step: 1 | 2 } {
  const s = parseStored(text);
  if (s.next === undefined || s.next === null) {
    const next = { id: (Number(s.current.id) + 1) % 256, key: randomBytes(32).toString("base64url") };
    return { text: JSON.stringify({ current: s.current, previous: s.previous ?? null, next, stagedAt: now }), step: 1 };
  }
  const wait = Number(s.stagedAt ?? 0) + ROTATION_STEP_MS - now;
  if (wait > 0)
    throw new Error(
      `the new key was added less than ${ROTATION_STEP_MS / 60_000} minutes ago: run again in ${Math.ceil(wait / 1000)} s`,
    );
  return { text: JSON.stringify({ current: s.next, previous: s.current, next: null, stagedAt: null }), step: 2 };
}

let cached: { at: number; keys: Promise<SeatKeys> } | null = null;

/** This instance's copy of the keys (read from the secret once, then every KEY_REFRESH_MS). */
export function seatTokenKeys(now: number = Date.now()): Promise<SeatKeys> {
  if (cached === null || now - cached.at >= KEY_REFRESH_MS) {
    const keys = readSecret("seat-token-keys", newSeatKeysText).then(parseSeatKeys);
    const entry = { at: now, keys };
    cached = entry;
    keys.catch(() => {
      if (cached === entry) cached = null;
    });
  }
  return cached.keys;
}

function mac(key: SeatKey, roomId: string, seat: Seat, connectionId: string, via: string): Buffer {
  const out = Buffer.alloc(32);
  out[0] = key.id;
  createHmac("sha256", key.key).update(`${roomId}\0${seat}\0${connectionId}\0${via}`).digest().copy(out, 1, 0, 31);
  return out;
}

export function makeSeatToken(keys: SeatKeys, roomId: string, seat: Seat, connectionId: string, via: string): string {
  return mac(keys.sign, roomId, seat, connectionId, via).toString("base64url");
}

export function checkSeatToken(
  keys: SeatKeys,
  roomId: string,
  seat: Seat,
  connectionId: string,
  via: string,
  token: string,
): boolean {
  const got = Buffer.from(token, "base64url");
  if (got.length !== 32) return false;
  const key = keys.verify.find((k) => k.id === got[0]);
  if (key === undefined) return false;
  return timingSafeEqual(got, mac(key, roomId, seat, connectionId, via));
}
