/**
 * Wires ranked play to the realtime layer's DynamoDB client, table and API Gateway client
 * (functions/lib): each domain's DynamoDB store on the same table, and a gateway that can also ask
 * whether a connection is still open (`GET @connections/{id}`).
 */
import { randomBytes, randomInt } from "node:crypto";
import { GetConnectionCommand, type ApiGatewayManagementApiClient } from "@aws-sdk/client-apigatewaymanagementapi";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { makeDynamoIdentityStore } from "../identity/store.js";
import { makeDynamoCounters } from "../lib/counters.js";
import type { Gateway } from "../lib/gateway.js";
import { makeDynamoSeekStore } from "../matchmaking/store.js";
import { makeDynamoMatchStore } from "../matches/store.js";
import { makeDynamoNameStore } from "../names/store.js";
import { makeDynamoRatingStore } from "../ratings/store.js";
import { readRankedConfig } from "./config.js";
import { makeDynamoQuota } from "./quota.js";
import { createRankedService, type RankedService } from "./service.js";
import type { RankedGateway, RankedPorts, RankedStores } from "./types.js";

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

export function makeDynamoRankedStores(db: DynamoDBDocumentClient, tableName: string): RankedStores {
  return {
    identity: makeDynamoIdentityStore(db, tableName),
    names: makeDynamoNameStore(db, tableName),
    counters: makeDynamoCounters(db, tableName),
    quota: makeDynamoQuota(db, tableName),
    seeks: makeDynamoSeekStore(db, tableName),
    matches: makeDynamoMatchStore(db, tableName),
    ratings: makeDynamoRatingStore(db, tableName),
  };
}

export function makeRankedPorts(db: DynamoDBDocumentClient, tableName: string, gateway: RankedGateway): RankedPorts {
  return {
    stores: makeDynamoRankedStores(db, tableName),
    gateway,
    config: readRankedConfig(),
    now: Date.now,
    randomId: newId,
    randomSeat: () => randomInt(2) as Seat,
  };
}

export function makeRankedServiceFor(
  db: DynamoDBDocumentClient,
  tableName: string,
  gateway: RankedGateway,
): RankedService {
  return createRankedService(makeRankedPorts(db, tableName, gateway));
}
