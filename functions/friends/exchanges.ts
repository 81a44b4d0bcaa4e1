/**
 * Key exchanges (join requests): one item per exchange under its room (`ROOM#<roomId>` /
 * `REQ#<reqId>`). Each step must follow the one before within JOIN_STEP_MS (`due`), or the
 * exchange lapses; a lapsed item is swept an hour after its last step. Each step is one conditional
 * update on the step before it.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import { JOIN_APPROVAL_MS, JOIN_REQUEST_TTL_SECONDS, JOIN_STEP_MS } from "../../core/protocol/friend.js";
import { copyOf, isConditionFailed, yieldTurn } from "../lib/items.js";
import { isLive, nowSeconds } from "../lib/table.js";
import { roomPk } from "./rooms.js";

/** A guest's key exchange: open (`hello`), then confirmed by the guest, verified by the owner. */
export interface JoinRequest {
  readonly reqId: string;
  readonly roomId: string;
  readonly connectionId: string;
  /** The guest's CPace session id and first message (public). */
  readonly sid: string;
  readonly msg: string;
  readonly at: number;
  /** The exchange lapses unless its next step comes before this (epoch ms). */
  readonly due: number;
  /** The guest's network (its knock turn on `loc`). */
  readonly address?: string;
  /** The owner's device answered the hello (`join.reply`): only then may the guest confirm. */
  readonly replied?: boolean;
  /** Set by the guest's `join.confirm`: the hash of its seat secret and its sealed request. */
  readonly secretHash?: string;
  readonly request?: string;
  /** The owner found the guest's confirmation tag right. */
  readonly verified?: boolean;
  /** The locator whose guess slot this exchange holds. */
  readonly loc?: number;
}

