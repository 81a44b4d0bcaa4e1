/**
 * What friend rooms keep on a connection item (functions/lib/connections.ts): the room and seat the
 * WebSocket holds, or the join request it waits on.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { connectionKey, makeDynamoConnectionStore, type Connection, type ConnectionStore } from "../lib/connections.js";
import { copyOf, isConditionFailed, yieldTurn } from "../lib/items.js";

export interface FriendConnection extends Connection {
  /** The friend room this connection is seated in, if any. */
  readonly roomId?: string;
  readonly seat?: Seat;
  /** A join request this connection waits on. */
  readonly pendingRoomId?: string;
  readonly pendingReqId?: string;
}

export interface FriendConnectionStore extends ConnectionStore {
  get(connectionId: string, now: number): Promise<FriendConnection | null>;
  setRoom(connectionId: string, roomId: string, seat: Seat): Promise<boolean>;
  /** Takes the room and seat away from a connection (its seat moved to a newer one). */
  clearRoom(connectionId: string): Promise<void>;
  setPending(connectionId: string, roomId: string, reqId: string): Promise<boolean>;
  clearPending(connectionId: string, reqId: string): Promise<void>;
}

export function makeDynamoFriendConnectionStore(db: DynamoDBDocumentClient, tableName: string): FriendConnectionStore {
  return {
    ...makeDynamoConnectionStore(db, tableName),
    async setRoom(connectionId, roomId, seat) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: connectionKey(connectionId),
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
            Key: connectionKey(connectionId),
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
            Key: connectionKey(connectionId),
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
            Key: connectionKey(connectionId),
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

/** The in-memory twin of the connection items with the friend attributes (for the fast service tests). */
export function createMemoryFriendConnectionStore(): FriendConnectionStore {
  const items = new Map<string, Record<string, unknown>>();
  const CONNECTION_TTL_MS = 24 * 3600 * 1000;
  const edit = async (id: string, f: (it: Record<string, unknown>) => boolean): Promise<boolean> => {
    await yieldTurn();
    const it = items.get(id);
    return it !== undefined && f(it);
  };
  return {
    async put(connectionId, now) {
      await yieldTurn();
      items.set(connectionId, { connectionId, connectedAt: now, expiresAt: now + CONNECTION_TTL_MS });
    },
    async get(connectionId, now) {
      await yieldTurn();
      const it = items.get(connectionId);
      if (it === undefined || Number(it.expiresAt) <= now) return null;
      const { expiresAt: _, ...rest } = it;
      return copyOf(rest) as unknown as FriendConnection;
    },
    async delete(connectionId) {
      await yieldTurn();
      items.delete(connectionId);
    },
    setRoom: (id, roomId, seat) =>
      edit(id, (it) => {
        Object.assign(it, { roomId, seat });
        delete it.pendingRoomId;
        delete it.pendingReqId;
        return true;
      }),
    async clearRoom(id) {
      await edit(id, (it) => (delete it.roomId, delete it.seat));
    },
    setPending: (id, roomId, reqId) =>
      edit(id, (it) => (Object.assign(it, { pendingRoomId: roomId, pendingReqId: reqId }), true)),
    async clearPending(id, reqId) {
      await edit(id, (it) => it.pendingReqId === reqId && (delete it.pendingRoomId, delete it.pendingReqId));
    },
  };
}
