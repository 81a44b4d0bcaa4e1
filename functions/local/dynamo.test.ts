/**
 * dynalite on its own thread: the counts by operation the relay bench reports are exact as soon as
 * a call has returned, and the store outlives a close and a reopen on the same directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { DescribeEndpointsCommand } from "@aws-sdk/client-dynamodb";
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from "@aws-sdk/lib-dynamodb";
import { ensureTable, startDynalite } from "./dynamo.js";

process.env.AWS_EC2_METADATA_DISABLED = "true";
const dir = mkdtempSync(join(tmpdir(), "mancala-dynamo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("every call is counted by its operation before its answer arrives; other operations as other", async () => {
  const d = await startDynalite(null);
  try {
    await ensureTable(d.client, "counted");
    const before = d.calls();
    const n = (k: string): number => (d.calls()[k] ?? 0) - (before[k] ?? 0);
    for (let i = 0; i < 20; i++) {
      await d.client.send(new PutCommand({ TableName: "counted", Item: { pk: "P", sk: `S${i}` } }));
      expect(n("PutItem")).toBe(i + 1);
    }
    await d.client.send(new GetCommand({ TableName: "counted", Key: { pk: "P", sk: "S3" } }));
    const q = await d.client.send(
      new QueryCommand({
        TableName: "counted",
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": "P" },
      }),
    );
    expect(q.Items).toHaveLength(20);
    expect([n("PutItem"), n("GetItem"), n("Query"), n("Scan")]).toEqual([20, 1, 1, 0]);
    // An operation dynalite does not know is still counted, once, under `other`.
    await d.client.send(new DescribeEndpointsCommand({})).catch(() => undefined);
    expect(n("other")).toBe(1);
  } finally {
    await d.close();
  }
});

test("every item a call names is counted by its key's family, writes apart from reads", async () => {
  const d = await startDynalite(null);
  try {
    await ensureTable(d.client, "families");
    const T = "families";
    const before = d.families();
    const put = (pk: string) => new PutCommand({ TableName: T, Item: { pk, sk: "S" } });
    await d.client.send(put("GAME#g1"));
    await d.client.send(put("LIVE#togyz"));
    await d.client.send(new DeleteCommand({ TableName: T, Key: { pk: "LIVE#togyz", sk: "S" } }));
    await d.client.send(
      new BatchWriteCommand({
        RequestItems: {
          [T]: [
            { PutRequest: { Item: { pk: "PGAMES#a", sk: "1" } } },
            { PutRequest: { Item: { pk: "PGAMES#b", sk: "1" } } },
          ],
        },
      }),
    );
    await d.client.send(put("MATCH#m"));
    await d.client.send(
      new UpdateCommand({
        TableName: T,
        Key: { pk: "NOPREFIX", sk: "x" },
        UpdateExpression: "SET v = :v",
        ExpressionAttributeValues: { ":v": 1 },
      }),
    );
    await d.client.send(new GetCommand({ TableName: T, Key: { pk: "GAME#g1", sk: "S" } }));
    await d.client.send(
      new QueryCommand({
        TableName: T,
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": "LOBBYW#togyz" },
      }),
    );
    const after = d.families();
    const delta = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>) =>
      Object.fromEntries(
        Object.keys(b)
          .filter((k) => b[k] !== (a[k] ?? 0))
          .map((k) => [k, b[k] - (a[k] ?? 0)]),
      );
    expect(delta(before.writes, after.writes)).toEqual({ GAME: 1, LIVE: 2, PGAMES: 2, MATCH: 1, other: 1 });
    expect(delta(before.reads, after.reads)).toEqual({ GAME: 1, LOBBYW: 1 });
  } finally {
    await d.close();
  }
});

test("closed and started again on the same directory, the items are there", async () => {
  const first = await startDynalite(join(dir, "data"));
  await ensureTable(first.client, "kept");
  await first.client.send(new PutCommand({ TableName: "kept", Item: { pk: "K", sk: "1", v: 42 } }));
  await first.close();
  const second = await startDynalite(join(dir, "data"));
  try {
    const r = await second.client.send(
      new GetCommand({ TableName: "kept", Key: { pk: "K", sk: "1" }, ConsistentRead: true }),
    );
    expect(r.Item?.v).toBe(42);
  } finally {
    await second.close();
  }
});

test("closed while queries are in flight, the thread finishes or refuses them and does not crash", async () => {
  const d = await startDynalite(join(dir, "busy"));
  await ensureTable(d.client, "busy");
  for (let i = 0; i < 50; i++) {
    await d.client.send(new PutCommand({ TableName: "busy", Item: { pk: "B", sk: `S${i}`, v: "x".repeat(500) } }));
  }
  const crashes: unknown[] = [];
  const onCrash = (e: unknown): void => void crashes.push(e);
  process.on("uncaughtException", onCrash);
  try {
    const queries = Array.from({ length: 40 }, () =>
      d.client
        .send(
          new QueryCommand({
            TableName: "busy",
            KeyConditionExpression: "pk = :p",
            ExpressionAttributeValues: { ":p": "B" },
          }),
        )
        .then(
          () => "answered",
          () => "refused",
        ),
    );
    await new Promise((r) => setImmediate(r));
    await d.close();
    const outcomes = await Promise.all(queries);
    expect(outcomes.every((o) => o === "answered" || o === "refused")).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(crashes).toEqual([]);
  } finally {
    process.off("uncaughtException", onCrash);
  }
});
