/**
 * Web Push over the WebSocket (docs/push.md): a signed-in player registers a device's push
 * subscription, removes it, or mutes one game or all of them; and the notification payload the
 * server sends and the service worker reads.
 *
 * Flow: `push.subscribe {subscription, lang}` → `push.ok {devices}`; `push.unsubscribe {endpoint}`
 * → `push.ok`; `push.mute {matchId}` or `push.mute {all}` → `push.ok`; or `push.error`.
 * The VAPID public key a browser subscribes with is `GET /api/push/key` (`PushKeyResponse`).
 */
import * as v from "valibot";
import { err, ok, type Result } from "../types.js";
import type { ProtocolError } from "./ranked.js";

export const PUSH_TYPE_PREFIX = "push.";

/** Longest endpoint URL accepted (the browsers' push services hand out a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 800;

/** The languages a notification can be written in (the client's catalogue languages). */
export const PUSH_LANGS = ["en", "ru", "kk", "ky", "yo", "sn"] as const;
export type PushLang = (typeof PUSH_LANGS)[number];

export type PushErrorCode =
  | "proto/invalid"
  | "auth/required" // push needs a signed-in player (`auth.prove`)
  | "push/origin" // the endpoint is not on a push service this server posts to
  | "rate/limited"
  | "server/error";

const Rid = v.optional(v.union([v.pipe(v.string(), v.maxLength(40)), v.pipe(v.number(), v.integer())]));
const MatchId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** An https URL with a host and no credentials, at most PUSH_ENDPOINT_MAX characters. */
const Endpoint = v.pipe(
  v.string(),
  v.maxLength(PUSH_ENDPOINT_MAX, `endpoint is longer than ${PUSH_ENDPOINT_MAX} characters`),
  v.check((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "https:" && u.hostname !== "" && u.username === "" && u.password === "";
    } catch {
      return false;
    }
  }, "endpoint must be an https URL"),
);

/** The subscription's P-256 public key: 65 bytes, uncompressed (0x04 …), base64url without padding. */
const P256dh = v.pipe(v.string(), v.regex(/^B[A-Za-z0-9_-]{86}$/, "keys.p256dh must be a 65-byte P-256 point"));
/** The subscription's authentication secret: 16 bytes, base64url without padding. */
const Auth = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{21}[AQgw]$/, "keys.auth must be 16 bytes"));

const SubscriptionSchema = v.strictObject({
  endpoint: Endpoint,
  expirationTime: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
  keys: v.strictObject({ p256dh: P256dh, auth: Auth }),
});
export type PushSubscriptionJson = v.InferOutput<typeof SubscriptionSchema>;

const PushClientMessageSchema = v.variant("type", [
  v.strictObject({
    type: v.literal("push.subscribe"),
    rid: Rid,
    subscription: SubscriptionSchema,
    lang: v.picklist(PUSH_LANGS),
  }),
  v.strictObject({ type: v.literal("push.unsubscribe"), rid: Rid, endpoint: Endpoint }),
  v.pipe(
    v.strictObject({
      type: v.literal("push.mute"),
      rid: Rid,
      /** Mute this game. */
      matchId: v.optional(MatchId),
      /** Mute every game (true) or none (false: every per-game mute is cleared too). */
      all: v.optional(v.boolean()),
    }),
    v.check((m) => (m.matchId === undefined) !== (m.all === undefined), "give either matchId or all"),
  ),
]);
export type PushClientMessage = v.InferOutput<typeof PushClientMessageSchema>;

export type PushServerMessage =
  | {
      readonly type: "push.ok";
      readonly rid?: string | number;
      /** The player's subscribed devices after the change. */
      readonly devices: number;
    }
  | {
      readonly type: "push.error";
      readonly rid?: string | number;
      readonly code: PushErrorCode;
      readonly message: string;
    };

export function parsePushClientMessage(raw: unknown): Result<PushClientMessage, ProtocolError> {
  const r = v.safeParse(PushClientMessageSchema, raw);
  if (!r.success) {
    const first = r.issues[0];
    const path = first.path?.map((p) => String(p.key)).join(".") ?? "";
    return err({ code: "proto/invalid", message: path === "" ? first.message : `${path}: ${first.message}` });
  }
  return ok(r.output);
}

export function makePushError(
  code: PushErrorCode,
  message: string,
  rid?: string | number,
): Extract<PushServerMessage, { type: "push.error" }> {
  return { type: "push.error", ...(rid !== undefined ? { rid } : {}), code, message };
}

/** `GET /api/push/key`: the VAPID public key (base64url, 65 bytes) a browser subscribes with. */
export interface PushKeyResponse {
  readonly publicKey: string;
}

// ---- The notification ----

/** What a notification is about: the player's turn, the end of a game, a deadline coming. */
const PUSH_KINDS = ["turn", "end", "time"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * The words of each notification, per language: the same texts as the client's catalogue
 * (`play.yourTurn`, `result.*`; web/src/i18n/push.test.ts holds them equal), so the server can write
 * a notification without the client's catalogue. `{name}` is the opponent's public display name.
 */
export const PUSH_TEXTS: {
  readonly [L in PushLang]: {
    readonly turn: string;
    readonly won: string;
    readonly lost: string;
    readonly draw: string;
  };
} = {
  en: { turn: "Your turn", won: "You won!", lost: "{name} won!", draw: "Draw" },
  ru: { turn: "Ваш ход", won: "Вы победили!", lost: "Победа: {name}!", draw: "Ничья" },
  kk: { turn: "Сіздің жүрісіңіз", won: "Сіз жеңдіңіз!", lost: "{name} жеңді!", draw: "Тең ойын" },
  ky: { turn: "Сиздин жүрүш", won: "Сиз жеңдиңиз!", lost: "{name} жеңди!", draw: "Тең чыгуу" },
  yo: { turn: "Ìwọ ló kàn", won: "O borí!", lost: "{name} borí!", draw: "Ọ̀mì" },
  sn: { turn: "Ndiwe wava kutamba", won: "Wakunda!", lost: "{name} akunda!", draw: "Maenzana" },
};

/**
 * The notification's data, as the service worker receives it (decrypted by the browser): the text
 * to show, the game it is about and the page a tap opens. Nothing in it is secret: the opponent's
 * name is public, and the game id is the public archive's.
 */
export interface PushPayload {
  readonly v: 1;
  readonly kind: PushKind;
  readonly matchId: string;
  readonly title: string;
  readonly body: string;
  /** Path on the site's own origin that a tap opens. */
  readonly url: string;
}

const PushPayloadSchema = v.strictObject({
  v: v.literal(1),
  kind: v.picklist(PUSH_KINDS),
  matchId: MatchId,
  title: v.pipe(v.string(), v.maxLength(200)),
  body: v.pipe(v.string(), v.maxLength(400)),
  url: v.pipe(v.string(), v.maxLength(200), v.regex(/^\/[^/\\]/, "url must be a path on the site")),
});

/** Reads a notification's data (the service worker); null when it is not one of ours. */
export function parsePushPayload(text: string): PushPayload | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const r = v.safeParse(PushPayloadSchema, raw);
  return r.success ? r.output : null;
}

const PushServerMessageSchema = v.variant("type", [
  v.object({ type: v.literal("push.ok"), rid: Rid, devices: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  v.object({ type: v.literal("push.error"), rid: Rid, code: v.string(), message: v.string() }),
]);

/** Reads the server's answer to a push message (the client); null when it is not one. */
export function parsePushServerMessage(raw: unknown): PushServerMessage | null {
  const r = v.safeParse(PushServerMessageSchema, raw);
  return r.success ? (r.output as PushServerMessage) : null;
}
