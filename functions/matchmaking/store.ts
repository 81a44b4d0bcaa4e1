/**
 * The matchmaking domain's store: the seek queue, one item per game and player
 * (`SEEK#<game>` / `<playerId>`, or `SEEK#<game>#<n>` with `MANCALA_SEEK_PARTITIONS` above one: the
 * player's partition; functions/lib/scale.ts), expiring with the seek (TTL). A seek is claimed by deleting it on
 * its random token, so two claimants of one seek cannot both succeed.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import type { GameId } from "../../core/types.js";
import type { TimePreset } from "../../core/ranked/presets.js";
import { copyOf, isConditionFailed, stripKeys, ttlSeconds, yieldTurn } from "../lib/items.js";
import { bucketOf, readScale } from "../lib/scale.js";

export interface SeekRecord {
  readonly game: GameId;
  /** Canonical text of the normalised options: only equal keys are paired. */
  readonly optionsKey: string;
  readonly options: Readonly<Record<string, number | boolean>>;
  /** The time control (absent on seeks stored before presets: the game's default). */
  readonly preset?: TimePreset;
  /** A casual pool's seek: its games settle no rating. */
  readonly casual?: boolean;
  /** An open lobby seek (functions/lobby): listed for anyone to accept, never paired by the queue. */
  readonly open?: boolean;
  /** An open seek's rating range: only players within ± this many points may accept (null: anyone). */
  readonly range?: number | null;
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly vol: number;
  /** Rated games in this game (whether the player is established, core/ranked/settle.ts). */
  readonly games: number;
  readonly connId: string;
  readonly since: number;
  /** Random per seek: a claim deletes only the very seek it saw. */
  readonly token: string;
  readonly expiresAt: number;
}

export interface SeekStore {
  putSeek(s: SeekRecord): Promise<void>;
  listSeeks(game: GameId): Promise<SeekRecord[]>;
  getSeek(game: GameId, playerId: string): Promise<SeekRecord | null>;
  /** Deletes the seek if it is still the one with `token`; returns whether this call deleted it. */
  takeSeek(game: GameId, playerId: string, token: string): Promise<boolean>;
}

function toSeek(item: Record<string, unknown>): SeekRecord {
  const { expiresAtMs, ...rest } = stripKeys<Record<string, unknown>>(item);
  return { ...(rest as unknown as SeekRecord), expiresAt: Number(expiresAtMs) };
}

export function makeDynamoSeekStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  now: () => number = Date.now,
  partitions: number = readScale().seekPartitions,
): SeekStore {
  const T = tableName;
  const pkOf = (game: GameId, playerId: string): string =>
    partitions === 1 ? `SEEK#${game}` : `SEEK#${game}#${bucketOf(playerId, partitions)}`;
  const allOf = (game: GameId): string[] =>
    partitions === 1 ? [`SEEK#${game}`] : Array.from({ length: partitions }, (_, n) => `SEEK#${game}#${n}`);
  return {
    async putSeek(s) {
      // `expiresAt` is the table's TTL attribute (epoch seconds); the record's own ms value rides beside it.
      await db.send(
        new PutCommand({
          TableName: T,
          Item: {
            pk: pkOf(s.game, s.playerId),
            sk: s.playerId,
            ...s,
            expiresAt: ttlSeconds(s.expiresAt),
            expiresAtMs: s.expiresAt,
          },
        }),
      );
    },
    async listSeeks(game) {
      const parts = await Promise.all(
        allOf(game).map(async (pk) => {
          const out: SeekRecord[] = [];
          let start: Record<string, unknown> | undefined;
          do {
            const r = await db.send(
              new QueryCommand({
                TableName: T,
                KeyConditionExpression: "pk = :pk",
                ExpressionAttributeValues: { ":pk": pk },
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
        }),
      );
      // The order one partition gives (by player id), whatever the partitioning.
      return parts.flat().sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
    },
    async getSeek(game, playerId) {
      const r = await db.send(
        new GetCommand({ TableName: T, Key: { pk: pkOf(game, playerId), sk: playerId }, ConsistentRead: true }),
      );
      if (r.Item === undefined) return null;
      const s = toSeek(r.Item);
      return s.expiresAt > now() ? s : null;
    },
    async takeSeek(game, playerId, token) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: { pk: pkOf(game, playerId), sk: playerId },
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
  };
}

export function createMemorySeekStore(now: () => number = Date.now): SeekStore {
  const seeks = new Map<string, SeekRecord>();
  return {
    async putSeek(s) {
      await yieldTurn();
      seeks.set(`${s.game}|${s.playerId}`, copyOf(s));
    },
    async listSeeks(game) {
      await yieldTurn();
      return [...seeks.values()].filter((s) => s.game === game && s.expiresAt > now()).map(copyOf);
    },
    async getSeek(game, playerId) {
      await yieldTurn();
      const s = seeks.get(`${game}|${playerId}`);
      return s !== undefined && s.expiresAt > now() ? copyOf(s) : null;
    },
    async takeSeek(game, playerId, token) {
      await yieldTurn();
      const key = `${game}|${playerId}`;
      const s = seeks.get(key);
      if (s === undefined || s.token !== token) return false;
      seeks.delete(key);
      return true;
    },
  };
}
