/**
 * dynalite on a thread of its own: a DynamoDB-compatible server persisted under a directory (LevelDB),
 * the table created on startup, and a sweeper that emulates TTL deletion (dynalite has no TTL).
 * The handlers reach it over loopback HTTP with the AWS SDK, as they reach DynamoDB in AWS; on its
 * own thread the emulator's work does not queue behind the handlers' (nor theirs behind it).
 *
 * Private to the server's processes: the endpoint carries a secret path drawn per start (the thread
 * refuses any other path, and any request a web page sends: dynalite.worker.mjs), and the data
 * directory and every file in it are the user's alone (0700 / 0600).
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isMainThread } from "node:worker_threads";
import { Worker } from "node:worker_threads";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  QueryCommand,
  ScanCommand,
  type BatchWriteCommandOutput,
} from "@aws-sdk/lib-dynamodb";
import { TTL_ATTRIBUTE, nowSeconds } from "../lib/table.js";
import { ensureSchema } from "./schema.js";

/** The DynamoDB operations counted one by one; any other is counted as `other`. */
const OPS = [
  "BatchGetItem",
  "BatchWriteItem",
  "CreateTable",
  "DeleteItem",
  "DeleteTable",
  "DescribeTable",
  "DescribeTimeToLive",
  "GetItem",
  "ListTables",
  "PutItem",
  "Query",
  "Scan",
  "TransactGetItems",
  "TransactWriteItems",
  "UpdateItem",
  "UpdateTable",
  "UpdateTimeToLive",
] as const;

/**
 * Item families counted apart (the table's `pk` up to its `#`): the archive's, the spectators' and the
 * lobby's, and the rest of the ranked and friend items; any other is counted as `other`.
 */
const FAMILIES = [
  "GAME",
  "PGAMES",
  "LIVE",
  "LOBBYW",
  "SEEK",
  "CHAL",
  "MATCH",
  "DUE",
  "PLAYER",
  "NAME",
  "BOARD",
  "PBOARD",
  "CONN",
  "RATE",
  "LEASE",
  "ROOM",
  "LOC",
  "MSG",
  "SENT",
  "REQ",
  "KNOCK",
] as const;

/** Items written and read, per family (one per item a request names: a batch of 3 counts 3). */
export interface FamilyCalls {
  readonly writes: Readonly<Record<string, number>>;
  readonly reads: Readonly<Record<string, number>>;
}

export interface LocalDynamo {
  readonly endpoint: string;
  readonly client: DynamoDBDocumentClient;
  /** DynamoDB API calls received so far, by operation (what the relay bench reports per message). */
  calls(): Record<string, number>;
  /** Items written and read so far by family (what the load bench reports for the archive and the lobby). */
  families(): FamilyCalls;
  close(): Promise<void>;
}

/** Makes the data directory and everything in it the user's alone (data left by an older server too). */
function makePrivate(dir: string): void {
  chmodSync(dir, 0o700);
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) makePrivate(p);
    else chmodSync(p, 0o600);
  }
}

export async function startDynalite(dataDir: string | null): Promise<LocalDynamo> {
  if (dataDir !== null) {
    // Files LevelDB makes from now on: the process's mask (a worker thread may not set it; its
    // parent's holds for it too).
    if (isMainThread) process.umask(process.umask() | 0o077);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    makePrivate(dataDir);
  }
  const secret = randomBytes(24).toString("base64url");
  const counts = new SharedArrayBuffer(4 * (OPS.length + 1));
  const tally = new Int32Array(counts);
  const familyCounts = new SharedArrayBuffer(4 * 2 * (FAMILIES.length + 1));
  const familyTally = new Int32Array(familyCounts);
  const worker = new Worker(new URL("./dynalite.worker.mjs", import.meta.url), {
    workerData: { path: dataDir, ops: OPS, counts, secret, families: FAMILIES, familyCounts },
    // Under tsx the main thread's loader flags would make the thread load tsx too; it needs none.
    execArgv: [],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number): void =>
      reject(new Error(`the dynalite thread stopped (exit code ${code}) before it listened`));
    worker.once("error", reject);
    worker.once("exit", onExit);
    worker.once("message", (m: { port?: number; error?: string }) => {
      worker.off("error", reject);
      worker.off("exit", onExit);
      if (m.port !== undefined) resolve(m.port);
      else reject(new Error(`dynalite could not listen: ${m.error ?? "unknown error"}`));
    });
  });
  worker.unref();
  // A crash of the thread is a crash of the local server, not a silent loss of its database.
  worker.on("error", (e) => {
    throw e;
  });
  const endpoint = `http://127.0.0.1:${port}/${secret}/`;
  const raw = new DynamoDBClient({
    region: "us-east-1",
    endpoint,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  const client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  let closed: Promise<void> | null = null;
  return {
    endpoint,
    client,
    calls() {
      const out: Record<string, number> = {};
      OPS.forEach((op, i) => {
        const n = Atomics.load(tally, i);
        if (n > 0) out[op] = n;
      });
      const other = Atomics.load(tally, OPS.length);
      if (other > 0) out.other = other;
      return out;
    },
    families() {
      const writes: Record<string, number> = {};
      const reads: Record<string, number> = {};
      [...FAMILIES, "other"].forEach((f, i) => {
        const w = Atomics.load(familyTally, 2 * i);
        const r = Atomics.load(familyTally, 2 * i + 1);
        if (w > 0) writes[f] = w;
        if (r > 0) reads[f] = r;
      });
      return { writes, reads };
    },
    close() {
      closed ??= (async () => {
        // Held open until the thread has closed its LevelDB store, even if nothing else is left to run.
        worker.ref();
        // Requests already sent are answered before the thread closes its store; the client's
        // sockets go after that.
        await new Promise<void>((resolve) => {
          worker.once("message", () => resolve());
          worker.once("exit", () => resolve());
          worker.postMessage("close");
        });
        raw.destroy();
        await worker.terminate();
      })();
      return closed;
    },
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
export async function sweepExpired(
  client: DynamoDBDocumentClient,
  tableName: string,
  nowMs = Date.now(),
): Promise<number> {
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
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk },
          ProjectionExpression: "pk, sk",
          ExclusiveStartKey: from,
        }),
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
