/**
 * The tournaments' items on the one table. A tournament is one partition, `TOUR#<id>`: its settings
 * and state (`META`, guarded by `rev`), one item per entrant (`P#<playerId>`), per Swiss board
 * (`B#<round>#<board>`) and per arena game (`G#<matchId>`), so a result writes one small item and
 * the whole tournament is one Query. A private tournament's code is `TCODE#<code>`; the tournaments
 * the timer watches are listed under `TACTIVE#all`.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import type { TourSettings, TourStatus } from "../../core/protocol/tournament.js";
import type { Board } from "../../core/tournament/types.js";
import type { ArenaGame } from "../../core/tournament/arena.js";
import { conditionalPut, revCondition, stripKeys } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";

export interface TourMeta extends TourSettings {
  readonly status: TourStatus;
  /** Swiss: the round paired last (0 before the first). */
  readonly round: number;
  readonly players: number;
  /** A private tournament's code (never shown but to the organiser). */
  readonly code: string | null;
  readonly createdAt: number;
  readonly rev: number;
}

export interface EntrantItem {
  readonly playerId: string;
  readonly name: string;
  readonly rating: number;
  readonly joinedAt: number;
  readonly withdrawn: boolean;
  /** The connection to tell about pairings (the latest that joined or synced). */
  readonly connId: string | null;
  /** Arena: the match being played, null when free. */
  readonly busy: string | null;
  /** Arena: the last opponent (never paired again at once). */
  readonly last: string | null;
  /** Arena: games played first minus second. */
  readonly firstBalance: number;
  readonly rev: number;
}

export interface BoardItem extends Board {
  readonly matchId: string | null;
  /** The result was entered by the organiser (over the board, or a correction): a later end of the match does not change it. */
  readonly entered: boolean;
}

export interface TournamentItems {
  readonly meta: TourMeta;
  readonly entrants: readonly EntrantItem[];
  readonly boards: readonly BoardItem[];
  readonly games: readonly ArenaGame[];
}

/** A public tournament's line in the list (`GET /api/tournaments`). */
export type ListedTournament = Pick<
  TourMeta,
  "id" | "kind" | "name" | "game" | "preset" | "startsAt" | "endsAt" | "rounds" | "status"
>;

export interface TournamentStore {
  get(id: string): Promise<TourMeta | null>;
  /** Everything of one tournament: one Query (paged). */
  all(id: string): Promise<TournamentItems | null>;
  putMeta(m: TourMeta, expectedRev: number | null): Promise<boolean>;
  getEntrant(id: string, playerId: string): Promise<EntrantItem | null>;
  putEntrant(id: string, e: EntrantItem, expectedRev: number | null): Promise<boolean>;
  /** Writes a board; `fresh`: only if it does not exist yet. */
  putBoard(id: string, b: BoardItem, fresh: boolean): Promise<boolean>;
  putGame(id: string, g: ArenaGame): Promise<void>;
  codeOf(code: string): Promise<string | null>;
  claimCode(code: string, id: string): Promise<boolean>;
  active(): Promise<string[]>;
  /** Files (or refiles) a public tournament in the list. */
  list(t: ListedTournament): Promise<void>;
  /** The latest public tournaments by start, newest first. */
  listed(limit: number): Promise<ListedTournament[]>;
  setActive(id: string, on: boolean): Promise<void>;
}

const pad = (n: number, w: number): string => String(n).padStart(w, "0");
const boardSk = (round: number, board: number): string => `B#${pad(round, 2)}#${pad(board, 3)}`;
const ACTIVE = `${PREFIX.tactive}all`;
const LIST = `${PREFIX.tlist}public`;

export function makeDynamoTournamentStore(db: DynamoDBDocumentClient, tableName: string): TournamentStore {
  const pk = (id: string): string => PREFIX.tour + id;
  return {
    async get(id) {
      const r = await db.send(
        new GetCommand({ TableName: tableName, Key: { pk: pk(id), sk: "META" }, ConsistentRead: true }),
      );
      return r.Item === undefined ? null : stripKeys<TourMeta>(r.Item);
    },
    async all(id) {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const r = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: "pk = :pk",
            ExpressionAttributeValues: { ":pk": pk(id) },
            ConsistentRead: true,
            ...(start !== undefined ? { ExclusiveStartKey: start } : {}),
          }),
        );
        items.push(...(r.Items ?? []));
        start = r.LastEvaluatedKey;
      } while (start !== undefined);
      const meta = items.find((x) => x.sk === "META");
      if (meta === undefined) return null;
      const of = (p: string) => items.filter((x) => String(x.sk).startsWith(p));
      return {
        meta: stripKeys<TourMeta>(meta),
        entrants: of("P#").map((x) => stripKeys<EntrantItem>(x)),
        boards: of("B#").map((x) => stripKeys<BoardItem>(x)),
        games: of("G#").map((x) => stripKeys<ArenaGame>(x)),
      };
    },
    putMeta: (m, expectedRev) =>
      conditionalPut(db, tableName, { pk: pk(m.id), sk: "META", ...m }, revCondition(expectedRev)),
    async getEntrant(id, playerId) {
      const r = await db.send(
        new GetCommand({ TableName: tableName, Key: { pk: pk(id), sk: `P#${playerId}` }, ConsistentRead: true }),
      );
      return r.Item === undefined ? null : stripKeys<EntrantItem>(r.Item);
    },
    putEntrant: (id, e, expectedRev) =>
      conditionalPut(db, tableName, { pk: pk(id), sk: `P#${e.playerId}`, ...e }, revCondition(expectedRev)),
    putBoard: (id, b, fresh) =>
      conditionalPut(
        db,
        tableName,
        { pk: pk(id), sk: boardSk(b.round, b.board), ...b },
        fresh ? revCondition(null) : {},
      ),
    async putGame(id, g) {
      await db.send(new PutCommand({ TableName: tableName, Item: { pk: pk(id), sk: `G#${g.id}`, ...g } }));
    },
    async codeOf(code) {
      const r = await db.send(new GetCommand({ TableName: tableName, Key: { pk: PREFIX.tcode + code, sk: "T" } }));
      return typeof r.Item?.id === "string" ? r.Item.id : null;
    },
    claimCode: (code, id) =>
      conditionalPut(db, tableName, { pk: PREFIX.tcode + code, sk: "T", id }, revCondition(null)),
    async active() {
      const r = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": ACTIVE },
        }),
      );
      return (r.Items ?? []).map((x) => String(x.sk));
    },
    async list(t) {
      await db.send(
        new PutCommand({ TableName: tableName, Item: { pk: LIST, sk: `${pad(t.startsAt, 15)}#${t.id}`, ...t } }),
      );
    },
    async listed(limit) {
      const r = await db.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: "pk = :pk",
          ExpressionAttributeValues: { ":pk": LIST },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (r.Items ?? []).map((x) => stripKeys<ListedTournament>(x));
    },
    async setActive(id, on) {
      if (on) await db.send(new PutCommand({ TableName: tableName, Item: { pk: ACTIVE, sk: id } }));
      else await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: ACTIVE, sk: id } }));
    },
  };
}
