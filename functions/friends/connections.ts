/**
 * What friend rooms keep on a connection item (functions/lib/connections.ts): the room and seat the
 * WebSocket holds, or the join request it waits on.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { connectionKey, makeDynamoConnectionStore, type Connection, type ConnectionStore } from "../lib/connections.js";
import { isConditionFailed } from "../lib/items.js";

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
