/**
 * The single table, defined once: `pk`/`sk`, the leaderboard GSI `gsi1` (`gsi1pk`/`gsi1sk`), TTL on
 * `expiresAt` (epoch seconds). `TABLE_SCHEMA` is what both the local table (`tableDefinition`, created
 * in dynalite by `functions/local/dynamo.ts`) and the stack (`stacks/StorageStack.ts`) are built from;
 * `stacks/stacks.test.ts` compares the synthesized table with `tableDefinition`.
 *
 * Items with `expiresAt` in the past are treated as absent by every read, because DynamoDB deletes
 * expired items lazily (up to two days late) and dynalite not at all.
 */
import type { CreateTableCommandInput } from "@aws-sdk/client-dynamodb";

export interface KeyPair {
  readonly partitionKey: string;
  readonly sortKey: string;
  /**
   * What an index copies of each item (default: every attribute). `keys` for an index whose key
   * changes often on large items: each change rewrites the projected copy, so a small projection
   * keeps the write cheap, and readers fetch the items they need by key.
   */
  readonly projection?: "all" | "keys";
}

/**
 * Keys, global secondary indexes (every key attribute a string; each index projects all attributes
 * unless it says `projection: "keys"`) and the TTL attribute. A new index is one more entry in `indexes`.
 */
export const TABLE_SCHEMA = {
  primary: { partitionKey: "pk", sortKey: "sk" },
  indexes: {
    /** The leaderboard: `BOARD#<game>` / zero-padded rating. */
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    /**
     * Ranked clock deadlines: `DUE#<shard>` / zero-padded due time, so a tick reads only due matches.
     * Keys only: every move moves a match's deadline, and a copy of the whole match (its move list
     * included) would be rewritten in the index each time; the tick reads the few due matches by key.
     */
    gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk", projection: "keys" },
  },
  ttl: "expiresAt",
} as const satisfies { primary: KeyPair; indexes: Record<string, KeyPair>; ttl: string };

export type IndexName = keyof typeof TABLE_SCHEMA.indexes;
export const INDEX_NAMES = Object.keys(TABLE_SCHEMA.indexes) as IndexName[];

export const TTL_ATTRIBUTE = TABLE_SCHEMA.ttl;
export const GSI1: IndexName = "gsi1";
export const GSI2: IndexName = "gsi2";

/** Every key attribute of the table and its indexes, each once. */
export function keyAttributes(): string[] {
  const pairs: KeyPair[] = [TABLE_SCHEMA.primary, ...Object.values<KeyPair>(TABLE_SCHEMA.indexes)];
  return [...new Set(pairs.flatMap((p) => [p.partitionKey, p.sortKey]))];
}

function keySchema(p: KeyPair): { AttributeName: string; KeyType: "HASH" | "RANGE" }[] {
  return [
    { AttributeName: p.partitionKey, KeyType: "HASH" },
    { AttributeName: p.sortKey, KeyType: "RANGE" },
  ];
}

/** The table as `CreateTable` takes it (TTL is set separately in AWS and emulated locally). */
export function tableDefinition(tableName: string): CreateTableCommandInput & { TableName: string } {
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: keyAttributes().map((a) => ({ AttributeName: a, AttributeType: "S" })),
    KeySchema: keySchema(TABLE_SCHEMA.primary),
    GlobalSecondaryIndexes: Object.entries<KeyPair>(TABLE_SCHEMA.indexes).map(([name, p]) => ({
      IndexName: name,
      KeySchema: keySchema(p),
      Projection: { ProjectionType: p.projection === "keys" ? "KEYS_ONLY" : "ALL" },
    })),
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

/** Indexes of `TABLE_SCHEMA` that a described table lacks (an older local table, for instance). */
export function missingIndexes(described: {
  readonly GlobalSecondaryIndexes?: readonly { readonly IndexName?: string }[];
}): IndexName[] {
  const have = new Set((described.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
  return INDEX_NAMES.filter((n) => !have.has(n));
}
