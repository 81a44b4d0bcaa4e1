/**
 * What friends send each other inside sealed boxes (core/crypto/envelope.ts). The server never sees
 * these; the receiving client validates each one with these schemas before the game reducer
 * (core/online/friend/game.ts) looks at it.
 */
import * as v from "valibot";
import { GAMES } from "../types.js";
import { BEST_OF } from "../series.js";
import { NAME_MAX } from "../names.js";
import { err, ok, type Result } from "../types.js";

const MAX_CHAT_CHARS = 500;
/** An avatar: an emoji or built-in avatar id, or a small image data URL (the client scales photos down). */
export const MAX_AVATAR_CHARS = 10_000;

const Options = v.pipe(
  v.record(v.pipe(v.string(), v.maxLength(20)), v.union([v.number(), v.boolean()])),
  v.check((o) => Object.keys(o).length <= 8, "too many options"),
);

const NameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1),
  v.check((s) => Array.from(s).length <= NAME_MAX, `at most ${NAME_MAX} characters`),
);

const SetupSchema = v.strictObject({
  t: v.literal("setup"),
  game: v.picklist(GAMES),
  options: Options,
  bestOf: v.picklist(BEST_OF),
});
const ProfileSchema = v.strictObject({
  t: v.literal("profile"),
  name: NameSchema,
  avatar: v.optional(v.pipe(v.string(), v.maxLength(MAX_AVATAR_CHARS))),
});
const MoveSchema = v.strictObject({
  t: v.literal("move"),
  /** Which series (0, then 1 after the first rematch, …) and which game of it (0-based). */
  series: v.pipe(v.number(), v.integer(), v.minValue(0)),
  game: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Moves already played in this game when this one was chosen (a stale move is refused). */
  ply: v.pipe(v.number(), v.integer(), v.minValue(0)),
  move: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99)),
});
const ChatSchema = v.strictObject({
  t: v.literal("chat"),
  text: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_CHAT_CHARS)),
});
/** Ask to pause (`on: true`) or to carry on (`on: false`); the other seat must agree. */
const PauseSchema = v.strictObject({ t: v.literal("pause"), on: v.boolean() });
/** Answer the other seat's pending offer of `what`. */
const AnswerSchema = v.strictObject({
  t: v.literal("answer"),
  what: v.picklist(["pause", "rematch", "end"] as const),
  accept: v.boolean(),
});
/** Offer a new series once this one is over; the other seat accepts with `answer`. */
const RematchSchema = v.strictObject({ t: v.literal("rematch") });
/** Give up the current game, or with `whole` the whole series. */
const ForfeitSchema = v.strictObject({ t: v.literal("forfeit"), whole: v.boolean() });
/** Ayo: offer to end the current game on the captured score. */
const EndOfferSchema = v.strictObject({ t: v.literal("end") });

export const PayloadSchema = v.variant("t", [
  SetupSchema,
  ProfileSchema,
  MoveSchema,
  ChatSchema,
  PauseSchema,
  AnswerSchema,
  RematchSchema,
  ForfeitSchema,
  EndOfferSchema,
]);
export type Payload = v.InferOutput<typeof PayloadSchema>;

/** The name a guest shows the owner with its join request. */
export const JoinRequestSchema = v.strictObject({
  name: NameSchema,
});

export interface PayloadError {
  readonly code: "peer/invalid";
  readonly message: string;
}

export function parsePayload(raw: unknown): Result<Payload, PayloadError> {
  const r = v.safeParse(PayloadSchema, raw);
  if (!r.success) {
    const first = r.issues[0];
    const path = first.path?.map((p) => String(p.key)).join(".") ?? "";
    return err({ code: "peer/invalid", message: path === "" ? first.message : `${path}: ${first.message}` });
  }
  return ok(r.output);
}

/** Chat goes in boxes of kind "chat" (the flood rule), everything else in "game" boxes. */
export function kindOf(p: Payload): "chat" | "game" {
  return p.t === "chat" ? "chat" : "game";
}
