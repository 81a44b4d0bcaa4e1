/**
 * Wires ranked play to the realtime layer's DynamoDB client, table and gateway (functions/lib):
 * each domain's DynamoDB store on the same table, the configuration, the clock and randomness.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { makeDynamoIdentityStore } from "../identity/store.js";
import { makeDynamoCounters } from "../lib/counters.js";
import { makeDynamoSeekStore } from "../matchmaking/store.js";
import { makeDynamoMatchStore } from "../matches/store.js";
import { makeDynamoNameStore } from "../names/store.js";
import { makeDynamoRatingStore } from "../ratings/store.js";
import { readRankedConfig } from "./config.js";
import { createRankedService, type RankedService } from "./service.js";
import type { RankedGateway, RankedStores } from "./types.js";

function newId(): string {
  return randomBytes(12).toString("base64url");
}

export function makeDynamoRankedStores(db: DynamoDBDocumentClient, tableName: string): RankedStores {
  return {
    identity: makeDynamoIdentityStore(db, tableName),
    names: makeDynamoNameStore(db, tableName),
    counters: makeDynamoCounters(db, tableName),
    seeks: makeDynamoSeekStore(db, tableName),
    matches: makeDynamoMatchStore(db, tableName),
    ratings: makeDynamoRatingStore(db, tableName),
  };
}

export function makeRankedService(
  db: DynamoDBDocumentClient,
  tableName: string,
  gateway: RankedGateway,
): RankedService {
  return createRankedService({
    stores: makeDynamoRankedStores(db, tableName),
    gateway,
    config: readRankedConfig(),
    now: Date.now,
    randomId: newId,
    randomSeat: () => randomInt(2) as Seat,
  });
}
