/**
 * What the friend-room tests share (test support: imported by tests only). Two rigs:
 * - `useTestServer`: the local server for a test file, started before its tests and stopped after;
 *   clients speak to it over real WebSockets (functions/local/players.ts).
 * - `useRouterRig`: the WebSocket entry's router (functions/ws/router.ts) over a dynalite table,
 *   one message at a time on a test clock, with a gateway that records every post and fails the
 *   posts to connections marked gone (gone before their `$disconnect` ran).
 * Both can put the deployed friend limits back for the file (`real`): the test configuration
 * (vitest.config.ts) raises them for the tests that are not about them.
 */
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { randomBytes } from "node:crypto";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll } from "vitest";
import { makeDynamoConnectionStore } from "../../lib/connections.js";
import type { RealtimeInfra } from "../../lib/realtime.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../../local/dynamo.js";
import { startTestServer, type TestServer } from "../../local/players.js";
import { receive } from "../../ws/router.js";

/** The friend limits the test configuration raises, by name. */
const LIMIT_ENV = { rooms: "FRIEND_ROOM_LIMIT", lookups: "FRIEND_LOOKUP_LIMIT", knock: "FRIEND_KNOCK_MS" } as const;
export type FriendLimitName = keyof typeof LIMIT_ENV;

/** Puts the deployed values of `names` back for the file's tests (the raised ones return after). */
function useRealLimits(names: readonly FriendLimitName[]): void {
  const kept = new Map<string, string | undefined>();
  beforeAll(() => {
    for (const n of names) {
      kept.set(LIMIT_ENV[n], process.env[LIMIT_ENV[n]]);
      delete process.env[LIMIT_ENV[n]];
    }
  });
  afterAll(() => {
    for (const [k, v] of kept) if (v !== undefined) process.env[k] = v;
  });
}

export interface ServerRig {
  /** The server's WebSocket address. */
  readonly url: string;
  readonly ts: TestServer;
}

/** The local server for this file's tests; `real` limits are the deployed ones while it runs. */
export function useTestServer(real: readonly FriendLimitName[] = []): ServerRig {
  let ts: TestServer | undefined;
  useRealLimits(real);
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.stop();
  });
  const started = (): TestServer => {
    if (ts === undefined) throw new Error("the test server starts in beforeAll");
    return ts;
  };
  return {
    get url() {
      return started().server.wsUrl;
    },
    get ts() {
      return started();
    },
  };
}

export interface RouterRig {
  /** The realtime layer's parts the router runs on (its database client is `wrap`'s, if given). */
  readonly infra: RealtimeInfra;
  /** Every post the gateway was asked for, in order. */
  readonly posts: { to: string; msg: Record<string, unknown> }[];
  /** Connections whose posts fail. */
  readonly gone: Set<string>;
  /** The test clock (epoch ms). */
  now(): number;
  /** One message from `conn` through the WebSocket entry, the clock moved on by `stepMs` first. */
  say(
    conn: string,
    body: object,
    opts?: { readonly ip?: string; readonly stepMs?: number },
  ): Promise<Record<string, unknown>>;
}

/**
 * The router over a fresh dynalite table `table` for this file's tests. `ip` and `stepMs` are the
 * defaults of `say`; `wrap` sees (and may count) every database call; `real` limits as above.
 */
export function useRouterRig(
  table: string,
  opts: {
    readonly ip?: string;
    readonly stepMs?: number;
    readonly wrap?: (db: DynamoDBDocumentClient) => DynamoDBDocumentClient;
    readonly real?: readonly FriendLimitName[];
  } = {},
): RouterRig {
  let dynamo: LocalDynamo | undefined;
  let infra: RealtimeInfra | undefined;
  let clock = 1_000_000;
  const posts: { to: string; msg: Record<string, unknown> }[] = [];
  const gone = new Set<string>();
  useRealLimits(opts.real ?? []);
  beforeAll(async () => {
    // Local mode: the seat-token keys come from the local secret store (in memory here), not Secrets Manager.
    process.env.MANCALA_LOCAL = "1";
    dynamo = await startDynalite(null);
    await ensureTable(dynamo.client, table);
    const db = opts.wrap?.(dynamo.client) ?? dynamo.client;
    infra = {
      db,
      tableName: table,
      conns: makeDynamoConnectionStore(db, table),
      gateway: {
        async send(to, msg) {
          posts.push({ to, msg: msg as Record<string, unknown> });
          return !gone.has(to);
        },
        async close() {},
        isConnected: async (to) => !gone.has(to),
      },
    };
  });
  afterAll(async () => {
    await dynamo?.close();
  });
  const ready = (): RealtimeInfra => {
    if (infra === undefined) throw new Error("the router rig starts in beforeAll");
    return infra;
  };
  return {
    get infra() {
      return ready();
    },
    posts,
    gone,
    now: () => clock,
    async say(conn, body, o = {}) {
      clock += o.stepMs ?? opts.stepMs ?? 1_000;
      const sourceIp = o.ip ?? opts.ip ?? "10.0.0.1";
      const ev = {
        requestContext: { connectionId: conn, routeKey: "$default", eventType: "MESSAGE", identity: { sourceIp } },
        body: JSON.stringify(body),
        isBase64Encoded: false,
      } as unknown as APIGatewayProxyWebsocketEventV2;
      return (await receive(ready(), ev, clock)) as Record<string, unknown>;
    },
  };
}

/** A share, a tag and a sealed box of the right shapes (the router checks shapes; these judge nothing). */
export const SHARE = "m".repeat(63);
export const TAG = "t".repeat(86);
export const BOX = "x".repeat(120);

export interface SeatedTwo {
  readonly roomId: string;
  /** The owner's `join.answer` answered. */
  readonly answered: Record<string, unknown>;
  /** The guest's seat (`room.joined`, pushed to `c1`) and the owner's fresh token (`presence`, pushed to `c0`). */
  readonly joined: Record<string, unknown>;
  readonly presence: Record<string, unknown>;
}

/**
 * Through the router: `c0` makes a room, `c1` goes through the whole key exchange (the owner's
 * side answered as a device would) and the owner approves it. `posts` is emptied before the approval.
 */
export async function seatTwo(rig: RouterRig, c0: string, c1: string): Promise<SeatedTwo> {
  await rig.infra.conns.put(c0, rig.now());
  await rig.infra.conns.put(c1, rig.now());
  const roomId = randomBytes(32).toString("base64url");
  const created = await rig.say(c0, { type: "room.create", roomId, secret: "a".repeat(43) });
  const pend = await rig.say(c1, { type: "join.hello", loc: created.loc, sid: "s".repeat(22), msg: SHARE });
  await rig.say(c0, { type: "join.reply", reqId: pend.reqId, msg: SHARE });
  await rig.say(c1, { type: "join.confirm", reqId: pend.reqId, tag: TAG, secret: "b".repeat(43) });
  await rig.say(c0, { type: "join.verdict", reqId: pend.reqId, ok: true, tag: TAG });
  await rig.say(c1, { type: "join.request", reqId: pend.reqId, request: BOX });
  rig.posts.length = 0;
  const answered = await rig.say(c0, { type: "join.answer", reqId: pend.reqId, approve: true });
  if (answered.type !== "join.answered")
    throw new Error(`not seated: ${JSON.stringify(answered)} ${JSON.stringify(pend)} ${JSON.stringify(created)}`);
  const joined = rig.posts.find((p) => p.to === c1 && p.msg.type === "room.joined")!.msg;
  const presence = rig.posts.find((p) => p.to === c0 && p.msg.type === "presence")!.msg;
  return { roomId, answered, joined, presence };
}
