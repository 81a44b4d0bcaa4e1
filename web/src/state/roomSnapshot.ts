/**
 * The friend game as this device last knew it (the core session's snapshot: the decrypted log, the
 * replay guard and any message not yet acknowledged), kept beside the saved room so Continue shows
 * the board at once, fetches only newer messages and loses no unsent move. Checked on the way in;
 * a damaged snapshot is ignored (the server still has every message).
 */
import * as v from "valibot";
import { PayloadSchema } from "../../../core/online/payload.js";
import type { SessionSnapshot } from "../../../core/online/friend/session.js";
import { readJson, writeJson, type KeyValue } from "./persist.js";

const Int = v.pipe(v.number(), v.integer(), v.minValue(0));
const Seat = v.picklist([0, 1] as const);
const B64 = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/), v.maxLength(20_000));

const SnapshotSchema = v.object({
  v: v.literal(2),
  roomId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  secret: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  code: v.nullable(v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{8}$/))),
  key: v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))),
  seat: v.nullable(Seat),
  applied: Int,
  guard: v.tuple([Int, Int]),
  nextCseq: Int,
  log: v.pipe(v.array(v.object({ from: Seat, seq: Int, at: v.number(), payload: PayloadSchema })), v.maxLength(20_000)),
  outbox: v.pipe(
    v.array(
      v.object({
        payload: PayloadSchema,
        kind: v.picklist(["game", "chat"] as const),
        cseq: v.nullable(Int),
        box: v.nullable(B64),
      }),
    ),
    v.maxLength(200),
  ),
  /** The owner's count of key exchanges answered for its current code (a reload must not reset it). */
  tries: v.optional(v.object({ code: v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{8}$/)), used: Int })),
});

const snapshotKey = (code: string): string => `room.${code}.v1`;

export function parseSnapshot(raw: unknown): SessionSnapshot | null {
  const r = v.safeParse(SnapshotSchema, raw);
  return r.success ? (r.output as SessionSnapshot) : null;
}

export function loadSnapshot(kv: KeyValue, code: string): SessionSnapshot | null {
  return parseSnapshot(readJson(kv, snapshotKey(code)));
}

/** Keeps the snapshot; false when the device refused (then Continue just fetches everything again). */
export function saveSnapshot(kv: KeyValue, code: string, snap: SessionSnapshot): boolean {
  return writeJson(kv, snapshotKey(code), snap);
}
