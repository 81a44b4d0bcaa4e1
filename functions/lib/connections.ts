/**
 * Connection items (`pk = CONN#<id>`, `sk = CONN`): one per open WebSocket, written at `$connect`
 * and removed at `$disconnect`. Each domain keeps its own attributes on the item (friend rooms the
 * seat, functions/friends/connections.ts; ranked play the proven player, functions/identity/store.ts);
 * this module knows none of them. Flood limits live in memory (functions/lib/flood.ts) and cost no
 * write. Items expire a day after the connection opened (API Gateway closes every connection within
 * 2 hours), in case a `$disconnect` never arrives.
 */
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { isLive, nowSeconds } from "./table.js";

const CONNECTION_TTL_SECONDS = 24 * 3600;

export interface Connection {
  readonly connectionId: string;
  readonly connectedAt: number;
  /** The attributes the domains keep on the item. */
  readonly [attr: string]: unknown;
}

export interface ConnectionStore {
  put(connectionId: string, now: number): Promise<void>;
  get(connectionId: string, now: number): Promise<Connection | null>;
  delete(connectionId: string): Promise<void>;
}

/** The key of a connection's item, for a domain that updates its own attributes on it. */
export const connectionKey = (id: string): { pk: string; sk: string } => ({ pk: `CONN#${id}`, sk: "CONN" });

function toConnection(item: Record<string, unknown>): Connection {
  return { ...item, connectionId: String(item.connectionId), connectedAt: Number(item.connectedAt) };
}

export function makeDynamoConnectionStore(db: DynamoDBDocumentClient, tableName: string): ConnectionStore {
  const exp = (now: number) => nowSeconds(now) + CONNECTION_TTL_SECONDS;
  return {
    async put(connectionId, now) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...connectionKey(connectionId), connectionId, connectedAt: now, expiresAt: exp(now) },
        }),
      );
    },
    async get(connectionId, now) {
      const r = await db.send(
        new GetCommand({ TableName: tableName, Key: connectionKey(connectionId), ConsistentRead: true }),
      );
      return r.Item !== undefined && isLive(r.Item, now) ? toConnection(r.Item) : null;
    },
    async delete(connectionId) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: connectionKey(connectionId) }));
    },
  };
}
