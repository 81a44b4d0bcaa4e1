/**
 * Friend rooms over the WebSocket: every `room.*`, `join.*`, `relay*`, `sync*` message in both
 * directions. The server routes by room id and locator and relays what it cannot read; everything a
 * player says or plays is inside a box (core/crypto/envelope.ts) under a key the server never sees.
 * Plaintext is limited to routing: room id, locator, seat, sequence numbers, whether a box is chat
 * (for the flood rule), presence, and the key-exchange messages (public shares and tags, which by
 * design reveal nothing that allows guessing the code offline).
 *
 * Flow: the owner sends `room.create` (seat 0) and gets `room.created` with the locator the server
 * allocated; its device adds a random password to make the code. A guest sends `join.hello` (locator,
 * session id, CPace share); the owner (when online: until then the guest waits) answers `join.reply`
 * with its share; the guest sends `join.confirm` with its confirmation tag and its seat secret (for
 * the server only); the owner checks the tag and sends `join.verdict`: a wrong one is counted against
 * the locator (retired after MAX_WRONG_CODES, with a new locator in `room.code`), a right one is
 * forwarded with the owner's own tag (`join.verified`). Only once that tag holds does the guest use
 * the key: it sends its sealed request (its name) in `join.request`, and the owner approves or
 * refuses with `join.answer`; the guest gets `room.joined` (seat 1) or `join.refused`. Every step
 * is answered to its sender (`join.ok`, `join.verified`, `join.answered`), and a step sent again
 * (the gateway lost its answer) is taken once and answered again, so clients resend until answered. `room.join` with a seat secret returns to that seat at once, with no exchange.
 * Seated players send `relay` (one at a time, acknowledged by `relay.ack` with the room sequence
 * number) and receive the other seat's `relay`; `sync` pages through everything after a number.
 */
import * as v from "valibot";
import { err, ok, type Result } from "../types.js";
import type { FriendErrorCode, ProtoError } from "./errors.js";
import { LOCATOR_COUNT } from "../crypto/code.js";

export const PROTOCOL_VERSION = 2;

/** Largest sealed box of a relayed message (about 12 KB of plaintext). */
const MAX_BOX_CHARS = 16_384;
/** Largest sealed join request (a name, nothing else). */
const MAX_REQUEST_CHARS = 1_024;
/** A page of `sync.page` stays under this many characters of boxes. */
export const SYNC_PAGE_CHARS = 24_000;
/** Friend rooms expire this long after the last activity. */
export const ROOM_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A relayed message expires with its room: this long after it is written, a little over the room's
 * own lifetime, and renewed with the room (functions/friends/log.ts `renew`), so a room
 * played on and off for longer is still rebuilt from its first message, and no message outlives its
 * room by more than the margin.
 */
export const MESSAGE_TTL_SECONDS = ROOM_TTL_SECONDS + 10 * 24 * 3600;
/** A join request item is swept this long after its last step (it lapses much sooner: JOIN_STEP_MS). */
export const JOIN_REQUEST_TTL_SECONDS = 3600;
/**
 * A key exchange that makes no progress within this lapses: each step (the guest's hello, the owner's
 * reply, the guest's confirmation, the owner's verdict, the guest's sealed request) must follow the
 * one before within JOIN_STEP_MS, or the exchange ends, gives its slot back and the owner is told
 * (`join.withdrawn`). Every step is machine work (no person waits in between).
 */
export const JOIN_STEP_MS = 3_000;
/** A verified guest waits this long for the owner (a person) to approve it. */
export const JOIN_APPROVAL_MS = 10 * 60_000;
/** Key exchanges open at once on one locator (the guess-slot rule, functions/friends/locators.ts). */
export const OPEN_EXCHANGES = 10;
/**
 * One source address opens at most one key exchange per locator in this time (measured from its
 * hello), so a few addresses cannot keep a locator's slots busy: each gets one turn a minute.
 */