export interface ExchangeStore {
  put(req: JoinRequest, now: number): Promise<void>;
  /** An exchange that has not lapsed. */
  get(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
  /** The exchanges that have not lapsed, oldest first. */
  listOpen(roomId: string, now: number): Promise<JoinRequest[]>;
  /** Exchanges whose next step did not come in time and that nobody ended yet. */
  listLapsed(roomId: string, now: number): Promise<JoinRequest[]>;
  /** Deletes an exchange and returns it as it was (once: null when already gone). */
  end(roomId: string, reqId: string): Promise<JoinRequest | null>;
  /** The owner's device answered the hello; null when the exchange is gone or lapsed. */
  reply(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
  /** Records the guest's confirmation (the hash of its seat secret) once the owner replied; null otherwise. */
  confirm(roomId: string, reqId: string, secretHash: string, now: number): Promise<JoinRequest | null>;
  /** Records the guest's sealed request once the exchange is verified (once); null otherwise. */
  name(roomId: string, reqId: string, request: string, now: number): Promise<JoinRequest | null>;
  /** Marks a confirmed exchange verified by the owner; null when it is gone, lapsed or not confirmed. */
  verify(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
}

const reqSk = (id: string) => `REQ#${id}`;
const toRequest = (item: Record<string, unknown>): JoinRequest => ({
  ...(item as unknown as JoinRequest),
  due: Number(item.due ?? 0),
});
const stepLive = (item: Record<string, unknown>, now: number): boolean =>
  isLive(item, now) && Number(item.due ?? 0) >= now;

export function makeDynamoExchangeStore(db: DynamoDBDocumentClient, tableName: string): ExchangeStore {
  const T = tableName;
  const key = (roomId: string, reqId: string) => ({ pk: roomPk(roomId), sk: reqSk(reqId) });

  /** One conditional update of an exchange that has not lapsed, moving its deadline to `due`. */
  async function step(
    roomId: string,
    reqId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
    now: number,
    due: number,
    names?: Record<string, string>,
  ): Promise<JoinRequest | null> {
    try {
      const r = await db.send(
        new UpdateCommand({
          TableName: T,
          Key: key(roomId, reqId),
          UpdateExpression: expr.startsWith("SET ")
            ? expr.replace("SET ", "SET due = :due, ")
            : `SET due = :due ${expr}`,
          ConditionExpression: `${cond} AND due >= :now`,
          ...(names !== undefined ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: { ...values, ":due": due, ":now": now },
          ReturnValues: "ALL_NEW",
        }),
      );
      return r.Attributes === undefined ? null : toRequest(r.Attributes);
    } catch (e) {
      if (isConditionFailed(e)) return null;
      throw e;
    }
  }

  async function query(roomId: string, now: number, live: boolean): Promise<JoinRequest[]> {
    const out: JoinRequest[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const r = await db.send(
        new QueryCommand({
          TableName: T,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :req)",
          ExpressionAttributeValues: { ":pk": roomPk(roomId), ":req": "REQ#" },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      for (const it of r.Items ?? []) if (stepLive(it, now) === live) out.push(toRequest(it));
      start = r.LastEvaluatedKey;
    } while (start !== undefined);
    return out.sort((a, b) => a.at - b.at);
  }

  return {
    async put(req, now) {
      await db.send(
        new PutCommand({
          TableName: T,
          Item: { ...key(req.roomId, req.reqId), ...req, expiresAt: nowSeconds(now) + JOIN_REQUEST_TTL_SECONDS },
        }),
      );
    },
    async get(roomId, reqId, now) {
      const r = await db.send(new GetCommand({ TableName: T, Key: key(roomId, reqId), ConsistentRead: true }));
      return r.Item !== undefined && stepLive(r.Item, now) ? toRequest(r.Item) : null;
    },
    listOpen: (roomId, now) => query(roomId, now, true),
    listLapsed: (roomId, now) => query(roomId, now, false),
    async end(roomId, reqId) {
      try {
        const r = await db.send(
          new DeleteCommand({
            TableName: T,
            Key: key(roomId, reqId),
            ConditionExpression: "attribute_exists(pk)",
            ReturnValues: "ALL_OLD",
          }),
        );
        return r.Attributes === undefined ? null : toRequest(r.Attributes);
      } catch (e) {
        if (isConditionFailed(e)) return null;
        throw e;
      }
    },
    reply: (roomId, reqId, now) =>
      step(
        roomId,
        reqId,
        "SET replied = :t",
        "attribute_exists(pk) AND attribute_not_exists(secretHash)",
        { ":t": true },
        now,
        now + JOIN_STEP_MS,
      ),
    confirm: (roomId, reqId, secretHash, now) =>
      step(
        roomId,
        reqId,
        "SET secretHash = :h REMOVE verified",
        "replied = :t AND attribute_not_exists(secretHash)",
        { ":h": secretHash, ":t": true },
        now,
        now + JOIN_STEP_MS,
      ),
    name: (roomId, reqId, request, now) =>
      step(
        roomId,
        reqId,
        "SET #req = :q",
        "verified = :t AND attribute_not_exists(#req)",
        { ":q": request, ":t": true },
        now,
        now + JOIN_APPROVAL_MS,
        { "#req": "request" },
      ),
    verify: (roomId, reqId, now) =>
      step(
        roomId,
        reqId,
        "SET verified = :t",
        "attribute_exists(secretHash) AND attribute_not_exists(verified)",
        { ":t": true },
        now,
        now + JOIN_STEP_MS,
      ),
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The in-memory twin: the same rules, each write one step after a turn of the event loop. */
export function createMemoryExchangeStore(): ExchangeStore {
  const requests = new Map<string, Map<string, Mutable<JoinRequest>>>();
  const of = (roomId: string): Map<string, Mutable<JoinRequest>> => {
    let m = requests.get(roomId);
    if (m === undefined) requests.set(roomId, (m = new Map()));
    return m;
  };
  async function step(
    roomId: string,
    reqId: string,
    now: number,
    due: number,
    ok: (r: JoinRequest) => boolean,
    apply: (r: Mutable<JoinRequest>) => void,
  ): Promise<JoinRequest | null> {
    await yieldTurn();
    const r = of(roomId).get(reqId);
    if (r === undefined || r.due < now || !ok(r)) return null;
    apply(r);
    r.due = due;
    return copyOf(r);
  }
  return {
    async put(req) {
      await yieldTurn();
      of(req.roomId).set(req.reqId, copyOf(req) as Mutable<JoinRequest>);
    },
    async get(roomId, reqId, now) {
      await yieldTurn();
      const r = of(roomId).get(reqId);
      return r !== undefined && r.due >= now ? copyOf(r) : null;
    },
    async listOpen(roomId, now) {
      await yieldTurn();
      return [...of(roomId).values()]
        .filter((r) => r.due >= now)
        .sort((a, b) => a.at - b.at)
        .map((r) => copyOf(r));
    },
    async listLapsed(roomId, now) {
      await yieldTurn();
      return [...of(roomId).values()].filter((r) => r.due < now).map((r) => copyOf(r));
    },
    async end(roomId, reqId) {
      await yieldTurn();
      const r = of(roomId).get(reqId);
      if (r === undefined) return null;
      of(roomId).delete(reqId);
      return r;
    },
    reply: (roomId, reqId, now) =>
      step(
        roomId,
        reqId,
        now,
        now + JOIN_STEP_MS,
        (r) => r.secretHash === undefined,
        (r) => (r.replied = true),
      ),
    confirm: (roomId, reqId, secretHash, now) =>
      step(
        roomId,
        reqId,
        now,
        now + JOIN_STEP_MS,
        (r) => r.replied === true && r.secretHash === undefined,
        (r) => {
          r.secretHash = secretHash;
          delete r.verified;
        },
      ),
    name: (roomId, reqId, request, now) =>
      step(
        roomId,
        reqId,
        now,
        now + JOIN_APPROVAL_MS,
        (r) => r.verified === true && r.request === undefined,
        (r) => (r.request = request),
      ),
    verify: (roomId, reqId, now) =>
      step(
        roomId,
        reqId,
        now,
        now + JOIN_STEP_MS,
        (r) => r.secretHash !== undefined && r.verified === undefined,
        (r) => (r.verified = true),
      ),
  };
}
