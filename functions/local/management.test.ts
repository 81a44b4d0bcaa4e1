/**
 * The local `@connections` port answers only the server's own processes: its path starts with a
 * secret drawn per server process (handed to them in GATEWAY_ENDPOINT). Anyone else on loopback who
 * knows the port and a connection id can neither read the connection's address and user agent, nor
 * post a forged frame, nor close it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { WebSocket } from "ws";
import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { documentClient, readConfig } from "../lib/config.js";
import { startServer, type RunningServer } from "./server.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mancala-mgmt-"));
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: join(dir, "none"), quiet: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openOne(): Promise<{ ws: WebSocket; got: string[]; id: string }> {
  const before = new Set(await connectionIds());
  const ws = new WebSocket(server.wsUrl);
  const got: string[] = [];
  ws.on("message", (d) => got.push(String(d)));
  await new Promise<void>((res, rej) => (ws.once("open", () => res()), ws.once("error", rej)));
  for (let i = 0; i < 100; i++) {
    const id = (await connectionIds()).find((x) => !before.has(x));
    if (id !== undefined) return { ws, got, id };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the connection item never appeared");
}

async function connectionIds(): Promise<string[]> {
  const r = await documentClient(readConfig()).send(new ScanCommand({ TableName: readConfig().tableName }));
  return (r.Items ?? []).filter((i) => String(i.pk).startsWith("CONN#")).map((i) => String(i.connectionId));
}

test("without the process's secret the port refuses to describe, post to or close a connection", async () => {
  const { ws, got, id } = await openOne();
  const endpoint = new URL(readConfig().gatewayEndpoint ?? "");
  expect(endpoint.hostname).toBe("127.0.0.1");
  expect(endpoint.pathname.length).toBeGreaterThan(20); // the secret
  const enc = encodeURIComponent(id);
  for (const prefix of ["", "/local", "/x", `${endpoint.pathname}x`, endpoint.pathname.slice(0, -1)]) {
    const url = `${endpoint.origin}${prefix}/@connections/${enc}`;
    const get = await fetch(url);
    expect(get.status, `GET ${prefix}`).toBe(403);
    expect(await get.text()).not.toContain("127.0.0.1");
    expect((await fetch(url, { method: "POST", body: '{"type":"ranked.end","forged":true}' })).status).toBe(403);
    expect((await fetch(url, { method: "DELETE" })).status).toBe(403);
  }
  await new Promise((r) => setTimeout(r, 100));
  expect(got.filter((m) => m.includes("forged"))).toEqual([]);
  expect(ws.readyState).toBe(WebSocket.OPEN);

  // The server's own endpoint (with the secret) still answers, over the same port.
  const own = new ApiGatewayManagementApiClient({
    region: "us-east-1",
    endpoint: endpoint.href,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
  });
  const info = await own.send(new GetConnectionCommand({ ConnectionId: id }));
  expect(info.Identity?.SourceIp).toMatch(/127\.0\.0\.1/);
  ws.close();
});

test("messages in and posts are counted by the connection's user agent (the load bench's kinds)", async () => {
  const before = new Set(await connectionIds());
  const ws = new WebSocket(server.wsUrl, { headers: { "user-agent": "mancala-load/counted" } });
  await new Promise<void>((res, rej) => (ws.once("open", () => res()), ws.once("error", rej)));
  let id: string | undefined;
  for (let i = 0; i < 100 && id === undefined; i++) {
    id = (await connectionIds()).find((x) => !before.has(x));
    if (id === undefined) await new Promise((r) => setTimeout(r, 20));
  }
  expect(id).toBeDefined();
  const start = server.stats().byAgent["mancala-load/counted"] ?? { messagesIn: 0, posts: 0, routeResponses: 0 };
  const got: string[] = [];
  ws.on("message", (d) => got.push(String(d)));
  ws.send('{"type":"auth.hello","playerId":"x"}');
  const own = new ApiGatewayManagementApiClient({
    region: "us-east-1",
    endpoint: new URL(readConfig().gatewayEndpoint ?? "").href,
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
    maxAttempts: 1,
  });
  await own.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('{"type":"x"}') }));
  for (let i = 0; i < 100 && got.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
  const now = server.stats().byAgent["mancala-load/counted"];
  expect(now.messagesIn - start.messagesIn).toBe(1);
  expect(now.posts - start.posts).toBe(1);
  // The hello is answered (a route response or a refusal), one frame either way.
  expect(now.routeResponses - start.routeResponses + now.posts - start.posts).toBe(got.length);
  ws.close();
});
