/**
 * Friend-room codes: 8 characters of Crockford base32 (40 bits), shown `K7PQ-2A9M`. Typing is
 * forgiving as Crockford intends: any case, with or without the dash or spaces, and I/L read as 1,
 * O as 0. U is not in the alphabet.
 *
 * The 40 bits are split: the first LOCATOR_BITS are the room's locator, which the server allocates
 * (unique among rooms waiting for a guest) and routes by; the other PASSWORD_BITS are the password of
 * the key exchange (core/crypto/handshake.ts), made on the owner's device and never sent anywhere.
 * The split is a trade-off: 2^LOCATOR_BITS locators bound how many rooms can wait for a guest at
 * once, and each locator allows MAX_WRONG_GUESSES failed exchanges before it is retired, so a guesser
 * gets into a given room with probability at most MAX_WRONG_GUESSES / 2^PASSWORD_BITS.
 */
import nacl from "tweetnacl";
import { err, ok, type Result } from "../types.js";

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 8;
const CODE_BITS = 40;
/** 65,536 locators: up to about 32,000 rooms waiting for a guest with two allocation tries on average. */
export const LOCATOR_BITS = 16;
/** 2^24 = 16,777,216 passwords per locator. */
export const PASSWORD_BITS = CODE_BITS - LOCATOR_BITS;
export const LOCATOR_COUNT = 2 ** LOCATOR_BITS;

/** A canonical code: 8 upper-case characters of CODE_ALPHABET, no dash. */
export type RoomCode = string & { readonly __brand: "RoomCode" };

/** Why a typed code was refused: `reason` for the client's sentence, `char` the first stray character. */
export interface CodeError {
  readonly code: "code/invalid";
  readonly reason: "length" | "character";
  readonly char?: string;
  /** For logs and developers; a player reads the catalogue's sentence for `reason`. */
  readonly message: string;
}

function fromBits(n: bigint): RoomCode {
  let out = "";
  for (let i = CODE_LENGTH - 1; i >= 0; i--) out += CODE_ALPHABET[Number((n >> BigInt(5 * i)) & 31n)];
  return out as RoomCode;
}

function toBits(code: RoomCode): bigint {
  let n = 0n;
  for (const ch of code) n = n * 32n + BigInt(CODE_ALPHABET.indexOf(ch));
  return n;
}

/** Generates a code from 40 random bits. */
export function generateCode(random: (n: number) => Uint8Array = nacl.randomBytes): RoomCode {
  const b = random(5);
  let n = 0n;
  for (const x of b) n = (n << 8n) | BigInt(x);
  return fromBits(n);
}

/** The locator part of a code (an integer below LOCATOR_COUNT). */
export function locatorOf(code: RoomCode): number {
  return Number(toBits(code) >> BigInt(PASSWORD_BITS));
}

/** A code for `locator` with a fresh random password. */
export function codeForLocator(locator: number, random: (n: number) => Uint8Array = nacl.randomBytes): RoomCode {
  if (!Number.isInteger(locator) || locator < 0 || locator >= LOCATOR_COUNT)
    throw new RangeError(`not a locator: ${locator}`);
  const b = random(4);
  let pw = 0n;
  for (const x of b) pw = (pw << 8n) | BigInt(x);
  pw &= (1n << BigInt(PASSWORD_BITS)) - 1n;
  return fromBits((BigInt(locator) << BigInt(PASSWORD_BITS)) | pw);
}

/** Reads a typed code. */
export function parseCode(input: unknown): Result<RoomCode, CodeError> {
  if (typeof input !== "string" || input.length > 40)
    return err({ code: "code/invalid", reason: "length", message: "a code has 8 characters" });
  const s = input.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (s.length !== CODE_LENGTH)
    return err({ code: "code/invalid", reason: "length", message: "a code has 8 characters" });
  for (const ch of s) {
    if (!CODE_ALPHABET.includes(ch))
      return err({ code: "code/invalid", reason: "character", char: ch, message: `"${ch}" is not in a code` });
  }
  return ok(s as RoomCode);
}

/** The display form: `K7PQ-2A9M`. */
export function makeCode(code: RoomCode): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
