/**
 * CPace (CFRG draft `draft-irtf-cfrg-cpace`), cipher suite CPACE-RISTR255-SHA512, in its
 * initiator/responder form, with the draft's explicit key confirmation. The group arithmetic is
 * @noble/curves' ristretto255 (its RFC 9496 one-way map `deriveToCurve` is the generator map); the
 * hashes are @noble/hashes. This file only assembles the draft's byte strings.
 *
 * - generator: `g = one_way_map(SHA-512(generator_string(DSI, PRS, CI, sid)))`
 * - shares: `Y = encode(g^y)`, `MSG = prefix_free_cat(Y, AD)`
 * - `K = encode(decode(Y_peer)^y)`, refused when the peer's share does not decode or K is the identity
 * - `ISK = SHA-512(prefix_free_cat(DSI‖"_ISK", sid, K) ‖ MSGa ‖ MSGb)`
 * - confirmation: `mac_key = SHA-512("CPaceMac" ‖ ISK)`, `Ta = HMAC(mac_key, MSGa)`, `Tb = HMAC(mac_key, MSGb)`
 */
import { ristretto255, ristretto255_hasher } from "@noble/curves/ed25519.js";
import { bytesToNumberLE, equalBytes } from "@noble/curves/utils.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha512 } from "@noble/hashes/sha2.js";
import nacl from "tweetnacl";
import { err, ok, type Result } from "../types.js";

const Point = ristretto255.Point;
const enc = new TextEncoder();

const CPACE_DSI = enc.encode("CPaceRistretto255");
const DSI_ISK = enc.encode("CPaceRistretto255_ISK");
/** SHA-512's input block size, for the zero padding of the generator string. */
const S_IN_BYTES = 128;
const POINT_BYTES = 32;

export interface CPaceError {
  readonly code: "crypto/bad_share";
  readonly message: string;
}

function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** LEB128 of the length, then the bytes. */
export function prependLen(data: Uint8Array): Uint8Array {
  const len: number[] = [];
  let n = data.length;
  do {
    const b = n & 0x7f;
    n >>>= 7;
    len.push(n > 0 ? b | 0x80 : b);
  } while (n > 0);
  return concat(Uint8Array.from(len), data);
}

export function prefixFreeCat(...parts: readonly Uint8Array[]): Uint8Array {
  return concat(...parts.map(prependLen));
}

/** Splits a prefix-free concatenation; null unless the lengths account for every byte. */
export function parsePrefixFree(msg: Uint8Array, fields: number): Uint8Array[] | null {
  const out: Uint8Array[] = [];
  let o = 0;
  for (let f = 0; f < fields; f++) {
    let len = 0;
    let shift = 0;
    for (;;) {
      if (o >= msg.length || shift > 21) return null;
      const b = msg[o++];
      len |= (b & 0x7f) << shift;
      shift += 7;
      if ((b & 0x80) === 0) break;
    }
    if (o + len > msg.length) return null;
    out.push(msg.subarray(o, o + len));
    o += len;
  }
  return o === msg.length ? out : null;
}

export function generatorString(prs: Uint8Array, ci: Uint8Array, sid: Uint8Array): Uint8Array {
  const zpad = Math.max(0, S_IN_BYTES - 1 - prependLen(prs).length - prependLen(CPACE_DSI).length);
  return prefixFreeCat(CPACE_DSI, prs, new Uint8Array(zpad), ci, sid);
}

type RPoint = InstanceType<typeof Point>;

/** RFC 9496's one-way map (element derivation) from 64 bytes, as the draft's ristretto255 suite uses. */
const oneWayMap: (bytes: Uint8Array) => RPoint = (() => {
  const map = ristretto255_hasher.deriveToCurve;
  if (map === undefined) throw new Error("@noble/curves has no ristretto255 element derivation");
  return (bytes) => map(bytes);
})();

export function calculateGenerator(prs: Uint8Array, ci: Uint8Array, sid: Uint8Array): RPoint {
  return oneWayMap(sha512(generatorString(prs, ci, sid)));
}

/** A uniform scalar in [1, order): 64 random bytes reduced modulo the group order. */
export function sampleScalar(random: (n: number) => Uint8Array = nacl.randomBytes): bigint {
  for (;;) {
    const y = Point.Fn.create(bytesToNumberLE(random(64)));
    if (y !== 0n) return y;
  }
}

export function scalarFromBytes(le: Uint8Array): bigint {
  return Point.Fn.create(bytesToNumberLE(le));
}

/** `decode(X)^y` encoded; null when X does not decode or the result is the identity (G.I). */
export function scalarMultVfy(y: bigint, x: Uint8Array): Uint8Array | null {
  if (x.length !== POINT_BYTES) return null;
  let p: RPoint;
  try {
    p = Point.fromBytes(x);
  } catch {
    return null;
  }
  if (p.is0()) return null;
  const k = p.multiply(y);
  return k.is0() ? null : k.toBytes();
}

export interface CPaceInputs {
  /** The password-related string (here: the friend code). */
  readonly prs: Uint8Array;
  /** Channel identifier, public. */
  readonly ci: Uint8Array;
  /** Session id, public (chosen fresh by the initiator). */
  readonly sid: Uint8Array;
}

export interface CPaceShare {
  readonly y: bigint;
  /** `prefix_free_cat(Y, AD)`: what goes to the other party. */
  readonly msg: Uint8Array;
}

/** One party's secret scalar and message. */
export function makeShare(inputs: CPaceInputs, ad: Uint8Array, y: bigint = sampleScalar()): CPaceShare {
  const g = calculateGenerator(inputs.prs, inputs.ci, inputs.sid);
  return { y, msg: prefixFreeCat(g.multiply(y).toBytes(), ad) };
}

export interface CPaceKeys {
  readonly isk: Uint8Array;
  /** The initiator's and the responder's confirmation tags. */
  readonly ta: Uint8Array;
  readonly tb: Uint8Array;
}

/**
 * The intermediate session key from one's own scalar and the two messages (MSGa from the
 * initiator, MSGb from the responder), with both confirmation tags.
 */
export function deriveIsk(
  inputs: CPaceInputs,
  y: bigint,
  msgA: Uint8Array,
  msgB: Uint8Array,
  iAmInitiator: boolean,
): Result<CPaceKeys, CPaceError> {
  const a = parsePrefixFree(msgA, 2);
  const b = parsePrefixFree(msgB, 2);
  if (a === null || b === null)
    return err({ code: "crypto/bad_share", message: "a key-exchange message is not prefix-free encoded" });
  const peer = iAmInitiator ? b[0] : a[0];
  const k = scalarMultVfy(y, peer);
  if (k === null)
    return err({ code: "crypto/bad_share", message: "the other side's key share is not a valid group element" });
  const isk = sha512(concat(prefixFreeCat(DSI_ISK, inputs.sid, k), msgA, msgB));
  const macKey = sha512(concat(enc.encode("CPaceMac"), isk));
  return ok({ isk, ta: hmac(sha512, macKey, msgA), tb: hmac(sha512, macKey, msgB) });
}

/** Constant-time comparison of two tags. */
export function tagsEqual(a: Uint8Array, b: Uint8Array): boolean {
  return equalBytes(a, b);
}
