/**
 * The lobby's own items (the open seeks themselves are seek items, functions/matchmaking/store.ts):
 *
 * - the connections pushed a game's lobby changes: `LOBBYW#<game>` / `<connId>`, expiring after a
 *   connection's longest life (API Gateway closes every connection after two hours);
 * - challenges waiting for a player: `CHAL#<to>` / `<from>`, one per challenger (a new one replaces
 *   the old), expiring with the challenge. A challenge is answered by deleting it on its random id,
 *   so an accept and a cancel (or two accepts) cannot both succeed.
 */
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { GameId } from "../../core/types.js";
import type { TimePreset } from "../../core/ranked/presets.js";
import { copyOf, isConditionFailed, stripKeys, ttlSeconds, yieldTurn } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";

/** A watcher item outlives the longest connection (two hours) a little. */
const WATCHER_TTL_MS = 2 * 60 * 60_000 + 60_000;

export interface ChallengeRecord {
  readonly id: string;
  readonly from: {
    readonly playerId: string;
    readonly name: string;
    readonly rating: number;
    readonly rd: number;
    readonly vol: number;
    readonly games: number;
  };
  readonly fromConn: string;
  readonly to: { readonly playerId: string; readonly name: string };
  readonly game: GameId;
  readonly options: Readonly<Record<string, number | boolean>>;
  readonly preset: TimePreset;
  readonly casual: boolean;
  readonly rematchOf: string | null;
  /** A rematch: the seat the challenger takes (the other one than in the match it follows). */
  readonly fromSeat: 0 | 1 | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface LobbyStore {
  /** Adds a watcher unless `cap` connections watch already; returns whether it is (now) watching. */
  addWatcher(game: GameId, connId: string, cap: number, now: number): Promise<boolean>;
  removeWatcher(game: GameId, connId: string): Promise<void>;
  /** The connections watching a game's lobby (at most `cap`). */
  watchers(game: GameId, cap: number, now: number): Promise<string[]>;
  putChallenge(c: ChallengeRecord): Promise<void>;
  /** The challenges waiting for `to`, oldest first (at most `limit`). */
  challengesFor(to: string, now: number, limit: number): Promise<ChallengeRecord[]>;
  /** Deletes the challenge from `from` to `to` if it is still the one with `id`; returns it if this call did. */
  takeChallenge(to: string, from: string, id: string, now: number): Promise<ChallengeRecord | null>;
}

export function makeDynamoLobbyStore(db: DynamoDBDocumentClient, tableName: string): LobbyStore {
  const T = tableName;
  const watchPk = (game: GameId): string => `${PREFIX.lobbyWatch}${game}`;
  const chalPk = (to: string): string => `${PREFIX.challenge}${to}`;
  async function watchersOf(game: GameId, cap: number, now: number): Promise<string[]> {
    const r = await db.send(
      new QueryCommand({
        TableName: T,
        KeyConditionExpression: "pk = :pk",
        ExpressionAttributeValues: { ":pk": watchPk(game) },
        ProjectionExpression: "sk, expiresAtMs",
        Limit: cap,
      }),
    );
    return (r.Items ?? []).filter((i) => Number(i.expiresAtMs) > now).map((i) => String(i.sk));
  }
  return {
    async addWatcher(game, connId, cap, now) {
      const have = await watchersOf(game, cap, now);
      if (!have.includes(connId) && have.length >= cap) return false;
      const expiresAt = now + WATCHER_TTL_MS;
      await db.send(
        new PutCommand({
          TableName: T,
          Item: { pk: watchPk(game), sk: connId, expiresAt: ttlSeconds(expiresAt), expiresAtMs: expiresAt },
        }),
      );
      return true;
    },
    async removeWatcher(game, connId) {
      await db.send(new DeleteCommand({ TableName: T, Key: { pk: watchPk(game), sk: connId } }));
    },
    watchers: watchersOf,
    async putChallenge(c) {
      await db.send(
        new PutCommand({
          TableName: T,
          Item: {
            pk: chalPk(c.to.playerId),
            sk: c.from.playerId,
            ...c,
            expiresAt: ttlSeconds(c.expiresAt),
            expiresAtMs: c.expiresAt,
          },
        }),
      );
    },
    async challengesFor(to, now, limit) {
      const r = await db.send(
        new QueryCommand({
          TableName: T,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": chalPk(to) },
          ConsistentRead: true,
          Limit: limit,
        }),
      );
      return (r.Items ?? [])
        .map(toChallenge)
        .filter((c) => c.expiresAt > now)
        .sort((a, b) => a.createdAt - b.createdAt);
    },
    async takeChallenge(to, from, id, now) {
      try {
        const r = await db.send(
          new DeleteCommand({
            TableName: T,
            Key: { pk: chalPk(to), sk: from },
            ConditionExpression: "#id = :id",
            ExpressionAttributeNames: { "#id": "id" },
            ExpressionAttributeValues: { ":id": id },
            ReturnValues: "ALL_OLD",
          }),
        );
        if (r.Attributes === undefined) return null;
        const c = toChallenge(r.Attributes);
        return c.expiresAt > now ? c : null;
      } catch (e) {
        if (isConditionFailed(e)) return null;
        throw e;
      }
    },
  };
}

function toChallenge(item: Record<string, unknown>): ChallengeRecord {
  const { expiresAtMs, ...rest } = stripKeys<Record<string, unknown>>(item);
  return { ...(rest as unknown as ChallengeRecord), expiresAt: Number(expiresAtMs) };
}

export function createMemoryLobbyStore(): LobbyStore {
  const watchers = new Map<GameId, Map<string, number>>();
  const challenges = new Map<string, ChallengeRecord>();
  const live = (game: GameId, now: number): string[] =>
    [...(watchers.get(game) ?? new Map<string, number>())].filter(([, exp]) => exp > now).map(([c]) => c);
  return {
    async addWatcher(game, connId, cap, now) {
      await yieldTurn();
      const have = live(game, now);
      if (!have.includes(connId) && have.length >= cap) return false;
      const m = watchers.get(game) ?? new Map<string, number>();
      m.set(connId, now + WATCHER_TTL_MS);
      watchers.set(game, m);
      return true;
    },
    async removeWatcher(game, connId) {
      await yieldTurn();
      watchers.get(game)?.delete(connId);
    },
    async watchers(game, cap, now) {
      await yieldTurn();
      return live(game, now).slice(0, cap);
    },
    async putChallenge(c) {
      await yieldTurn();
      challenges.set(`${c.to.playerId}|${c.from.playerId}`, copyOf(c));
    },
    async challengesFor(to, now, limit) {
      await yieldTurn();
      return [...challenges.values()]
        .filter((c) => c.to.playerId === to && c.expiresAt > now)
        .sort((a, b) => a.createdAt - b.createdAt)
        .slice(0, limit)
        .map(copyOf);
    },
    async takeChallenge(to, from, id, now) {
      await yieldTurn();
      const key = `${to}|${from}`;
      const c = challenges.get(key);
      if (c === undefined || c.id !== id) return null;
      challenges.delete(key);
      return c.expiresAt > now ? copyOf(c) : null;
    },
  };
}
