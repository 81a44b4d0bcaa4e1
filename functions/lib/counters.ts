/**
 * THE fixed-window counter: one item per key and window (`RATE#<space><key>` / window number,
 * functions/lib/keys.ts), expiring two windows after its own. Used by friend-room creation and
 * look-ups, the ranked quotas (functions/ranked/quota.ts), name choices and suggestions; the
 * in-process flood buckets (functions/lib/flood.ts) stay the first line in front of them.
 *
 * `take` is one conditional update (`n < limit`), so the limit holds across Lambda instances and
 * the count never runs past it. A refusal costs no write once this process has seen the window
 * full: the update that takes the last unit returns the new count, and from then until the window
 * ends every `take` on that key is refused in memory. So at most one failed conditional write per
 * key and window per process (one per Lambda instance in AWS; none locally, one process sees every
 * take) is ever billed for refusals.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { isConditionFailed, yieldTurn } from "./items.js";
import { PREFIX } from "./keys.js";
import { nowSeconds } from "./table.js";

/** A counter taken, or refused with the time until its window ends. */
export type TakeResult = { readonly ok: true } | { readonly ok: false; readonly retryMs: number };

export interface Counters {
  /** Takes one from `key`'s counter for the window holding `now` unless `limit` are taken. */
  take(key: string, limit: number, windowMs: number, now: number): Promise<TakeResult>;
  /** Adds one to `key`'s counter of the window holding `now` and returns the new count (refusals count too). */
  bump(key: string, windowMs: number, now: number): Promise<number>;
}

const windowOf = (now: number, windowMs: number): number => Math.floor(now / windowMs);
const refused = (win: number, windowMs: number, now: number): TakeResult => ({
  ok: false,
  retryMs: (win + 1) * windowMs - now,
});

/** The windows this process knows are full (key|window → the window's end), swept as they end. */
function fullWindows(): { has(k: string, now: number): boolean; add(k: string, until: number, now: number): void } {
  const full = new Map<string, number>();
  let sweptAt = 0;
  return {
    has: (k, now) => (full.get(k) ?? 0) > now,
    add(k, until, now) {
      full.set(k, until);
      if (full.size < 1024 && now - sweptAt < 60_000) return;
      sweptAt = now;
      for (const [key, end] of full) if (end <= now) full.delete(key);
    },
  };
}

export function makeDynamoCounters(db: DynamoDBDocumentClient, tableName: string): Counters {
  const full = fullWindows();
  const key = (k: string, win: number) => ({ pk: `${PREFIX.rate}${k}`, sk: String(win) });
  return {
    async take(k, limit, windowMs, now) {
      const win = windowOf(now, windowMs);
      const memo = `${k}|${win}`;
      const end = (win + 1) * windowMs;
      if (full.has(memo, now)) return refused(win, windowMs, now);
      try {
        const r = await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(k, win),
            UpdateExpression: "ADD n :one SET expiresAt = :exp",
            ConditionExpression: "attribute_not_exists(n) OR n < :limit",
            ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":exp": nowSeconds((win + 2) * windowMs) },
            ReturnValues: "UPDATED_NEW",
          }),
        );
        if (Number(r.Attributes?.n ?? 0) >= limit) full.add(memo, end, now);
        return { ok: true };
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
        full.add(memo, end, now);
        return refused(win, windowMs, now);
      }
    },
    async bump(k, windowMs, now) {
      const win = windowOf(now, windowMs);
      const r = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: key(k, win),
          UpdateExpression: "ADD n :one SET expiresAt = :exp",
          ExpressionAttributeValues: { ":one": 1, ":exp": nowSeconds((win + 2) * windowMs) },
          ReturnValues: "ALL_NEW",
        }),
      );
      return Number(r.Attributes?.n ?? 1);
    },
  };
}

/** The in-memory twin: the same windows and limits, each step after a turn of the event loop. */
export function createMemoryCounters(): Counters {
  const counts = new Map<string, number>();
  return {
    async take(k, limit, windowMs, now) {
      await yieldTurn();
      const win = windowOf(now, windowMs);
      const n = counts.get(`${k}|${win}`) ?? 0;
      if (n >= limit) return refused(win, windowMs, now);
      counts.set(`${k}|${win}`, n + 1);
      return { ok: true };
    },
    async bump(k, windowMs, now) {
      await yieldTurn();
      const id = `${k}|${windowOf(now, windowMs)}`;
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      return n;
    },
  };
}
