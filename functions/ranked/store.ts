/**
 * `RankedStore` on the single DynamoDB table (keys in ./keys.ts), with single-item conditional writes
 * only: GetItem, PutItem, UpdateItem, DeleteItem and Query, so the same code runs on dynalite.
 *
 * A connection's ranked identity lives on the connection item the realtime layer already keeps
 * (`CONN#<id>`), as extra attributes: it goes away with the connection.
 */
import {
  DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { isProvisional } from "../../core/ratings.js";
import type { GameId } from "../../core/types.js";
import { isConditionFailed } from "../lib/connections.js";
import { GSI1, isLive, nowSeconds } from "../lib/table.js";
import { PLAYER_PREFIX, PROFILE_SK, boardPk, boardSortKey, gameSk } from "./keys.js";
import type {
  ConnAuth, LeaderboardPage, MatchRecord, PlayerGameRecord, Profile, RankedStore, SeekRecord, SuggestionRecord,
} from "./types.js";

const KEY_ATTRS = ["pk", "sk", "gsi1pk", "gsi1sk", "expiresAt"];

function strip<T>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!KEY_ATTRS.includes(k)) out[k] = v;
  return out as T;
}

function toSeek(item: Record<string, unknown>): SeekRecord {
  const { expiresAtMs, ...rest } = strip<Record<string, unknown>>(item);
  return { ...(rest as unknown as SeekRecord), expiresAt: Number(expiresAtMs) };
}

/** Epoch seconds for DynamoDB's TTL attribute, from epoch ms. */
function ttl(ms: number): number {
  return Math.ceil(ms / 1000);
}

const REV_CONDITION = (expected: number | null) =>
  expected === null
    ? { ConditionExpression: "attribute_not_exists(pk)" }
    : { ConditionExpression: "#rev = :rev", ExpressionAttributeNames: { "#rev": "rev" }, ExpressionAttributeValues: { ":rev": expected } };

