/**
 * dynalite in-process: a DynamoDB-compatible server persisted under a directory (LevelDB), the
 * table created on startup, and a sweeper that emulates TTL deletion (dynalite has no TTL).
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand, type BatchWriteCommandOutput } from "@aws-sdk/lib-dynamodb";
import { TTL_ATTRIBUTE, nowSeconds } from "../lib/table.js";
import { ensureSchema } from "./schema.js";

const require = createRequire(import.meta.url);
const dynalite = require("dynalite") as (opts: Record<string, unknown>) => Server;

export interface LocalDynamo {
  readonly endpoint: string;
  readonly client: DynamoDBDocumentClient;
  /** DynamoDB API calls received so far, by operation (what the relay bench reports per message). */
  readonly calls: Readonly<Record<string, number>>;
  close(): Promise<void>;
}

export async function startDynalite(dataDir: string | null): Promise<LocalDynamo> {
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const server = dynalite({
    ...(dataDir !== null ? { path: dataDir } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  const calls: Record<string, number> = {};
  server.on("request", (req: { headers: Record<string, string | string[] | undefined> }) => {
    const target = String(req.headers["x-amz-target"] ?? "");
    const op = target.slice(target.indexOf(".") + 1) || "unknown";
    calls[op] = (calls[op] ?? 0) + 1;
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const endpoint = `http://127.0.0.1:${port}`;
  const raw = new DynamoDBClient({
    region: "us-east-1",
    endpoint,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return {
    endpoint,
    client,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        raw.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Creates the table if it does not exist yet (a restart on the same data keeps it), and rebuilds a
 * table of an older schema with its items (see `./schema.ts`).
 */
export async function ensureTable(client: DynamoDBDocumentClient, tableName: string): Promise<void> {
  await ensureSchema(client, tableName);
}

/**
 * One pass of the TTL emulation: deletes every item whose `expiresAt` has passed, and with an expired
 * friend room (`ROOM#…`/`META`) every item of that room. Returns how many items it deleted.
 */
export async function sweepExpired(client: DynamoDBDocumentClient, tableName: string, nowMs = Date.now()): Promise<number> {
  const doomed: { pk: unknown; sk: unknown }[] = [];
  const rooms: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: "#t < :now",
        ProjectionExpression: "pk, sk",
        ExpressionAttributeNames: { "#t": TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ":now": nowSeconds(nowMs) },
        ExclusiveStartKey: start,
        // Small pages with a pause between them: dynalite runs in the server's process, and one
        // page of a megabyte stalls every game's messages for a noticeable moment.
        Limit: 200,
      }),
    );
    await new Promise((r) => setTimeout(r, 5));
    for (const k of page.Items ?? []) {
      doomed.push({ pk: k.pk, sk: k.sk });
      if (String(k.pk).startsWith("ROOM#") && k.sk === "META") rooms.push(String(k.pk));
    }
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  for (const pk of rooms) {
    let from: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({ TableName: tableName, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": pk }, ProjectionExpression: "pk, sk", ExclusiveStartKey: from }),
      );
      for (const k of page.Items ?? []) if (k.sk !== "META") doomed.push({ pk: k.pk, sk: k.sk });
      from = page.LastEvaluatedKey;
    } while (from !== undefined);
  }
  // Children first, the room's META last: an interrupted sweep leaves no orphan.
  doomed.sort((a, b) => Number(a.sk === "META") - Number(b.sk === "META"));
  for (let i = 0; i < doomed.length; i += 25) {
    const batch = doomed.slice(i, i + 25).map((k) => ({ DeleteRequest: { Key: k } }));
    let req: Record<string, typeof batch> | undefined = { [tableName]: batch };
    for (let attempt = 0; req !== undefined && attempt < 5; attempt++) {
      const out: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: req }));
      const left: unknown[] | undefined = out.UnprocessedItems?.[tableName];
      req = left !== undefined && left.length > 0 ? { [tableName]: left as typeof batch } : undefined;
    }
  }
  return doomed.length;
}
