/**
 * Builds the ports the realtime services take (store, connections, gateway) for one invocation,
 * from the runtime configuration and the event that arrived. Lives beside the router (not in
 * functions/lib) because it wires domain stores.
 */
import { createHash, randomBytes } from "node:crypto";
import type { APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { documentClient, managementClient, readConfig } from "../lib/config.js";
import { makeDynamoConnectionStore, type ConnectionStore } from "../lib/connections.js";
import { makeApiGateway, type Gateway } from "../lib/gateway.js";
import { makeDynamoFriendStore } from "../friends/store.js";
import type { FriendPorts } from "../friends/service.js";
import { seatTokenKeys } from "../friends/token.js";

export interface RealtimePorts extends FriendPorts {
  readonly db: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly conns: ConnectionStore;
  readonly gateway: Gateway;
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update("mancala/seat/v1\0").update(secret).digest("base64url");
}

export function portsFor(event: APIGatewayProxyWebsocketEventV2): RealtimePorts {
  const cfg = readConfig();
  const db = documentClient(cfg);
  const gateway = makeApiGateway(managementClient(event.requestContext.domainName, event.requestContext.stage, cfg));
  return {
    db,
    tableName: cfg.tableName,
    rooms: makeDynamoFriendStore(db, cfg.tableName),
    conns: makeDynamoConnectionStore(db, cfg.tableName),
    gateway,
    hashSecret,
    newId: () => randomBytes(12).toString("base64url"),
    tokenKey: () => seatTokenKeys(),
  };
}
