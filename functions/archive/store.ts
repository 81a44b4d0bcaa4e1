/**
 * The archive's store, on the one table, with no expiry:
 * - `GAME#<id>` / `GAME`: the archived game (core/archive `ArchivedGame`);
 * - `PGAMES#<playerId>` / `<game>#<endedAt, 13 digits>#<id>`: one row per player per game, the row
 *   the player's list shows (`PlayerGameRow`: opponent, outcome, ratings before and after), so a page
 *   of a player's games is one Query, newest first, and the rating history reads the same rows;
 * - `LIVE#<game>` / `<id>`: a game in play (`LiveGame`), written when it starts and deleted when it
 *   ends, for the live list and TV; it carries a day's TTL only as a net under a lost delete.
 *
 * An archived game costs three PutItems (the game and one row per player), a live game one PutItem
 * and one DeleteItem; every one of them is idempotent (the same key, the same content), so a
 * settlement that runs twice writes the same items again.
 */
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { makeBase64Url, parseBase64Url } from "../../core/crypto/base64.js";
import { makePlayerGameRow, type ArchivedGame, type LiveGame, type PlayerGameRow } from "../../core/archive/archive.js";
import type { GameId } from "../../core/types.js";
import { getLive, stripKeys, ttlSeconds } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";
import { isLive } from "../lib/table.js";

/** How long a live entry outlives a lost delete (no clock runs this long). */
const LIVE_KEEP_MS = 24 * 3600_000;
/** The most live games one list reads. */
const LIVE_LIST_MAX = 200;

export interface ArchiveStore {
  /** Archives an ended game and files it under both players (idempotent). */
  putGame(g: ArchivedGame): Promise<void>;
  getGame(id: string): Promise<ArchivedGame | null>;
  /** A page of a player's games in one game, newest first; `cursor` from the previous page. */
  listPlayerGames(
    playerId: string,
    game: GameId,
    limit: number,
    cursor: string | null,
  ): Promise<{ rows: PlayerGameRow[]; next: string | null } | null>;
  putLive(g: LiveGame, now: number): Promise<void>;
  deleteLive(game: GameId, id: string): Promise<void>;
  listLive(game: GameId, now: number): Promise<LiveGame[]>;
}

const gameKey = (id: string): { pk: string; sk: string } => ({ pk: `${PREFIX.game}${id}`, sk: "GAME" });
const rowSort = (game: GameId, endedAt: number, id: string): string =>
  `${game}#${String(Math.max(0, Math.floor(endedAt))).padStart(13, "0")}#${id}`;

/** The cursor is the last row's sort key, base64url: stable, since a row's key never changes. */
function makeCursor(sk: string): string {
  return makeBase64Url(new TextEncoder().encode(sk));
}

/** The sort key a cursor names, if it is one this game's pages give out; null otherwise. */
function parseCursor(cursor: string, game: GameId): string | null {
  const bytes = parseBase64Url(cursor);
  if (bytes === null) return null;
  let sk: string;
  try {
    sk = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return sk.startsWith(`${game}#`) && /^[a-z-]+#\d{13}#[A-Za-z0-9_-]{1,64}$/.test(sk) ? sk : null;
}

export function makeDynamoArchiveStore(db: DynamoDBDocumentClient, tableName: string): ArchiveStore {
  return {
    async putGame(g) {
      await Promise.all([
        db.send(new PutCommand({ TableName: tableName, Item: { ...gameKey(g.id), ...g } })),
        ...([0, 1] as const).map((s) =>
          db.send(
            new PutCommand({
              TableName: tableName,
              Item: {
                pk: `${PREFIX.pgames}${g.seats[s].playerId}`,
                sk: rowSort(g.game, g.endedAt, g.id),
                ...makePlayerGameRow(g, s),
              },
            }),
          ),
        ),
      ]);
    },
    async getGame(id) {
      const k = gameKey(id);
      const item = await getLive(db, tableName, k.pk, k.sk, Date.now());
      return item === null ? null : stripKeys<ArchivedGame>(item);
    },
    async listPlayerGames(playerId, game, limit, cursor) {
      let start: Record<string, unknown> | undefined;
      if (cursor !== null) {
        const sk = parseCursor(cursor, game);
        if (sk === null) return null;
        start = { pk: `${PREFIX.pgames}${playerId}`, sk };
      }
      const r = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :p AND begins_with(sk, :g)",
          ExpressionAttributeValues: { ":p": `${PREFIX.pgames}${playerId}`, ":g": `${game}#` },
          ScanIndexForward: false,
          Limit: limit,
          ExclusiveStartKey: start,
        }),
      );
      const items = r.Items ?? [];
      const rows = items.map((i) => stripKeys<PlayerGameRow>(i));
      const last = items.at(-1);
      const next = r.LastEvaluatedKey !== undefined && last !== undefined ? makeCursor(String(last.sk)) : null;
      return { rows, next };
    },
    async putLive(g, now) {
      await db.send(
        new PutCommand({
          TableName: tableName,
          Item: { pk: `${PREFIX.live}${g.game}`, sk: g.id, ...g, expiresAt: ttlSeconds(now + LIVE_KEEP_MS) },
        }),
      );
    },
    async deleteLive(game, id) {
      await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: `${PREFIX.live}${game}`, sk: id } }));
    },
    async listLive(game, now) {
      const r = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :p",
          ExpressionAttributeValues: { ":p": `${PREFIX.live}${game}` },
          Limit: LIVE_LIST_MAX,
        }),
      );
      return (r.Items ?? []).filter((i) => isLive(i, now)).map((i) => stripKeys<LiveGame>(i));
    },
  };
}
