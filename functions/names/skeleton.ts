/**
 * The look-alike key of a display name (two names with the same skeleton may not both be listed),
 * and the UTS #39 restriction a name must meet. Built on Unicode's own security data of the version
 * in `./unicodeSecurity.ts` (made from the vendored `./unicode/*.txt` by scripts/unicode-security.ts).
 *
 * Restriction (UTS #39 §5.2, "Highly Restrictive", with §5.1's general profile): every character of
 * the name has Identifier_Status=Allowed (a space aside), which leaves out small capitals (ᴀ ꜱ ɪ),
 * obsolete and phonetic letters (ꟙ, 𝼥) and other characters no community writes names in; and the
 * letters resolve to one script (Script_Extensions; Common and Inherited ones, digits and marks, go
 * with any). The combinations of Han with Latin that level allows do not arise: names are written
 * in Latin, Cyrillic or Greek (core/names.ts).
 *
 * Skeleton: the separators `space - _ . '` are removed, then until nothing changes: NFKC, each
 * character mapped to its confusables.txt prototype (on NFD text, as UTS #39's skeleton does), the
 * look-alikes that file cannot hold (LOOKALIKES), and full case folding; combining marks last.
 *
 * Server side only: the data is some 100 KB that the web client does not need (the server refuses a
 * look-alike with `name/taken` or `name/reserved`).
 */
import { ALLOWED_RANGES, CONFUSABLES } from "./unicodeSecurity.js";

const PROTOTYPE: ReadonlyMap<string, string> = new Map(
  CONFUSABLES.split("\n").map((line) => {
    const [src, ...dst] = line.split(" ");
    return [String.fromCodePoint(parseInt(src, 16)), String.fromCodePoint(...dst.map((h) => parseInt(h, 16)))];
  }),
);

const ALLOWED: readonly (readonly [number, number])[] = ALLOWED_RANGES.split(" ").map((r) => {
  const [a, b] = r.split("-").map((h) => parseInt(h, 16));
  return [a, b] as const;
});

function isAllowedCodePoint(cp: number): boolean {
  let lo = 0;
  let hi = ALLOWED.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ALLOWED[mid][0]) hi = mid - 1;
    else if (cp > ALLOWED[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Look-alikes confusables.txt cannot hold, applied after case folding: a letter becomes the pair
 * that imitates it (as the file itself sends m to rn: it maps one character to a sequence, never a
 * sequence to one); i goes where the file sends I (to l), or folding would split i from I; and
 * digits that pass for letters become them (the file already sends 0 to O and 1 to l).
 */
const LOOKALIKES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    d: "cl",
    w: "vv",
    i: "l",
    "2": "z",
    "3": "e",
    "4": "a",
    "5": "s",
    "6": "b",
    "7": "t",
    "8": "b",
    "9": "g",
  }),
);

const SCRIPTS = [
  ["latin", /\p{Script_Extensions=Latin}/u],
  ["cyrillic", /\p{Script_Extensions=Cyrillic}/u],
  ["greek", /\p{Script_Extensions=Greek}/u],
] as const;
const ANY_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}]/u;

/** Full case folding, near enough: upper then lower case (ß → ss, ς → σ, ſ → s). */
function fold(s: string): string {
  return s.toUpperCase().toLowerCase();
}

function step(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFKC").normalize("NFD")) out += PROTOTYPE.get(ch) ?? ch;
  let mapped = "";
  for (const ch of fold(out.normalize("NFD"))) mapped += LOOKALIKES.get(ch) ?? ch;
  return mapped.normalize("NFD");
}

export function nameSkeleton(name: string): string {
  let s = name.normalize("NFKC").replace(/[\s\-_.']+/gu, "");
  for (let i = 0; i < 4; i++) {
    const next = step(s);
    if (next === s) break;
    s = next;
  }
  return s.replace(/\p{M}+/gu, "");
}

export function areConfusable(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

/** Why a (parsed) name fails UTS #39's Highly Restrictive level, or null when it meets it. */
export function restrictionOf(name: string): "bad_chars" | "mixed_scripts" | null {
  for (const ch of name) if (ch !== " " && !isAllowedCodePoint(ch.codePointAt(0)!)) return "bad_chars";
  // The resolved script set: what every letter's Script_Extensions have in common.
  let scripts: readonly string[] = SCRIPTS.map(([s]) => s);
  for (const ch of name) {
    const own: readonly string[] = SCRIPTS.filter(([, re]) => re.test(ch)).map(([s]) => s);
    if (own.length === 0 && ANY_SCRIPT.test(ch)) continue;
    scripts = scripts.filter((s) => own.includes(s));
    if (scripts.length === 0) return "mixed_scripts";
  }
  return null;
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

const RESERVED_SKELETONS: ReadonlySet<string> = new Set(RESERVED_NAMES.map(nameSkeleton));

export function isReservedName(name: string): boolean {
  return RESERVED_SKELETONS.has(nameSkeleton(name));
}
