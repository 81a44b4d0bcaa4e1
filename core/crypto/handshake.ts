/**
 * The friend-room key exchange: CPace (cpace.ts) between the guest (initiator) and the owner
 * (responder), relayed by the server, with the code as the password. The guest chooses a fresh
 * session id and speaks first; the owner answers with its share; the guest proves it holds the key
 * (tag Ta) before the owner proves it (tag Tb), so a guesser learns whether a guess was right only
 * after the owner has judged it (and the server has counted a wrong one).
 *
 * From the confirmed exchange, both sides derive the room's secretbox key with HKDF-SHA-512 over the
 * ISK (which already binds the whole transcript), salted with the session id. Nothing here is
 * computable from the code alone: the key depends on the two parties' secret scalars. The guest's
 * seat secret is not derived here: the guest's device picks 32 random bytes of its own (the owner
 * knows the key, so anything derived from the exchange would let the owner take the guest's seat).
 */
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha512 } from "@noble/hashes/sha2.js";
import nacl from "tweetnacl";
import { err, ok, type Result } from "../types.js";
import { makeBase64Url, parseBase64Url } from "./base64.js";
import { locatorOf, type RoomCode } from "./code.js";
import { deriveIsk, makeShare, prefixFreeCat, sampleScalar, tagsEqual, type CPaceInputs } from "./cpace.js";

const enc = new TextEncoder();
const AD_GUEST = enc.encode("mancala guest");
const AD_OWNER = enc.encode("mancala owner");
const SID_BYTES = 16;

export interface HandshakeError {
  readonly code: "crypto/bad_share" | "crypto/wrong_code";
  readonly message: string;
}

/** The secret a confirmed exchange gives both sides. */
export interface RoomSecrets {
  /** The room's secretbox key. */
  readonly key: Uint8Array;
}

function inputsFor(code: RoomCode, sid: Uint8Array): CPaceInputs {
  return {
    prs: enc.encode(code),
    ci: prefixFreeCat(enc.encode("mancala/friend/v2"), enc.encode(String(locatorOf(code)))),
    sid,
  };
}

function secretsOf(isk: Uint8Array, sid: Uint8Array): RoomSecrets {
  return {
    key: hkdf(sha512, isk, sid, enc.encode("mancala/friend/room-key"), 32),
  };
}

/** The guest's side: `hello` goes to the owner; `finish` takes the owner's reply. */
export interface GuestHandshake {
  /** base64url session id and MSGa. */
  readonly sid: string;
  readonly msg: string;
  /** From the owner's MSGb: this side's confirmation tag (to send) and, if it holds, the secrets. */
  finish(
    msgB: string,
  ): Result<
    { readonly tag: string; readonly check: (ownerTag: string) => boolean; readonly secrets: RoomSecrets },
    HandshakeError
  >;
}

export function startGuestHandshake(
  code: RoomCode,
  random: (n: number) => Uint8Array = nacl.randomBytes,
): GuestHandshake {
  const sid = random(SID_BYTES);
  const inputs = inputsFor(code, sid);
  const share = makeShare(inputs, AD_GUEST, sampleScalar(random));
  return {
    sid: makeBase64Url(sid),
    msg: makeBase64Url(share.msg),
    finish(msgB) {
      const b = parseBase64Url(msgB);
      if (b === null) return err({ code: "crypto/bad_share", message: "the owner's key share is not base64url" });
      const keys = deriveIsk(inputs, share.y, share.msg, b, true);
      if (!keys.ok) return keys;
      const tb = keys.value.tb;
      return ok({
        tag: makeBase64Url(keys.value.ta),
        check: (ownerTag: string) => {
          const t = parseBase64Url(ownerTag);
          return t !== null && tagsEqual(t, tb);
        },
        secrets: secretsOf(keys.value.isk, sid),
      });
    },
  };
}

/** The owner's side of one guest's exchange. */
export interface OwnerHandshake {
  /** base64url MSGb for the guest. */
  readonly msg: string;
  /** Checks the guest's tag; when it holds, returns this side's tag for the guest and the secrets. */
  confirm(guestTag: string): Result<{ readonly tag: string; readonly secrets: RoomSecrets }, HandshakeError>;
}

export function answerGuestHandshake(
  code: RoomCode,
  sidText: string,
  msgA: string,
  random: (n: number) => Uint8Array = nacl.randomBytes,
): Result<OwnerHandshake, HandshakeError> {
  const sid = parseBase64Url(sidText);
  const a = parseBase64Url(msgA);
  if (sid === null || sid.length !== SID_BYTES || a === null)
    return err({ code: "crypto/bad_share", message: "the guest's key share is malformed" });
  const inputs = inputsFor(code, sid);
  const share = makeShare(inputs, AD_OWNER, sampleScalar(random));
  const keys = deriveIsk(inputs, share.y, a, share.msg, false);
  if (!keys.ok) return keys;
  const { ta, tb, isk } = keys.value;
  return ok({
    msg: makeBase64Url(share.msg),
    confirm(guestTag) {
      const t = parseBase64Url(guestTag);
      if (t === null || !tagsEqual(t, ta))
        return err({ code: "crypto/wrong_code", message: "the guest's key confirmation failed: a wrong code" });
      return ok({ tag: makeBase64Url(tb), secrets: secretsOf(isk, sid) });
    },
  });
}
