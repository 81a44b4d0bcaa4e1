/**
 * Limits that hold across Lambda instances, for the rare ranked actions (signing in, a new identity,
 * choosing a name, seeking): a fixed-window counter item per key (`RATE#q#<key>` / window number)
 * of the one counter module (functions/lib/counters.ts): one conditional write (`n < limit`), so
 * the counter never runs past its limit, and a refusal costs no write once the window is known full. The flood buckets of functions/lib/flood.ts stay the first,
 * in-process line (a refusal there costs no write); these bound what many instances let through.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createMemoryCounters, makeDynamoCounters, type Counters } from "../lib/counters.js";
import { envIntOrUnset } from "../lib/env.js";
import { COUNTER_SPACES } from "../lib/keys.js";

export interface Quota {
  /** Takes one from `key`'s allowance of `limit` in the window holding `now`; false when none is left. */
  take(key: string, limit: number, windowMs: number, now: number): Promise<boolean>;
}

interface QuotaRule {
  readonly limit: number;
  readonly windowMs: number;
}

const MIN = 60_000;

/** The cross-instance limits, per window (the in-process flood buckets apply first). */
const RANKED_QUOTAS = {
  signInPerPlayer: { limit: 60, windowMs: 10 * MIN },
  signInPerAddress: { limit: 300, windowMs: 10 * MIN },
  /** First sign-ins of new identities from one address: fresh keys cost nothing, so they are few. */
  newIdentityPerAddress: { limit: 20, windowMs: 60 * MIN },
  seekPerPlayer: { limit: 60, windowMs: 10 * MIN },
  seekPerAddress: { limit: 600, windowMs: 10 * MIN },
  /** Challenges sent to named players (functions/lobby). */
  challengePerPlayer: { limit: 30, windowMs: 10 * MIN },
  challengePerAddress: { limit: 300, windowMs: 10 * MIN },
  /** Starting to watch a game's lobby (each a write of a watcher item). */
  lobbyWatchPerPlayer: { limit: 120, windowMs: 10 * MIN },
  lobbyWatchPerAddress: { limit: 1200, windowMs: 10 * MIN },
} as const satisfies Record<string, QuotaRule>;

export type RankedQuotas = { readonly [K in keyof typeof RANKED_QUOTAS]: QuotaRule };

/**
 * The quotas with the environment's overrides: RANKED_NEW_IDENTITIES (new identities per address
 * an hour; the local tests sign in hundreds of fresh keys from one address), RANKED_SEEKS (seeks
 * per player in 10 minutes) and RANKED_SIGN_INS (sign-ins per player in 10 minutes; the chaos runs
 * cut connections every few seconds, as a stage does in hours).
 */
export function rankedQuotas(env: NodeJS.ProcessEnv = process.env): RankedQuotas {
  const n = (key: string): number | undefined => envIntOrUnset(key, { min: 1 }, env);
  const ids = n("RANKED_NEW_IDENTITIES");
  const seeks = n("RANKED_SEEKS");
  const signIns = n("RANKED_SIGN_INS");
  return {
    ...RANKED_QUOTAS,
    signInPerPlayer: { ...RANKED_QUOTAS.signInPerPlayer, limit: signIns ?? RANKED_QUOTAS.signInPerPlayer.limit },
    newIdentityPerAddress: {
      ...RANKED_QUOTAS.newIdentityPerAddress,
      limit: ids ?? RANKED_QUOTAS.newIdentityPerAddress.limit,
    },
    seekPerPlayer: { ...RANKED_QUOTAS.seekPerPlayer, limit: seeks ?? RANKED_QUOTAS.seekPerPlayer.limit },
  };
}

/** The quotas on the counters (their `q#` space). */
function quotaOf(counters: Counters): Quota {
  return {
    async take(key, limit, windowMs, now) {
      return (await counters.take(`${COUNTER_SPACES.quota}${key}`, limit, windowMs, now)).ok;
    },
  };
}

export function makeDynamoQuota(db: DynamoDBDocumentClient, tableName: string): Quota {
  return quotaOf(makeDynamoCounters(db, tableName));
}

export function createMemoryQuota(): Quota {
  return quotaOf(createMemoryCounters());
}
