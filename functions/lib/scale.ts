/**
 * How far the table's hot keys are spread, read by the functions from their environment (the stack
 * sets both from the stage's settings, stacks/settings.ts; locally from the same variables):
 * - `MANCALA_DUE_SHARDS` (default 4): partitions of the deadline index (`DUE#<shard>`). Each ranked
 *   move writes its match's entry; one partition takes about 1,000 write units a second. Raise it,
 *   never lower it while matches are running: a match indexed on a shard above the new count is not
 *   seen by the timer until its next move.
 * - `MANCALA_SEEK_PARTITIONS` (default 1): partitions of each game's seek queue (`SEEK#<game>` for
 *   one, `SEEK#<game>#<n>` for more). A seek is written to its player's partition; finding a partner
 *   reads every partition of the game, so more partitions spread the writes and cost one query each.
 *   Change it only while nobody is seeking (a seek lives at most its TTL, a few minutes).
 */
import { envInt } from "./env.js";

export interface Scale {
  readonly dueShards: number;
  readonly seekPartitions: number;
}

export const DEFAULT_SCALE: Scale = { dueShards: 4, seekPartitions: 1 };
/** The most of either (each is a query per tick or per seek). */
const MAX_PARTITIONS = 64;

const count = (env: NodeJS.ProcessEnv, name: string, fallback: number): number =>
  envInt(name, fallback, { min: 1, max: MAX_PARTITIONS }, env);

export function readScale(env: NodeJS.ProcessEnv = process.env): Scale {
  return {
    dueShards: count(env, "MANCALA_DUE_SHARDS", DEFAULT_SCALE.dueShards),
    seekPartitions: count(env, "MANCALA_SEEK_PARTITIONS", DEFAULT_SCALE.seekPartitions),
  };
}

/** A stable small hash of an id into `n` buckets. */
export function bucketOf(id: string, n: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % n;
}
