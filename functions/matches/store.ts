/**
 * The matches domain's store: one item per match (`MATCH#<id>` / `MATCH`) holding its authoritative
 * state, written only with a condition on `rev`.
 *
 * Deadlines are indexed: while a match needs the timer (`dueAt` not null) its item carries
 * `gsi2pk = DUE#<shard>` and `gsi2sk = <dueAt, 13 digits>#<id>` on the sparse index gsi2, so the same
 * conditional write that records a move also moves the match's place in the index, and a tick
 * queries each shard for `gsi2sk <= now`: it reads the due matches and nothing else. Shards spread
 * the index's write load over several partitions.
 *
 * Retention (TTL `expiresAt`): a finished or aborted match keeps its summary and move list for a
 * year; an active one expires 30 days after its latest write (long after any clock could run).
 */
import { QueryCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { MatchRecord } from "../../core/ranked/types.js";
import { conditionalPut, copyOf, getLive, revCondition, stripKeys, ttlSeconds, yieldTurn } from "../lib/items.js";
import { bucketOf, DEFAULT_SCALE, readScale } from "../lib/scale.js";
import { GSI2 } from "../lib/table.js";

export const DUE_INDEX = GSI2;
/** The default shard count; a stage sets its own with `MANCALA_DUE_SHARDS` (functions/lib/scale.ts). */
const DUE_SHARDS = DEFAULT_SCALE.dueShards;
export const FINISHED_KEEP_MS = 365 * 24 * 3600_000;
export const ACTIVE_KEEP_MS = 30 * 24 * 3600_000;

export interface MatchStore {
  getMatch(id: string): Promise<MatchRecord | null>;
  /** Writes if the stored rev equals `expectedRev` (null: the match must not exist). */
  putMatch(m: MatchRecord, expectedRev: number | null): Promise<boolean>;
  /** Matches whose `dueAt` is at or before `now`, earliest first, at most `limit`. */
  listDue(now: number, limit: number): Promise<MatchRecord[]>;
  /** Whether any match is on the deadline index at all (one single-item query per shard). */
  anyPending(): Promise<boolean>;
}

export function shardOf(id: string, shards: number = DUE_SHARDS): number {
  return bucketOf(id, shards);
}

function dueSortKey(dueAt: number, id: string): string {
  return `${String(Math.max(0, Math.floor(dueAt))).padStart(13, "0")}#${id}`;
}

function retentionOf(m: MatchRecord, now: number): number {
  return m.status === "active" ? now + ACTIVE_KEEP_MS : (m.endedAt ?? now) + FINISHED_KEEP_MS;
}

export function makeDynamoMatchStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
  shards: number = readScale().dueShards,
): MatchStore {
  return {
    async getMatch(id) {
      const item = await getLive(db, tableName, `MATCH#${id}`, "MATCH", now());
      return item === null ? null : stripKeys<MatchRecord>(item);
    },
    putMatch(m, expectedRev) {
      const due = m.dueAt === null ? {} : { gsi2pk: `DUE#${shardOf(m.id, shards)}`, gsi2sk: dueSortKey(m.dueAt, m.id) };
      return conditionalPut(
        db,
        tableName,
        { pk: `MATCH#${m.id}`, sk: "MATCH", ...m, ...due, expiresAt: ttlSeconds(retentionOf(m, now())) },
        revCondition(expectedRev),
      );
    },
    async listDue(at, limit) {
      const upto = `${String(Math.floor(at)).padStart(13, "0")}#~`;
      const pages = await Promise.all(
        Array.from({ length: shards }, async (_, shard) => {
          const out: MatchRecord[] = [];
          let start: Record<string, unknown> | undefined;
          do {
            const r = await db.send(
              new QueryCommand({
                TableName: tableName,
                IndexName: DUE_INDEX,
                KeyConditionExpression: "gsi2pk = :p AND gsi2sk <= :upto",
                ExpressionAttributeValues: { ":p": `DUE#${shard}`, ":upto": upto },
                Limit: limit - out.length,
                ExclusiveStartKey: start,
              }),
            );
            // The index holds keys only: each due match is read from the table (a consistent read).
            // A match that moved on since the index saw it (a move, a settlement) is left out.
            const ms = await Promise.all(
              (r.Items ?? []).map((i) => getLive(db, tableName, String(i.pk), String(i.sk), now())),
            );
            for (const item of ms) {
              if (item === null) continue;
              const m = stripKeys<MatchRecord>(item);
              if (m.dueAt !== null && m.dueAt <= at) out.push(m);
            }
            start = r.LastEvaluatedKey;
          } while (start !== undefined && out.length < limit);
          return out;
        }),
      );
      return pages
        .flat()
        .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0))
        .slice(0, limit);
    },
    async anyPending() {
      const found = await Promise.all(
        Array.from({ length: shards }, async (_, shard) => {
          const r = await db.send(
            new QueryCommand({
              TableName: tableName,
              IndexName: DUE_INDEX,
              KeyConditionExpression: "gsi2pk = :p",
              ExpressionAttributeValues: { ":p": `DUE#${shard}` },
              Limit: 1,
            }),
          );
          return (r.Items ?? []).length > 0;
        }),
      );
      return found.some(Boolean);
    },
  };
}

export interface MemoryMatchStore extends MatchStore {
  /** Index entries the due queries have examined since the twin was made (the work of the ticks). */
  readonly examined: () => number;
  readonly size: () => number;
}

/** In-memory twin: the deadline index is a sorted array of `[dueAt, id]`, examined from its start. */
export function createMemoryMatchStore(): MemoryMatchStore {
  const matches = new Map<string, MatchRecord>();
  const index: { dueAt: number; id: string }[] = [];
  let examined = 0;
  const position = (dueAt: number, id: string): number => {
    let lo = 0;
    let hi = index.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const e = index[mid];
      if (e.dueAt < dueAt || (e.dueAt === dueAt && e.id < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const unindex = (m: MatchRecord | undefined): void => {
    if (m === undefined || m.dueAt === null) return;
    const i = position(m.dueAt, m.id);
    if (index[i]?.id === m.id) index.splice(i, 1);
  };
  return {
    examined: () => examined,
    size: () => matches.size,
    async getMatch(id) {
      await yieldTurn();
      return copyOf(matches.get(id) ?? null);
    },
    async putMatch(m, expectedRev) {
      await yieldTurn();
      const cur = matches.get(m.id);
      if (expectedRev === null ? cur !== undefined : cur?.rev !== expectedRev) return false;
      unindex(cur);
      matches.set(m.id, copyOf(m));
      if (m.dueAt !== null) index.splice(position(m.dueAt, m.id), 0, { dueAt: m.dueAt, id: m.id });
      return true;
    },
    async anyPending() {
      await yieldTurn();
      return index.length > 0;
    },
    async listDue(at, limit) {
      await yieldTurn();
      const out: MatchRecord[] = [];
      for (const e of index) {
        examined++;
        if (e.dueAt > at || out.length >= limit) break;
        out.push(copyOf(matches.get(e.id) as MatchRecord));
      }
      return out;
    },
  };
}
