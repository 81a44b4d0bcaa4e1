/**
 * Keeps a persisted local table on the current `TABLE_SCHEMA`: a table made by an older version (an
 * index missing) is rebuilt with every item kept, because dynalite cannot add an index to a table.
 * The items go through a second table first, so a run stopped halfway loses nothing: the next start
 * finds the copy and finishes from it.
 */
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  type TableDescription,
} from "@aws-sdk/client-dynamodb";
import {
  BatchWriteCommand,
  ScanCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { missingIndexes, tableDefinition } from "../lib/table.js";

async function describe(client: DynamoDBDocumentClient, name: string): Promise<TableDescription | null> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: name }))).Table ?? null;
  } catch (e) {
    if (e instanceof ResourceNotFoundException) return null;
    throw e;
  }
}

async function waitActive(client: DynamoDBDocumentClient, name: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const t = await describe(client, name);
    if (t?.TableStatus === "ACTIVE" && (t.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === "ACTIVE"))
      return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`table ${name} did not become active`);
}

async function waitGone(client: DynamoDBDocumentClient, name: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await describe(client, name)) === null) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`table ${name} was not deleted`);
}

async function create(client: DynamoDBDocumentClient, name: string): Promise<void> {
  await client.send(new CreateTableCommand(tableDefinition(name)));
  await waitActive(client, name);
}

async function drop(client: DynamoDBDocumentClient, name: string): Promise<void> {
  await client.send(new DeleteTableCommand({ TableName: name }));
  await waitGone(client, name);
}

/** Copies every item of `from` into `to`; returns how many. */
async function copyItems(client: DynamoDBDocumentClient, from: string, to: string): Promise<number> {
  let n = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: from, ExclusiveStartKey: start }));
    const items = page.Items ?? [];
    for (let i = 0; i < items.length; i += 25) {
      let req: BatchWriteCommandOutput["UnprocessedItems"] | undefined = {
        [to]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
      };
      for (let attempt = 0; req !== undefined && Object.keys(req).length > 0; attempt++) {
        if (attempt === 10) throw new Error(`copying ${from} to ${to}: writes keep coming back unprocessed`);
        const out: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: req }));
        req = out.UnprocessedItems;
      }
    }
    n += items.length;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return n;
}

/**
 * Makes `tableName` match the schema: creates it, or rebuilds it when an index is missing, or
 * finishes a rebuild that was interrupted. Returns what it did.
 */
export async function ensureSchema(
  client: DynamoDBDocumentClient,
  tableName: string,
): Promise<"ok" | "created" | "rebuilt"> {
  const copy = `${tableName}-rebuild`;
  const table = await describe(client, tableName);
  const pending = await describe(client, copy);
  if (table !== null && pending !== null && missingIndexes(table).length === 0) {
    // Stopped after the table was made again but before the copy was dropped: finish the copy back.
    await copyItems(client, copy, tableName);
    await drop(client, copy);
    return "rebuilt";
  }
  if (table !== null && missingIndexes(table).length === 0) return "ok";
  if (table !== null) {
    if (pending !== null) await drop(client, copy);
    await create(client, copy);
    await copyItems(client, tableName, copy);
    await drop(client, tableName);
  } else if (pending === null) {
    await create(client, tableName);
    return "created";
  }
  // The table is gone and the copy holds every item: make the table anew and move them back.
  await create(client, tableName);
  await copyItems(client, copy, tableName);
  await drop(client, copy);
  return "rebuilt";
}
