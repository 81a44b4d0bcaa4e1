/**
 * A friend room's log: one item per relayed box under its room (`ROOM#<roomId>` /
 * `MSG#<seq, 12 digits>`) with each seat's message count up to it (`s0`, `s1`), stored with one
 * conditional put under the room's next number (the service checks the proof of the previous one
 * first: head.ts); the room's last number is read from its last message. Read only through a live
 * room.
 *
 * Beside each stored box, a small item under the sender's own number (`SENT#<seat>#<cseq>`) says
 * where it was stored, so a retry renumbered after a lost acknowledgement is found with one keyed
 * read whatever the log's length (`findSent`). It lives SENT_TTL_SECONDS: a retry later than that
 * is told `relay/duplicate`, and the client catches up instead (core/online/friend/outbox.ts).
 */
import { PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { Seat } from "../../core/types.js";
import {
  MESSAGE_TTL_SECONDS,
  ROOM_TTL_SECONDS,
  type RelayKind,
  type StoredMessage,
} from "../../core/protocol/friend.js";
import { copyOf, getLive, isConditionFailed, yieldTurn } from "../lib/items.js";
import { isLive, nowSeconds } from "../lib/table.js";
import { META, roomPk } from "./rooms.js";

/** A stored message as the table holds it (the proof of its head is made by the service). */
export type Stored = Omit<StoredMessage, "proof">;
/** Where a message was stored: what its acknowledgement says. */
type Placed = Pick<Stored, "seq" | "at" | "sent">;

export type AppendResult =
  | { readonly kind: "stored"; readonly msg: Stored }
  /** This very message was stored under that number before (a retry after a lost ack). */
  | { readonly kind: "duplicate"; readonly msg: Placed }
  /** Another message holds that number. */
  | { readonly kind: "taken"; readonly expected: number };

export interface LogStore {
  /** Stores a box from `seat` under `seq` with the seats' counts `sent` unless that number is taken (one conditional put). */
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
  /** Where the message `seat` sent as its `cseq`-th was stored (one keyed read); null when unknown. */
  findSent(roomId: string, seat: Seat, cseq: number, now: number): Promise<Placed | null>;
  /** The room's last sequence number and the seats' counts up to it (0 and [0, 0] when nothing was relayed). */
  head(roomId: string): Promise<{ seq: number; sent: [number, number] }>;
  /** Messages with a sequence number above `after`, oldest first, up to about `maxChars` of boxes. */
  list(roomId: string, after: number, maxChars: number, now: number): Promise<{ msgs: Stored[]; more: boolean }>;
  /** Renews the room's messages with the room (see `renew` below). */
  renew(roomId: string, now: number): Promise<void>;
}

/** How long a message's place is kept under its sender's number (for a renumbered retry). */
const SENT_TTL_SECONDS = 24 * 3600;

const msgSk = (seq: number) => `MSG#${String(seq).padStart(12, "0")}`;
const sentSk = (seat: Seat, cseq: number) => `SENT#${seat}#${String(cseq).padStart(12, "0")}`;

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
const placed = (m: { seq: number; at: number; sent: readonly [number, number] }): Placed => ({
  seq: m.seq,
  at: m.at,
  sent: [m.sent[0], m.sent[1]],
});

export function makeDynamoLogStore(db: DynamoDBDocumentClient, tableName: string): LogStore {
  const T = tableName;
  return {
    async append(roomId, seat, seq, cseq, kind, box, sent, now) {
      const msg: Stored = { seq, from: seat, cseq, kind, box, at: now, sent: [sent[0], sent[1]] };
      const counts = { seq, at: now, s0: sent[0], s1: sent[1] };
      try {
        await db.send(
          new PutCommand({
            TableName: T,
            Item: {
              pk: roomPk(roomId),
              sk: msgSk(seq),
              ...counts,
              from: seat,
              cseq,
              kind,
              box,
              expiresAt: nowSeconds(now) + MESSAGE_TTL_SECONDS,
            },
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        );
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
        // Taken: by this very message (a retry after a lost acknowledgement), or by another one.
        const had = await getLive(db, T, roomPk(roomId), msgSk(seq), now);
        if (had !== null && Number(had.from) === seat && Number(had.cseq) === cseq)
          return { kind: "duplicate", msg: placed(toMessage(had)) };
        return { kind: "taken", expected: seq + 1 };
      }
      // Only a stored message gets its place (seat s stores its cseq-th message once: head.ts).
      await db.send(
        new PutCommand({
          TableName: T,
          Item: {
            pk: roomPk(roomId),
            sk: sentSk(seat, cseq),
            ...counts,
            expiresAt: nowSeconds(now) + SENT_TTL_SECONDS,
          },
        }),
      );
      return { kind: "stored", msg };
    },
    async findSent(roomId, seat, cseq, now) {
      const it = await getLive(db, T, roomPk(roomId), sentSk(seat, cseq), now);
      return it === null
        ? null
        : placed({ seq: Number(it.seq), at: Number(it.at), sent: [Number(it.s0), Number(it.s1)] });
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
    /**
     * Messages expire with their room: when a seat binding renews the room past `msgsUntil` (the
     * expiry every message of the room has at least), the messages are renewed to the room's new
     * expiry plus a margin (MESSAGE_TTL_SECONDS - ROOM_TTL_SECONDS), so a room renewed within the
     * margin costs nothing more, and a message outlives its room by at most the margin. The
     * conditional write on `msgsUntil` lets one of two bindings at once do the renewal.
     */
    async renew(roomId, now) {
      const until = nowSeconds(now) + MESSAGE_TTL_SECONDS;
      try {
        await db.send(
          new UpdateCommand({
            TableName: T,
            Key: { pk: roomPk(roomId), sk: META },
            UpdateExpression: "SET msgsUntil = :until",
            ConditionExpression: "attribute_exists(pk) AND (attribute_not_exists(msgsUntil) OR msgsUntil < :exp)",
            ExpressionAttributeValues: { ":until": until, ":exp": nowSeconds(now) + ROOM_TTL_SECONDS },
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
    },
  };
}

/** The in-memory twin: the same numbering, each write one step after a turn of the event loop. */
export function createMemoryLogStore(): LogStore {
  const messages = new Map<string, Map<number, Stored>>();
  const places = new Map<string, Placed>();
  const of = (roomId: string): Map<number, Stored> => {
    let m = messages.get(roomId);
    if (m === undefined) messages.set(roomId, (m = new Map()));
    return m;
  };
  return {
    async append(roomId, seat, seq, cseq, kind, box, sent, now) {
      await yieldTurn();
      const had = of(roomId).get(seq);
      if (had !== undefined)
        return had.from === seat && had.cseq === cseq
          ? { kind: "duplicate", msg: placed(had) }
          : { kind: "taken", expected: seq + 1 };
      const msg: Stored = { seq, from: seat, cseq, kind, box, at: now, sent: [sent[0], sent[1]] };
      of(roomId).set(seq, msg);
      places.set(`${roomId}|${seat}|${cseq}`, placed(msg));
      return { kind: "stored", msg: copyOf(msg) };
    },
    async findSent(roomId, seat, cseq) {
      await yieldTurn();
      return copyOf(places.get(`${roomId}|${seat}|${cseq}`) ?? null);
    },
    async head(roomId) {
      await yieldTurn();
      let last: Stored | null = null;
      for (const msg of of(roomId).values()) if (last === null || msg.seq > last.seq) last = msg;
      return last === null ? { seq: 0, sent: [0, 0] } : { seq: last.seq, sent: [last.sent[0], last.sent[1]] };
    },
    async list(roomId, after, maxChars) {
      await yieldTurn();
      const all = [...of(roomId).values()].filter((x) => x.seq > after).sort((a, b) => a.seq - b.seq);
      const msgs: Stored[] = [];
      let chars = 0;
      for (const m of all) {
        if (msgs.length > 0 && chars + m.box.length > maxChars) return { msgs, more: true };
        msgs.push(copyOf(m));
        chars += m.box.length;
      }
      return { msgs, more: false };
    },
    async renew() {
      await yieldTurn();
    },
  };
}