export const KNOCK_INTERVAL_MS = 60_000;
/** Room creations per source address (and per signed-in player) in ROOM_CREATE_WINDOW_MS. */
export const ROOM_CREATE_LIMIT = 10;
export const ROOM_CREATE_WINDOW_MS = 3_600_000;
/** Locator look-ups (`join.hello`) per source address (and per signed-in player) in LOOKUP_WINDOW_MS. */
export const LOOKUP_LIMIT = 60;
export const LOOKUP_WINDOW_MS = 600_000;
/** Wrong codes a locator allows before it is retired (the guess-slot rule, functions/friends/locators.ts). */
export const MAX_WRONG_CODES = 5;
/** A locator not used by a guest within this time is released (the owner gets a new one on return). */
export const LOCATOR_TTL_SECONDS = 7 * 24 * 3600;

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const B64 = (min: number, max: number) =>
  v.pipe(v.string(), v.minLength(min), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+$/, "must be base64url"));
/** A room id: base64url of 32 bytes. */
const RoomIdSchema = B64(43, 43);
/** A seat secret: base64url of 32 bytes. */
const SecretSchema = B64(43, 43);
const Seq = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 40));
const Cseq = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 40));
const ReqId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,32}$/));
const Seat = v.picklist([0, 1] as const);
const Loc = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(LOCATOR_COUNT - 1));
/** A CPace message (prefix-free share and associated data) or tag, base64url. */
const Share = B64(40, 200);
const Tag = B64(86, 86);
/** A server MAC over a log head (functions/friends/head.ts). */
const Proof = B64(43, 43);
const RELAY_KINDS = ["game", "chat"] as const;
export type RelayKind = (typeof RELAY_KINDS)[number];

// ---- client → server ----

const RoomCreateSchema = v.strictObject({
  type: v.literal("room.create"),
  rid: Rid,
  /** Random, chosen by the owner's device (nothing to do with the code). */
  roomId: RoomIdSchema,
  secret: SecretSchema,
  /** The locator the owner's device proposes; the server takes it if no live room holds it, else another. */
  loc: v.optional(Loc),
});
/** Returns to one's own seat with its secret (no key exchange). */
const RoomJoinSchema = v.strictObject({
  type: v.literal("room.join"),
  rid: Rid,
  roomId: RoomIdSchema,
  secret: SecretSchema,
});
/** Owner, while the guest seat is free: retire the current locator and give the room a new one (`room.code`). */
const RoomRecodeSchema = v.strictObject({ type: v.literal("room.recode"), rid: Rid });
/** Guest: the first key-exchange message, to the room at `loc`. */
const JoinHelloSchema = v.strictObject({
  type: v.literal("join.hello"),
  rid: Rid,
  loc: Loc,
  sid: B64(22, 22),
  msg: Share,
});
/** Owner: its share for the guest's exchange `reqId`. */
const JoinReplySchema = v.strictObject({ type: v.literal("join.reply"), rid: Rid, reqId: ReqId, msg: Share });
/** Guest: its confirmation tag and its seat secret (the server keeps its hash; the owner never sees it). */
const JoinConfirmSchema = v.strictObject({
  type: v.literal("join.confirm"),
  rid: Rid,
  reqId: ReqId,
  tag: Tag,
  secret: SecretSchema,
});
/** Guest, once the owner's tag held: the sealed request (its name). */
const JoinRequestMessageSchema = v.strictObject({
  type: v.literal("join.request"),
  rid: Rid,
  reqId: ReqId,
  request: B64(40, MAX_REQUEST_CHARS),
});
/** Owner: whether the guest's tag held; with the owner's own tag when it did. */
const JoinVerdictSchema = v.strictObject({
  type: v.literal("join.verdict"),
  rid: Rid,
  reqId: ReqId,
  ok: v.boolean(),
  tag: v.optional(Tag),
});
const JoinAnswerSchema = v.strictObject({
  type: v.literal("join.answer"),
  rid: Rid,
  reqId: ReqId,
  approve: v.boolean(),
});
const RelaySchema = v.strictObject({
  type: v.literal("relay"),
  rid: Rid,
  /** The sender's room and seat, with the seat token `room.joined` gave this connection. */
  room: RoomIdSchema,
  seat: Seat,
  /** The other seat's connection as the token names it ("" when away). */
  via: v.pipe(v.string(), v.maxLength(64)),
  tok: B64(43, 43),
  /** The room sequence number the sender proposes: one more than the highest it knows of. */
  seq: Cseq,
  /** The sender's own sequence number, also sealed inside the box (the receiver refuses replays). */
  cseq: Cseq,
  /** The head of the log the number follows: `seq - 1`, each seat's count of messages up to it, and the server's proof of both. */
  prev: v.strictObject({ sent: v.tuple([Seq, Seq]), proof: Proof }),
  kind: v.picklist(RELAY_KINDS),
  box: B64(40, MAX_BOX_CHARS),
});
const SyncSchema = v.strictObject({ type: v.literal("sync"), rid: Rid, after: Seq });
const PingSchema = v.strictObject({ type: v.literal("ping"), rid: Rid });

