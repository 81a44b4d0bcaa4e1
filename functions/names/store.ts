/**
 * The names domain's store: one claim per look-alike skeleton (`NAME#<skeleton>` / `NAME`), owned by
 * one player while it is live. A claim stays live for 90 days after its owner's latest rated game
 * (or the claim itself), and its item expires then (TTL), so a lapsed name blocks nobody.
 */
import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { conditionalPut, isConditionFailed, ttlSeconds, yieldTurn } from "../lib/items.js";

interface NameClaim {
  readonly playerId: string;
  readonly claimedAt: number;
  /** Epoch ms until which nobody else may claim a look-alike. */
  readonly liveUntil: number;
}

export interface NameStore {
  /** Claims `skeleton` for `playerId` until `liveUntil`: succeeds if free, lapsed or already theirs. */
  claim(skeleton: string, playerId: string, now: number, liveUntil: number): Promise<boolean>;
  release(skeleton: string, playerId: string): Promise<void>;
  /** Extends the player's own claim (after a rated game); false if it is no longer theirs. */
  renew(skeleton: string, playerId: string, liveUntil: number): Promise<boolean>;
  /** Whether the player holds a live claim on `skeleton` at `now`. */
  holds(skeleton: string, playerId: string, now: number): Promise<boolean>;
  /** The player holding a live claim on `skeleton` at `now`, or null. */
  ownerOf(skeleton: string, now: number): Promise<string | null>;
}

const key = (skeleton: string) => ({ pk: `NAME#${skeleton}`, sk: "NAME" });

/** How long a claim without `liveUntil` (written before claims lapsed) stays live after `claimedAt`. */
const LEGACY_LIVE_MS = 90 * 24 * 3600_000;

export function makeDynamoNameStore(db: DynamoDBDocumentClient, tableName: string): NameStore {
  return {
    claim(skeleton, playerId, now, liveUntil) {
      return conditionalPut(
        db,
        tableName,
        { ...key(skeleton), playerId, claimedAt: now, liveUntil, expiresAt: ttlSeconds(liveUntil) },
        {
          // A claim written before claims lapsed has no `liveUntil`: it counts as live for 90 days from its claim.
          ConditionExpression:
            "attribute_not_exists(pk) OR playerId = :me OR liveUntil < :now OR (attribute_not_exists(liveUntil) AND claimedAt < :cutoff)",
          ExpressionAttributeValues: { ":me": playerId, ":now": now, ":cutoff": now - LEGACY_LIVE_MS },
        },
      );
    },
    async release(skeleton, playerId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: tableName,
            Key: key(skeleton),
            ConditionExpression: "playerId = :me",
            ExpressionAttributeValues: { ":me": playerId },
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },
    async renew(skeleton, playerId, liveUntil) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(skeleton),
            UpdateExpression: "SET liveUntil = :u, expiresAt = :e",
            // Never shortens a claim (a settlement run again later carries an older end).
            ConditionExpression: "playerId = :me AND (attribute_not_exists(liveUntil) OR liveUntil <= :u)",
            ExpressionAttributeValues: { ":me": playerId, ":u": liveUntil, ":e": ttlSeconds(liveUntil) },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async holds(skeleton, playerId, now) {
      return (await ownerOf(skeleton, now)) === playerId;
    },
    ownerOf,
  };

  async function ownerOf(skeleton: string, now: number): Promise<string | null> {
    const r = await db.send(new GetCommand({ TableName: tableName, Key: key(skeleton), ConsistentRead: true }));
    const c = r.Item;
    if (c === undefined) return null;
    const liveUntil = typeof c.liveUntil === "number" ? c.liveUntil : Number(c.claimedAt) + LEGACY_LIVE_MS;
    return liveUntil >= now ? String(c.playerId) : null;
  }
}

export interface MemoryNameStore extends NameStore {
  readonly claims: Map<string, NameClaim>;
}

export function createMemoryNameStore(): MemoryNameStore {
  const claims = new Map<string, NameClaim>();
  return {
    claims,
    async claim(skeleton, playerId, now, liveUntil) {
      await yieldTurn();
      const c = claims.get(skeleton);
      if (c !== undefined && c.playerId !== playerId && c.liveUntil >= now) return false;
      claims.set(skeleton, { playerId, claimedAt: now, liveUntil });
      return true;
    },
    async release(skeleton, playerId) {
      await yieldTurn();
      if (claims.get(skeleton)?.playerId === playerId) claims.delete(skeleton);
    },
    async renew(skeleton, playerId, liveUntil) {
      await yieldTurn();
      const c = claims.get(skeleton);
      if (c === undefined || c.playerId !== playerId || c.liveUntil > liveUntil) return false;
      claims.set(skeleton, { ...c, liveUntil });
      return true;
    },
    async holds(skeleton, playerId, now) {
      await yieldTurn();
      const c = claims.get(skeleton);
      return c !== undefined && c.playerId === playerId && c.liveUntil >= now;
    },
    async ownerOf(skeleton, now) {
      await yieldTurn();
      const c = claims.get(skeleton);
      return c !== undefined && c.liveUntil >= now ? c.playerId : null;
    },
  };
}
