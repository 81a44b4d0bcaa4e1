/**
 * The route table against the code: the local server denies what a route does not list, the way IAM
 * would in AWS (so a new call without its permission fails a local test), and the table lists no
 * action that a route's code cannot reach (so a permission does not outlive the call it was for).
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { build } from "esbuild";
import { PostToConnectionCommand } from "@aws-sdk/client-apigatewaymanagementapi";
import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { documentClient, managementClient, readConfig } from "./lib/config.js";
import { GSI1, GSI2 } from "./lib/table.js";
import { API_PATHS } from "../core/protocol/api.js";
import { asRoute, installAccessGuard } from "./local/access.js";
import { ensureTable, startDynalite, type LocalDynamo } from "./local/dynamo.js";
import { HTTP_ROUTES, ROUTES, WS_ROUTES, routeName, type Route } from "./routes.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const byName = (name: string): Route => {
  const r = ROUTES.find((x) => routeName(x) === name);
  if (r === undefined) throw new Error(`no route ${name}`);
  return r;
};

describe("the local server enforces each route's access like IAM", () => {
  let dynamo: LocalDynamo;
  const TABLE = "routes-test";

  beforeAll(async () => {
    dynamo = await startDynalite(null);
    await ensureTable(dynamo.client, TABLE);
    Object.assign(process.env, {
      MANCALA_LOCAL: "1",
      DYNAMO_ENDPOINT: dynamo.endpoint,
      TABLE_NAME: TABLE,
      AWS_REGION: "us-east-1",
      AWS_EC2_METADATA_DISABLED: "true",
      GATEWAY_ENDPOINT: "http://127.0.0.1:9",
    });
    installAccessGuard();
  });
  afterAll(async () => {
    await dynamo?.close();
  });

  const leaderboard = (): Route => HTTP_ROUTES.find((r) => r.path.endsWith("/leaderboard"))!;
  const put = (): Promise<unknown> =>
    documentClient(readConfig()).send(new PutCommand({ TableName: TABLE, Item: { pk: "ROOM#P", sk: "S" } }));

  test("a read-only route may not write, and names the file to edit", async () => {
    await expect(asRoute(leaderboard(), put)()).rejects.toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringMatching(/^GET \/api\/leaderboard may not call dynamodb:PutItem: functions\/routes\.ts/),
    });
  });

  test("an index action is allowed only on the index the route lists", async () => {
    const db = documentClient(readConfig());
    const query = (index?: string) => () =>
      db.send(
        new QueryCommand({
          TableName: TABLE,
          ...(index !== undefined ? { IndexName: index } : {}),
          KeyConditionExpression: index === undefined ? "pk = :p" : "gsi1pk = :p",
          ExpressionAttributeValues: { ":p": "BOARD#togyz" },
        }),
      );
    await expect(asRoute(leaderboard(), query(GSI1))()).resolves.toMatchObject({ Items: [] });
    await expect(asRoute(leaderboard(), query())()).rejects.toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringContaining("dynamodb:Query"),
    });
  });

  test("what a route lists goes through; outside any route nothing is checked", async () => {
    const $default = byName("$default");
    await expect(asRoute($default, put)()).resolves.toBeDefined();
    const get = (): Promise<unknown> =>
      documentClient(readConfig()).send(new GetCommand({ TableName: TABLE, Key: { pk: "ROOM#P", sk: "S" } }));
    await expect(asRoute($default, get)()).resolves.toMatchObject({ Item: { pk: "ROOM#P" } });
    await expect(put()).resolves.toBeDefined();
  });

  test("a route with keys may touch only items under them ($connect: its connection item)", async () => {
    const db = documentClient(readConfig());
    const $connect = byName("$connect");
    const putKey = (pk: string) => () => db.send(new PutCommand({ TableName: TABLE, Item: { pk, sk: "CONN" } }));
    await expect(asRoute($connect, putKey("CONN#abc"))()).resolves.toBeDefined();
    for (const pk of ["CONFIG", "PLAYER#x", "XCONN#abc", "ROOM#CONN#"]) {
      await expect(asRoute($connect, putKey(pk))()).rejects.toMatchObject({
        name: "AccessDeniedException",
        message: expect.stringContaining(`may not touch the item ${pk}`),
      });
    }
    // Every route is limited to its keys: $default may not touch the old key item, nor a suggestion.
    for (const pk of ["CONFIG", "SUGGESTION#2026-01-01", "LEASE#timer"])
      await expect(asRoute(byName("$default"), putKey(pk))()).rejects.toMatchObject({ name: "AccessDeniedException" });
    await expect(asRoute(byName("$default"), putKey("ROOM#abc"))()).resolves.toBeDefined();
  });

  test("a Query names its partition: one outside the route's keys is refused, on the table and on an index", async () => {
    const db = documentClient(readConfig());
    const q = (pk: string, index?: string) => () =>
      db.send(
        new QueryCommand({
          TableName: TABLE,
          ...(index !== undefined ? { IndexName: index } : {}),
          KeyConditionExpression: `${index === undefined ? "pk" : `${index}pk`} = :p`,
          ExpressionAttributeValues: { ":p": pk },
        }),
      );
    const player = byName(`GET ${API_PATHS.player}`);
    await expect(asRoute(player, q("PLAYER#abc"))()).resolves.toMatchObject({ Items: [] });
    await expect(asRoute(player, q("ROOM#abc"))()).rejects.toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringContaining("may not touch the item ROOM#abc"),
    });
    const timer = ROUTES.find((r) => r.kind === "timer")!;
    await expect(asRoute(timer, q("DUE#0", GSI2))()).resolves.toMatchObject({ Items: [] });
    await expect(asRoute(timer, q("BOARD#togyz", GSI2))()).rejects.toMatchObject({ name: "AccessDeniedException" });
  });

  test("every DynamoDB grant of every route is limited to key prefixes", () => {
    for (const r of ROUTES) {
      if (r.access.table.length > 0) expect(r.access.keys?.length ?? 0).toBeGreaterThan(0);
      for (const [index, actions] of Object.entries(r.access.indexes ?? {}))
        if ((actions ?? []).length > 0)
          expect((r.access.indexKeys as Record<string, string[]>)[index]?.length ?? 0).toBeGreaterThan(0);
    }
  });

  test("only routes that post may use @connections", async () => {
    const post = (): Promise<unknown> =>
      managementClient("127.0.0.1:9", "local").send(
        new PostToConnectionCommand({ ConnectionId: "x", Data: new Uint8Array([1]) }),
      );
    await expect(asRoute(byName("$connect"), post)()).rejects.toMatchObject({
      name: "AccessDeniedException",
      message: expect.stringContaining("execute-api:ManageConnections"),
    });
    // $default may post: the call gets past the check and fails only at the (closed) port.
    const err = await asRoute(byName("$default"), post)().catch((e: unknown) => e);
    expect((err as Error).name).not.toBe("AccessDeniedException");
  });
});

/** DynamoDB actions by the SDK command class that calls them. */
const COMMANDS: Readonly<Record<string, string>> = {
  GetCommand: "GetItem",
  GetItemCommand: "GetItem",
  PutCommand: "PutItem",
  PutItemCommand: "PutItem",
  UpdateCommand: "UpdateItem",
  UpdateItemCommand: "UpdateItem",
  DeleteCommand: "DeleteItem",
  DeleteItemCommand: "DeleteItem",
  QueryCommand: "Query",
  ScanCommand: "Scan",
  BatchGetCommand: "BatchGetItem",
  BatchGetItemCommand: "BatchGetItem",
  BatchWriteCommand: "BatchWriteItem",
  BatchWriteItemCommand: "BatchWriteItem",
};
const POSTS = ["PostToConnectionCommand", "GetConnectionCommand", "DeleteConnectionCommand"];

