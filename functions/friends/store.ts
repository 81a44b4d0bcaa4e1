/**
 * The friend-room store. Items under `pk = ROOM#<roomId>`:
 * - `sk = META`: seat-secret hashes (`h0`, `h1`), the connection in each seat (`c0`, `c1`), the
 *   locator; `expiresAt` 30 days after the last (re)join.
 * - `sk = MSG#<seq, 12 digits>`: one relayed box, written with one conditional put under the room
 *   sequence number its sender proposed (refused if taken); the room's last number is read from the
 *   last message (nothing else moves with a message). Read only through a live room.
 * - `sk = REQ#<reqId>`: a guest's key exchange and join request waiting for the owner, short TTL.
 * Under `pk = LOC#<locator>`, `sk = LOC`: which room a locator points to while the room waits for a
 * guest, how many wrong codes it has seen (`fails`) and how many guesses are used or under way
 * (`slots` = `fails` + the exchanges open on it). An exchange takes a slot with one conditional
 * update before it is opened (`slots < MAX_WRONG_CODES`), so at most MAX_WRONG_CODES exchanges are
 * ever judged per locator, however many guests knock at once. The locator is the only part of the
 * code the server ever sees; nothing stored is derived from the code's password.
 * Every write that can race is a single-item conditional write: creating a room, allocating a
 * locator, counting a wrong code, claiming seat 1, taking the next sequence number, binding a
 * connection to a seat.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { LOCATOR_COUNT } from "../../core/crypto/code.js";
import {
  JOIN_REQUEST_TTL_SECONDS,
  LOCATOR_TTL_SECONDS,
  MAX_WRONG_CODES,
  MESSAGE_TTL_SECONDS,
  ROOM_TTL_SECONDS,
  type RelayKind,
  type StoredMessage,
} from "../../core/protocol/friend.js";
import { isConditionFailed } from "../lib/items.js";
import { isLive, nowSeconds } from "../lib/table.js";

export interface Room {
  readonly roomId: string;
  readonly hashes: readonly [string, string | null];
  readonly conns: readonly [string | null, string | null];
  readonly lastActive: number;
  /** The locator guests find the room by, while the guest seat is free. */
  readonly loc: number | null;
}

/** A guest's key exchange: open (`hello`), then confirmed by the guest, verified by the owner. */
export interface JoinRequest {
  readonly reqId: string;
  readonly roomId: string;
  readonly connectionId: string;
  /** The guest's CPace session id and first message (public). */
  readonly sid: string;
  readonly msg: string;
  readonly at: number;
  /** Set by the guest's `join.confirm`: the hash of its seat secret and its sealed request. */
  readonly secretHash?: string;
  readonly request?: string;
  /** The owner found the guest's confirmation tag right. */
  readonly verified?: boolean;
  /** The locator whose guess slot this exchange holds. */
  readonly loc?: number;
}

export interface Locator {
  readonly loc: number;
  readonly roomId: string;
  readonly fails: number;
  /** Guesses used or under way: `fails` plus the exchanges holding a slot. */
  readonly slots: number;
}

/** Taking a guess slot: taken, all slots used or under way, or the locator is gone (retired, lapsed, another room's). */
export type ReserveResult = "reserved" | "full" | "gone";

export type CountResult =
  /** Counted; `retired` when this was the last wrong code the locator allows. */
  | { readonly kind: "counted"; readonly fails: number; readonly retired: boolean }
  /** The locator is gone or no longer this room's (retired before). */
  | { readonly kind: "gone" };

export type AppendResult =
  | { readonly kind: "stored"; readonly msg: StoredMessage }
  /** This very message was stored before (a retry after a lost ack). */
  | { readonly kind: "duplicate"; readonly msg: StoredMessage }
  /** Another message holds that number. */
  | { readonly kind: "taken"; readonly expected: number };

