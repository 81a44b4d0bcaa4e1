/**
 * The friend backend's stores, one port per item family, each with its in-memory twin in the same
 * file and one contract suite (store.test.ts) run against both:
 * - rooms.ts: rooms and their seats (`ROOM#` / `META`);
 * - locators.ts: locators and their guess slots (`LOC#` / `LOC`; the guess-slot rule is stated there);
 * - knocks.ts: each network's knock turn on a locator (`LOC#` / `KNOCK#`);
 * - exchanges.ts: the key exchanges of guests (`ROOM#` / `REQ#`);
 * - log.ts: the relayed log and each message's place under its sender's number (`ROOM#` / `MSG#`, `SENT#`);
 * - functions/lib/counters.ts: creation and look-up counters (`RATE#friend#`).
 * Every write that can race is a single-item conditional write.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createMemoryCounters, makeDynamoCounters, type Counters } from "../lib/counters.js";
import { createMemoryExchangeStore, makeDynamoExchangeStore, type ExchangeStore } from "./exchanges.js";
import { createMemoryKnockStore, makeDynamoKnockStore, type KnockStore } from "./knocks.js";
import { createMemoryLocatorStore, makeDynamoLocatorStore, type LocatorStore } from "./locators.js";
import { createMemoryLogStore, makeDynamoLogStore, type LogStore } from "./log.js";
import { createMemoryRoomStore, makeDynamoRoomStore, type RoomStore } from "./rooms.js";

export interface FriendStores {
  readonly rooms: RoomStore;
  readonly locators: LocatorStore;
  readonly knocks: KnockStore;
  readonly exchanges: ExchangeStore;
  readonly log: LogStore;
  readonly counters: Counters;
}

export function makeDynamoFriendStores(
  db: DynamoDBDocumentClient,
  tableName: string,
  random: () => number = Math.random,
): FriendStores {
  const log = makeDynamoLogStore(db, tableName);
  const rooms = makeDynamoRoomStore(db, tableName, (roomId, now) => log.renew(roomId, now));
  return {
    rooms,
    locators: makeDynamoLocatorStore(db, tableName, rooms, random),
    knocks: makeDynamoKnockStore(db, tableName),
    exchanges: makeDynamoExchangeStore(db, tableName),
    log,
    counters: makeDynamoCounters(db, tableName),
  };
}

export function createMemoryFriendStores(random: () => number = Math.random): FriendStores {
  const rooms = createMemoryRoomStore();
  return {
    rooms,
    locators: createMemoryLocatorStore(rooms, random),
    knocks: createMemoryKnockStore(),
    exchanges: createMemoryExchangeStore(),
    log: createMemoryLogStore(),
    counters: createMemoryCounters(),
  };
}