/** The project's own source files a handler's bundle is made of. */
async function reachableSources(module: string): Promise<string[]> {
  const out = await build({
    entryPoints: [join(ROOT, module)],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    external: ["@aws-sdk/*"],
    logLevel: "silent",
    absWorkingDir: ROOT,
  });
  return Object.keys(out.metafile.inputs).filter((f) => !f.includes("node_modules"));
}

describe("the table lists no access that a route's code cannot reach", () => {
  test.each(ROUTES.map((r): [string, Route] => [routeName(r), r]))("%s", async (_name, route) => {
    const files = await reachableSources(route.module);
    expect(files).toContain(route.module);
    const text = files.map((f) => readFileSync(join(ROOT, f), "utf8")).join("\n");
    const called = new Set(
      [...text.matchAll(/new (\w+Command)\(/g)].map((m) => COMMANDS[m[1]]).filter((a) => a !== undefined),
    );
    for (const a of route.access.table) expect(called, `${a} listed for ${routeName(route)}`).toContain(a);
    for (const [index, actions] of Object.entries(route.access.indexes ?? {})) {
      for (const a of actions ?? []) expect(called).toContain(a);
      expect(text, `${routeName(route)} lists index ${index}`).toMatch(/IndexName/);
    }
    expect(called.has("Scan")).toBe(false);
    if (route.access.posts) expect(POSTS.some((c) => text.includes(`new ${c}(`))).toBe(true);
  });

  test("every WebSocket route key API Gateway sends has an entry", () => {
    expect(WS_ROUTES.map((r) => r.key).sort()).toEqual(["$connect", "$default", "$disconnect"]);
  });
});

describe("knip's entry points", () => {
  test("list every route's handler module, and no handler module that is not a route's", () => {
    // knip.json is JSON with comments: whole-line comments are dropped before parsing.
    const text = readFileSync(join(ROOT, "knip.json"), "utf8")
      .split("\n")
      .filter((l) => !l.trim().startsWith("//"))
      .join("\n");
    const entries = (JSON.parse(text) as { entry: string[] }).entry;
    const handlers = entries.filter((e) => /^functions\/(ws|http)\//.test(e) || e === "functions/ranked/timer.ts");
    expect([...handlers].sort()).toEqual(ROUTES.map((r) => r.module).sort());
  });
});
