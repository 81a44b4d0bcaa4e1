/** The DynamoDB name store on dynalite: live claims block look-alikes, lapsed and old ones do not. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { ensureTable, startDynalite, type LocalDynamo } from "../local/dynamo.js";
import { makeDynamoNameStore } from "./store.js";

const TABLE = "names";
const DAY = 24 * 3600_000;
let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynalite(null);
  await ensureTable(dynamo.client, TABLE);
});
afterAll(async () => {
  await dynamo?.close();
});

describe("name claims on DynamoDB", () => {
  test("a live claim is the owner's; after it lapses another player may claim it; renew extends only one's own", async () => {
    const names = makeDynamoNameStore(dynamo.client, TABLE);
    const t = 1_700_000_000_000;
    expect(await names.claim("paul", "A", t, t + 90 * DAY)).toBe(true);
    expect(await names.claim("paul", "A", t + DAY, t + 91 * DAY)).toBe(true);
    expect(await names.claim("paul", "B", t + 2 * DAY, t + 92 * DAY)).toBe(false);
    expect(await names.renew("paul", "B", t + 200 * DAY)).toBe(false);
    expect(await names.renew("paul", "A", t + 100 * DAY)).toBe(true);
    expect(await names.claim("paul", "B", t + 99 * DAY, t + 189 * DAY)).toBe(false);
    expect(await names.claim("paul", "B", t + 101 * DAY, t + 191 * DAY)).toBe(true);
    expect(await names.holds("paul", "B", t + 101 * DAY)).toBe(true);
    expect(await names.holds("paul", "A", t + 101 * DAY)).toBe(false);
    expect(await names.holds("paul", "B", t + 192 * DAY)).toBe(false);
    await names.release("paul", "A"); // not A's any more: nothing happens
    expect(await names.claim("paul", "A", t + 102 * DAY, t + 192 * DAY)).toBe(false);
  });

  test("a claim from before lapsing existed counts as live for 90 days after it was made", async () => {
    const names = makeDynamoNameStore(dynamo.client, TABLE);
    const t = 1_700_000_000_000;
    await dynamo.client.send(
      new PutCommand({ TableName: TABLE, Item: { pk: "NAME#old", sk: "NAME", playerId: "A", claimedAt: t } }),
    );
    expect(await names.holds("old", "A", t + 89 * DAY)).toBe(true);
    expect(await names.claim("old", "B", t + 89 * DAY, t + 179 * DAY)).toBe(false);
    expect(await names.claim("old", "B", t + 91 * DAY, t + 181 * DAY)).toBe(true);
  });
});
