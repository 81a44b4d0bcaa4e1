/**
 * The outer frame every client message shares: a JSON object with a string `type` and an optional
 * request id `rid` echoed in the reply. Size first, then JSON, then shape; the per-type schema comes
 * after (friend.ts, ranked.ts).
 */
import { err, ok, type Result } from "../types.js";
import type { ProtoError } from "./errors.js";

/** Largest client frame, in bytes of UTF-8 JSON (API Gateway's frame limit is 32 KB). */
export const MAX_FRAME_BYTES = 20_000;

export interface Envelope {
  readonly type: string;
  readonly rid?: string | number;
  readonly [k: string]: unknown;
}

export type EnvelopeError = ProtoError<"proto/too_large" | "proto/malformed">;

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

export function parseEnvelope(text: string): Result<Envelope, EnvelopeError> {
  if (text.length > MAX_FRAME_BYTES || utf8Length(text) > MAX_FRAME_BYTES) {
    return err({ code: "proto/too_large", message: `a frame holds at most ${MAX_FRAME_BYTES} bytes` });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err({ code: "proto/malformed", message: "not JSON" });
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return err({ code: "proto/malformed", message: "not a JSON object" });
  const o = raw as Record<string, unknown>;
  if (typeof o.type !== "string" || o.type.length === 0 || o.type.length > 40) {
    return err({ code: "proto/malformed", message: "missing string `type`" });
  }
  return ok(o as Envelope);
}

/** The request id of an envelope, if it is one the protocol allows (so errors can echo it). */
export function ridOf(raw: unknown): string | number | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const rid = (raw as { rid?: unknown }).rid;
  if (typeof rid === "string" && rid.length <= 40) return rid;
  if (typeof rid === "number" && Number.isInteger(rid)) return rid;
  return undefined;
}
