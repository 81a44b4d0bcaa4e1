/**
 * Wires the ranked service to the realtime layer's DynamoDB client, table and API Gateway client
 * (functions/lib): the ranked store on the same table, and a gateway that can also ask whether a
 * connection is still open (`GET @connections/{id}`).
 */
import { randomBytes, randomInt } from "node:crypto";
import { GetConnectionCommand, type ApiGatewayManagementApiClient } from "@aws-sdk/client-apigatewaymanagementapi";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import type { Gateway } from "../lib/gateway.js";
import { readRankedConfig } from "./config.js";
import { createRankedService, type RankedService } from "./service.js";
import { makeDynamoRankedStore } from "./store.js";
import type { RankedGateway, RankedPorts } from "./types.js";

function isGone(e: unknown): boolean {
  const x = e as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return x?.name === "GoneException" || x?.$metadata?.httpStatusCode === 410;
}

export function makeRankedGateway(base: Gateway, client: ApiGatewayManagementApiClient): RankedGateway {
  return {
    send: (connId, msg) => base.send(connId, msg),
    async isConnected(connId) {
      try {
        await client.send(new GetConnectionCommand({ ConnectionId: connId }));
        return true;
      } catch (e) {
        if (isGone(e)) return false;
        // Unsure (throttled, network): do not start anyone's grace period on a guess.
        return true;
      }
    },
  };
}

export function newId(): string {
  return randomBytes(12).toString("base64url");
}

export function makeRankedPorts(db: DynamoDBDocumentClient, tableName: string, gateway: RankedGateway): RankedPorts {
  return {
    store: makeDynamoRankedStore(db, tableName),
    gateway,
    config: readRankedConfig(),
    now: Date.now,
    randomId: newId,
    randomSeat: () => randomInt(2) as Seat,
  };
}

export function makeRankedServiceFor(db: DynamoDBDocumentClient, tableName: string, gateway: RankedGateway): RankedService {
  return createRankedService(makeRankedPorts(db, tableName, gateway));
}