const FriendClientMessageSchema = v.variant("type", [
  RoomCreateSchema,
  RoomJoinSchema,
  RoomRecodeSchema,
  JoinHelloSchema,
  JoinReplySchema,
  JoinConfirmSchema,
  JoinRequestMessageSchema,
  JoinVerdictSchema,
  JoinAnswerSchema,
  RelaySchema,
  SyncSchema,
  PingSchema,
]);
export type FriendClientMessage = v.InferOutput<typeof FriendClientMessageSchema>;
const FRIEND_CLIENT_TYPES = [
  "room.create",
  "room.join",
  "room.recode",
  "join.hello",
  "join.reply",
  "join.confirm",
  "join.request",
  "join.verdict",
  "join.answer",
  "relay",
  "sync",
  "ping",
] as const;

// ---- server → client ----

const StoredMessageSchema = v.object({
  seq: Seq,
  from: Seat,
  cseq: Cseq,
  kind: v.picklist(RELAY_KINDS),
  box: v.string(),
  /** Server time the message was stored (epoch ms). */
  at: v.number(),
  /** Each seat's count of messages up to and including this one (the sender's is its `cseq`). */
  sent: v.tuple([Seq, Seq]),
  /** The server's proof of this head (`seq`, `sent`): what the next `relay` must carry. */
  proof: v.string(),
});
/** A head of a room's log: its last number, each seat's count of messages, and the server's proof. */
const LogHeadSchema = v.object({ seq: Seq, sent: v.tuple([Seq, Seq]), proof: v.string() });
export type LogHead = v.InferOutput<typeof LogHeadSchema>;
export type StoredMessage = v.InferOutput<typeof StoredMessageSchema>;

const ErrorSchema = v.object({
  type: v.literal("error"),
  rid: Rid,
  code: v.string(),
  message: v.string(),
  /** `relay/seq_taken`: the room sequence number to propose next. */
  expected: v.optional(v.number()),
  /** Limits that last (`rate/rooms`, `rate/lookups`, `join/busy`, `join/owner_away`): try again after this many ms. */
  retryMs: v.optional(v.number()),
});

