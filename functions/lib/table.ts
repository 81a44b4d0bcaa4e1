/**
 * The single table: `pk`/`sk`, the leaderboard GSI `gsi1` (`gsi1pk`/`gsi1sk`), TTL on `expiresAt`
 * (epoch seconds). Items with `expiresAt` in the past are treated as absent by every read, because
 * DynamoDB deletes expired items lazily (up to two days late) and dynalite not at all.
 */
import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";

export const TTL_ATTRIBUTE = "expiresAt";
export const GSI1 = "gsi1";

export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [
      { AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "sk", AttributeType: "S" },
      { AttributeName: "gsi1pk", AttributeType: "S" },
      { AttributeName: "gsi1sk", AttributeType: "S" },
    ],
    KeySchema: [
      { AttributeName: "pk", KeyType: "HASH" },
      { AttributeName: "sk", KeyType: "RANGE" },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: GSI1,
        KeySchema: [
          { AttributeName: "gsi1pk", KeyType: "HASH" },
          { AttributeName: "gsi1sk", KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      },
    ],
  };
}

/** Epoch seconds. */
export function nowSeconds(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000);
}

/** Whether an item read from the table is still alive (no `expiresAt`, or one in the future). */
export function isLive(item: Record<string, unknown> | undefined, nowMs: number = Date.now()): boolean {
  if (item === undefined) return false;
  const exp = item[TTL_ATTRIBUTE];
  return typeof exp !== "number" || exp > nowSeconds(nowMs);
}
