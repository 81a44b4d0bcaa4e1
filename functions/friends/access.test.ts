/**
 * Every store call each route makes is one its entry in functions/routes.ts allows (the actions
 * and the key prefixes the stack turns into the IAM policy): the real router and DynamoDB stores on
 * dynalite, every call recorded with the route it ran under, through a room's whole life and a guest
 * cut at every step of the key exchange. Each cut guest gives its guess slot back.
 */
import { describe, expect, test } from "vitest";
import { GetCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { ROUTES, mayCall, mayTouchKey, routeName, type Route } from "../routes.js";
import { BOX, SHARE, TAG, seatTwo, useRouterRig } from "./testing/rigs.js";

const route = (key: string): Route => ROUTES.find((r) => routeName(r) === key)!;
let current: Route = route("$default");
const calls: { route: string; action: string; pk: string | undefined }[] = [];

/** The partition keys a call names (one per key of a batch). */
function keysOf(input: Record<string, unknown>): (string | undefined)[] {
  const batch = input.RequestItems as Record<string, { Keys?: { pk?: string }[] }> | undefined;
  if (batch !== undefined) return Object.values(batch).flatMap((b) => (b.Keys ?? []).map((k) => k.pk));
  const holder = (input.Key ?? input.Item) as { pk?: string } | undefined;
  if (holder !== undefined) return [holder.pk];
  return [(input.ExpressionAttributeValues as Record<string, string> | undefined)?.[":pk"]];
}

function recording(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  const c = Object.create(db) as DynamoDBDocumentClient;
  (c as { send: unknown }).send = (cmd: { constructor: { name: string }; input: Record<string, unknown> }) => {
    const action = cmd.constructor.name.replace(/Command$/, "").replace(/^(Get|Put|Update|Delete|BatchGet)$/, "$1Item");
    for (const pk of keysOf(cmd.input)) calls.push({ route: routeName(current), action, pk });
    return (db.send as (x: unknown) => Promise<unknown>)(cmd);
  };
  return c;
}

const rig = useRouterRig("access", { wrap: recording });
const as = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
  current = route(key);
  try {
    return await fn();
  } finally {
    current = route("$default");
  }
};
const say = (conn: string, body: object) => as("$default", () => rig.say(conn, body));
const cut = (conn: string) => as("$disconnect", () => rig.cut(conn));

/** The guest steps before a cut: each later entry goes one step further into the exchange. */
const STEPS = ["hello", "reply", "confirm", "verdict", "request"] as const;

describe("each route makes only the calls its entry in routes.ts allows", () => {
  test("a room's life, and a guest cut after every step of the exchange, within each route's actions and keys", async () => {
    await rig.infra.conns.put("o", rig.now());
    const roomId = Buffer.alloc(32, 5).toString("base64url");
    const created = await say("o", { type: "room.create", roomId, secret: "a".repeat(43) });
    expect(created).toMatchObject({ type: "room.created" });
    const loc = created.loc as number;
    for (const [i, last] of STEPS.entries()) {
      const g = `g${i}`;
      await rig.infra.conns.put(g, rig.now());
      const pend = await say(g, { type: "join.hello", loc, sid: "s".repeat(22), msg: SHARE });
      expect(pend).toMatchObject({ type: "join.pending" });
      const reqId = pend.reqId;
      if (STEPS.indexOf(last) >= 1) await say("o", { type: "join.reply", reqId, msg: SHARE });
      if (STEPS.indexOf(last) >= 2)
        await say(g, { type: "join.confirm", reqId, tag: TAG, secret: String(i).repeat(43).slice(0, 43) });
      if (STEPS.indexOf(last) >= 3) await say("o", { type: "join.verdict", reqId, ok: true, tag: TAG });
      if (STEPS.indexOf(last) >= 4) await say(g, { type: "join.request", reqId, request: BOX });
      await cut(g);
      // A confirmation is kept past the cut for the owner's verdict: judged right, it gives its slot back.
      if (last === "confirm") await say("o", { type: "join.verdict", reqId, ok: true, tag: TAG });
      if (last === "request") await say("o", { type: "join.answer", reqId, approve: false });
    }
    // Every cut guest gave its slot back: the locator is as open as before the first hello.
    const item = await rig.infra.db.send(new GetCommand({ TableName: "access", Key: { pk: `LOC#${loc}`, sk: "LOC" } }));
    expect(item.Item).toMatchObject({ slots: 0, fails: 0 });
    await say("o", { type: "room.recode" });
    await say("o", { type: "ping" });
    await cut("o");
    // A seated pair: relay, catch-up, reconnect, both cut.
    const two = await seatTwo(rig, "s0", "s1");
    const head = two.joined.head as { seq: number; sent: [number, number]; proof: string };
    await say("s1", {
      type: "relay",
      room: two.roomId,
      seat: 1,
      via: two.joined.via,
      tok: two.joined.token,
      seq: head.seq + 1,
      cseq: head.sent[1] + 1,
      prev: { sent: head.sent, proof: head.proof },
      kind: "game",
      box: BOX,
    });
    await say("s1", { type: "sync", after: 0 });
    await cut("s0");
    await cut("s1");

    const denied = calls.filter((c) => {
      const r = route(c.route);
      return !mayCall(r, c.action, undefined) || !mayTouchKey(r, c.pk);
    });
    expect(denied).toEqual([]);
    expect(new Set(calls.map((c) => c.route))).toEqual(new Set(["$default", "$disconnect"]));
    expect(calls.some((c) => c.route === "$disconnect" && c.pk === `LOC#${loc}`)).toBe(true);
  });
});
