import { RemovalPolicy } from "aws-cdk-lib";
import type { CfnTable } from "aws-cdk-lib/aws-dynamodb";
import { Table, type StackContext, type TableProps } from "sst/constructs";
import { TABLE_SCHEMA, keyAttributes, type KeyPair } from "../functions/lib/table.js";
import { checkDeployable, stageSettings } from "./settings.js";
import { suppressFrameworkFindings } from "./nag.js";

/**
 * The one DynamoDB table (rooms, relayed messages, connections, ranked matches, players, seeks),
 * built from `TABLE_SCHEMA`, the same definition the local table is created from.
 *
 * CloudFormation names the table (no fixed physical name): a production table retained by `sst
 * remove` does not stop the next `sst deploy`, which makes a new table beside it (README, "Remove").
 */
export function StorageStack({ stack, app }: StackContext): { table: Table } {
  // `MANCALA_DATA_PROTECTION` (stacks/settings.ts; on by default for prod/production): the table
  // outlives `sst remove`, retained and protected from deletion.
  const settings = stageSettings(app.stage);
  checkDeployable(app.stage, settings);
  const keep = settings.dataProtection;
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
        deletionProtection: keep,
      },
    },
  });
  // SST names every table `<stage>-<app>-<id>`; a retained table under that name would stop the next
  // deploy of the stage, so the name is CloudFormation's (the functions get it from the stack).
  (table.cdk.table.node.defaultChild as CfnTable).addPropertyDeletionOverride("TableName");
  stack.addOutputs({ TableName: table.tableName });
  suppressFrameworkFindings(stack);
  return { table };
}
