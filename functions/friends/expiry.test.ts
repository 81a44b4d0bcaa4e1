/** Relayed messages expire with their room (on dynalite): renewed when the room is, never long after it. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { MESSAGE_TTL_SECONDS, ROOM_TTL_SECONDS } from "../../core/protocol/friend.js";
import { nowSeconds } from "../lib/table.js";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { makeDynamoFriendStores } from "./store.js";

const TABLE = "expiry";
const DAY = 24 * 3600_000;
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
});
afterAll(async () => {
  await dynamo?.close();
});

async function expiries(roomId: string): Promise<{ room: number; msgs: number[] }> {
  const r = await dynamo.client.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": `ROOM#${roomId}` },
    }),
  );
  const items = r.Items ?? [];
  return {
    room: Number(items.find((i) => i.sk === "META")?.expiresAt),
    msgs: items.filter((i) => String(i.sk).startsWith("MSG#")).map((i) => Number(i.expiresAt)),
  };
}

describe("message expiry follows the room", () => {
  test("a message expires at most the margin after its room; a rejoin past the margin renews every message", async () => {
    const margin = MESSAGE_TTL_SECONDS - ROOM_TTL_SECONDS;
    expect(margin).toBeGreaterThan(0);
    expect(margin).toBeLessThanOrEqual(10 * 24 * 3600);
    const store = makeDynamoFriendStores(dynamo.client, TABLE);
    const t = 1_700_000_000_000;
    expect(await store.rooms.create("r1", "h0", "c0", t)).not.toBeNull();
    for (let seq = 1; seq <= 30; seq++)
      expect((await store.log.append("r1", 0, seq, seq, "game", "box", [seq, 0], t + seq * 1000)).kind).toBe("stored");
    let e = await expiries("r1");
    expect(e.msgs).toHaveLength(30);
    for (const m of e.msgs) {
      expect(m).toBeGreaterThanOrEqual(e.room);
      expect(m - e.room).toBeLessThanOrEqual(margin + 60);
    }
    // Rejoined within the margin: the room is renewed, the messages still outlive it.
    expect(await store.rooms.bindSeat("r1", 0, "c0b", t + 5 * DAY)).not.toBeNull();
    e = await expiries("r1");
    expect(e.room).toBe(nowSeconds(t + 5 * DAY) + ROOM_TTL_SECONDS);
    for (const m of e.msgs) expect(m).toBeGreaterThanOrEqual(e.room);
    // Rejoined after 25 days (the old messages would have expired 15 days before the room): renewed.
    expect(await store.rooms.bindSeat("r1", 0, "c0c", t + 25 * DAY)).not.toBeNull();
    e = await expiries("r1");
    expect(e.room).toBe(nowSeconds(t + 25 * DAY) + ROOM_TTL_SECONDS);
    for (const m of e.msgs) {
      expect(m).toBeGreaterThanOrEqual(e.room);
      expect(m - e.room).toBeLessThanOrEqual(margin);
    }
    // The guest's first seat claim renews them the same way.
    expect(await store.rooms.claimGuestSeat("r1", "h1", t + 50 * DAY)).not.toBeNull();
    e = await expiries("r1");
    for (const m of e.msgs) expect(m).toBeGreaterThanOrEqual(e.room);
    expect((await store.log.list("r1", 0, 100_000, t + 50 * DAY)).msgs).toHaveLength(30);
  });
});
