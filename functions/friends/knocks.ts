/**
 * Knock turns: one item per network and locator (`LOC#<locator>` / `KNOCK#<address>`) saying when
 * that address may open its next key exchange on the locator (KNOCK_INTERVAL_MS after its first
 * hello there), which exchange it opened last, how many more it may open after that one ends
 * unjudged, and whether the owner's verdict on its confirmation is awaited. What a turn allows is
 * the service's (door.ts `turnFor`); every change here is one conditional write.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { copyOf, isConditionFailed, yieldTurn } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";
import { nowSeconds } from "../lib/table.js";
import type { TakeResult } from "../lib/counters.js";

interface KnockTurn {
  readonly until: number;
  readonly left: number;
  readonly req?: string;
  readonly judging?: boolean;
}

export interface KnockStore {
  /**
   * A new turn of `address` on `loc` for the exchange `reqId`, with `retries` more exchanges allowed
   * in it after a cut: refused when the address's turn there began less than `intervalMs` ago.
   */
  knock(
    loc: number,
    address: string,
    reqId: string,
    intervalMs: number,
    retries: number,
    now: number,
  ): Promise<TakeResult>;
  /** The turn of `address` on `loc` while it lasts; null when it has none. */
  turnOf(loc: number, address: string, now: number): Promise<KnockTurn | null>;
  /**
   * The exchange `prev` of the turn ended unjudged: `reqId` takes its place, one retry used (the
   * turn still names `prev`, has a retry left and no confirmation waiting for a verdict); false if not.
   */
  reknock(loc: number, address: string, prev: string, reqId: string, now: number): Promise<boolean>;
  /** The turn's exchange `reqId` was confirmed: its confirmation waits for the owner's verdict, and no retry is left. */
  judge(loc: number, address: string, reqId: string): Promise<void>;
  /** The turn's exchange `reqId` was judged wrong, or stalled by its guest: the turn is spent until it ends. */
  spend(loc: number, address: string, reqId: string): Promise<void>;
  /**
   * Gives `address` its turn back; with `judging`, only while the turn still waits for the owner's
   * verdict on that exchange (false if not).
   */
  unknock(loc: number, address: string, judging?: string): Promise<boolean>;
}

const knockKey = (loc: number, address: string) => ({ pk: `${PREFIX.loc}${loc}`, sk: `KNOCK#${address}` });

export function makeDynamoKnockStore(db: DynamoDBDocumentClient, tableName: string): KnockStore {
  const T = tableName;
  async function updated(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
    try {
      await db.send(new UpdateCommand(input));
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }
  /** One update of the turn while it still names the exchange `reqId`. */
  const onTurn = (loc: number, address: string, reqId: string, expr: string, values: Record<string, unknown>) =>
    updated({
      TableName: T,
      Key: knockKey(loc, address),
      UpdateExpression: expr,
      ConditionExpression: "#req = :r",
      ExpressionAttributeNames: { "#req": "req", "#left": "left" },
      ExpressionAttributeValues: { ...values, ":r": reqId },
    });
  return {
    async knock(loc, address, reqId, intervalMs, retries, now) {
      const until = now + intervalMs;
      try {
        await db.send(
          new PutCommand({
            TableName: T,
            Item: { ...knockKey(loc, address), until, left: retries, req: reqId, expiresAt: nowSeconds(until) + 60 },
            ConditionExpression: "attribute_not_exists(pk) OR #until <= :now",
            ExpressionAttributeNames: { "#until": "until" },
            ExpressionAttributeValues: { ":now": now },
          }),
        );
        return { ok: true };
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
      const r = await db.send(new GetCommand({ TableName: T, Key: knockKey(loc, address), ConsistentRead: true }));
      return { ok: false, retryMs: Math.max(1, Number(r.Item?.until ?? now + 1) - now) };
    },
    async turnOf(loc, address, now) {
      const r = await db.send(new GetCommand({ TableName: T, Key: knockKey(loc, address), ConsistentRead: true }));
      const it = r.Item;
      if (it === undefined || Number(it.until ?? 0) <= now) return null;
      return {
        until: Number(it.until),
        left: Number(it.left ?? 0),
        ...(typeof it.req === "string" ? { req: it.req } : {}),
        ...(it.judging === true ? { judging: true } : {}),
      };
    },
    reknock(loc, address, prev, reqId, now) {
      return updated({
        TableName: T,
        Key: knockKey(loc, address),
        UpdateExpression: "SET #req = :new, #left = #left - :one",
        ConditionExpression: "#until > :now AND #left > :zero AND #req = :prev AND attribute_not_exists(judging)",
        ExpressionAttributeNames: { "#req": "req", "#left": "left", "#until": "until" },
        ExpressionAttributeValues: { ":new": reqId, ":one": 1, ":now": now, ":zero": 0, ":prev": prev },
      });
    },
    async judge(loc, address, reqId) {
      await onTurn(loc, address, reqId, "SET judging = :t, #left = :zero", { ":t": true, ":zero": 0 });
    },
    async spend(loc, address, reqId) {
      await onTurn(loc, address, reqId, "SET #left = :zero REMOVE judging", { ":zero": 0 });
    },
    async unknock(loc, address, judging) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: knockKey(loc, address),
            ...(judging === undefined
              ? {}
              : {
                  ConditionExpression: "#req = :r AND judging = :t",
                  ExpressionAttributeNames: { "#req": "req" },
                  ExpressionAttributeValues: { ":r": judging, ":t": true },
                }),
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The in-memory twin: the same rules, each write one step after a turn of the event loop. */
export function createMemoryKnockStore(): KnockStore {
  const knocks = new Map<string, Mutable<KnockTurn>>();
  const at = (loc: number, address: string) => `${loc}|${address}`;
  return {
    async knock(loc, address, reqId, intervalMs, retries, now) {
      await yieldTurn();
      const had = knocks.get(at(loc, address));
      if (had !== undefined && had.until > now) return { ok: false, retryMs: had.until - now };
      knocks.set(at(loc, address), { until: now + intervalMs, left: retries, req: reqId });
      return { ok: true };
    },
    async turnOf(loc, address, now) {
      await yieldTurn();
      const t = knocks.get(at(loc, address));
      return t === undefined || t.until <= now ? null : copyOf(t);
    },
    async reknock(loc, address, prev, reqId, now) {
      await yieldTurn();
      const t = knocks.get(at(loc, address));
      if (t === undefined || t.until <= now || t.left <= 0 || t.req !== prev || t.judging === true) return false;
      t.left--;
      t.req = reqId;
      return true;
    },
    async judge(loc, address, reqId) {
      await yieldTurn();
      const t = knocks.get(at(loc, address));
      if (t === undefined || t.req !== reqId) return;
      t.judging = true;
      t.left = 0;
    },
    async spend(loc, address, reqId) {
      await yieldTurn();
      const t = knocks.get(at(loc, address));
      if (t === undefined || t.req !== reqId) return;
      delete t.judging;
      t.left = 0;
    },
    async unknock(loc, address, judging) {
      await yieldTurn();
      const t = knocks.get(at(loc, address));
      if (judging !== undefined && (t === undefined || t.req !== judging || t.judging !== true)) return false;
      knocks.delete(at(loc, address));
      return true;
    },
  };
}