const FriendServerMessageSchema = v.variant("type", [
  v.object({
    type: v.literal("room.created"),
    rid: Rid,
    roomId: v.string(),
    seat: v.literal(0),
    loc: Loc,
    /** The empty log's head: what the first `relay` follows. */
    head: LogHeadSchema,
  }),
  v.object({
    type: v.literal("room.joined"),
    rid: Rid,
    roomId: v.string(),
    seat: Seat,
    /** Last room sequence number at the time of joining: a catch-up is complete once past it. */
    seq: Seq,
    /** Last sender sequence number stored from this seat (so a fresh device continues from it). */
    sent: Seq,
    /** The log's head at the time of joining (what the first `relay` follows until newer ones arrive). */
    head: LogHeadSchema,
    peer: v.object({ seated: v.boolean(), online: v.boolean() }),
    /** To the owner while the guest seat is free: the room's current locator. */
    loc: v.optional(v.nullable(Loc)),
    /** This connection's seat token and the other seat's connection it names, sent with every `relay`. */
    token: v.string(),
    via: v.string(),
  }),
  /** To the owner: the room has a new locator (the old one was retired after wrong codes, or lapsed). */
  v.object({ type: v.literal("room.code"), rid: Rid, loc: Loc, reason: v.picklist(["retired", "lapsed"] as const) }),
  /** To a guest: the exchange is open; `owner` says whether the owner is online to answer it. */
  v.object({ type: v.literal("join.pending"), rid: Rid, reqId: v.string(), owner: v.boolean() }),
  /**
   * A step of the key exchange (`join.reply`, `join.confirm`, `join.request`, a wrong `join.verdict`)
   * was taken, or had been: a step sent again after its answer was lost is taken once and answered again.
   */
  v.object({ type: v.literal("join.ok"), rid: Rid, reqId: v.string() }),
  v.object({ type: v.literal("join.hello"), reqId: v.string(), sid: v.string(), msg: v.string(), at: v.number() }),
  v.object({ type: v.literal("join.reply"), reqId: v.string(), msg: v.string() }),
  v.object({ type: v.literal("join.confirm"), reqId: v.string(), tag: v.string() }),
  /** To the owner: the guest's sealed request, sent once the owner's tag held on the guest's side. */
  v.object({ type: v.literal("join.request"), reqId: v.string(), request: v.string() }),
  /**
   * To the guest: the owner's confirmation tag, and the room's id (a guest cut off after the owner's
   * approval returns to its seat with it and its seat secret). To the owner: its verdict is recorded
   * (the request may be answered).
   */
  v.object({
    type: v.literal("join.verified"),
    rid: Rid,
    reqId: v.string(),
    tag: v.string(),
    roomId: v.optional(v.string()),
  }),
  v.object({ type: v.literal("join.answered"), rid: Rid, reqId: v.string(), approved: v.boolean() }),
  /** To the owner: a waiting guest went away (its request is gone). */
  v.object({ type: v.literal("join.withdrawn"), reqId: v.string() }),
  v.object({
    type: v.literal("join.refused"),
    reqId: v.string(),
    reason: v.picklist(["refused", "room/full", "wrong_code", "retired", "lapsed"] as const),
  }),
  v.object({
    type: v.literal("relay.ack"),
    rid: Rid,
    cseq: Cseq,
    seq: Seq,
    at: v.number(),
    sent: v.tuple([Seq, Seq]),
    proof: v.string(),
  }),
  v.object({ type: v.literal("relay"), msg: StoredMessageSchema }),
  v.object({ type: v.literal("sync.page"), rid: Rid, msgs: v.array(StoredMessageSchema), more: v.boolean() }),
  /** The other seat came or went; with a fresh seat token naming its connection. */
  v.object({
    type: v.literal("presence"),
    seat: Seat,
    online: v.boolean(),
    seated: v.boolean(),
    token: v.string(),
    via: v.string(),
  }),
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

/** For clients: validates a friend-room message from the server. */
export function parseFriendServerMessage(raw: unknown): Result<FriendServerMessage, ProtoError<"proto/invalid">> {
  const r = v.safeParse(FriendServerMessageSchema, raw);
  if (!r.success) return err({ code: "proto/invalid", message: describeIssues(r.issues) });
  return ok(r.output);
}

export function makeError(
  code: FriendErrorCode,
  message: string,
  extra: { rid?: string | number; expected?: number; retryMs?: number } = {},
): ErrorMessage {
  return { type: "error", code, message, ...extra };
}
