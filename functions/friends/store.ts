/**
 * The friend-room store. Items under `pk = ROOM#<roomId>`:
 * - `sk = META`: seat-secret hashes (`h0`, `h1`), the connection in each seat (`c0`, `c1`), the
 *   locator; `expiresAt` 30 days after the last (re)join.
 * - `sk = MSG#<seq, 12 digits>`: one relayed box with each seat's message count up to it (`s0`,
 *   `s1`), written with one conditional put under the room's next sequence number (the service
 *   checks the proof of the previous one first: friends/head.ts); the room's last number is read
 *   from the last message (nothing else moves with a message). Read only through a live room.
 * - `sk = REQ#<reqId>`: a guest's key exchange and join request; it lapses when a step does not
 *   follow the one before within JOIN_STEP_MS (`due`), and is swept an hour later.
 * - Under `pk = LOC#<locator>`, `sk = KNOCK#<address>`: when that address may open its next exchange
 *   on the locator (KNOCK_INTERVAL_MS after its last hello).
 * - Under `pk = RATE#friend#<what>#<who>`, `sk = <window>`: creation and look-up counters, each
 *   taken with one conditional update (`n < limit`), so the limit holds across Lambda instances.
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
  JOIN_APPROVAL_MS,
  JOIN_REQUEST_TTL_SECONDS,
  JOIN_STEP_MS,
  LOCATOR_TTL_SECONDS,
  MAX_WRONG_CODES,
  MESSAGE_TTL_SECONDS,
  OPEN_EXCHANGES,
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
  /** The exchange lapses unless its next step comes before this (epoch ms). */
  readonly due: number;
  /** The guest's source address (its knock turn on `loc`). */
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

interface Locator {
  readonly loc: number;
  readonly roomId: string;
  readonly fails: number;
  /** Guesses used or under way: `fails` plus the exchanges holding a slot. */
  readonly slots: number;
}

/** Taking a guess slot: taken, all slots used or under way, or the locator is gone (retired, lapsed, another room's). */
type ReserveResult = "reserved" | "full" | "gone";

type CountResult =
  /** Counted; `retired` when this was the last wrong code the locator allows. */
  | { readonly kind: "counted"; readonly fails: number; readonly retired: boolean }
  /** The locator is gone or no longer this room's (retired before). */
  | { readonly kind: "gone" };

/** A stored message as the table holds it (the proof of its head is made by the service). */
export type Stored = Omit<StoredMessage, "proof">;

type AppendResult =
  | { readonly kind: "stored"; readonly msg: Stored }
  /** This very message was stored under that number before (a retry after a lost ack). */
  | { readonly kind: "duplicate"; readonly msg: Stored }
  /** Another message holds that number. */
  | { readonly kind: "taken"; readonly expected: number };

/**
 * An address's turn on a locator (KNOCK_INTERVAL_MS from its first hello there): the exchange it
 * opened last (`req`), how many more it may open after that one ends unjudged (`left`), and whether
 * the owner's verdict on its confirmation is awaited (`judging`).
 */
export interface KnockTurn {
  readonly until: number;
  readonly left: number;
  readonly req?: string;
  readonly judging?: boolean;
}

