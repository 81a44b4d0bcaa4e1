/**
 * What a player reads for each error code of the protocol (core/protocol/errors.ts: the realtime codes
 * and the HTTP API's): one catalogue key per code, so the server's English `message` is never shown.
 * The table's type names every code, so a code added to the registry without a key fails to compile.
 */
import type { CodeError } from "../../../core/crypto/index.js";
import type { ErrorCode, HttpErrorCode } from "../../../core/protocol/errors.js";
import type { EngineErrorCode } from "../../../core/types.js";
import type { MessageKey } from "./en.js";
import { t } from "./i18n.js";

export const ERROR_KEYS: { readonly [C in ErrorCode | HttpErrorCode]: MessageKey } = {
  "proto/too_large": "error.proto/too_large",
  "proto/malformed": "error.proto/malformed",
  "proto/invalid": "error.proto/invalid",
  "proto/unknown_type": "error.proto/unknown_type",
  "proto/version": "error.proto/version",
  "rate/limited": "error.rate/limited",
  "chat/flood": "error.chat/flood",
  "room/not_found": "error.room/not_found",
  "room/exists": "error.room/exists",
  "room/full": "error.room/full",
  "room/no_seat": "error.room/no_seat",
  "room/not_seated": "error.room/not_seated",
  "room/not_owner": "error.room/not_owner",
  "room/seat_moved": "error.room/seat_moved",
  "room/retired": "error.room/retired",
  "join/not_found": "error.join/not_found",
  "join/refused": "error.join/refused",
  "join/pending": "error.join/pending",
  "join/busy": "error.join/busy",
  "join/owner_away": "error.join/owner_away",
  "join/wrong_code": "error.join/wrong_code",
  "relay/seq_taken": "error.relay/seq_taken",
  "relay/out_of_order": "error.relay/out_of_order",
  "relay/duplicate": "error.relay/duplicate",
  "relay/bad_head": "error.relay/bad_head",
  "rate/rooms": "error.rate/rooms",
  "rate/lookups": "error.rate/lookups",
  "crypto/bad_box": "error.crypto/bad_box",
  "crypto/bad_share": "error.crypto/bad_share",
  "crypto/wrong_code": "error.crypto/wrong_code",
  "crypto/replay": "error.crypto/replay",
  "crypto/wrong_seat": "error.crypto/wrong_seat",
  "peer/invalid": "error.peer/invalid",
  "peer/illegal": "error.peer/illegal",
  "server/error": "error.server/error",
  "auth/required": "error.auth/required",
  "auth/no_challenge": "error.auth/no_challenge",
  "auth/bad_player_id": "error.auth/bad_player_id",
  "auth/bad_signature": "error.auth/bad_signature",
  "auth/bad_challenge": "error.auth/bad_challenge",
  "auth/name_required": "error.auth/name_required",
  "name/too_short": "error.name/too_short",
  "name/too_long": "error.name/too_long",
  "name/bad_chars": "error.name/bad_chars",
  "name/mixed_scripts": "error.name/mixed_scripts",
  "name/reserved": "error.name/reserved",
  "name/taken": "error.name/taken",
  "ranked/unavailable": "error.ranked/unavailable",
  "ranked/bad_options": "error.ranked/bad_options",
  "ranked/in_match": "error.ranked/in_match",
  "ranked/not_seeking": "error.ranked/not_seeking",
  "ranked/not_found": "error.ranked/not_found",
  "ranked/not_player": "error.ranked/not_player",
  "ranked/over": "error.ranked/over",
  "ranked/not_your_turn": "error.ranked/not_your_turn",
  "ranked/stale": "error.ranked/stale",
  "ranked/duplicate": "error.ranked/duplicate",
  "ranked/conflict": "error.ranked/conflict",
  "ranked/cannot_abort": "error.ranked/cannot_abort",
  "ranked/not_allowed": "error.ranked/not_allowed",
  "lobby/gone": "error.lobby/gone",
  "lobby/own_seek": "error.lobby/own_seek",
  "lobby/out_of_range": "error.lobby/out_of_range",
  "lobby/not_posted": "error.lobby/not_posted",
  "challenge/self": "error.challenge/self",
  "challenge/unknown_player": "error.challenge/unknown_player",
  "challenge/refused": "error.challenge/refused",
  "challenge/gone": "error.challenge/gone",
  "challenge/not_rematch": "error.challenge/not_rematch",
  "move/illegal": "error.move/illegal",
  "query/invalid": "error.query/invalid",
  "query/bad_cursor": "error.query/bad_cursor",
  "query/bad_player_id": "error.query/bad_player_id",
  "http/forbidden": "error.http/forbidden",
  "http/unsupported_media_type": "error.http/unsupported_media_type",
  "player/not_found": "error.player/not_found",
  "game/not_found": "error.server.notFound",
  "tournament/not_found": "error.server.notFound",
};

/** The sentence for an error code in the current language; a code this client does not know gets the generic one. */
export function errorText(code: string): string {
  const key = Object.hasOwn(ERROR_KEYS, code) ? ERROR_KEYS[code as keyof typeof ERROR_KEYS] : undefined;
  return key === undefined ? t("error.unknown", { code }) : t(key);
}

/** The engine's refusals (core/types.ts EngineErrorCode), one key each: the engine's English message is for logs. */
const ENGINE_ERROR_KEYS: { readonly [C in EngineErrorCode]: MessageKey } = {
  "game/unknown": "error.engine.game/unknown",
  "options/invalid": "error.engine.options/invalid",
  "position/invalid": "error.engine.position/invalid",
  "move/illegal": "error.engine.move/illegal",
  "move/game_over": "error.engine.move/game_over",
  "decode/invalid": "error.engine.decode/invalid",
};

export function engineErrorText(code: EngineErrorCode): string {
  return t(ENGINE_ERROR_KEYS[code]);
}

/** Why a typed join code was refused, from its reason (never core's English message). */
export function codeErrorText(e: CodeError): string {
  return t("online.notCode", { reason: e.reason, char: e.char ?? "" });
}
