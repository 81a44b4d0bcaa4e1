import { RemovalPolicy } from "aws-cdk-lib";
import { Table, type StackContext } from "sst/constructs";

/** The one DynamoDB table: rooms, relayed messages, connections, ranked matches, players, seeks. */
export function StorageStack({ stack, app }: StackContext): { table: Table } {
  const keep = app.stage === "prod" || app.stage === "production";
  const table = new Table(stack, "Mancala", {
    fields: { pk: "string", sk: "string", gsi1pk: "string", gsi1sk: "string" },
    primaryIndex: { partitionKey: "pk", sortKey: "sk" },
    globalIndexes: { gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" } },
    timeToLiveAttribute: "expiresAt",
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
