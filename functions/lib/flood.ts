/**
 * Flood limits kept in process, so that refusing a message costs no write: token buckets per
 * connection, per source address and per identity (whatever a domain names one: a ranked player, a
 * friend-room seat). Locally one process sees
 * every message, so the limits are exact; in AWS each Lambda instance keeps its own buckets, and the
 * stage's route throttling (stacks/ApiStack.ts) bounds the total.
 *
 * Defaults (`RATE_LIMIT`, `RATE_LIMIT_ADDRESS`, `RATE_LIMIT_IDENTITY` override the bursts; each
 * bucket refills its burst over RATE_WINDOW_MS): a connection 100 messages, an address 500, an
 * identity 200.
 */
import { envInt } from "./env.js";

/** Each bucket refills its burst over this window. */
export const RATE_WINDOW_MS = 10_000;
/** Messages per connection per window (all types). */
const CONNECTION_LIMIT = 100;
export const ADDRESS_LIMIT = 500;
export const IDENTITY_LIMIT = 200;

interface Bucket {
  tokens: number;
  at: number;
}

export type FloodVerdict = "ok" | "connection" | "address" | "identity";

export interface FloodLimits {
  readonly connection: number;
  readonly address: number;
  readonly identity: number;
}

export function floodLimits(): FloodLimits {
  return {
    connection: envInt("RATE_LIMIT", CONNECTION_LIMIT, { min: 1 }),
    address: envInt("RATE_LIMIT_ADDRESS", ADDRESS_LIMIT, { min: 1 }),
    identity: envInt("RATE_LIMIT_IDENTITY", IDENTITY_LIMIT, { min: 1 }),
  };
}

const buckets = new Map<string, Bucket>();
let sweptAt = 0;

/** Takes one token from `key`'s bucket of size `burst` (refilled over RATE_WINDOW_MS); false when empty. */
function take(key: string, burst: number, now: number): boolean {
  let b = buckets.get(key);
  if (b === undefined) {
    b = { tokens: burst, at: now };
    buckets.set(key, b);
  } else {
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) * burst) / RATE_WINDOW_MS);
    b.at = now;
  }
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/** Full buckets are dropped now and then, so memory follows the active clients. */
function sweep(now: number): void {
  if (now - sweptAt < RATE_WINDOW_MS) return;
  sweptAt = now;
  for (const [k, b] of buckets) if (now - b.at > RATE_WINDOW_MS) buckets.delete(k);
}

/**
 * Counts one message against every bucket it belongs to. A message refused by one bucket takes no
 * token from the others checked after it (connection first, then address, then identity).
 */
export function allowMessage(
  keys: { readonly connection: string; readonly address: string; readonly identity?: string },
  now: number,
  limits: FloodLimits = floodLimits(),
): FloodVerdict {
  sweep(now);
  if (!take(`c:${keys.connection}`, limits.connection, now)) return "connection";
  if (!take(`a:${keys.address}`, limits.address, now)) return "address";
  if (keys.identity !== undefined && !take(`i:${keys.identity}`, limits.identity, now)) return "identity";
  return "ok";
}

/** The identity's bucket alone (for messages whose identity is known only after the connection check). */
export function allowIdentity(identity: string, now: number, limits: FloodLimits = floodLimits()): boolean {
  return take(`i:${identity}`, limits.identity, now);
}

/** Forgets a closed connection's buckets. */
export function forgetConnection(connection: string): void {
  buckets.delete(`c:${connection}`);
}

/**
 * A bucket of a domain's own (its key names the domain, e.g. `w:a:<network>`), refilled over
 * RATE_WINDOW_MS like the others: for an action rarer than messages in general (starting to watch).
 */
export function allowOwn(key: string, burst: number, now: number): boolean {
  sweep(now);
  return take(key, burst, now);
}
