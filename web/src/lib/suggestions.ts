/**
 * "Suggest an improvement": sent to `POST /api/suggestions`. When the server is missing or unreachable
 * the suggestion waits in an outbox on the device and is sent again later (on start, every minute
 * while open, and when the browser comes back online).
 */
import * as v from "valibot";
import { API_PATHS } from "../../../core/protocol/api.js";
import { SUGGESTION_CATEGORIES } from "../../../core/protocol/suggestion.js";
import { readJson, writeJson, type KeyValue } from "./persist.js";
import { postJson } from "./http.js";

export const SUGGESTION_MIN = 3;
export const SUGGESTION_MAX = 2000;
/** The server's categories. */
export const CATEGORIES = SUGGESTION_CATEGORIES;
export type Category = (typeof CATEGORIES)[number];
const OUTBOX_MAX = 20;

export interface Suggestion {
  readonly id: string;
  readonly text: string;
  readonly category: Category;
  readonly createdAt: number;
  /** A translation suggestion: the language and the catalogue key it improves. */
  readonly locale?: string;
  readonly key?: string;
}

const SuggestionSchema = v.object({
  id: v.pipe(v.string(), v.maxLength(40)),
  text: v.pipe(v.string(), v.minLength(SUGGESTION_MIN), v.maxLength(SUGGESTION_MAX)),
  category: v.fallback(v.picklist(CATEGORIES), "other"),
  createdAt: v.number(),
  locale: v.optional(v.pipe(v.string(), v.regex(/^[a-z]{2,3}$/))),
  key: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9.]{1,80}$/))),
});

const KEY = "outbox.v1";

function parseOutbox(raw: unknown): Suggestion[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((x) => {
    const r = v.safeParse(SuggestionSchema, x);
    return r.success ? [r.output] : [];
  });
}

export function pending(kv: KeyValue): Suggestion[] {
  return parseOutbox(readJson(kv, KEY));
}

export type SendResult = "sent" | "kept" | "invalid";

/** "sent"; "refused" when the server read it and said no (it never will take it); "failed" otherwise. */
async function deliver(s: Suggestion): Promise<"sent" | "refused" | "failed"> {
  try {
    const res = await postJson(API_PATHS.suggestions, {
      text: s.text,
      category: s.category,
      ...(s.locale !== undefined && s.key !== undefined ? { locale: s.locale, key: s.key } : {}),
    });
    if (res.ok) return "sent";
    return res.status === 400 || res.status === 413 || res.status === 415 || res.status === 422 ? "refused" : "failed";
  } catch {
    return "failed";
  }
}

/** Sends a suggestion now; if that fails it is kept for later. */
export async function sendSuggestion(
  kv: KeyValue,
  text: string,
  category: Category,
  now = Date.now(),
  about?: { readonly locale: string; readonly key: string },
): Promise<SendResult> {
  const clean = text.trim().slice(0, SUGGESTION_MAX);
  if (clean.length < SUGGESTION_MIN) return "invalid";
  const s: Suggestion = {
    id: `${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
    text: clean,
    category,
    createdAt: now,
    ...(about !== undefined ? { locale: about.locale, key: about.key } : {}),
  };
  const r = await deliver(s);
  if (r === "sent") return "sent";
  if (r === "refused") return "invalid";
  writeJson(kv, KEY, [...pending(kv), s].slice(-OUTBOX_MAX));
  return "kept";
}

let retrying = false;

/** Tries every kept suggestion once; returns how many are still waiting. */
export async function retryPending(kv: KeyValue): Promise<number> {
  if (retrying) return pending(kv).length;
  retrying = true;
  try {
    for (const s of pending(kv)) {
      const r = await deliver(s);
      if (r === "failed") break;
      writeJson(
        kv,
        KEY,
        pending(kv).filter((x) => x.id !== s.id),
      );
    }
    return pending(kv).length;
  } finally {
    retrying = false;
  }
}
