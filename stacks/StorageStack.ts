import { RemovalPolicy } from "aws-cdk-lib";
import { Table, type StackContext, type TableProps } from "sst/constructs";
import { TABLE_SCHEMA, keyAttributes, type KeyPair } from "../functions/lib/table.js";

/**
 * The one DynamoDB table (rooms, relayed messages, connections, ranked matches, players, seeks),
 * built from `TABLE_SCHEMA`, the same definition the local table is created from.
 */
export function StorageStack({ stack, app }: StackContext): { table: Table } {
  const keep = app.stage === "prod" || app.stage === "production";
  const table = new Table(stack, "Mancala", {
    fields: Object.fromEntries(keyAttributes().map((a) => [a, "string"])) as TableProps["fields"],
    primaryIndex: TABLE_SCHEMA.primary,
    globalIndexes: Object.fromEntries(
      Object.entries<KeyPair>(TABLE_SCHEMA.indexes).map(([name, p]) => [
        name,
        { partitionKey: p.partitionKey, sortKey: p.sortKey, projection: p.projection === "keys" ? "keys_only" : "all" },
      ]),
    ),
    timeToLiveAttribute: TABLE_SCHEMA.ttl,
    cdk: {
      table: {
        pointInTimeRecovery: true,
        removalPolicy: keep ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
    },
  });
  stack.addOutputs({ TableName: table.tableName });
  return { table };
}
