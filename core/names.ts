/**
 * Public display names of ranked players.
 *
 * A name is NFKC-normalised, trimmed and its spaces collapsed; it holds 2..20 characters: letters of
 * one script (Latin, Cyrillic or Greek: enough for the games' home countries), digits, spaces and
 * `- _ . '`, and starts with a letter or digit.
 *
 * Look-alikes: every name has a *skeleton* in the spirit of Unicode TS #39: accents dropped, case
 * folded, cross-script homoglyphs (Cyrillic "а", Greek "ο") and the usual tricks (`0`/`o`, `I`/`i`/`l`/`1`,
 * `rn`/`m`, `vv`/`w`, `cl`/`d`) mapped to one form, separators removed. The server lists one owner per
 * skeleton, so nobody can take a name that looks like another listed player's. The table below is
 * deliberately small: it covers the characters the allowed scripts can produce, not all of Unicode.
 * It errs on the side of refusing: "Ali" and "All" share a skeleton, since `I`, `l` and `i` blur.
 */
import { err, ok, type Result } from "./types.js";

export const NAME_MIN = 2;
/** The longest name a player goes by anywhere (ranked, friend games, the device's profile), in characters. */
export const NAME_MAX = 20;

/** `name` cut to NAME_MAX characters (code points, so no character is split). */
export function clipName(name: string): string {
  return Array.from(name).slice(0, NAME_MAX).join("");
}

export const NAME_ERROR_CODES = [
  "name/too_short",
  "name/too_long",
  "name/bad_chars",
  "name/mixed_scripts",
  "name/reserved",
  "name/taken",
] as const;
export type NameErrorCode = (typeof NAME_ERROR_CODES)[number];
export interface NameError {
  readonly code: NameErrorCode;
  readonly message: string;
}

/** Names nobody may take (compared by skeleton). */
export const RESERVED_NAMES: readonly string[] = [
  "admin",
  "administrator",
  "moderator",
  "mod",
  "server",
  "system",
  "computer",
  "official",
  "support",
  "mancala",
  "togyz",
  "ayo",
  "tsoro",
  "anonymous",
  "guest",
  "player",
  "root",
  "staff",
  "null",
  "undefined",
];

const ALLOWED = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{M}0-9 \-_.']+$/u;
const STARTS_WELL = /^[\p{L}0-9]/u;
const TOO_MANY_MARKS = /\p{M}{2,}/u;

/** Uppercase letters whose look-alike differs from their lowercase form's (applied before folding). */
const UPPER_MAP: ReadonlyMap<string, string> = new Map(
  Object.entries({
    I: "l",
    "\u0406": "l",
    "\u04C0": "l",
    "\u0399": "l", // Latin I, Cyrillic І and Ӏ, Greek Ι look like l
    "\u0397": "h",
    "\u041D": "h", // Greek Η, Cyrillic Н look like H
    "\u039D": "n", // Greek Ν
    "\u0392": "b",
    "\u0412": "b", // Greek Β, Cyrillic В
    "\u041C": "m",
    "\u039C": "m", // Cyrillic М, Greek Μ
    "\u0422": "t",
    "\u03A4": "t", // Cyrillic Т, Greek Τ
  }),
);

/** Lowercase look-alikes, mapped to the Latin letter(s) they imitate. */
const LOWER_MAP: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // Cyrillic
    "\u0430": "a",
    "\u0432": "b",
    "\u0433": "r",
    "\u0435": "e",
    "\u0451": "e",
    "\u043A": "k",
    "\u043C": "m",
    "\u043D": "h",
    "\u043E": "o",
    "\u043F": "n",
    "\u0440": "p",
    "\u0441": "c",
    "\u0442": "t",
    "\u0443": "y",
    "\u0445": "x",
    "\u044C": "b",
    "\u0455": "s",
    "\u0456": "l",
    "\u0458": "j",
    "\u04BB": "h",
    "\u0501": "d",
    "\u051B": "q",
    "\u051D": "w",
    "\u04CF": "l",
    "\u04AF": "y",
    "\u04B1": "y",
    "\u049B": "k",
    "\u04E9": "o",
    "\u0457": "l",
    "\u0491": "r",
    // Greek
    "\u03B1": "a",
    "\u03B2": "b",
    "\u03B3": "y",
    "\u03B5": "e",
    "\u03B6": "z",
    "\u03B7": "n",
    "\u03B9": "l",
    "\u03BA": "k",
    "\u03BD": "v",
    "\u03BF": "o",
    "\u03C1": "p",
    "\u03C4": "t",
    "\u03C5": "u",
    "\u03C7": "x",
    "\u03C9": "w",
    "\u03C3": "o",
    "\u03C2": "c",
    "\u03BC": "u",
    // Latin letters that do not decompose
    "\u0131": "l",
    i: "l",
    "\u0142": "l",
    "\u00F8": "o",
    "\u0111": "d",
    "\u00DF": "ss",
    "\u00E6": "ae",
    "\u0153": "oe",
    "\u0251": "a",
    "\u0261": "g",
    "\u0127": "h",
    "\u0167": "t",
    // digits that pass for letters
    "0": "o",
    "1": "l",
  }),
);

/** Sequences that render alike (UTS #39 maps m → rn, w → vv, d → cl). */
const SEQUENCES: readonly (readonly [RegExp, string])[] = [
  [/m/g, "rn"],
  [/w/g, "vv"],
  [/d/g, "cl"],
];

function normalise(raw: string): string {
  return raw.normalize("NFKC").trim().replace(/\s+/gu, " ");
}

function scriptOf(ch: string): "latin" | "cyrillic" | "greek" | null {
  if (/\p{Script=Latin}/u.test(ch)) return "latin";
  if (/\p{Script=Cyrillic}/u.test(ch)) return "cyrillic";
  if (/\p{Script=Greek}/u.test(ch)) return "greek";
  return null;
}

/** The look-alike key of a name: two names with the same skeleton may not both be listed. */
export function nameSkeleton(name: string): string {
  const stripped = normalise(name)
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
  let out = "";
  for (const ch of stripped) {
    const up = UPPER_MAP.get(ch);
    const lower = up ?? ch.toLowerCase();
    for (const c of lower) out += LOWER_MAP.get(c) ?? c;
  }
  out = out.replace(/[\s\-_.']+/gu, "");
  for (const [re, to] of SEQUENCES) out = out.replace(re, to);
  return out;
}

export function areConfusable(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
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
  const skeleton = nameSkeleton(name);
  if (RESERVED_NAMES.some((r) => nameSkeleton(r) === skeleton)) return fail("name/reserved", "that name is reserved");
  return ok(name);
}
