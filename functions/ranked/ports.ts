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
import { makeDynamoLobbyStore } from "../lobby/store.js";
import { lobbyCap } from "../lobby/lobby.js";
import { createMatchArchive } from "../archive/archive.js";
import { makeDynamoArchiveStore } from "../archive/store.js";
import { createSpectate, watchCap } from "../spectate/spectate.js";
import { makePushService } from "../push/ports.js";
import { readRankedConfig } from "./config.js";
import { makeDynamoQuota } from "./quota.js";
import { createRankedService, type RankedService } from "./service.js";
import type { RankedGateway, RankedPorts, RankedStores } from "./types.js";
import type { Tournaments } from "../tournaments/service.js";
import { tournamentsOn } from "../tournaments/wire.js";

function newId(): string {
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
    lobby: makeDynamoLobbyStore(db, tableName),
  };
}

/**
 * Ranked play's ports, with the tournaments service (functions/tournaments) as their `tournament`
 * port; both are returned, so the tournaments' own messages run on the same ports.
 */
export function makeRankedPorts(
  db: DynamoDBDocumentClient,
  tableName: string,
  gateway: RankedGateway,
  /** Posts to any connection (a spectator's): the realtime layer's gateway. */
  post: (connId: string, message: object) => Promise<boolean>,
): { readonly ports: RankedPorts; readonly tournaments: Tournaments } {
  const stores = makeDynamoRankedStores(db, tableName);
  const config = readRankedConfig();
  const tournaments = tournamentsOn(() => ports, db, tableName, post);
  const ports: RankedPorts = {
    stores,
    gateway,
    config,
    archive: createMatchArchive(makeDynamoArchiveStore(db, tableName), config.clockFor, Date.now),
    spectate: createSpectate({
      store: stores.matches,
      send: post,
      now: Date.now,
      cap: watchCap(),
    }),
    lobbyCap: lobbyCap(),
    push: makePushService(db, tableName),
    now: Date.now,
    randomId: newId,
    randomSeat: () => randomInt(2) as Seat,
    tournament: tournaments,
  };
  return { ports, tournaments };
}

export function makeRankedService(
  db: DynamoDBDocumentClient,
  tableName: string,
  gateway: RankedGateway,
  /** Posts to any connection (a spectator's): the realtime layer's gateway. */
  post: (connId: string, message: object) => Promise<boolean>,
): RankedService {
  return createRankedService(makeRankedPorts(db, tableName, gateway, post).ports);
}
