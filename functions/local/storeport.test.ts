/**
 * The local store's port answers only the server's own processes: a request without the secret
 * path, any preflight, and any request a web page sends (an `Origin` header) are refused, and no
 * CORS header is ever given; the data directory and its files are the user's alone.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ensureTable, startDynalite, type LocalDynamo } from "./dynamo.js";

const dir = mkdtempSync(join(tmpdir(), "mancala-storeport-"));
const dataDir = join(dir, "data");
let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startDynalite(dataDir);
  await ensureTable(dynamo.client, "storeport");
  await dynamo.client.send(new PutCommand({ TableName: "storeport", Item: { pk: "P", sk: "S", v: 1 } }));
});
afterAll(async () => {
  await dynamo?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request to the store's port, as any local program or a web page's fetch could send it. */
function send(
  path: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(dynamo.endpoint);
  const body = method === "POST" ? JSON.stringify({ TableName: "storeport" }) : "";
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let text = "";
      res.on("data", (d: Buffer) => (text += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const SCAN = {
  "content-type": "application/x-amz-json-1.0",
  "x-amz-target": "DynamoDB_20120810.Scan",
  authorization:
    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20261202/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=00",
  "x-amz-date": "20261202T000000Z",
};

describe("the local store's port", () => {
  test("the server's own client reads and writes", async () => {
    const r = await dynamo.client.send(new ScanCommand({ TableName: "storeport" }));
    expect(r.Items).toEqual([{ pk: "P", sk: "S", v: 1 }]);
  });

  test("a Scan with a fake signature and no secret path is refused", async () => {
    const r = await send("/", "POST", SCAN);
    expect(r.status).toBe(403);
    expect(r.body).not.toContain('"pk"');
  });

  test("a web page's preflight and its request from https://evil.example are refused, with no CORS header", async () => {
    const secretPath = new URL(dynamo.endpoint).pathname;
    const evil = { origin: "https://evil.example" };
    const preflight = await send(secretPath, "OPTIONS", {
      ...evil,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type,x-amz-target,authorization",
    });
    const scan = await send(secretPath, "POST", { ...SCAN, ...evil });
    for (const r of [preflight, scan]) {
      expect(r.status).toBe(403);
      expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    }
    expect(scan.body).not.toContain('"pk"');
  });

  test("a wrong secret of the right length is refused", async () => {
    const secretPath = new URL(dynamo.endpoint).pathname;
    const wrong = `/${"x".repeat(secretPath.length - 2)}/`;
    expect((await send(wrong, "POST", SCAN)).status).toBe(403);
  });

  test("the data directory is 0700 and every file in it 0600", () => {
    const modes: string[] = [];
    const walk = (d: string): void => {
      modes.push(`${d.slice(dir.length)} ${(statSync(d).mode & 0o777).toString(8)}`);
      for (const name of readdirSync(d)) {
        const p = join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else modes.push(`${p.slice(dir.length)} ${(statSync(p).mode & 0o777).toString(8)}`);
      }
    };
    walk(dataDir);
    expect(modes.length).toBeGreaterThan(2);
    expect(modes.filter((m) => !/ (700|600)$/.test(m))).toEqual([]);
    expect(modes.filter((m) => m.endsWith("700"))[0]).toBe("/data 700");
  });
});
