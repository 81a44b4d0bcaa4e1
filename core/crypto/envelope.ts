/**
 * Sealed payloads of friend rooms: `base64url(nonce ‖ secretbox(json))` under the room key, with a
 * fresh random 24-byte nonce each time. Inside the box: the sender's seat, its own sequence number,
 * the kind (chat or game, which the server also sees, for the flood rule) and the content. The
 * receiving client checks the seat against the one the server reports and keeps a `ReplayGuard`, so a
 * box replayed or delivered out of order is rejected.
 */
import nacl from "tweetnacl";
import { err, ok, type Result, type Seat } from "../types.js";
import { makeBase64Url, parseBase64Url } from "./base64.js";

export interface Sealed<T> {
  readonly seat: Seat;
  /** The sender's sequence number: 1, 2, 3… per seat. */
  readonly seq: number;
  readonly kind: "game" | "chat" | "request";
  readonly body: T;
}

export interface CryptoError {
  readonly code: "crypto/bad_box" | "crypto/replay" | "crypto/wrong_seat";
  readonly message: string;
}

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

export function sealBox<T>(
  key: Uint8Array,
  content: Sealed<T>,
  random: (n: number) => Uint8Array = nacl.randomBytes,
): string {
  const nonce = random(nacl.secretbox.nonceLength);
  const plain = enc.encode(JSON.stringify({ s: content.seat, n: content.seq, k: content.kind, b: content.body }));
  const box = nacl.secretbox(plain, nonce, key);
  const out = new Uint8Array(nonce.length + box.length);
  out.set(nonce, 0);
  out.set(box, nonce.length);
  return makeBase64Url(out);
}

/** Opens a box; the body is returned unvalidated (`unknown`), for the caller's schema. */
export function openBox(key: Uint8Array, text: string): Result<Sealed<unknown>, CryptoError> {
  const bad = (m: string) => err<CryptoError>({ code: "crypto/bad_box", message: m });
  const bytes = parseBase64Url(text);
  if (bytes === null || bytes.length < nacl.secretbox.nonceLength + nacl.secretbox.overheadLength)
    return bad("not a sealed box");
  const plain = nacl.secretbox.open(
    bytes.subarray(nacl.secretbox.nonceLength),
    bytes.subarray(0, nacl.secretbox.nonceLength),
    key,
  );
  if (plain === null) return bad("the box does not open with this room's key");
  let o: unknown;
  try {
    o = JSON.parse(dec.decode(plain));
  } catch {
    return bad("the box holds no JSON");
  }
  if (typeof o !== "object" || o === null) return bad("the box holds no object");
  const { s, n, k, b } = o as Record<string, unknown>;
  if (
    (s !== 0 && s !== 1) ||
    typeof n !== "number" ||
    !Number.isInteger(n) ||
    n < 0 ||
    (k !== "game" && k !== "chat" && k !== "request")
  ) {
    return bad("the box has no valid header");
  }
  return ok({ seat: s, seq: n, kind: k, body: b });
}

/** The last sender sequence number accepted from each seat. */
export type ReplayGuard = readonly [number, number];

export function createReplayGuard(): ReplayGuard {
  return [0, 0];
}

/**
 * Accepts `content` from `from` (the seat the server says sent it) if the sealed seat matches and its
 * sequence number is higher than any accepted before from that seat.
 */
export function acceptSealed(
  guard: ReplayGuard,
  from: Seat,
  content: Sealed<unknown>,
): Result<ReplayGuard, CryptoError> {
  if (content.seat !== from)
    return err({ code: "crypto/wrong_seat", message: `sealed by seat ${content.seat}, relayed as seat ${from}` });
  if (content.seq <= guard[from]) {
    return err({ code: "crypto/replay", message: `sequence ${content.seq} from seat ${from} after ${guard[from]}` });
  }
  return ok(from === 0 ? [content.seq, guard[1]] : [guard[0], content.seq]);
}

/** A fresh 32-byte seat secret, base64url. */
export function generateSecret(random: (n: number) => Uint8Array = nacl.randomBytes): string {
  return makeBase64Url(random(32));
}
