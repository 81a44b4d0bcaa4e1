/**
 * The push domain's store: one partition per player (`PUSH#<playerId>`) holding one item per
 * subscribed device (`SUB#<id>`, the id a hash of the endpoint, so the same device subscribing
 * again replaces its item) and the player's mutes (`MUTE`). A notification reads the whole
 * partition in one Query: at most the device cap plus one item.
 *
 * Retention (TTL `expiresAt`): a device expires 180 days after it last subscribed (the client renews
 * its subscription at every start, docs/push.md), so a phone thrown away stops costing a post; the
 * mutes live as long as the longest-lived device would.
 */
import { createHash } from "node:crypto";
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { PushLang } from "../../core/protocol/push.js";
import { copyOf, stripKeys, ttlSeconds, yieldTurn } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";
import { isLive } from "../lib/table.js";

/** How long a device's subscription is kept after its latest `push.subscribe`. */
const SUBSCRIPTION_KEEP_MS = 180 * 24 * 3600_000;

export interface StoredSubscription {
  readonly playerId: string;
  /** The endpoint's hash (base64url): the item's sort key. */
  readonly id: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly lang: PushLang;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface Mutes {
  /** Every game muted. */
  readonly all: boolean;
  /** Games muted one by one, newest last (capped, functions/push/push.ts). */
  readonly matches: readonly string[];
}

export const NO_MUTES: Mutes = { all: false, matches: [] };

export interface PushStore {
  /** The player's devices and mutes: one Query. */
  list(playerId: string): Promise<{ readonly subscriptions: readonly StoredSubscription[]; readonly mutes: Mutes }>;
  put(s: StoredSubscription): Promise<void>;
  remove(playerId: string, id: string): Promise<void>;
  putMutes(playerId: string, m: Mutes): Promise<void>;
}

/** The id of an endpoint: 16 bytes of its SHA-256, base64url. */
export function endpointId(endpoint: string): string {
  return createHash("sha256").update(endpoint).digest().subarray(0, 16).toString("base64url");
}

const SUB = "SUB#";
const MUTE = "MUTE";

export function makeDynamoPushStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
): PushStore {
  const pk = (playerId: string): string => `${PREFIX.push}${playerId}`;
  return {
    async list(playerId) {
      const r = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": pk(playerId) },
          ConsistentRead: true,
        }),
      );
      const items = (r.Items ?? []).filter((i) => isLive(i, now()));
      const subscriptions = items
        .filter((i) => String(i.sk).startsWith(SUB))
        .map((i) => stripKeys<StoredSubscription>(i));
      const m = items.find((i) => i.sk === MUTE);
      const mutes: Mutes = m === undefined ? NO_MUTES : { all: m.all === true, matches: (m.matches as string[]) ?? [] };
      return { subscriptions, mutes };
    },
    async put(s) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: pk(s.playerId), sk: SUB + s.id, ...s, expiresAt: ttlSeconds(s.updatedAt + SUBSCRIPTION_KEEP_MS) },
        }),
      );
    },
    async remove(playerId, id) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: pk(playerId), sk: SUB + id } }));
    },
    async putMutes(playerId, m) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            pk: pk(playerId),
            sk: MUTE,
            all: m.all,
            matches: [...m.matches],
            expiresAt: ttlSeconds(now() + SUBSCRIPTION_KEEP_MS),
          },
        }),
      );
    },
  };
}

/** The in-memory twin (unit tests). */
export function createMemoryPushStore(): PushStore {
  const subs = new Map<string, Map<string, StoredSubscription>>();
  const mutes = new Map<string, Mutes>();
  const of = (playerId: string): Map<string, StoredSubscription> => {
    let m = subs.get(playerId);
    if (m === undefined) subs.set(playerId, (m = new Map()));
    return m;
  };
  return {
    async list(playerId) {
      await yieldTurn();
      return { subscriptions: [...of(playerId).values()].map(copyOf), mutes: copyOf(mutes.get(playerId) ?? NO_MUTES) };
    },
    async put(s) {
      await yieldTurn();
      of(s.playerId).set(s.id, copyOf(s));
    },
    async remove(playerId, id) {
      await yieldTurn();
      of(playerId).delete(id);
    },
    async putMutes(playerId, m) {
      await yieldTurn();
      mutes.set(playerId, copyOf(m));
    },
  };
}