export function makeDynamoRankedStore(db: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): RankedStore {
  const T = tableName;

  async function conditionalPut(item: Record<string, unknown>, cond: Record<string, unknown>): Promise<boolean> {
    try {
      await db.send(new PutCommand({ TableName: T, Item: item, ...cond }));
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }

  async function get(pk: string, sk: string): Promise<Record<string, unknown> | null> {
    const r = await db.send(new GetCommand({ TableName: T, Key: { pk, sk }, ConsistentRead: true }));
    return r.Item !== undefined && isLive(r.Item, now()) ? r.Item : null;
  }

  const connKey = (connId: string) => ({ pk: `CONN#${connId}`, sk: "CONN" });

  return {
    async getAuth(connId) {
      const item = await get(connKey(connId).pk, "CONN");
      if (item === null) return null;
      const exp = typeof item.rankedChallengeExp === "number" ? item.rankedChallengeExp : 0;
      const challengeLive = exp > now();
      const playerId = typeof item.rankedPlayer === "string" ? item.rankedPlayer : null;
      const challenge = challengeLive && typeof item.rankedChallenge === "string" ? item.rankedChallenge : null;
      const challengeFor = challengeLive && typeof item.rankedChallengeFor === "string" ? item.rankedChallengeFor : null;
      if (playerId === null && challenge === null) return null;
      return { connId, playerId, challenge, challengeFor, expiresAt: Math.max(exp, now() + 1) };
    },
    async putAuth(rec: ConnAuth) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: T,
            Key: connKey(rec.connId),
            UpdateExpression: "SET rankedPlayer = :p, rankedChallenge = :c, rankedChallengeFor = :f, rankedChallengeExp = :e",
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeValues: { ":p": rec.playerId, ":c": rec.challenge, ":f": rec.challengeFor, ":e": rec.expiresAt },
          }),
        );
      } catch (e) {
        // The connection is already gone: nothing to remember for it.
        if (!isConditionFailed(e)) throw e;
      }
    },
    async deleteAuth(connId) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: T,
            Key: connKey(connId),
            UpdateExpression: "REMOVE rankedPlayer, rankedChallenge, rankedChallengeFor, rankedChallengeExp",
            ConditionExpression: "attribute_exists(pk)",
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },

    async getProfile(playerId) {
      const item = await get(PLAYER_PREFIX + playerId, PROFILE_SK);
      return item === null ? null : strip<Profile>(item);
    },
    putProfile(p, expectedRev) {
      return conditionalPut({ pk: PLAYER_PREFIX + p.playerId, sk: PROFILE_SK, ...p }, REV_CONDITION(expectedRev));
    },

    claimName(skeleton, playerId) {
      return conditionalPut(
        { pk: `NAME#${skeleton}`, sk: "NAME", playerId, claimedAt: now() },
        { ConditionExpression: "attribute_not_exists(pk) OR playerId = :me", ExpressionAttributeValues: { ":me": playerId } },
      );
    },
    async releaseName(skeleton, playerId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: { pk: `NAME#${skeleton}`, sk: "NAME" },
            ConditionExpression: "playerId = :me",
            ExpressionAttributeValues: { ":me": playerId },
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },

    async getStats(playerId, game) {
      const item = await get(PLAYER_PREFIX + playerId, gameSk(game));
      return item === null ? null : strip<PlayerGameRecord>(item);
    },
    async listStats(playerId) {
      const r = await db.send(
        new QueryCommand({
          TableName: T,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :g)",
          ExpressionAttributeValues: { ":pk": PLAYER_PREFIX + playerId, ":g": "GAME#" },
          ConsistentRead: true,
        }),
      );
      return (r.Items ?? []).map((i) => strip<PlayerGameRecord>(i));
    },
    putStats(rec, expectedRev) {
      // Sparse leaderboard index: only players past the provisional period carry the GSI keys.
      const board = isProvisional(rec) ? {} : { gsi1pk: boardPk(rec.game), gsi1sk: boardSortKey(rec.rating, rec.playerId) };
      return conditionalPut({ pk: PLAYER_PREFIX + rec.playerId, sk: gameSk(rec.game), ...rec, ...board }, REV_CONDITION(expectedRev));
    },
    async leaderboard(game: GameId, limit: number, cursor: string | null): Promise<LeaderboardPage> {
      const items: PlayerGameRecord[] = [];
      let start: Record<string, unknown> | undefined;
      // Read one past the page to know whether another page follows.
      do {
        const r = await db.send(
          new QueryCommand({
            TableName: T,
            IndexName: GSI1,
            KeyConditionExpression: cursor === null ? "gsi1pk = :b" : "gsi1pk = :b AND gsi1sk < :after",
            ExpressionAttributeValues: { ":b": boardPk(game), ...(cursor !== null ? { ":after": cursor } : {}) },
            ScanIndexForward: false,
            Limit: limit + 1 - items.length,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of r.Items ?? []) items.push(strip<PlayerGameRecord>(i));
        start = r.LastEvaluatedKey;
      } while (items.length <= limit && start !== undefined);
      const page = items.slice(0, limit);
      const next = items.length > limit && page.length > 0 ? boardSortKey(page[page.length - 1].rating, page[page.length - 1].playerId) : null;
      return { items: page, next };
    },

    async putSeek(s) {
      // `expiresAt` is the table's TTL attribute (epoch seconds); the record's own ms value rides beside it.
      await db.send(
        new PutCommand({ TableName: T, Item: { pk: `SEEK#${s.game}`, sk: s.playerId, ...s, expiresAt: ttl(s.expiresAt), expiresAtMs: s.expiresAt } }),
      );
    },
    async listSeeks(game) {
      const out: SeekRecord[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const r = await db.send(
          new QueryCommand({
            TableName: T,
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": `SEEK#${game}` },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of r.Items ?? []) {
          const s = toSeek(i);
          if (s.expiresAt > now()) out.push(s);
        }
        start = r.LastEvaluatedKey;
      } while (start !== undefined);
      return out;
    },
    async getSeek(game, playerId) {
      const r = await db.send(new GetCommand({ TableName: T, Key: { pk: `SEEK#${game}`, sk: playerId }, ConsistentRead: true }));
      if (r.Item === undefined) return null;
      const s = toSeek(r.Item);
      return s.expiresAt > now() ? s : null;
    },
    async takeSeek(game, playerId, token) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: { pk: `SEEK#${game}`, sk: playerId },
            ConditionExpression: "#t = :t",
            ExpressionAttributeNames: { "#t": "token" },
            ExpressionAttributeValues: { ":t": token },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },

    async getMatch(id) {
      const item = await get(`MATCH#${id}`, "MATCH");
      return item === null ? null : strip<MatchRecord>(item);
    },
    putMatch(m, expectedRev) {
      return conditionalPut({ pk: `MATCH#${m.id}`, sk: "MATCH", ...m }, REV_CONDITION(expectedRev));
    },
    async listActive() {
      const out: string[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const r = await db.send(
          new QueryCommand({
            TableName: T,
            KeyConditionExpression: "pk = :pk AND begins_with(sk, :a)",
            ExpressionAttributeValues: { ":pk": "RANKED", ":a": "ACTIVE#" },
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of r.Items ?? []) out.push(String(i.sk).slice("ACTIVE#".length));
        start = r.LastEvaluatedKey;
      } while (start !== undefined);
      return out;
    },
    async addActive(id) {
      await db.send(new PutCommand({ TableName: T, Item: { pk: "RANKED", sk: `ACTIVE#${id}`, since: now() } }));
    },
    async removeActive(id) {
      await db.send(new DeleteCommand({ TableName: T, Key: { pk: "RANKED", sk: `ACTIVE#${id}` } }));
    },

    async bump(key, windowMs, at) {
      const win = Math.floor(at / windowMs);
      const r = await db.send(
        new UpdateCommand({
          TableName: T,
          Key: { pk: `RATE#${key}`, sk: String(win) },
          UpdateExpression: "ADD n :one SET expiresAt = :exp",
          ExpressionAttributeValues: { ":one": 1, ":exp": nowSeconds((win + 2) * windowMs) },
          ReturnValues: "ALL_NEW",
        }),
      );
      return Number(r.Attributes?.n ?? 1);
    },
    async putSuggestion(s: SuggestionRecord) {
      const day = new Date(s.createdAt).toISOString().slice(0, 10);
      await db.send(new PutCommand({ TableName: T, Item: { pk: `SUGGESTION#${day}`, sk: `${s.createdAt}#${s.id}`, ...s } }));
    },
  };
}
