/**
 * Refused requests cost no write: the real router, service and DynamoDB store on dynalite with the
 * deployed look-up and creation limits, every DynamoDB call counted. A look-up refused by its
 * network's limit reads the connection item and nothing else; a ping reads nothing.
 */
import { describe, expect, test } from "vitest";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { LOOKUP_LIMIT, ROOM_CREATE_LIMIT } from "../../core/protocol/friend.js";
import { useRouterRig } from "./testing/rigs.js";

const calls = new Map<string, number>();
function counting(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  const c = Object.create(db) as DynamoDBDocumentClient;
  (c as { send: unknown }).send = (cmd: { constructor: { name: string } }) => {
    const name = cmd.constructor.name.replace(/Command$/, "");
    calls.set(name, (calls.get(name) ?? 0) + 1);
    return (db.send as (x: unknown) => Promise<unknown>)(cmd);
  };
  return c;
}

const rig = useRouterRig("refusals", { wrap: counting, real: ["lookups", "rooms"], stepMs: 20 });

async function cost(fn: () => Promise<unknown>): Promise<Record<string, number>> {
  calls.clear();
  await fn();
  return Object.fromEntries([...calls.entries()].sort());
}

describe("a refusal writes nothing", () => {
  test("a look-up over its network's limit reads the connection item and writes nothing; nor does every later one", async () => {
    const ip = "10.7.7.7";
    for (let i = 0; i < LOOKUP_LIMIT; i++) {
      await rig.infra.conns.put(`l${i}`, rig.now());
      const a = await rig.say(
        `l${i}`,
        { type: "join.hello", loc: 77, sid: "s".repeat(22), msg: "m".repeat(63) },
        { ip },
      );
      expect(a).toMatchObject({ code: "room/not_found" });
    }
    for (let i = 0; i < 3; i++) {
      await rig.infra.conns.put(`over${i}`, rig.now());
      let a: Record<string, unknown> = {};
      const c = await cost(
        async () =>
          (a = await rig.say(
            `over${i}`,
            { type: "join.hello", loc: 77, sid: "s".repeat(22), msg: "m".repeat(63) },
            { ip },
          )),
      );
      expect(a).toMatchObject({ code: "rate/lookups" });
      expect(c).toEqual({ Get: 1 });
    }
  });

  test("a room creation over its network's limit writes nothing", async () => {
    const ip = "10.7.7.8";
    const create = (conn: string, n: number) =>
      rig.say(
        conn,
        { type: "room.create", roomId: Buffer.alloc(32, n).toString("base64url"), secret: "a".repeat(43) },
        { ip },
      );
    for (let i = 0; i < ROOM_CREATE_LIMIT; i++) {
      await rig.infra.conns.put(`c${i}`, rig.now());
      expect(await create(`c${i}`, i + 1)).toMatchObject({ type: "room.created" });
    }
    await rig.infra.conns.put("cover", rig.now());
    let a: Record<string, unknown> = {};
    const c = await cost(async () => (a = await create("cover", 200)));
    expect(a).toMatchObject({ code: "rate/rooms" });
    expect(c).toEqual({ Get: 1 });
  });

  test("a ping reads nothing", async () => {
    await rig.infra.conns.put("p", rig.now());
    let a: Record<string, unknown> = {};
    const c = await cost(async () => (a = await rig.say("p", { type: "ping", rid: 1 })));
    expect(a).toMatchObject({ type: "pong", rid: 1 });
    expect(c).toEqual({});
  });
});
