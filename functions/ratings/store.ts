/**
 * The ratings domain's store: one record per player and game, and the leaderboard as a sparse
 * index (gsi1) split in two partitions per game, established players and provisional ones.
 */
import { QueryCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { isProvisional } from "../../core/ratings.js";
import type { PlayerGameRecord } from "../../core/ranked/types.js";
import type { GameId } from "../../core/types.js";
import { conditionalPut, copyOf, getLive, revCondition, stripKeys, yieldTurn } from "../lib/items.js";
import { GSI1 } from "../lib/table.js";
import { PLAYER_PREFIX, boardPk, boardSortKey, gameSk, type Tier } from "./keys.js";

export type { PlayerGameRecord };

interface LeaderboardPage {
  readonly items: readonly PlayerGameRecord[];
  /** Sort key of the last item when more follow in this tier, or null at its end. */
  readonly next: string | null;
}

export interface RatingStore {
  getStats(playerId: string, game: GameId): Promise<PlayerGameRecord | null>;
  listStats(playerId: string): Promise<PlayerGameRecord[]>;
  putStats(rec: PlayerGameRecord, expectedRev: number | null): Promise<boolean>;
  /** One tier of a game's board, best first, after `cursor` (a sort key from a previous page). */
  leaderboard(game: GameId, tier: Tier, limit: number, cursor: string | null): Promise<LeaderboardPage>;
}

function tierOf(rec: PlayerGameRecord): Tier {
  return isProvisional(rec) ? "provisional" : "established";
}

export function makeDynamoRatingStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
): RatingStore {
  return {
    async getStats(playerId, game) {
      const item = await getLive(db, tableName, PLAYER_PREFIX + playerId, gameSk(game), now());
      return item === null ? null : stripKeys<PlayerGameRecord>(item);
    },
    async listStats(playerId) {
      const r = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :g)",
          ExpressionAttributeValues: { ":pk": PLAYER_PREFIX + playerId, ":g": "GAME#" },
          ConsistentRead: true,
        }),
      );
      return (r.Items ?? []).map((i) => stripKeys<PlayerGameRecord>(i));
    },
    putStats(rec, expectedRev) {
      const board = { gsi1pk: boardPk(rec.game, tierOf(rec)), gsi1sk: boardSortKey(rec.rating, rec.playerId) };
      return conditionalPut(
        db,
        tableName,
        { pk: PLAYER_PREFIX + rec.playerId, sk: gameSk(rec.game), ...rec, ...board },
        revCondition(expectedRev),
      );
    },
    async leaderboard(game, tier, limit, cursor) {
      const items: PlayerGameRecord[] = [];
      let start: Record<string, unknown> | undefined;
      // Read one past the page to know whether another page follows.
      do {
        const r = await db.send(
          new QueryCommand({
            TableName: tableName,
            IndexName: GSI1,
            KeyConditionExpression: cursor === null ? "gsi1pk = :b" : "gsi1pk = :b AND gsi1sk < :after",
            ExpressionAttributeValues: { ":b": boardPk(game, tier), ...(cursor !== null ? { ":after": cursor } : {}) },
            ScanIndexForward: false,
            Limit: limit + 1 - items.length,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of r.Items ?? []) items.push(stripKeys<PlayerGameRecord>(i));
        start = r.LastEvaluatedKey;
      } while (items.length <= limit && start !== undefined);
      const page = items.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page,
        next: items.length > limit && last !== undefined ? boardSortKey(last.rating, last.playerId) : null,
      };
    },
  };
}

export interface MemoryRatingStore extends RatingStore {
  readonly records: Map<string, PlayerGameRecord>;
}

export function createMemoryRatingStore(): MemoryRatingStore {
  const records = new Map<string, PlayerGameRecord>();
  return {
    records,
    async getStats(playerId, game) {
      await yieldTurn();
      return copyOf(records.get(`${playerId}|${game}`) ?? null);
    },
    async listStats(playerId) {
      await yieldTurn();
      return [...records.values()].filter((s) => s.playerId === playerId).map(copyOf);
    },
    async putStats(rec, expectedRev) {
      await yieldTurn();
      const key = `${rec.playerId}|${rec.game}`;
      const cur = records.get(key);
      if (expectedRev === null ? cur !== undefined : cur?.rev !== expectedRev) return false;
      records.set(key, copyOf(rec));
      return true;
    },
    async leaderboard(game, tier, limit, cursor) {
      await yieldTurn();
      const rows = [...records.values()]
        .filter((s) => s.game === game && tierOf(s) === tier)
        .map((s) => ({ s, k: boardSortKey(s.rating, s.playerId) }))
        .sort((a, b) => (a.k < b.k ? 1 : a.k > b.k ? -1 : 0))
        .filter((r) => cursor === null || r.k < cursor);
      const page = rows.slice(0, limit);
      return { items: page.map((r) => copyOf(r.s)), next: rows.length > limit ? page[page.length - 1].k : null };
    },
  };
}
