/**
 * Friend rooms over the WebSocket: every `room.*`, `join.*`, `relay*`, `sync*` message in both
 * directions. The server routes by `roomId` and relays sealed boxes it cannot read; everything a
 * player says or plays is inside a box (core/crypto/envelope.ts). Plaintext is limited to routing:
 * room id, seat, sequence numbers, whether a box is chat (for the flood rule) and presence.
 *
 * Flow: the owner sends `room.create` (seat 0). A guest sends `room.join` with a fresh seat secret and
 * a sealed request (its name); the owner gets `join.request` and answers `join.answer`; the guest gets
 * `room.joined` (seat 1) or `join.refused`. A `room.join` whose secret matches a seat returns to that
 * seat at once. Seated players send `relay` (one at a time, acknowledged by `relay.ack` with the room
 * sequence number) and receive the other seat's `relay`; `sync` pages through everything after a
 * sequence number.
 */
import * as v from "valibot";
import { err, ok, type Result } from "../types.js";
import type { FriendErrorCode, ProtoError } from "./errors.js";

export const PROTOCOL_VERSION = 1;

/** Largest client frame, in bytes of UTF-8 JSON (API Gateway's frame limit is 32 KB). */
export const MAX_FRAME_BYTES = 20_000;
/** Largest sealed box of a relayed message (about 12 KB of plaintext). */
export const MAX_BOX_CHARS = 16_384;
/** Largest sealed join request (a name, nothing else). */
export const MAX_REQUEST_CHARS = 1_024;
/** A page of `sync.page` stays under this many characters of boxes. */
export const SYNC_PAGE_CHARS = 24_000;
/** Messages per connection per window (all types). */
export const RATE_WINDOW_MS = 10_000;
export const RATE_LIMIT = 100;
/** Chat flood rule: at most CHAT_LIMIT chat messages in CHAT_WINDOW_MS. */
export const CHAT_LIMIT = 5;
export const CHAT_WINDOW_MS = 10_000;
/** Friend rooms expire this long after the last activity. */
export const ROOM_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A relayed message outlives its own 30 days: a room played on and off for longer must still be
 * rebuilt from its first message. Messages are only ever read through a live room, and go with it
 * (the local sweeper deletes a room's items with the room; in AWS their own TTL removes them).
 */
export const MESSAGE_TTL_SECONDS = 365 * 24 * 3600;
/** An unanswered join request lapses after this. */
export const JOIN_REQUEST_TTL_SECONDS = 3600;

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const B64 = (min: number, max: number) =>
  v.pipe(v.string(), v.minLength(min), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+$/, "must be base64url"));
/** A room id: base64url of 32 bytes. */
export const RoomIdSchema = B64(43, 43);
/** A seat secret: base64url of 32 bytes. */
export const SecretSchema = B64(43, 43);
const Seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 40));
const Cseq = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 40));
const ReqId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,32}$/));
const Seat = v.picklist([0, 1] as const);
export const RELAY_KINDS = ["game", "chat"] as const;
export type RelayKind = (typeof RELAY_KINDS)[number];

// ---- client → server ----

export const RoomCreateSchema = v.strictObject({ type: v.literal("room.create"), rid: Rid, roomId: RoomIdSchema, secret: SecretSchema });
export const RoomJoinSchema = v.strictObject({
  type: v.literal("room.join"),
  rid: Rid,
  roomId: RoomIdSchema,
  secret: SecretSchema,
  /**
   * Sealed join request shown to the owner (ignored when the secret already holds a seat). Without
   * it the join only returns to a seat, and a secret that holds none gets `room/no_seat`.
   */
  request: v.optional(B64(40, MAX_REQUEST_CHARS)),
});
export const JoinAnswerSchema = v.strictObject({ type: v.literal("join.answer"), rid: Rid, reqId: ReqId, approve: v.boolean() });
export const RelaySchema = v.strictObject({
  type: v.literal("relay"),
  rid: Rid,
  /** The sender's own sequence number, also sealed inside the box: exactly one more than the last stored. */
  cseq: Cseq,
  kind: v.picklist(RELAY_KINDS),
  box: B64(40, MAX_BOX_CHARS),
});
export const SyncSchema = v.strictObject({ type: v.literal("sync"), rid: Rid, after: Seq });
export const PingSchema = v.strictObject({ type: v.literal("ping"), rid: Rid });

