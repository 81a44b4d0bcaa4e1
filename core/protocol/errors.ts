/**
 * The one set of error codes of the realtime protocol, shared by the server and the client. Every
 * code names its layer first: `proto/` (framing and schema), `rate/` and `chat/` (limits), `room/` and
 * `join/` (friend rooms), `relay/` (the relayed log), `crypto/` and `peer/` (found by the receiving
 * client, never by the server), `server/`. Ranked play adds `RANKED_ERROR_CODES` (core/protocol/ranked.ts).
 */
import { RANKED_ERROR_CODES } from "./ranked.js";

export const FRIEND_ERROR_CODES = [
  "proto/too_large", // the frame is larger than MAX_FRAME_BYTES
  "proto/malformed", // not a JSON object with a string `type`
  "proto/invalid", // the message does not match the schema of its type
  "proto/unknown_type",
  "proto/version", // the client speaks another protocol version
  "rate/limited", // too many messages on this connection
  "chat/flood", // more than CHAT_LIMIT chat messages in CHAT_WINDOW_MS
  "room/not_found", // no live room with that id (or it expired)
  "room/exists", // a live room already has that id
  "room/full", // both seats are taken and the seat secret matches neither
  "room/no_seat", // a join without a request, whose seat secret holds no seat
  "room/not_seated", // the action needs a seat in a room
  "room/not_owner", // only the owner (seat 0) answers join requests
  "room/seat_moved", // this seat was taken over by a newer connection of the same player
  "join/not_found", // the join request is gone (answered, expired)
  "join/refused", // the owner refused
  "join/pending", // this connection already waits for an answer
  "join/busy", // all of the locator's guess slots are used or under way; try again in a moment
  "relay/seq_taken", // another message took that room sequence number; `expected` says which to propose next
  "relay/out_of_order", // the sender sequence number skips ahead; `expected` says which comes next
  "relay/duplicate", // an older message than the last one stored from this seat
  "relay/bad_head", // the proof of the room's previous number does not hold (forged, or from another room)
  "rate/rooms", // this address or player made ROOM_CREATE_LIMIT rooms this window; `retryMs` says when to try again
  "rate/lookups", // this address or player looked up LOOKUP_LIMIT codes this window; `retryMs` says when
  "join/owner_away", // the owner is not online to answer the key exchange; knock again later
  "ranked/unavailable", // ranked play is not installed on this server
  "room/retired", // the code's locator was retired after too many wrong codes; the owner has a new code
  "join/wrong_code", // the key exchange did not confirm: the code is wrong
  "crypto/bad_box", // a payload did not decrypt under the room key
  "crypto/bad_share", // a key-exchange message is malformed or not a valid group element
  "crypto/wrong_code", // a key-exchange confirmation tag did not match
  "crypto/replay", // a sender sequence number did not increase (replayed or reordered)
  "crypto/wrong_seat", // the sealed seat differs from the seat the server says sent it
  "peer/invalid", // a decrypted payload is not a valid game message
  "peer/illegal", // a move or action the rules or the game state do not allow
  "server/error",
] as const;

export type FriendErrorCode = (typeof FRIEND_ERROR_CODES)[number];

export const ERROR_CODES = [...new Set<string>([...FRIEND_ERROR_CODES, ...RANKED_ERROR_CODES])] as readonly (
  FriendErrorCode | (typeof RANKED_ERROR_CODES)[number]
)[];
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The HTTP API's refusal codes (`{error: {code, message}}`, functions/http/*) and the status each is
 * answered with: the handlers name the code, the status comes from here.
 */
export const HTTP_ERROR_STATUS = {
  "proto/malformed": 400, // the body is not JSON
  "proto/invalid": 400, // the body does not match its schema
  "query/invalid": 400,
  "query/bad_cursor": 400,
  "query/bad_player_id": 400,
  "http/forbidden": 403, // not through the site's own address
  "player/not_found": 404,
  "game/not_found": 404, // no game with that id, live or archived
  "tournament/not_found": 404,
  "proto/too_large": 413,
  "http/unsupported_media_type": 415,
  "rate/limited": 429,
} as const satisfies Readonly<Record<string, number>>;
export type HttpErrorCode = keyof typeof HTTP_ERROR_STATUS;

export interface ProtoError<C extends string = ErrorCode> {
  readonly code: C;
  readonly message: string;
}

/** The `error` frame any layer of the realtime entry answers with (before a message reaches its domain). */
export function makeErrorFrame(
  code: ErrorCode,
  message: string,
  rid: string | number | undefined,
): { readonly type: "error"; readonly code: ErrorCode; readonly message: string; readonly rid?: string | number } {
  return { type: "error", code, message, ...(rid !== undefined ? { rid } : {}) };
}
