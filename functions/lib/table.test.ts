/**
 * The local table follows `TABLE_SCHEMA`: created from it, and a persisted table of an older schema
 * (an index added since) rebuilt with every item, also when the rebuild was stopped halfway.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { PutCommand, QueryCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { ensureSchema } from "../local/schema.js";
import { startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { INDEX_NAMES, TABLE_SCHEMA, missingIndexes, tableDefinition, type KeyPair } from "./table.js";

let dir: string;
let dynamo: LocalDynamo;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mancala-schema-"));
  dynamo = await startDynalite(join(dir, "data"));
});
afterAll(async () => {
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

const [lastIndex] = INDEX_NAMES.slice(-1);
const lastKeys: KeyPair = TABLE_SCHEMA.indexes[lastIndex];

/** A table as an older version made it: the schema without its last index, with some items. */
async function oldTable(name: string, items: number): Promise<void> {
  const def = tableDefinition(name);
  const keep = def.GlobalSecondaryIndexes!.filter((g) => g.IndexName !== lastIndex);
  const used = new Set([
    TABLE_SCHEMA.primary.partitionKey,
    TABLE_SCHEMA.primary.sortKey,
    ...keep.flatMap((g) => g.KeySchema!.map((k) => k.AttributeName)),
  ]);
  await dynamo.client.send(
    new CreateTableCommand({
      ...def,
      AttributeDefinitions: def.AttributeDefinitions!.filter((a) => used.has(a.AttributeName!)),
      GlobalSecondaryIndexes: keep.length > 0 ? keep : undefined,
    }),
  );
  await active(name);
  for (let i = 0; i < items; i++) {
    await dynamo.client.send(
      new PutCommand({
        TableName: name,
        Item: {
          pk: `P#${i}`,
          sk: "S",
          n: i,
          [lastKeys.partitionKey]: "DUE#0",
          [lastKeys.sortKey]: String(i).padStart(4, "0"),
        },
      }),
    );
  }
}

/** dynalite, like DynamoDB, makes a table asynchronously. */
async function active(name: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const t = (await dynamo.client.send(new DescribeTableCommand({ TableName: name }))).Table;
    if (t?.TableStatus === "ACTIVE") return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${name} did not become active`);
}

async function indexNames(name: string): Promise<string[]> {
  const d = await dynamo.client.send(new DescribeTableCommand({ TableName: name }));
  return (d.Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName!).sort();
}

async function count(name: string): Promise<number> {
  return (await dynamo.client.send(new ScanCommand({ TableName: name, Select: "COUNT" }))).Count ?? 0;
}

describe("the local table and TABLE_SCHEMA", () => {
  test("a new table is made from the schema, and a second start changes nothing", async () => {
    expect(await ensureSchema(dynamo.client, "fresh")).toBe("created");
    expect(await indexNames("fresh")).toEqual([...INDEX_NAMES].sort());
    expect(await ensureSchema(dynamo.client, "fresh")).toBe("ok");
  });

  test("a table of an older schema gets the missing index and keeps every item", async () => {
    await oldTable("old", 60);
    const before = await dynamo.client.send(new DescribeTableCommand({ TableName: "old" }));
    expect(missingIndexes(before.Table!)).toEqual([lastIndex]);
    expect(await ensureSchema(dynamo.client, "old")).toBe("rebuilt");
    expect(await indexNames("old")).toEqual([...INDEX_NAMES].sort());
    expect(await count("old")).toBe(60);
    const due = await dynamo.client.send(
      new QueryCommand({
        TableName: "old",
        IndexName: lastIndex,
        KeyConditionExpression: "#p = :p",
        ExpressionAttributeNames: { "#p": lastKeys.partitionKey },
        ExpressionAttributeValues: { ":p": "DUE#0" },
      }),
    );
    expect(due.Items?.length).toBe(60);
    await expect(dynamo.client.send(new DescribeTableCommand({ TableName: "old-rebuild" }))).rejects.toMatchObject({
      name: "ResourceNotFoundException",
    });
  });

  test("a rebuild stopped after the old table was dropped is finished from the copy", async () => {
    await oldTable("halfway-rebuild", 0);
    await dynamo.client.send(new DeleteTableCommand({ TableName: "halfway-rebuild" }));
    for (
      let i = 0;
      i < 200 &&
      (await dynamo.client.send(new DescribeTableCommand({ TableName: "halfway-rebuild" })).then(
        () => true,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    await dynamo.client.send(new CreateTableCommand(tableDefinition("halfway-rebuild")));
    await active("halfway-rebuild");
    for (let i = 0; i < 30; i++)
      await dynamo.client.send(new PutCommand({ TableName: "halfway-rebuild", Item: { pk: `P#${i}`, sk: "S" } }));
    // "halfway" itself does not exist: the copy holds every item.
    expect(await ensureSchema(dynamo.client, "halfway")).toBe("rebuilt");
    expect(await count("halfway")).toBe(30);
    expect(await indexNames("halfway")).toEqual([...INDEX_NAMES].sort());
    await expect(dynamo.client.send(new DescribeTableCommand({ TableName: "halfway-rebuild" }))).rejects.toMatchObject({
      name: "ResourceNotFoundException",
    });
  });
});
