/**
 * Test fixtures for ranked play: every domain's in-memory store, a recording gateway, a clock tests
 * move by hand, and a helper that signs in a device. Used by the unit tests only.
 */
import { makeDeviceKeys, signChallenge, type DeviceKeys } from "../../../core/identity.js";
import type { RankedClientMessage, RankedServerMessage } from "../../../core/protocol/ranked.js";
import type { Seat } from "../../../core/types.js";
import { createMemoryIdentityStore, type MemoryIdentityStore } from "../../identity/store.js";
import { createMemoryCounters } from "../../lib/counters.js";
import { createMemorySeekStore } from "../../matchmaking/store.js";
import { createMemoryMatchStore, type MemoryMatchStore } from "../../matches/store.js";
import { createMemoryNameStore, type MemoryNameStore } from "../../names/store.js";
import { createMemoryRatingStore, type MemoryRatingStore } from "../../ratings/store.js";
import { createMemoryLobbyStore } from "../../lobby/store.js";
import { DEFAULT_RANKED_CONFIG } from "../config.js";
import { createMemoryQuota } from "../quota.js";
import { createRankedService, type RankedService } from "../service.js";
import type { RankedConfig, RankedStores } from "../types.js";

interface Sent {
  readonly conn: string;
  readonly msg: RankedServerMessage;
}

interface MemoryStores extends RankedStores {
  readonly identity: MemoryIdentityStore;
  readonly names: MemoryNameStore;
  readonly matches: MemoryMatchStore;
  readonly ratings: MemoryRatingStore;
}

function createMemoryStores(now: () => number): MemoryStores {
  return {
    identity: createMemoryIdentityStore(now),
    names: createMemoryNameStore(),
    counters: createMemoryCounters(),
    quota: createMemoryQuota(),
    seeks: createMemorySeekStore(now),
    matches: createMemoryMatchStore(),
    ratings: createMemoryRatingStore(),
    lobby: createMemoryLobbyStore(),
  };
}

export interface Harness<S extends RankedStores = MemoryStores> {
  readonly stores: S;
  readonly service: RankedService;
  readonly sent: Sent[];
  readonly closed: Set<string>;
  now(): number;
  advance(ms: number): void;
  inbox(conn: string): RankedServerMessage[];
  lastOf<T extends RankedServerMessage["type"]>(
    conn: string,
    type: T,
  ): Extract<RankedServerMessage, { type: T }> | undefined;
  send(conn: string, msg: RankedClientMessage): Promise<void>;
  login(conn: string, n: number, name?: string): Promise<DeviceKeys>;
}

export function createHarness(
  config: Partial<RankedConfig> = {},
  seat: () => Seat = () => 0,
  lobbyCap?: number,
): Harness {
  return createHarnessOn(createMemoryStores, config, seat, lobbyCap);
}

/** The same harness over other stores (the DynamoDB ones on dynalite), made on the harness's clock. */
export function createHarnessOn<S extends RankedStores>(
  makeStores: (now: () => number) => S,
  config: Partial<RankedConfig> = {},
  seat: () => Seat = () => 0,
  lobbyCap?: number,
): Harness<S> {
  let t = 1_700_000_000_000;
  const stores = makeStores(() => t);
  const sent: Sent[] = [];
  const closed = new Set<string>();
  let ids = 0;
  const service = createRankedService({
    stores,
    gateway: {
      async send(conn, msg) {
        if (closed.has(conn)) return false;
        sent.push({ conn, msg });
        return true;
      },
      async isConnected(conn) {
        return !closed.has(conn);
      },
    },
    config: { ...DEFAULT_RANKED_CONFIG, ...config },
    now: () => t,
    randomId: () => `id${++ids}`,
    randomSeat: seat,
    allowPlayer: () => true, // the flood buckets are per process, and this clock stands still
    ...(lobbyCap !== undefined ? { lobbyCap } : {}),
  });
  const inbox = (conn: string): RankedServerMessage[] => sent.filter((s) => s.conn === conn).map((s) => s.msg);
  const lastOf = <T extends RankedServerMessage["type"]>(conn: string, type: T) =>
    inbox(conn)
      .filter((m): m is Extract<RankedServerMessage, { type: T }> => m.type === type)
      .pop();
  return {
    stores,
    service,
    sent,
    closed,
    now: () => t,
    advance(ms) {
      t += ms;
    },
    inbox,
    lastOf,
    send: (conn, msg) => service.handle(conn, msg),
    async login(conn, n, name) {
      const keys = makeDeviceKeys(new Uint8Array(32).fill(n));
      await service.handle(conn, { type: "auth.hello", playerId: keys.playerId });
      const ch = lastOf(conn, "auth.challenge");
      if (ch === undefined) throw new Error("no challenge");
      await service.handle(conn, {
        type: "auth.prove",
        signature: signChallenge(keys, ch.challenge),
        ...(name !== undefined ? { name } : {}),
      });
      return keys;
    },
  };
}
