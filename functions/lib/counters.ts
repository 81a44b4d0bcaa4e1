/**
 * Fixed-window counters (`RATE#<key>` / window number) for limits that are not per message, e.g.
 * name claims and suggestions. Each item expires two windows after its own.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { yieldTurn } from "./items.js";
import { nowSeconds } from "./table.js";

export interface Counters {
  /** Adds one to `key`'s counter of the window holding `now` and returns the new count. */
  bump(key: string, windowMs: number, now: number): Promise<number>;
}

export function makeDynamoCounters(db: DynamoDBDocumentClient, tableName: string): Counters {
  return {
    async bump(key, windowMs, at) {
      const win = Math.floor(at / windowMs);
      const r = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: `RATE#${key}`, sk: String(win) },
          UpdateExpression: "ADD n :one SET expiresAt = :exp",
          ExpressionAttributeValues: { ":one": 1, ":exp": nowSeconds((win + 2) * windowMs) },
          ReturnValues: "ALL_NEW",
        }),
      );
      return Number(r.Attributes?.n ?? 1);
    },
  };
}

export function createMemoryCounters(): Counters {
  const counts = new Map<string, number>();
  return {
    async bump(key, windowMs, at) {
      await yieldTurn();
      const k = `${key}|${Math.floor(at / windowMs)}`;
      const n = (counts.get(k) ?? 0) + 1;
      counts.set(k, n);
      return n;
    },
  };
}
