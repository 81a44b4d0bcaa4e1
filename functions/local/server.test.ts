/**
 * The local server's emulation of AWS: static client with SPA fallback, the `@connections` API
 * answered for the real management-API client (GoneException for a closed connection), the protocol
 * version check on connect, and TTL (reads ignore expired items; the sweeper deletes them).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebSocket } from "ws";
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from "@aws-sdk/client-apigatewaymanagementapi";
import { PutCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { makeDynamoFriendStores } from "../friends/store.js";
import { sweepExpired } from "./dynamo.js";
import { GATEWAY_MESSAGE_BYTES } from "./gateway.js";
import { startServer, type RunningServer } from "./server.js";

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mancala-local-"));
  const web = join(dir, "web");
  mkdirSync(join(web, "assets"), { recursive: true });
  writeFileSync(join(web, "index.html"), "<!doctype html><title>app</title>");
  writeFileSync(join(web, "assets", "app-abcdef12.js"), "console.log(1)");
  writeFileSync(join(web, "assets", "style.css"), "body{}");
  writeFileSync(join(web, "icon.svg"), "<svg/>");
  server = await startServer({ port: 0, dataDir: join(dir, "data"), staticDir: web, quiet: true });
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("static files", () => {
  test.each([
    ["/", 200, "text/html; charset=utf-8", "<!doctype html>"],
    ["/assets/app-abcdef12.js", 200, "text/javascript; charset=utf-8", "console.log"],
    ["/assets/style.css", 200, "text/css; charset=utf-8", "body"],
    ["/icon.svg", 200, "image/svg+xml", "<svg"],
    ["/play/togyz", 200, "text/html; charset=utf-8", "<!doctype html>"], // client-side route
    ["/missing.png", 404, "text/plain; charset=utf-8", "not found"],
  ])("GET %s", async (path, status, type, start) => {
    const res = await fetch(new URL(path, server.url));
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toBe(type);
    expect((await res.text()).startsWith(start)).toBe(true);
  });

  test.each([["/@connections/%E0%A4%A"], ["/players/%E0%A4%A"], ["/%E0%A4%A"], ["//"]])(
    "a malformed path %s gets an answer, not a crash",
    async (path) => {
      const { request } = await import("node:http");
      const status = await new Promise<number>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port: server.port, path, method: "GET" }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });
      expect(status).toBeGreaterThanOrEqual(400);
      expect((await fetch(server.url)).status).toBe(200);
    },
  );

  test("no way out of the static directory", async () => {
    const res = await fetch(new URL("/%2e%2e/%2e%2e/package.json", server.url));
    expect([403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('"dependencies"');
  });
});

describe("API Gateway emulation", () => {
  async function open(query = "?v=2"): Promise<{ ws: WebSocket; got: string[]; id: string }> {
    const before = await connectionIds();
    const ws = new WebSocket(server.wsUrl + query);
    const got: string[] = [];
    ws.on("message", (d) => got.push(d.toString()));
    await new Promise((r, j) => {
      ws.once("open", r);
      ws.once("error", j);
    });
    const after = await connectionIds();
    const id = after.find((x) => !before.includes(x));
    if (id === undefined) throw new Error("no connection item");
    return { ws, got, id };
  }

  async function connectionIds(): Promise<string[]> {
    const r = await documentClient(readConfig()).send(new ScanCommand({ TableName: readConfig().tableName }));
    return (r.Items ?? [])
      .filter((i) => String(i.pk).startsWith("CONN#") && i.sk === "CONN")
      .map((i) => String(i.connectionId));
  }

  test("the real management-API client posts, describes and deletes; a closed connection is Gone", async () => {
    const { ws, got, id } = await open();
    const mgmt = managementClient(new URL(server.url).host, "local");
    await mgmt.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('{"hello":1}') }));
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual(['{"hello":1}']);
    const info = await mgmt.send(new GetConnectionCommand({ ConnectionId: id }));
    expect(info.Identity?.SourceIp).toMatch(/127\.0\.0\.1/);
    const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
    await mgmt.send(new DeleteConnectionCommand({ ConnectionId: id }));
    expect(await closed).toBe(1000);
    await expect(
      mgmt.send(new PostToConnectionCommand({ ConnectionId: id, Data: new Uint8Array([1]) })),
    ).rejects.toBeInstanceOf(GoneException);
    // $disconnect ran and removed the connection item.
    for (let i = 0; i < 100 && (await connectionIds()).includes(id); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await connectionIds()).not.toContain(id);
  });

  test("the management API answers alike over its HTTP port and in process; the server's own handlers use the latter", async () => {
    const inProcess = managementClient(new URL(server.url).host, "local");
    // What a handler bundle in another process gets: the same SDK client over the loopback port.
    const overHttp = new ApiGatewayManagementApiClient({
      region: "us-east-1",
      endpoint: readConfig().gatewayEndpoint,
      credentials: { accessKeyId: "local", secretAccessKey: "local" },
      maxAttempts: 1,
    });
    const outcome = async (
      call: () => Promise<{ $metadata: { httpStatusCode?: number }; Identity?: { SourceIp?: string } }>,
    ): Promise<string> => {
      try {
        const r = await call();
        return `ok ${r.$metadata.httpStatusCode} ${r.Identity?.SourceIp ?? ""}`;
      } catch (e) {
        return `${(e as Error).name} ${(e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode}`;
      }
    };
    const run = async (
      c: ApiGatewayManagementApiClient,
    ): Promise<{ outcomes: string[]; got: string[]; code: number }> => {
      const { ws, got, id } = await open();
      const closed = new Promise<number>((r) => ws.once("close", (code) => r(code)));
      const outcomes = [
        await outcome(() =>
          c.send(new PostToConnectionCommand({ ConnectionId: id, Data: new TextEncoder().encode('{"n":1}') })),
        ),
        await outcome(() =>
          c.send(
            new PostToConnectionCommand({ ConnectionId: id, Data: new Uint8Array(GATEWAY_MESSAGE_BYTES + 1).fill(32) }),
          ),
        ),
        await outcome(() => c.send(new GetConnectionCommand({ ConnectionId: id }))),
        await outcome(() =>
          c.send(new PostToConnectionCommand({ ConnectionId: "nobody=", Data: new Uint8Array([1]) })),
        ),
        await outcome(() => c.send(new DeleteConnectionCommand({ ConnectionId: id }))),
      ];
      const code = await closed;
      outcomes.push(
        await outcome(() => c.send(new PostToConnectionCommand({ ConnectionId: id, Data: new Uint8Array([1]) }))),
      );
      outcomes.push(await outcome(() => c.send(new GetConnectionCommand({ ConnectionId: id }))));
      return { outcomes, got, code };
    };
    const before = server.stats().managementOverHttp;
    const a = await run(inProcess);
    expect(server.stats().managementOverHttp).toBe(before);
    const b = await run(overHttp);
    expect(server.stats().managementOverHttp).toBe(before + 7);
    expect(a.outcomes).toEqual([
      "ok 200 ",
      "PayloadTooLargeException 413",
      "ok 200 127.0.0.1",
      "GoneException 410",
      "ok 204 ",
      "GoneException 410",
      "GoneException 410",
    ]);
    expect(b.outcomes).toEqual(a.outcomes);
    expect(a.got).toEqual(['{"n":1}']);
    expect(b.got).toEqual(['{"n":1}']);
    expect([a.code, b.code]).toEqual([1000, 1000]);
    overHttp.destroy();
  });

  test("a client of another protocol version is refused at the handshake", async () => {
    const ws = new WebSocket(server.wsUrl + "?v=99");
    const status = await new Promise<number>((r) =>
      ws.once("unexpected-response", (_req, res) => r(res.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });
});

describe("TTL emulation", () => {
  test("reads ignore expired items; the sweeper deletes them, and an expired room with all its messages", async () => {
    const db = documentClient(readConfig());
    const table = readConfig().tableName;
    const now = Date.now();
    const past = Math.floor(now / 1000) - 10;
    const later = Math.floor(now / 1000) + 3600;
    const roomId = "E".repeat(43);
    await db.send(
      new PutCommand({
        TableName: table,
        Item: { pk: `ROOM#${roomId}`, sk: "META", roomId, h0: "x", seq: 1, expiresAt: past },
      }),
    );
    await db.send(
      new PutCommand({
        TableName: table,
        Item: {
          pk: `ROOM#${roomId}`,
          sk: "MSG#000000000001",
          seq: 1,
          from: 0,
          cseq: 1,
          kind: "game",
          box: "b",
          at: now,
          expiresAt: later,
        },
      }),
    );
    await db.send(new PutCommand({ TableName: table, Item: { pk: "X#1", sk: "gone", expiresAt: past } }));
    await db.send(new PutCommand({ TableName: table, Item: { pk: "X#1", sk: "stays", expiresAt: later } }));
    const store = makeDynamoFriendStores(db, table);
    expect(await store.rooms.get(roomId, now)).toBeNull();
    // The id stays taken until the room is swept with its messages.
    expect(await store.rooms.create(roomId, "h", "conn", now)).toBeNull();
    expect(await sweepExpired(db, table, now)).toBeGreaterThanOrEqual(3);
    const left = (await db.send(new ScanCommand({ TableName: table }))).Items ?? [];
    expect(left.some((i) => typeof i.expiresAt === "number" && i.expiresAt < Math.floor(now / 1000))).toBe(false);
    expect(left.some((i) => i.pk === `ROOM#${roomId}`)).toBe(false);
    expect(left.some((i) => i.pk === "X#1" && i.sk === "stays")).toBe(true);
    const fresh = await store.rooms.create(roomId, "h", "conn", now);
    expect(fresh).not.toBeNull();
    expect((await store.log.list(roomId, 0, 10_000, now)).msgs).toHaveLength(0);
  });
});
