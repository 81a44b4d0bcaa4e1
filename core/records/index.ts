/**
 * Game records: JSON records in `replay`'s numbering for every rule set, PlayOK's notation for
 * Togyz kumalak, and the compact form a share link carries in its URL fragment.
 */
import { makeBase64Url, parseBase64Url } from "../crypto/base64.js";
import { err, ok, type Result } from "../types.js";
import { parsePlayOk, type PlayOkGame } from "./playok.js";
import { parseJsonRecords, readJsonRecord, recordError, type RecordError, type Replayed } from "./record.js";

export * from "./record.js";
export * from "./playok.js";

export const RECORD_FORMATS = ["json", "playok"] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/** Guesses the format of pasted text: JSON starts with `{` or `[{`; anything else is read as PlayOK. */
export function detectFormat(text: string): RecordFormat {
  const t = text.trimStart();
  return t.startsWith("{") || /^\[\s*[{\]]/.test(t) ? "json" : "playok";
}

export function parseRecords(
  text: string,
  format: RecordFormat = detectFormat(text),
): Result<(Replayed | PlayOkGame)[], RecordError> {
  return format === "json" ? parseJsonRecords(text) : parsePlayOk(text);
}

/** Longest share fragment we read (a 400-move Tsoro game is well under this). */
const MAX_SHARE_LENGTH = 12_000;

/** The record as base64url of its JSON, for `#/replay/<this>`: the server never sees a fragment. */
export function makeShareCode(r: Replayed): string {
  const o: Record<string, unknown> = { g: r.record.game, o: r.record.options, m: r.record.moves.join(",") };
  if (r.record.result !== undefined && r.record.result !== null) o.r = r.record.result;
  if (r.record.players !== undefined) o.p = r.record.players;
  return makeBase64Url(new TextEncoder().encode(JSON.stringify(o)));
}

export function parseShareCode(code: string): Result<Replayed, RecordError> {
  const bad = (m: string) => err(recordError("record/unreadable", 0, m));
  if (code.length > MAX_SHARE_LENGTH) return bad("the link is too long to be a game record");
  const bytes = parseBase64Url(code);
  if (bytes === null) return bad("the link does not hold a game record");
  let o: unknown;
  try {
    o = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return bad("the link does not hold a game record");
  }
  if (typeof o !== "object" || o === null || Array.isArray(o)) return bad("the link does not hold a game record");
  const x = o as Record<string, unknown>;
  const moves =
    typeof x.m === "string"
      ? x.m === ""
        ? []
        : x.m.split(",").map((t) => (/^\d{1,3}$/.test(t) ? Number(t) : t))
      : x.m;
  const r = readJsonRecord({ game: x.g, options: x.o, moves, result: x.r, players: x.p }, 0);
  return r.ok ? ok(r.value) : r;
}