export interface FriendStore {
  /** Creates a room with seat 0 bound to `hash` and `connectionId`; false if a live room has that id. */
  createRoom(roomId: string, hash: string, connectionId: string, now: number): Promise<Room | null>;
  /**
   * Gives the room a free locator (`hint` first, then random ones), recorded on both the locator
   * and the room; null when none was free in a few tries.
   */
  allocateLocator(roomId: string, hint: number | undefined, now: number): Promise<number | null>;
  getLocator(loc: number, now: number): Promise<Locator | null>;
  /** Counts a wrong code against `loc` if it still points to `roomId` and allows more (its slot stays used). */
  countWrongCode(loc: number, roomId: string, now: number): Promise<CountResult>;
  /** Takes a guess slot on `loc` for a new exchange: one conditional update (`slots < MAX_WRONG_CODES`). */
  reserveGuess(loc: number, roomId: string, now: number): Promise<ReserveResult>;
  /** Gives a slot back (an exchange that ended before the guest confirmed: nothing was learned). */
  releaseGuess(loc: number, roomId: string): Promise<void>;
  /**
   * A right code: gives its slot back if `loc` still points to `roomId`, is live and has not seen
   * MAX_WRONG_CODES wrong ones, in one conditional update; false when it does not hold (the guest
   * must not be told the owner's tag).
   */
  passGuess(loc: number, roomId: string, now: number): Promise<boolean>;
  /** Frees `loc` (retired, or the room is full); clears it on the room too. */
  releaseLocator(loc: number, roomId: string): Promise<void>;
  /** Records the guest's confirmation (the hash of its seat secret) on its request; null when the request is gone. */
  confirmRequest(roomId: string, reqId: string, secretHash: string): Promise<JoinRequest | null>;
  /** Records the guest's sealed request once the exchange is verified (once); null otherwise. */
  nameRequest(roomId: string, reqId: string, request: string): Promise<JoinRequest | null>;
  /** Marks a confirmed request verified by the owner; null when it is gone or was not confirmed. */
  verifyRequest(roomId: string, reqId: string): Promise<JoinRequest | null>;
  getRoom(roomId: string, now: number): Promise<Room | null>;
  /** Points `seat` at `connectionId` (a newer connection of the same player takes over). */
  bindSeat(roomId: string, seat: Seat, connectionId: string, now: number): Promise<Room | null>;
  /** Clears `seat`'s connection if it is still `connectionId`; returns the room when it did. */
  unbindSeat(roomId: string, seat: Seat, connectionId: string, now: number): Promise<Room | null>;
  /** Binds seat 1 to `hash` if it is free; null when taken (or the room is gone). */
  claimGuestSeat(roomId: string, hash: string, now: number): Promise<Room | null>;
  putRequest(req: JoinRequest, now: number): Promise<void>;
  getRequest(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
  listRequests(roomId: string, now: number): Promise<JoinRequest[]>;
  deleteRequest(roomId: string, reqId: string): Promise<boolean>;
  /** Deletes a request and returns it as it was (once: null when already gone). */
  endRequest(roomId: string, reqId: string): Promise<JoinRequest | null>;
  /** Requests past their time that were never ended (their connection vanished without a disconnect). */
  listLapsedRequests(roomId: string, now: number): Promise<JoinRequest[]>;
  /** Stores a relayed box from `seat` under room sequence number `seq` unless that number is taken (one conditional put). */
  append(
    roomId: string,
    seat: Seat,
    seq: number,
    cseq: number,
    kind: RelayKind,
    box: string,
    now: number,
  ): Promise<AppendResult>;
  /** The room's last sequence number (0 when nothing was relayed). */
  lastSeq(roomId: string): Promise<number>;
  /** Messages with a sequence number above `after`, oldest first, up to about `maxChars` of boxes. */
  list(roomId: string, after: number, maxChars: number, now: number): Promise<{ msgs: StoredMessage[]; more: boolean }>;
}

const roomPk = (roomId: string) => `ROOM#${roomId}`;
const META = "META";
const msgSk = (seq: number) => `MSG#${String(seq).padStart(12, "0")}`;
const reqSk = (id: string) => `REQ#${id}`;
const locKey = (loc: number) => ({ pk: `LOC#${loc}`, sk: "LOC" });

function toRoom(item: Record<string, unknown>): Room {
  const str = (x: unknown) => (typeof x === "string" ? x : null);
  return {
    roomId: String(item.roomId),
    hashes: [String(item.h0), str(item.h1)],
    conns: [str(item.c0), str(item.c1)],
    lastActive: Number(item.lastActive ?? 0),
    loc: typeof item.loc === "number" ? item.loc : null,
  };
}

function toMessage(item: Record<string, unknown>): StoredMessage {
  return {
    seq: Number(item.seq),
    from: Number(item.from) as Seat,
    cseq: Number(item.cseq),
    kind: item.kind === "chat" ? "chat" : "game",
    box: String(item.box),
    at: Number(item.at),
  };
}

export function makeDynamoFriendStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  random: () => number = Math.random,
): FriendStore {
  const roomExp = (now: number) => nowSeconds(now) + ROOM_TTL_SECONDS;
  const T = tableName;

  async function getRoom(roomId: string, now: number): Promise<Room | null> {
    const r = await db.send(
      new GetCommand({ TableName: T, Key: { pk: roomPk(roomId), sk: META }, ConsistentRead: true }),
    );
    return r.Item !== undefined && isLive(r.Item, now) ? toRoom(r.Item) : null;
  }

  /** One conditional update of a join request item; the request as it is now, or null when the condition failed. */
  async function updateRequest(
    roomId: string,
    reqId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
    names?: Record<string, string>,
  ): Promise<JoinRequest | null> {
    try {
      const r = await db.send(
        new UpdateCommand({
          TableName: T,
          Key: { pk: roomPk(roomId), sk: reqSk(reqId) },
          UpdateExpression: expr,
          ConditionExpression: cond,
          ...(names !== undefined ? { ExpressionAttributeNames: names } : {}),
          ExpressionAttributeValues: values,
          ReturnValues: "ALL_NEW",
        }),
      );
      return (r.Attributes ?? null) as JoinRequest | null;
    } catch (e) {
      if (isConditionFailed(e)) return null;
      throw e;
    }
  }

  async function update(
    roomId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
    names?: Record<string, string>,
  ): Promise<Room | null> {
    try {
      const r = await db.send(
        new UpdateCommand({
          TableName: T,
          Key: { pk: roomPk(roomId), sk: META },
          UpdateExpression: expr,
          ConditionExpression: cond,
          ExpressionAttributeValues: values,
          ...(names !== undefined ? { ExpressionAttributeNames: names } : {}),
          ReturnValues: "ALL_NEW",
        }),
      );
      return toRoom(r.Attributes ?? {});
    } catch (e) {
      if (isConditionFailed(e)) return null;
      throw e;
    }
  }

  async function getMessage(roomId: string, seq: number, now: number): Promise<StoredMessage | null> {
    const r = await db.send(
      new GetCommand({ TableName: T, Key: { pk: roomPk(roomId), sk: msgSk(seq) }, ConsistentRead: true }),
    );
    return r.Item !== undefined && isLive(r.Item, now) ? toMessage(r.Item) : null;
  }

  return {
    async createRoom(roomId, hash, connectionId, now) {
      try {
        await db.send(
          new PutCommand({
            TableName: T,
            Item: {
              pk: roomPk(roomId),
              sk: META,
              roomId,
              h0: hash,
              c0: connectionId,
              createdAt: now,
              lastActive: now,
              expiresAt: roomExp(now),
            },
            // Even an expired room keeps its id until it is swept with its messages: a new room must
            // not inherit them.
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        );
      } catch (e) {
        if (isConditionFailed(e)) return null;
        throw e;
      }
      return { roomId, hashes: [hash, null], conns: [connectionId, null], lastActive: now, loc: null };
    },
    async allocateLocator(roomId, hint, now) {
      for (let attempt = 0; attempt < 8; attempt++) {
        const loc = attempt === 0 && hint !== undefined ? hint : Math.floor(random() * LOCATOR_COUNT);
        try {
          await db.send(
            new PutCommand({
              TableName: T,
              Item: {
                ...locKey(loc),
                loc,
                roomId,
                fails: 0,
                slots: 0,
                createdAt: now,
                expiresAt: nowSeconds(now) + LOCATOR_TTL_SECONDS,
              },
              // A lapsed locator (TTL passed, not yet swept) is free again.
              ConditionExpression: "attribute_not_exists(pk) OR expiresAt < :nows",
              ExpressionAttributeValues: { ":nows": nowSeconds(now) },
            }),
          );
        } catch (e) {
          if (isConditionFailed(e)) continue;
          throw e;
        }
        const room = await update(roomId, "SET loc = :loc", "attribute_exists(pk)", { ":loc": loc });
        if (room === null) {
          await db.send(new DeleteCommand({ TableName: T, Key: locKey(loc) }));
          return null;
        }
        return loc;
      }
      return null;
    },
    async getLocator(loc, now) {
      const r = await db.send(new GetCommand({ TableName: T, Key: locKey(loc), ConsistentRead: true }));
      if (r.Item === undefined || !isLive(r.Item, now) || Number(r.Item.fails ?? 0) >= MAX_WRONG_CODES) return null;
      return { loc, roomId: String(r.Item.roomId), fails: Number(r.Item.fails ?? 0), slots: Number(r.Item.slots ?? 0) };
    },
    async reserveGuess(loc, roomId, now) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: T,
            Key: locKey(loc),
            UpdateExpression: "ADD slots :one",
            ConditionExpression:
              "roomId = :r AND fails < :max AND expiresAt > :nows AND (attribute_not_exists(slots) OR slots < :max)",
            ExpressionAttributeValues: { ":one": 1, ":r": roomId, ":max": MAX_WRONG_CODES, ":nows": nowSeconds(now) },
          }),
        );
        return "reserved";
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
      const r = await db.send(new GetCommand({ TableName: T, Key: locKey(loc), ConsistentRead: true }));
      const live =
        r.Item !== undefined &&
        isLive(r.Item, now) &&
        r.Item.roomId === roomId &&
        Number(r.Item.fails ?? 0) < MAX_WRONG_CODES;
      return live ? "full" : "gone";
    },
    async releaseGuess(loc, roomId) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: T,
            Key: locKey(loc),
            UpdateExpression: "ADD slots :minus",
            ConditionExpression: "roomId = :r AND slots > :zero",
            ExpressionAttributeValues: { ":minus": -1, ":r": roomId, ":zero": 0 },
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    },
    async passGuess(loc, roomId, now) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: T,
            Key: locKey(loc),
            UpdateExpression: "ADD slots :minus",
            ConditionExpression: "roomId = :r AND fails < :max AND expiresAt > :nows AND slots > :zero",
            ExpressionAttributeValues: {
              ":minus": -1,
              ":r": roomId,
              ":max": MAX_WRONG_CODES,
              ":nows": nowSeconds(now),
              ":zero": 0,
            },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async countWrongCode(loc, roomId, now) {
      try {
        const r = await db.send(
          new UpdateCommand({
            TableName: T,
            Key: locKey(loc),
            UpdateExpression: "ADD fails :one",
            ConditionExpression: "roomId = :r AND fails < :max AND expiresAt > :nows",
            ExpressionAttributeValues: { ":one": 1, ":r": roomId, ":max": MAX_WRONG_CODES, ":nows": nowSeconds(now) },
            ReturnValues: "ALL_NEW",
          }),
        );
        const fails = Number(r.Attributes?.fails ?? 0);
        return { kind: "counted", fails, retired: fails >= MAX_WRONG_CODES };
      } catch (e) {
        if (isConditionFailed(e)) return { kind: "gone" };
        throw e;
      }
    },
    async releaseLocator(loc, roomId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: locKey(loc),
            ConditionExpression: "roomId = :r",
            ExpressionAttributeValues: { ":r": roomId },
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
      await update(roomId, "REMOVE loc", "attribute_exists(pk) AND loc = :loc", { ":loc": loc });
    },
    confirmRequest(roomId, reqId, secretHash) {
      return updateRequest(
        roomId,
        reqId,
        "SET secretHash = :h REMOVE verified",
        "attribute_exists(pk) AND attribute_not_exists(secretHash)",
        { ":h": secretHash },
      );
    },
    nameRequest(roomId, reqId, request) {
      return updateRequest(
        roomId,
        reqId,
        "SET #req = :q",
        "verified = :t AND attribute_not_exists(#req)",
        { ":q": request, ":t": true },
        { "#req": "request" },
      );
    },
    verifyRequest(roomId, reqId) {
      return updateRequest(
        roomId,
        reqId,
        "SET verified = :t",
        "attribute_exists(secretHash) AND attribute_not_exists(verified)",
        { ":t": true },
      );
    },
    getRoom,
    bindSeat(roomId, seat, connectionId, now) {
      return update(
        roomId,
        `SET c${seat} = :conn, lastActive = :now, expiresAt = :exp`,
        `attribute_exists(pk) AND expiresAt > :nows AND attribute_exists(h${seat})`,
        { ":conn": connectionId, ":now": now, ":nows": nowSeconds(now), ":exp": roomExp(now) },
      );
    },
    unbindSeat(roomId, seat, connectionId, now) {
      return update(roomId, `REMOVE c${seat} SET lastActive = :now`, `c${seat} = :conn`, {
        ":conn": connectionId,
        ":now": now,
      });
    },
    claimGuestSeat(roomId, hash, now) {
      return update(
        roomId,
        "SET h1 = :h, lastActive = :now, expiresAt = :exp",
        "attribute_exists(pk) AND expiresAt > :nows AND attribute_not_exists(h1) AND h0 <> :h",
        { ":h": hash, ":now": now, ":nows": nowSeconds(now), ":exp": roomExp(now) },
      );
    },
    async putRequest(req, now) {
      await db.send(
        new PutCommand({
          TableName: T,
          Item: {
            pk: roomPk(req.roomId),
            sk: reqSk(req.reqId),
            ...req,
            expiresAt: nowSeconds(now) + JOIN_REQUEST_TTL_SECONDS,
          },
        }),
      );
    },
    async getRequest(roomId, reqId, now) {
      const r = await db.send(
        new GetCommand({ TableName: T, Key: { pk: roomPk(roomId), sk: reqSk(reqId) }, ConsistentRead: true }),
      );
      return r.Item !== undefined && isLive(r.Item, now) ? (r.Item as unknown as JoinRequest) : null;
    },
    async listRequests(roomId, now) {
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
        for (const it of r.Items ?? []) if (isLive(it, now)) out.push(it as unknown as JoinRequest);
        start = r.LastEvaluatedKey;
      } while (start !== undefined);
      return out.sort((a, b) => a.at - b.at);
    },
    async deleteRequest(roomId, reqId) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: { pk: roomPk(roomId), sk: reqSk(reqId) },
            ConditionExpression: "attribute_exists(pk)",
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async endRequest(roomId, reqId) {
      try {
        const r = await db.send(
          new DeleteCommand({
            TableName: T,
            Key: { pk: roomPk(roomId), sk: reqSk(reqId) },
            ConditionExpression: "attribute_exists(pk)",
            ReturnValues: "ALL_OLD",
          }),
        );
        return (r.Attributes ?? null) as JoinRequest | null;
      } catch (e) {
        if (isConditionFailed(e)) return null;
        throw e;
      }
    },
    async listLapsedRequests(roomId, now) {
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
        for (const it of r.Items ?? []) if (!isLive(it, now)) out.push(it as unknown as JoinRequest);
        start = r.LastEvaluatedKey;
      } while (start !== undefined);
      return out;
    },
    async append(roomId, seat, seq, cseq, kind, box, now) {
      const msg: StoredMessage = { seq, from: seat, cseq, kind, box, at: now };
      try {
        await db.send(
          new PutCommand({
            TableName: T,
            Item: { pk: roomPk(roomId), sk: msgSk(seq), ...msg, expiresAt: nowSeconds(now) + MESSAGE_TTL_SECONDS },
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        );
        return { kind: "stored", msg };
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
      // Taken: by this very message (a retry after a lost acknowledgement), or by another one.
      const had = await getMessage(roomId, seq, now);
      if (had !== null && had.from === seat && had.cseq === cseq) return { kind: "duplicate", msg: had };
      return { kind: "taken", expected: seq + 1 };
    },
    async lastSeq(roomId) {
      const r = await db.send(
        new QueryCommand({
          TableName: T,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :m)",
          ExpressionAttributeValues: { ":pk": roomPk(roomId), ":m": "MSG#" },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
          ProjectionExpression: "seq",
        }),
      );
      return Number(r.Items?.[0]?.seq ?? 0);
    },
    async list(roomId, after, maxChars, now) {
      const msgs: StoredMessage[] = [];
      let chars = 0;
      let start: Record<string, unknown> | undefined;
      for (;;) {
        const r = await db.send(
          new QueryCommand({
            TableName: T,
            KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
            ExpressionAttributeValues: {
              ":pk": roomPk(roomId),
              ":from": msgSk(after + 1),
              ":to": msgSk(999_999_999_999),
            },
            ConsistentRead: true,
            Limit: 50,
            ExclusiveStartKey: start,
          }),
        );
        for (const it of r.Items ?? []) {
          if (!isLive(it, now)) continue;
          const m = toMessage(it);
          if (msgs.length > 0 && chars + m.box.length > maxChars) return { msgs, more: true };
          msgs.push(m);
          chars += m.box.length;
        }
        start = r.LastEvaluatedKey;
        if (start === undefined) return { msgs, more: false };
      }
    },
  };
}
