/**
 * Connection items (`pk = CONN#<id>`, `sk = CONN`): which friend room and seat a WebSocket holds, or
 * which join request it waits on (flood limits live in memory, functions/lib/flood.ts, and cost no
 * write). Ranked play adds its own attributes to the same item (the authenticated player id). Items
 * expire a day after the connection opened (API Gateway closes every connection within 2 hours), in
 * case a `$disconnect` never arrives.
 */
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { isLive, nowSeconds } from "./table.js";

export const CONNECTION_TTL_SECONDS = 24 * 3600;

export interface Connection {
  readonly connectionId: string;
  readonly connectedAt: number;
  /** The friend room this connection is seated in, if any. */
  readonly roomId?: string;
  readonly seat?: Seat;
  /** A join request this connection waits on. */
  readonly pendingRoomId?: string;
  readonly pendingReqId?: string;
  /** Times (epoch ms) of the last chat messages, newest last. */
  readonly chats?: readonly number[];
  readonly [attr: string]: unknown;
}

export interface ConnectionStore {
  put(connectionId: string, now: number): Promise<void>;
  get(connectionId: string, now: number): Promise<Connection | null>;
  delete(connectionId: string): Promise<void>;
  setRoom(connectionId: string, roomId: string, seat: Seat): Promise<boolean>;
  /** Takes the room and seat away from a connection (its seat moved to a newer one). */
  clearRoom(connectionId: string): Promise<void>;
  setPending(connectionId: string, roomId: string, reqId: string): Promise<boolean>;
  clearPending(connectionId: string, reqId: string): Promise<void>;
}

const key = (id: string) => ({ pk: `CONN#${id}`, sk: "CONN" });

function isConditionFailed(e: unknown): boolean {
  return (
    e instanceof ConditionalCheckFailedException ||
    (e as { name?: string } | null)?.name === "ConditionalCheckFailedException"
  );
}

export { isConditionFailed };

function toConnection(item: Record<string, unknown>): Connection {
  return { ...item, connectionId: String(item.connectionId), connectedAt: Number(item.connectedAt) } as Connection;
}

export function makeDynamoConnectionStore(db: DynamoDBDocumentClient, tableName: string): ConnectionStore {
  const exp = (now: number) => nowSeconds(now) + CONNECTION_TTL_SECONDS;
  return {
    async put(connectionId, now) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...key(connectionId), connectionId, connectedAt: now, win: 0, n: 0, expiresAt: exp(now) },
        }),
      );
    },
    async get(connectionId, now) {
      const r = await db.send(new GetCommand({ TableName: tableName, Key: key(connectionId), ConsistentRead: true }));
      return r.Item !== undefined && isLive(r.Item, now) ? toConnection(r.Item) : null;
    },
    async delete(connectionId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: key(connectionId) }));
    },
    async setRoom(connectionId, roomId, seat) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(connectionId),
            UpdateExpression: "SET roomId = :r, seat = :s REMOVE pendingRoomId, pendingReqId",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":r": roomId, ":s": seat },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async clearRoom(connectionId) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(connectionId),
            UpdateExpression: "REMOVE roomId, seat",
            ConditionExpression: "attribute_exists(pk)",
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },
    async setPending(connectionId, roomId, reqId) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(connectionId),
            UpdateExpression: "SET pendingRoomId = :r, pendingReqId = :q",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":r": roomId, ":q": reqId },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async clearPending(connectionId, reqId) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(connectionId),
            UpdateExpression: "REMOVE pendingRoomId, pendingReqId",
            ConditionExpression: "pendingReqId = :q",
            ExpressionAttributeValues: { ":q": reqId },
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },
  };
}

// ---- ranked identity on the connection item (added for functions/identity) ----

/** The ranked attributes a connection item may carry: a pending challenge, then the proven player. */
export interface RankedConnAuth {
  readonly playerId: string | null;
  readonly challenge: string | null;
  readonly challengeFor: string | null;
  /** Epoch ms after which the challenge is void. */
  readonly challengeExp: number;
}

/** Reads the ranked attributes from a connection item already in hand (no DynamoDB call). */
export function rankedAuthOf(conn: Connection | null, now: number): RankedConnAuth | null {
  if (conn === null) return null;
  const exp = typeof conn.rankedChallengeExp === "number" ? conn.rankedChallengeExp : 0;
  const live = exp > now;
  const playerId = typeof conn.rankedPlayer === "string" ? conn.rankedPlayer : null;
  const challenge = live && typeof conn.rankedChallenge === "string" ? conn.rankedChallenge : null;
  const challengeFor = live && typeof conn.rankedChallengeFor === "string" ? conn.rankedChallengeFor : null;
  if (playerId === null && challenge === null) return null;
  return { playerId, challenge, challengeFor, challengeExp: exp };
}

/** Sets the ranked attributes on a live connection item; a gone connection is left alone. */
export async function setRankedAuth(
  db: DynamoDBDocumentClient,
  tableName: string,
  connectionId: string,
  a: RankedConnAuth | null,
): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key(connectionId),
        ...(a === null
          ? { UpdateExpression: "REMOVE rankedPlayer, rankedChallenge, rankedChallengeFor, rankedChallengeExp" }
          : {
              UpdateExpression:
                "SET rankedPlayer = :p, rankedChallenge = :c, rankedChallengeFor = :f, rankedChallengeExp = :e",
              ExpressionAttributeValues: {
                ":p": a.playerId,
                ":c": a.challenge,
                ":f": a.challengeFor,
                ":e": a.challengeExp,
              },
            }),
        ConditionExpression: "attribute_exists(pk)",
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}
