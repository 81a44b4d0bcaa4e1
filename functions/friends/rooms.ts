/**
 * Friend rooms and their seats: one item per room (`ROOM#<roomId>` / `META`) with the hashes of the
 * seat secrets (`h0`, `h1`), the connection in each seat (`c0`, `c1`), the room's one locator while
 * it waits for a guest (`loc`), and `expiresAt` 30 days after the last (re)join. Every write that can
 * race is one conditional update: creating the room, binding a connection to a seat, claiming seat 1,
 * moving the locator.
 */
import { PutCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import { MESSAGE_TTL_SECONDS, ROOM_TTL_SECONDS } from "../../core/protocol/friend.js";
import { getLive, isConditionFailed, yieldTurn } from "../lib/items.js";
import { PREFIX } from "../lib/keys.js";
import { nowSeconds } from "../lib/table.js";

export interface Room {
  readonly roomId: string;
  readonly hashes: readonly [string, string | null];
  readonly conns: readonly [string | null, string | null];
  readonly lastActive: number;
  /** The locator guests find the room by, while the guest seat is free. */
  readonly loc: number | null;
}

export interface RoomStore {
  /** Creates a room with seat 0 bound to `hash` and `connectionId`; null if a room has that id. */
  create(roomId: string, hash: string, connectionId: string, now: number): Promise<Room | null>;
  get(roomId: string, now: number): Promise<Room | null>;
  /** Points `seat` at `connectionId` (a newer connection of the same player takes over). */
  bindSeat(roomId: string, seat: Seat, connectionId: string, now: number): Promise<Room | null>;
  /** Clears `seat`'s connection if it is still `connectionId`; returns the room when it did. */
  unbindSeat(roomId: string, seat: Seat, connectionId: string, now: number): Promise<Room | null>;
  /** Binds seat 1 to `hash` if it is free; null when taken (or the room is gone). */
  claimGuestSeat(roomId: string, hash: string, now: number): Promise<Room | null>;
  /**
   * The room's locator becomes `to` only if it is still `from` (null: none) and the guest seat is
   * free: one conditional update, so of many moves from the same locator exactly one wins. `to` null
   * clears it. False when the condition did not hold.
   */
  moveLocator(roomId: string, from: number | null, to: number | null): Promise<boolean>;
}

export const roomPk = (roomId: string): string => `${PREFIX.room}${roomId}`;
export const META = "META";

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

/** The condition and values of a move of the room's locator from `from`. */
function moveCondition(from: number | null): { cond: string; values: Record<string, unknown> } {
  return from === null
    ? { cond: "attribute_exists(pk) AND attribute_not_exists(h1) AND attribute_not_exists(loc)", values: {} }
    : { cond: "attribute_exists(pk) AND attribute_not_exists(h1) AND loc = :from", values: { ":from": from } };
}

/**
 * `renewMessages` is the log's (log.ts): a seat binding that renews the room past the expiry its
 * messages have renews them too.
 */
export function makeDynamoRoomStore(
  db: DynamoDBDocumentClient,
  tableName: string,
  renewMessages: (roomId: string, now: number) => Promise<void>,
): RoomStore {
  const roomExp = (now: number) => nowSeconds(now) + ROOM_TTL_SECONDS;

  /** One conditional update of the room's item: its attributes as they are now, or null when the condition failed. */
  async function updateItem(
    roomId: string,
    expr: string,
    cond: string,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown> | null> {
    try {
      const r = await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: { pk: roomPk(roomId), sk: META },
          UpdateExpression: expr,
          ConditionExpression: cond,
          ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
          ReturnValues: "ALL_NEW",
        }),
      );
      return r.Attributes ?? {};
    } catch (e) {
      if (isConditionFailed(e)) return null;
      throw e;
    }
  }

  const update = async (roomId: string, expr: string, cond: string, values: Record<string, unknown>) => {
    const a = await updateItem(roomId, expr, cond, values);
    return a === null ? null : toRoom(a);
  };

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

  return {
    async create(roomId, hash, connectionId, now) {
      try {
        await db.send(
          new PutCommand({
            TableName: tableName,
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
    async get(roomId, now) {
      const item = await getLive(db, tableName, roomPk(roomId), META, now);
      return item === null ? null : toRoom(item);
    },
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
    async moveLocator(roomId, from, to) {
      const { cond, values } = moveCondition(from);
      // Clearing needs no free guest seat: a full room gives its locator up.
      const c = to === null ? cond.replace(" AND attribute_not_exists(h1)", "") : cond;
      const a = await updateItem(roomId, to === null ? "REMOVE loc" : "SET loc = :to", c, {
        ...values,
        ...(to === null ? {} : { ":to": to }),
      });
      return a !== null;
    },
  };
}

interface RoomItem {
  roomId: string;
  hashes: [string, string | null];
  conns: [string | null, string | null];
  lastActive: number;
  loc: number | null;
  expiresAt: number;
}

/** The in-memory twin: the same rules, each write one step after a turn of the event loop. */
export function createMemoryRoomStore(): RoomStore {
  const rooms = new Map<string, RoomItem>();
  const live = (r: RoomItem | undefined, now: number): r is RoomItem => r !== undefined && r.expiresAt > now;
  const toRoom = (r: RoomItem): Room => ({
    roomId: r.roomId,
    hashes: [r.hashes[0], r.hashes[1]],
    conns: [r.conns[0], r.conns[1]],
    lastActive: r.lastActive,
    loc: r.loc,
  });
  const renew = (r: RoomItem, now: number): void => {
    r.lastActive = now;
    r.expiresAt = now + ROOM_TTL_SECONDS * 1000;
  };
  return {
    async create(roomId, hash, connectionId, now) {
      await yieldTurn();
      if (rooms.has(roomId)) return null;
      const item: RoomItem = {
        roomId,
        hashes: [hash, null],
        conns: [connectionId, null],
        lastActive: now,
        loc: null,
        expiresAt: now + ROOM_TTL_SECONDS * 1000,
      };
      rooms.set(roomId, item);
      return toRoom(item);
    },
    async get(roomId, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      return live(r, now) ? toRoom(r) : null;
    },
    async bindSeat(roomId, seat, connectionId, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (!live(r, now) || r.hashes[seat] === null) return null;
      r.conns[seat] = connectionId;
      renew(r, now);
      return toRoom(r);
    },
    async unbindSeat(roomId, seat, connectionId, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (r === undefined || r.conns[seat] !== connectionId) return null;
      r.conns[seat] = null;
      r.lastActive = now;
      return toRoom(r);
    },
    async claimGuestSeat(roomId, hash, now) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (!live(r, now) || r.hashes[1] !== null || r.hashes[0] === hash) return null;
      r.hashes[1] = hash;
      renew(r, now);
      return toRoom(r);
    },
    async moveLocator(roomId, from, to) {
      await yieldTurn();
      const r = rooms.get(roomId);
      if (r === undefined || r.loc !== from || (to !== null && r.hashes[1] !== null)) return false;
      r.loc = to;
      return true;
    },
  };
}
