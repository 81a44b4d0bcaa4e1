/**
 * Small helpers every domain store uses on the single table: a live-item read, a conditional put
 * that reports a lost race as `false`, the `rev` guard, and stripping the table's key attributes
 * from an item before it becomes a record.
 */
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { isLive } from "./table.js";

/** Whether a write failed on its condition (the one failure a conditional write expects). */
export function isConditionFailed(e: unknown): boolean {
  return (
    e instanceof ConditionalCheckFailedException ||
    (e as { name?: string } | null)?.name === "ConditionalCheckFailedException"
  );
}

/** Attributes that belong to the table (keys, index keys, TTL), not to the record stored in the item. */
const TABLE_ATTRS: readonly string[] = ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "expiresAt"];

export function stripKeys<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!TABLE_ATTRS.includes(k)) out[k] = v;
  return out as T;
}

/** Epoch seconds for DynamoDB's TTL attribute, from epoch ms. */
export function ttlSeconds(ms: number): number {
  return Math.ceil(ms / 1000);
}

/** Condition that the stored `rev` equals `expected` (null: the item must not exist). */
export function revCondition(expected: number | null): Record<string, unknown> {
  return expected === null
    ? { ConditionExpression: "attribute_not_exists(pk)" }
    : {
        ConditionExpression: "#rev = :rev",
        ExpressionAttributeNames: { "#rev": "rev" },
        ExpressionAttributeValues: { ":rev": expected },
      };
}

export async function conditionalPut(
  db: DynamoDBDocumentClient,
  tableName: string,
  item: Record<string, unknown>,
  cond: Record<string, unknown>,
): Promise<boolean> {
  try {
    await db.send(new PutCommand({ TableName: tableName, Item: item, ...cond }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** A strongly consistent read that treats an expired item as absent. */
export async function getLive(
  db: DynamoDBDocumentClient,
  tableName: string,
  pk: string,
  sk: string,
  now: number,
): Promise<Record<string, unknown> | null> {
  const r = await db.send(new GetCommand({ TableName: tableName, Key: { pk, sk }, ConsistentRead: true }));
  return r.Item !== undefined && isLive(r.Item, now) ? r.Item : null;
}

/** Yields to the event loop: the in-memory stores call it first, so interleavings happen as on a real store. */
export const yieldTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

export function copyOf<T>(x: T): T {
  return x === null || x === undefined ? x : (structuredClone(x) as T);
}
