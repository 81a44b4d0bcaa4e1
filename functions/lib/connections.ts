/**
 * Connection items (`pk = CONN#<id>`, `sk = CONN`): which friend room and seat a WebSocket holds, its
 * message-rate window and its recent chat times. Ranked play may add its own attributes to the same
 * item (e.g. the authenticated player id). Items expire a day after the last message, in case a
 * `$disconnect` never arrives.
 */
import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
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

export interface RateVerdict {
  readonly allowed: boolean;
  /** The connection item when allowed (null if the connection is unknown or gone). */
  readonly connection: Connection | null;
}

export interface ConnectionStore {
  put(connectionId: string, now: number): Promise<void>;
  get(connectionId: string, now: number): Promise<Connection | null>;
  delete(connectionId: string): Promise<void>;
  /** Counts one message in the current window; refuses past `limit`. When allowed, also returns the item. */
  countMessage(connectionId: string, now: number, windowMs: number, limit: number): Promise<RateVerdict>;
  /** Records a chat at `now` unless `limit` chats already fall within `windowMs`. */
  recordChat(conn: Connection, now: number, windowMs: number, limit: number): Promise<boolean>;
  setRoom(connectionId: string, roomId: string, seat: Seat): Promise<boolean>;
  /** Takes the room and seat away from a connection (its seat moved to a newer one). */
  clearRoom(connectionId: string): Promise<void>;
  setPending(connectionId: string, roomId: string, reqId: string): Promise<boolean>;
  clearPending(connectionId: string, reqId: string): Promise<void>;
}

const key = (id: string) => ({ pk: `CONN#${id}`, sk: "CONN" });

function isConditionFailed(e: unknown): boolean {
  return e instanceof ConditionalCheckFailedException || (e as { name?: string } | null)?.name === "ConditionalCheckFailedException";
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
    async countMessage(connectionId, now, windowMs, limit) {
      // The counter lives on the connection item, so one write both counts the message and reads the
      // connection. Only the first message of a new window needs a second, conditional write to reset
      // it (when several race there, one resets and the others count on top).
      const win = Math.floor(now / windowMs);
      for (let attempt = 0; attempt < 4; attempt++) {
        let item: Record<string, unknown>;
        try {
          const r = await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key(connectionId),
              UpdateExpression: "ADD n :one SET expiresAt = :exp",
              ConditionExpression: "attribute_exists(pk) AND expiresAt > :now",
              ExpressionAttributeValues: { ":one": 1, ":exp": exp(now), ":now": nowSeconds(now) },
              ReturnValues: "ALL_NEW",
            }),
          );
          item = r.Attributes ?? {};
        } catch (e) {
          if (isConditionFailed(e)) return { allowed: true, connection: null };
          throw e;
        }
        if (item.win === win) return { allowed: Number(item.n) <= limit, connection: Number(item.n) <= limit ? toConnection(item) : null };
        try {
          const r = await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key(connectionId),
              UpdateExpression: "SET win = :w, n = :one",
              ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(win) OR win = :old)",
              ExpressionAttributeValues: { ":w": win, ":one": 1, ":old": item.win ?? -1 },
              ReturnValues: "ALL_NEW",
            }),
          );
          return { allowed: true, connection: toConnection(r.Attributes ?? {}) };
        } catch (e) {
          if (!isConditionFailed(e)) throw e;
        }
      }
      return { allowed: false, connection: null };
    },
    async recordChat(conn, now, windowMs, limit) {
      let cur: Connection | null = conn;
      // Optimistic concurrency on a version number: a concurrent chat on the same connection makes
      // the write fail, and the decision is taken again on fresh data.
      for (let attempt = 0; attempt < 5 && cur !== null; attempt++) {
        const recent = (cur.chats ?? []).filter((t) => t > now - windowMs);
        if (recent.length >= limit) return false;
        const version = typeof cur.chatv === "number" ? cur.chatv : 0;
        try {
          await db.send(
            new UpdateCommand({
              TableName: tableName,
              Key: key(cur.connectionId),
              UpdateExpression: "SET chats = :new, chatv = :next",
              ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(chatv) OR chatv = :v)",
              ExpressionAttributeValues: { ":new": [...recent, now], ":next": version + 1, ":v": version },
            }),
          );
          return true;
        } catch (e) {
          if (!isConditionFailed(e)) throw e;
        }
        cur = await this.get(cur.connectionId, now);
      }
      return false;
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
export async function setRankedAuth(db: DynamoDBDocumentClient, tableName: string, connectionId: string, a: RankedConnAuth | null): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key(connectionId),
        ...(a === null
          ? { UpdateExpression: "REMOVE rankedPlayer, rankedChallenge, rankedChallengeFor, rankedChallengeExp" }
          : {
              UpdateExpression: "SET rankedPlayer = :p, rankedChallenge = :c, rankedChallengeFor = :f, rankedChallengeExp = :e",
              ExpressionAttributeValues: { ":p": a.playerId, ":c": a.challenge, ":f": a.challengeFor, ":e": a.challengeExp },
            }),
        ConditionExpression: "attribute_exists(pk)",
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}
