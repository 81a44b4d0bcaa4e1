/**
 * One stored message into the game: opened under the room key, checked against the replay guard
 * (the seat that sealed it, a number above any accepted from that seat), its kind and payload
 * checked, and applied by the engine. A message refused after the guard accepted it still moves the
 * guard (its number is used). Pure: the session keeps the results.
 */
import { acceptSealed, openBox, type ReplayGuard } from "../../crypto/envelope.js";
import type { StoredMessage } from "../../protocol/friend.js";
import type { ErrorCode } from "../../protocol/errors.js";
import { applyPayload, type Applied, type FriendGame, type LogEntry } from "./game.js";
import { parsePayload } from "../payload.js";

export interface Opened {
  readonly guard: ReplayGuard;
  readonly outcome:
    | { readonly ok: true; readonly entry: LogEntry; readonly applied: Applied }
    | { readonly ok: false; readonly code: ErrorCode; readonly message: string };
}

export function openAndApply(game: FriendGame, guard: ReplayGuard, key: Uint8Array | null, msg: StoredMessage): Opened {
  const refuse = (g: ReplayGuard, code: ErrorCode, message: string): Opened => ({
    guard: g,
    outcome: { ok: false, code, message },
  });
  if (key === null) return refuse(guard, "crypto/bad_box", "no room key on this device");
  const opened = openBox(key, msg.box);
  if (!opened.ok) return refuse(guard, opened.error.code, opened.error.message);
  const accepted = acceptSealed(guard, msg.from, opened.value);
  if (!accepted.ok) return refuse(guard, accepted.error.code, accepted.error.message);
  const g = accepted.value;
  if (opened.value.kind !== msg.kind) return refuse(g, "peer/invalid", "the box's kind differs from the relayed kind");
  const payload = parsePayload(opened.value.body);
  if (!payload.ok) return refuse(g, payload.error.code, payload.error.message);
  const entry: LogEntry = { from: msg.from, seq: msg.seq, at: msg.at, payload: payload.value };
  const r = applyPayload(game, entry);
  if (!r.ok) return refuse(g, r.error.code, r.error.message);
  return { guard: g, outcome: { ok: true, entry, applied: r.value } };
}