export const FriendClientMessageSchema = v.variant("type", [RoomCreateSchema, RoomJoinSchema, JoinAnswerSchema, RelaySchema, SyncSchema, PingSchema]);
export type FriendClientMessage = v.InferOutput<typeof FriendClientMessageSchema>;
export const FRIEND_CLIENT_TYPES = ["room.create", "room.join", "join.answer", "relay", "sync", "ping"] as const;

// ---- server → client ----

export const StoredMessageSchema = v.object({
  seq: Seq,
  from: Seat,
  cseq: Cseq,
  kind: v.picklist(RELAY_KINDS),
  box: v.string(),
  /** Server time the message was stored (epoch ms). */
  at: v.number(),
});
export type StoredMessage = v.InferOutput<typeof StoredMessageSchema>;

const ErrorSchema = v.object({
  type: v.literal("error"),
  rid: Rid,
  code: v.string(),
  message: v.string(),
  /** `relay/out_of_order`: the sender sequence number the server expects next. */
  expected: v.optional(v.number()),
});

export const FriendServerMessageSchema = v.variant("type", [
  v.object({ type: v.literal("room.created"), rid: Rid, roomId: v.string(), seat: v.literal(0) }),
  v.object({
    type: v.literal("room.joined"),
    rid: Rid,
    roomId: v.string(),
    seat: Seat,
    /** Last room sequence number at the time of joining: a catch-up is complete once past it. */
    seq: Seq,
    /** Last sender sequence number stored from this seat (so a fresh device continues from it). */
    sent: Seq,
    peer: v.object({ seated: v.boolean(), online: v.boolean() }),
  }),
  v.object({ type: v.literal("join.pending"), rid: Rid, reqId: v.string() }),
  v.object({ type: v.literal("join.request"), reqId: v.string(), request: v.string(), at: v.number() }),
  v.object({ type: v.literal("join.answered"), rid: Rid, reqId: v.string(), approved: v.boolean() }),
  /** To the owner: a waiting guest went away (its request is gone). */
  v.object({ type: v.literal("join.withdrawn"), reqId: v.string() }),
  v.object({ type: v.literal("join.refused"), roomId: v.string(), reason: v.picklist(["refused", "room/full"] as const) }),
  v.object({ type: v.literal("relay.ack"), rid: Rid, cseq: Cseq, seq: Seq, at: v.number() }),
  v.object({ type: v.literal("relay"), msg: StoredMessageSchema }),
  v.object({ type: v.literal("sync.page"), rid: Rid, msgs: v.array(StoredMessageSchema), more: v.boolean() }),
  v.object({ type: v.literal("presence"), seat: Seat, online: v.boolean(), seated: v.boolean() }),
  v.object({ type: v.literal("pong"), rid: Rid, at: v.number() }),
  ErrorSchema,
]);
export type FriendServerMessage = v.InferOutput<typeof FriendServerMessageSchema>;
export type ErrorMessage = v.InferOutput<typeof ErrorSchema>;

function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  const path = first.path?.map((p) => String(p.key)).join(".") ?? "";
  return path === "" ? first.message : `${path}: ${first.message}`;
}

/** Validates an already-decoded friend-room client message. */
export function parseFriendClientMessage(raw: unknown): Result<FriendClientMessage, ProtoError<FriendErrorCode>> {
  const r = v.safeParse(FriendClientMessageSchema, raw);
  if (r.success) return ok(r.output);
  const type = (raw as { type?: unknown }).type;
  if (!(FRIEND_CLIENT_TYPES as readonly unknown[]).includes(type)) {
    return err({ code: "proto/unknown_type", message: `unknown message type ${JSON.stringify(type).slice(0, 60)}` });
  }
  return err({ code: "proto/invalid", message: describeIssues(r.issues) });
}

export function makeFriendClientText(msg: FriendClientMessage): string {
  return JSON.stringify(msg);
}

/** For clients: validates a friend-room message from the server. */
export function parseFriendServerMessage(raw: unknown): Result<FriendServerMessage, ProtoError<"proto/invalid">> {
  const r = v.safeParse(FriendServerMessageSchema, raw);
  if (!r.success) return err({ code: "proto/invalid", message: describeIssues(r.issues) });
  return ok(r.output);
}

export function makeError(code: FriendErrorCode, message: string, extra: { rid?: string | number; expected?: number } = {}): ErrorMessage {
  return { type: "error", code, message, ...extra };
}
