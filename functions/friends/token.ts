/**
 * Seat tokens: what lets a relayed message be stored with one conditional write and no read. When a
 * connection takes a seat, and whenever the other seat's connection changes, the server gives it
 * `HMAC-SHA-256(key, roomId ‖ seat ‖ connectionId ‖ via)`, where `via` is the other seat's
 * connection ("" when away); each `relay` carries room id, seat, via and token, and the server checks
 * the MAC in memory against the connection the frame arrived on, then pushes to `via`. A token is
 * worth nothing on another connection, and a connection whose seat moves to a newer one is closed,
 * so its token dies with it.
 *
 * The key is 32 random bytes kept in the table (`pk = CONFIG`, `sk = SEAT_TOKEN_KEY`), made by the
 * first server that needs it (a conditional put) and read once per process.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { isConditionFailed } from "../lib/items.js";

const KEY_ITEM = { pk: "CONFIG", sk: "SEAT_TOKEN_KEY" };
const keys = new Map<string, Promise<Buffer>>();

async function loadKey(db: DynamoDBDocumentClient, tableName: string): Promise<Buffer> {
  const read = async (): Promise<Buffer | null> => {
    const r = await db.send(new GetCommand({ TableName: tableName, Key: KEY_ITEM, ConsistentRead: true }));
    return typeof r.Item?.key === "string" ? Buffer.from(r.Item.key, "base64url") : null;
  };
  const had = await read();
  if (had !== null) return had;
  const fresh = randomBytes(32);
  try {
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...KEY_ITEM, key: fresh.toString("base64url") },
        ConditionExpression: "attribute_not_exists(pk)",
      }),
    );
    return fresh;
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    const other = await read();
    if (other === null) throw new Error("the seat token key vanished", { cause: e });
    return other;
  }
}

/** The process's copy of the key for this table (one read per process, then memory). */
export function seatTokenKey(db: DynamoDBDocumentClient, tableName: string): Promise<Buffer> {
  let k = keys.get(tableName);
  if (k === undefined) {
    k = loadKey(db, tableName);
    keys.set(tableName, k);
    k.catch(() => keys.delete(tableName));
  }
  return k;
}

export function makeSeatToken(key: Buffer, roomId: string, seat: Seat, connectionId: string, via: string): string {
  return createHmac("sha256", key).update(`${roomId}\0${seat}\0${connectionId}\0${via}`).digest("base64url");
}

export function checkSeatToken(
  key: Buffer,
  roomId: string,
  seat: Seat,
  connectionId: string,
  via: string,
  token: string,
): boolean {
  const want = Buffer.from(makeSeatToken(key, roomId, seat, connectionId, via), "base64url");
  const got = Buffer.from(token, "base64url");
  return got.length === want.length && timingSafeEqual(got, want);
}
