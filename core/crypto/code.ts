/**
 * Friend-room codes: 8 characters of Crockford base32 (40 bits), shown `K7PQ-2A9M`. Typing is
 * forgiving as Crockford intends: any case, with or without the dash or spaces, and I/L read as 1,
 * O as 0. U is not in the alphabet.
 */
import nacl from "tweetnacl";
import { err, ok, type Result } from "../types.js";

export const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 8;

/** A canonical code: 8 upper-case characters of CODE_ALPHABET, no dash. */
export type RoomCode = string & { readonly __brand: "RoomCode" };

export interface CodeError {
  readonly code: "code/invalid";
  readonly message: string;
}

/** Generates a code from 40 random bits. */
export function generateCode(random: (n: number) => Uint8Array = nacl.randomBytes): RoomCode {
  const b = random(5);
  let n = 0n;
  for (const x of b) n = (n << 8n) | BigInt(x);
  let out = "";
  for (let i = CODE_LENGTH - 1; i >= 0; i--) out += CODE_ALPHABET[Number((n >> BigInt(5 * i)) & 31n)];
  return out as RoomCode;
}

/** Reads a typed code. */
export function parseCode(input: unknown): Result<RoomCode, CodeError> {
  if (typeof input !== "string" || input.length > 40) return err({ code: "code/invalid", message: "a code has 8 characters" });
  const s = input.toUpperCase().replace(/[\s-]/g, "").replace(/[IL]/g, "1").replace(/O/g, "0");
  if (s.length !== CODE_LENGTH) return err({ code: "code/invalid", message: "a code has 8 characters" });
  for (const ch of s) {
    if (!CODE_ALPHABET.includes(ch)) return err({ code: "code/invalid", message: `"${ch}" is not in a code` });
  }
  return ok(s as RoomCode);
}

/** The display form: `K7PQ-2A9M`. */
export function makeCode(code: RoomCode): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
