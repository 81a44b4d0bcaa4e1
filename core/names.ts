/**
 * Public display names of ranked players.
 *
 * A name is NFKC-normalised, trimmed and its spaces collapsed; it holds 2..20 characters: letters of
 * one script (Latin, Cyrillic or Greek: enough for the games' home countries), digits, spaces and
 * `- _ . '`, and starts with a letter or digit. Uniqueness up to look-alikes (Unicode's confusable
 * skeletons) and reserved names are the server's checks (functions/names/skeleton.ts), so the client
 * does not carry the confusables data.
 *
 * A player without a claimed name is shown with a generated one (`generatedName`): it holds a `#`,
 * which no chosen name may, so nobody can take or imitate it.
 */
import { err, ok, type Result } from "./types.js";

const NAME_MIN = 2;
/** The longest name a player goes by anywhere (ranked, friend games, the device's profile), in characters. */
export const NAME_MAX = 20;

/** `name` cut to NAME_MAX characters (code points, so no character is split). */
export function clipName(name: string): string {
  return Array.from(name).slice(0, NAME_MAX).join("");
}

type NameErrorCode =
  "name/too_short" | "name/too_long" | "name/bad_chars" | "name/mixed_scripts" | "name/reserved" | "name/taken";
export interface NameError {
  readonly code: NameErrorCode;
  readonly message: string;
}

const ALLOWED = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{M}0-9 \-_.']+$/u;
const STARTS_WELL = /^[\p{L}0-9]/u;
const TOO_MANY_MARKS = /\p{M}{2,}/u;

function normalise(raw: string): string {
  return raw.normalize("NFKC").trim().replace(/\s+/gu, " ");
}

function scriptOf(ch: string): "latin" | "cyrillic" | "greek" | null {
  if (/\p{Script=Latin}/u.test(ch)) return "latin";
  if (/\p{Script=Cyrillic}/u.test(ch)) return "cyrillic";
  if (/\p{Script=Greek}/u.test(ch)) return "greek";
  return null;
}

function fail(code: NameErrorCode, message: string): { ok: false; error: NameError } {
  return err({ code, message });
}

/** Validates and normalises a display name (everything but uniqueness, which the server checks). */
export function parseDisplayName(raw: unknown): Result<string, NameError> {
  if (typeof raw !== "string") return fail("name/bad_chars", "a name is text");
  if (raw.length > 200) return fail("name/too_long", `at most ${NAME_MAX} characters`);
  const name = normalise(raw);
  const length = [...name].length;
  if (length < NAME_MIN) return fail("name/too_short", `at least ${NAME_MIN} characters`);
  if (length > NAME_MAX) return fail("name/too_long", `at most ${NAME_MAX} characters`);
  if (!ALLOWED.test(name) || TOO_MANY_MARKS.test(name)) {
    return fail("name/bad_chars", "letters, digits, spaces and - _ . ' only");
  }
  if (!STARTS_WELL.test(name)) return fail("name/bad_chars", "a name starts with a letter or a digit");
  const scripts = new Set<string>();
  for (const ch of name) {
    const s = scriptOf(ch);
    if (s !== null) scripts.add(s);
  }
  if (scripts.size > 1) return fail("name/mixed_scripts", "use the letters of one alphabet");
  return ok(name);
}

/** Crockford base32, the alphabet of friend codes: no I, L, O or U. */
const GENERATED_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * The name shown for a player who has not claimed one: "Player #" and 6 characters taken from the
 * player id (a base64url public key), so it is stable per player and never a valid chosen name.
 */
export function generatedName(playerId: string): string {
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let bits = 0;
  let n = 0;
  let out = "";
  for (const ch of playerId) {
    const v = B64.indexOf(ch);
    if (v < 0) continue;
    bits = (bits << 6) | v;
    n += 6;
    while (n >= 5 && out.length < 6) {
      out += GENERATED_ALPHABET[(bits >> (n - 5)) & 31];
      n -= 5;
    }
    bits &= (1 << n) - 1;
    if (out.length >= 6) break;
  }
  return `Player #${out.padEnd(6, "0")}`;
}