/** A counter taken, or refused with the time until its window ends. */
export type ChargeResult = { readonly ok: true } | { readonly ok: false; readonly retryMs: number };

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
  /** Takes an exchange slot on `loc` for a new exchange: one conditional update (`slots < OPEN_EXCHANGES + fails`). */
  reserveGuess(loc: number, roomId: string, now: number): Promise<ReserveResult>;
  /** Gives a slot back (an exchange that ended without a wrong verdict: nothing was learned). */
  releaseGuess(loc: number, roomId: string): Promise<void>;
  /**
   * A right code: gives its slot back if `loc` still points to `roomId`, is live and has not seen
   * MAX_WRONG_CODES wrong ones, in one conditional update; false when it does not hold (the guest
   * must not be told the owner's tag).
   */
  passGuess(loc: number, roomId: string, now: number): Promise<boolean>;
  /** Frees `loc` (retired, or the room is full); clears it on the room too. */
  releaseLocator(loc: number, roomId: string): Promise<void>;
  /**
   * A new turn of `address` on `loc` for the exchange `reqId`, with `retries` more exchanges allowed
   * in it after a cut: refused when the address's turn there began less than `intervalMs` ago (with
   * `retryMs`).
   */
  knock(
    loc: number,
    address: string,
    reqId: string,
    intervalMs: number,
    retries: number,
    now: number,
  ): Promise<ChargeResult>;
  /** The turn of `address` on `loc` while it lasts; null when it has none (a read, for refusing early). */
  turnOf(loc: number, address: string, now: number): Promise<KnockTurn | null>;
  /**
   * The exchange `prev` of the turn ended unjudged: `reqId` takes its place, one of the turn's
   * retries used (one conditional update: the turn still names `prev`, has a retry left and no
   * confirmation waiting for the owner's verdict); false when that does not hold.
   */
  reknock(loc: number, address: string, prev: string, reqId: string, now: number): Promise<boolean>;
  /** The turn's exchange `reqId` was confirmed: its confirmation waits for the owner's verdict, and no retry is left. */
  judgeKnock(loc: number, address: string, reqId: string): Promise<void>;
  /** The turn's exchange `reqId` was judged wrong by the owner, or stalled by its guest: the turn is spent until it ends. */
  spendKnock(loc: number, address: string, reqId: string): Promise<void>;
  /**
   * Gives `address` its turn on `loc` back (its exchange proved the code, or was never judged); with
   * `judging`, only while the turn still waits for the owner's verdict on that exchange (false if not).
   */
  unknock(loc: number, address: string, judging?: string): Promise<boolean>;
  /** Takes one from `key`'s counter for the window holding `now` unless `limit` are taken (one conditional update). */
  charge(key: string, windowMs: number, limit: number, now: number): Promise<ChargeResult>;
  /** The owner's device answered the hello; null when the request is gone or lapsed. */
  replyRequest(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
  /** Records the guest's confirmation (the hash of its seat secret) once the owner replied; null otherwise. */
  confirmRequest(roomId: string, reqId: string, secretHash: string, now: number): Promise<JoinRequest | null>;
  /** Records the guest's sealed request once the exchange is verified (once); null otherwise. */
  nameRequest(roomId: string, reqId: string, request: string, now: number): Promise<JoinRequest | null>;
  /** Marks a confirmed request verified by the owner; null when it is gone, lapsed or was not confirmed. */
  verifyRequest(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
  getRoom(roomId: string, now: number): Promise<Room | null>;
  /** Points `seat` at `connectionId` (a newer connection of the same player takes over). */
  bindSeat(roomId: string, seat: Seat, connectionId: string, now: number): Promise<Room | null>;
  /** Clears `seat`'s connection if it is still `connectionId`; returns the room when it did. */
  unbindSeat(roomId: string, seat: Seat, connectionId: string, now: number): Promise<Room | null>;
  /** Binds seat 1 to `hash` if it is free; null when taken (or the room is gone). */
  claimGuestSeat(roomId: string, hash: string, now: number): Promise<Room | null>;
  putRequest(req: JoinRequest, now: number): Promise<void>;
  /** A request that has not lapsed. */
  getRequest(roomId: string, reqId: string, now: number): Promise<JoinRequest | null>;
  /** The requests that have not lapsed, oldest first. */
  listRequests(roomId: string, now: number): Promise<JoinRequest[]>;
  /** Deletes a request and returns it as it was (once: null when already gone). */
  endRequest(roomId: string, reqId: string): Promise<JoinRequest | null>;
  /** Requests whose next step did not come in time and that nobody ended yet. */
  listLapsedRequests(roomId: string, now: number): Promise<JoinRequest[]>;
  /**
   * Stores a relayed box from `seat` under room sequence number `seq` with the seats' counts
   * `sent` unless that number is taken (one conditional put).
   */
  append(
    roomId: string,
    seat: Seat,
    seq: number,
    cseq: number,
    kind: RelayKind,
    box: string,
    sent: readonly [number, number],
    now: number,
  ): Promise<AppendResult>;
  /** The message `seat` sent as its `cseq`-th (a retry's first copy); null when none. */
  findSent(roomId: string, seat: Seat, cseq: number, now: number): Promise<Stored | null>;
  /** The room's last sequence number and the seats' counts up to it (0 and [0, 0] when nothing was relayed). */
  head(roomId: string): Promise<{ seq: number; sent: [number, number] }>;
  /** Messages with a sequence number above `after`, oldest first, up to about `maxChars` of boxes. */
  list(roomId: string, after: number, maxChars: number, now: number): Promise<{ msgs: Stored[]; more: boolean }>;
}

const roomPk = (roomId: string) => `ROOM#${roomId}`;
const META = "META";
const msgSk = (seq: number) => `MSG#${String(seq).padStart(12, "0")}`;
const reqSk = (id: string) => `REQ#${id}`;
const locKey = (loc: number) => ({ pk: `LOC#${loc}`, sk: "LOC" });
const knockKey = (loc: number, address: string) => ({ pk: `LOC#${loc}`, sk: `KNOCK#${address}` });

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

function toMessage(item: Record<string, unknown>): Stored {
  return {
    seq: Number(item.seq),
    from: Number(item.from) as Seat,
    cseq: Number(item.cseq),
    kind: item.kind === "chat" ? "chat" : "game",
    box: String(item.box),
    at: Number(item.at),
    sent: [Number(item.s0 ?? 0), Number(item.s1 ?? 0)],
  };
}

/** A request item as a record (its step deadline read as a number). */
function toRequest(item: Record<string, unknown>): JoinRequest {
  return { ...(item as unknown as JoinRequest), due: Number(item.due ?? 0) };
}

const stepLive = (item: Record<string, unknown>, now: number): boolean =>
  isLive(item, now) && Number(item.due ?? 0) >= now;

export function makeDynamoFriendStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  random: () => number = Math.random,
): FriendStore {
  const roomExp = (now: number) => nowSeconds(now) + ROOM_TTL_SECONDS;
  const T = tableName;

  /** One conditional update: false when its condition did not hold. */
  async function updated(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
    try {
      await db.send(new UpdateCommand(input));
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }

  /** One conditional update of a locator's item (its slot and wrong-code counters). */
  const locUpdate = (loc: number, expr: string, cond: string, values: Record<string, unknown>): Promise<boolean> =>
    updated({
      TableName: T,
      Key: locKey(loc),
      UpdateExpression: expr,
      ConditionExpression: cond,
      ExpressionAttributeValues: values,
    });

  /** One update of an address's knock turn on a locator, while the turn still names the exchange `reqId`. */
  const knockUpdate = (
    loc: number,
    address: string,
    reqId: string,
    expr: string,
    values: Record<string, unknown>,
  ): Promise<boolean> =>
    updated({
      TableName: T,
      Key: knockKey(loc, address),
      UpdateExpression: expr,
      ConditionExpression: "#req = :r",
      ExpressionAttributeNames: { "#req": "req", "#left": "left" },
      ExpressionAttributeValues: { ...values, ":r": reqId },
    });

  async function getRoom(roomId: string, now: number): Promise<Room | null> {
    const r = await db.send(
      new GetCommand({ TableName: T, Key: { pk: roomPk(roomId), sk: META }, ConsistentRead: true }),
    );
    return r.Item !== undefined && isLive(r.Item, now) ? toRoom(r.Item) : null;
  }

  /**
   * One conditional update of a join request item that has not lapsed (`due >= now`), moving its
   * deadline to `due`; the request as it is now, or null when the condition failed.
   */
  async function updateRequest(
    roomId: string,
    reqId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
    now: number,
    due: number,
    names?: Record<string, string>,
  ): Promise<JoinRequest | null> {
    expr = `${expr.startsWith("SET ") ? expr.replace("SET ", "SET due = :due, ") : `SET due = :due ${expr}`}`;
    cond = `${cond} AND due >= :now`;
    values = { ...values, ":due": due, ":now": now };
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
      return r.Attributes === undefined ? null : toRequest(r.Attributes);
    } catch (e) {
      if (isConditionFailed(e)) return null;
      throw e;
    }
  }

  /** Requests of a room, those still in time (`live`) or those that lapsed. */
  async function queryRequests(roomId: string, now: number, live: boolean): Promise<JoinRequest[]> {
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

  /** One conditional update of a room's META item: its attributes as they are now, or null when the condition failed. */
  async function updateItem(
    roomId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
    names?: Record<string, string>,
  ): Promise<Record<string, unknown> | null> {
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
      return r.Attributes ?? {};
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
    const a = await updateItem(roomId, expr, cond, values, names);
    return a === null ? null : toRoom(a);
  }

  /** A seat binding that renewed the room (`expiresAt`), and its messages when they would lapse first. */
  async function renewingUpdate(
    roomId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
    now: number,
  ) {
    const a = await updateItem(roomId, expr, cond, values);
    if (a === null) return null;
    if (Number(a.msgsUntil ?? 0) < Number(a.expiresAt)) await renewMessages(roomId, now);
    return toRoom(a);
  }

  /**
   * Messages expire with their room: when a seat binding renews the room past `msgsUntil` (the
   * expiry every message of the room has at least), the messages are renewed to the room's new
   * expiry plus a margin (MESSAGE_TTL_SECONDS - ROOM_TTL_SECONDS), so a room renewed within the
   * margin costs nothing more, and a message outlives its room by at most the margin. The
   * conditional write on `msgsUntil` lets one of two bindings at once do the renewal.
   */
  async function renewMessages(roomId: string, now: number): Promise<void> {
    const until = nowSeconds(now) + MESSAGE_TTL_SECONDS;
    try {
      await db.send(
        new UpdateCommand({
          TableName: T,
          Key: { pk: roomPk(roomId), sk: META },
          UpdateExpression: "SET msgsUntil = :until",
          ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(msgsUntil) OR msgsUntil < :exp)",
          ExpressionAttributeValues: { ":until": until, ":exp": roomExp(now) },
        }),
      );
    } catch (e) {
      if (isConditionFailed(e)) return;
      throw e;
    }
    let start: Record<string, unknown> | undefined;
    do {
      const r = await db.send(
        new QueryCommand({
          TableName: T,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :m)",
          FilterExpression: "expiresAt < :until",
          ExpressionAttributeValues: { ":pk": roomPk(roomId), ":m": "MSG#", ":until": until },
          ProjectionExpression: "sk",
          ExclusiveStartKey: start,
        }),
      );
      for (const it of r.Items ?? [])
        await db
          .send(
            new UpdateCommand({
              TableName: T,
              Key: { pk: roomPk(roomId), sk: it.sk as string },
              UpdateExpression: "SET expiresAt = :until",
              ConditionExpression: "attribute_exists(pk)",
              ExpressionAttributeValues: { ":until": until },
            }),
          )
          .catch((e: unknown) => {
            if (!isConditionFailed(e)) throw e;
          });
      start = r.LastEvaluatedKey;
    } while (start !== undefined);
  }

  async function getMessage(roomId: string, seq: number, now: number): Promise<Stored | null> {
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
              msgsUntil: nowSeconds(now) + MESSAGE_TTL_SECONDS,
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
      const taken = await locUpdate(
        loc,
        "ADD slots :one",
        "roomId = :r AND fails < :max AND expiresAt > :nows AND (attribute_not_exists(slots) OR slots < :open)",
        { ":one": 1, ":r": roomId, ":max": MAX_WRONG_CODES, ":open": OPEN_EXCHANGES, ":nows": nowSeconds(now) },
      );
      if (taken) return "reserved";
      const r = await db.send(new GetCommand({ TableName: T, Key: locKey(loc), ConsistentRead: true }));
      const live =
        r.Item !== undefined &&
        isLive(r.Item, now) &&
        r.Item.roomId === roomId &&
        Number(r.Item.fails ?? 0) < MAX_WRONG_CODES;
      return live ? "full" : "gone";
    },
    async releaseGuess(loc, roomId) {
      await locUpdate(loc, "ADD slots :minus", "roomId = :r AND slots > :zero", {
        ":minus": -1,
        ":r": roomId,
        ":zero": 0,
      });
    },
    passGuess(loc, roomId, now) {
      return locUpdate(
        loc,
        "ADD slots :minus",
        "roomId = :r AND fails < :max AND expiresAt > :nows AND slots > :zero",
        {
          ":minus": -1,
          ":r": roomId,
          ":max": MAX_WRONG_CODES,
          ":nows": nowSeconds(now),
          ":zero": 0,
        },
      );
    },
    async countWrongCode(loc, roomId, now) {
      try {
        const r = await db.send(
          new UpdateCommand({
            TableName: T,
            Key: locKey(loc),
            UpdateExpression: "ADD fails :one, slots :minus",
            ConditionExpression: "roomId = :r AND fails < :max AND expiresAt > :nows",
            ExpressionAttributeValues: {
              ":one": 1,
              ":minus": -1,
              ":r": roomId,
              ":max": MAX_WRONG_CODES,
              ":nows": nowSeconds(now),
            },
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
    async knock(loc, address, reqId, intervalMs, retries, now) {
      const until = now + intervalMs;
      try {
        await db.send(
          new PutCommand({
            TableName: T,
            Item: { ...knockKey(loc, address), until, left: retries, req: reqId, expiresAt: nowSeconds(until) + 60 },
            ConditionExpression: "attribute_not_exists(pk) OR #until <= :now",
            ExpressionAttributeNames: { "#until": "until" },
            ExpressionAttributeValues: { ":now": now },
          }),
        );
        return { ok: true };
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
      const r = await db.send(new GetCommand({ TableName: T, Key: knockKey(loc, address), ConsistentRead: true }));
      return { ok: false, retryMs: Math.max(1, Number(r.Item?.until ?? now + 1) - now) };
    },
    async turnOf(loc, address, now) {
      const r = await db.send(new GetCommand({ TableName: T, Key: knockKey(loc, address), ConsistentRead: true }));
      const it = r.Item;
      if (it === undefined || Number(it.until ?? 0) <= now) return null;
      return {
        until: Number(it.until),
        left: Number(it.left ?? 0),
        ...(typeof it.req === "string" ? { req: it.req } : {}),
        ...(it.judging === true ? { judging: true } : {}),
      };
    },
    reknock(loc, address, prev, reqId, now) {
      return updated({
        TableName: T,
        Key: knockKey(loc, address),
        UpdateExpression: "SET #req = :new, #left = #left - :one",
        ConditionExpression: "#until > :now AND #left > :zero AND #req = :prev AND attribute_not_exists(judging)",
        ExpressionAttributeNames: { "#req": "req", "#left": "left", "#until": "until" },
        ExpressionAttributeValues: { ":new": reqId, ":one": 1, ":now": now, ":zero": 0, ":prev": prev },
      });
    },
    async judgeKnock(loc, address, reqId) {
      await knockUpdate(loc, address, reqId, "SET judging = :t, #left = :zero", { ":t": true, ":zero": 0 });
    },
    async spendKnock(loc, address, reqId) {
      await knockUpdate(loc, address, reqId, "SET #left = :zero REMOVE judging", { ":zero": 0 });
    },
    async unknock(loc, address, judging) {
      if (judging === undefined) {
        await db.send(new DeleteCommand({ TableName: T, Key: knockKey(loc, address) }));
        return true;
      }
      try {
        await db.send(
          new DeleteCommand({
            TableName: T,
            Key: knockKey(loc, address),
            ConditionExpression: "#req = :r AND judging = :t",
            ExpressionAttributeNames: { "#req": "req" },
            ExpressionAttributeValues: { ":r": judging, ":t": true },
          }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    async charge(key, windowMs, limit, now) {
      const win = Math.floor(now / windowMs);
      const taken = await updated({
        TableName: T,
        Key: { pk: `RATE#friend#${key}`, sk: String(win) },
        UpdateExpression: "ADD n :one SET expiresAt = :exp",
        ConditionExpression: "attribute_not_exists(n) OR n < :limit",
        ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":exp": nowSeconds((win + 2) * windowMs) },
      });
      return taken ? { ok: true } : { ok: false, retryMs: (win + 1) * windowMs - now };
    },
    replyRequest(roomId, reqId, now) {
      return updateRequest(
        roomId,
        reqId,
        "SET replied = :t",
        "attribute_exists(pk) AND attribute_not_exists(secretHash)",
        { ":t": true },
        now,
        now + JOIN_STEP_MS,
      );
    },
    confirmRequest(roomId, reqId, secretHash, now) {
      return updateRequest(
        roomId,
        reqId,
        "SET secretHash = :h REMOVE verified",
        "replied = :t AND attribute_not_exists(secretHash)",
        { ":h": secretHash, ":t": true },
        now,
        now + JOIN_STEP_MS,
      );
    },
    nameRequest(roomId, reqId, request, now) {
      return updateRequest(
        roomId,
        reqId,
        "SET #req = :q",
        "verified = :t AND attribute_not_exists(#req)",
        { ":q": request, ":t": true },
        now,
        now + JOIN_APPROVAL_MS,
        { "#req": "request" },
      );
    },
    verifyRequest(roomId, reqId, now) {
      return updateRequest(
        roomId,
        reqId,
        "SET verified = :t",
        "attribute_exists(secretHash) AND attribute_not_exists(verified)",
        { ":t": true },
        now,
        now + JOIN_STEP_MS,
      );
    },
    getRoom,
    bindSeat(roomId, seat, connectionId, now) {
      return renewingUpdate(
        roomId,
        `SET c${seat} = :conn, lastActive = :now, expiresAt = :exp`,
        `attribute_exists(pk) AND expiresAt > :nows AND attribute_exists(h${seat})`,
        { ":conn": connectionId, ":now": now, ":nows": nowSeconds(now), ":exp": roomExp(now) },
        now,
      );
    },
    unbindSeat(roomId, seat, connectionId, now) {
      return update(roomId, `REMOVE c${seat} SET lastActive = :now`, `c${seat} = :conn`, {
        ":conn": connectionId,
        ":now": now,
      });
    },
    claimGuestSeat(roomId, hash, now) {
      return renewingUpdate(
        roomId,
        "SET h1 = :h, lastActive = :now, expiresAt = :exp",
        "attribute_exists(pk) AND expiresAt > :nows AND attribute_not_exists(h1) AND h0 <> :h",
        { ":h": hash, ":now": now, ":nows": nowSeconds(now), ":exp": roomExp(now) },
        now,
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
      return r.Item !== undefined && stepLive(r.Item, now) ? toRequest(r.Item) : null;
    },
    listRequests(roomId, now) {
      return queryRequests(roomId, now, true);
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
        return r.Attributes === undefined ? null : toRequest(r.Attributes);
      } catch (e) {
        if (isConditionFailed(e)) return null;
        throw e;
      }
    },
    listLapsedRequests(roomId, now) {
      return queryRequests(roomId, now, false);
    },
    async append(roomId, seat, seq, cseq, kind, box, sent, now) {
      const msg: Stored = { seq, from: seat, cseq, kind, box, at: now, sent: [sent[0], sent[1]] };
      try {
        await db.send(
          new PutCommand({
            TableName: T,
            Item: {
              pk: roomPk(roomId),
              sk: msgSk(seq),
              seq,
              from: seat,
              cseq,
              kind,
              box,
              at: now,
              s0: sent[0],
              s1: sent[1],
              expiresAt: nowSeconds(now) + MESSAGE_TTL_SECONDS,
            },
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
    async findSent(roomId, seat, cseq, now) {
      let start: Record<string, unknown> | undefined;
      do {
        const r = await db.send(
          new QueryCommand({
            TableName: T,
            KeyConditionExpression: "pk = :pk AND begins_with(sk, :m)",
            FilterExpression: "#from = :s AND cseq = :c",
            ExpressionAttributeNames: { "#from": "from" },
            ExpressionAttributeValues: { ":pk": roomPk(roomId), ":m": "MSG#", ":s": seat, ":c": cseq },
            ScanIndexForward: false,
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        const it = (r.Items ?? []).find((x) => isLive(x, now));
        if (it !== undefined) return toMessage(it);
        start = r.LastEvaluatedKey;
      } while (start !== undefined);
      return null;
    },
    async head(roomId) {
      const r = await db.send(
        new QueryCommand({
          TableName: T,
          KeyConditionExpression: "pk = :pk AND begins_with(sk, :m)",
          ExpressionAttributeValues: { ":pk": roomPk(roomId), ":m": "MSG#" },
          ScanIndexForward: false,
          Limit: 1,
          ConsistentRead: true,
          ProjectionExpression: "seq, s0, s1",
        }),
      );
      const it = r.Items?.[0];
      return { seq: Number(it?.seq ?? 0), sent: [Number(it?.s0 ?? 0), Number(it?.s1 ?? 0)] };
    },
    async list(roomId, after, maxChars, now) {
      const msgs: Stored[] = [];
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
