/**
 * The look-alike key of a display name: two names with the same skeleton may not both be listed.
 *
 * Built on Unicode's confusables data (UTS #39 `confusables.txt`, as shipped in the `unhomoglyph`
 * package, whose data file is generated from that file): the name is decomposed (NFD), every
 * character is mapped to its prototype, then:
 * - digits that pass for letters are mapped to them (DIGIT_LETTERS: 5/S, 0/O, 1/l/I, …), which
 *   confusables.txt mostly leaves apart;
 * - case is folded and the prototype map applied once more (a lowercase form may have its own);
 * - the separators `space - _ . '` (before mapping) and combining marks (after) are removed.
 *
 * Server side only: the data is some 100 KB that the web client does not need (the server refuses a
 * look-alike with `name/taken` or `name/reserved`).
 */
import unhomoglyph from "unhomoglyph";

/** Digits read as letters (after the UTS #39 map, which already sends 0 to O and 1 to l). */
const DIGIT_LETTERS: ReadonlyMap<string, string> = new Map(
  Object.entries({ "0": "o", "1": "l", "2": "z", "5": "s", "6": "b", "8": "b", "9": "g" }),
);

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

function prototypes(s: string): string {
  return unhomoglyph(s.normalize("NFD")).normalize("NFD");
}

export function nameSkeleton(name: string): string {
  const bare = name.normalize("NFKC").replace(/[\s\-_.']+/gu, "");
  let out = "";
  for (const ch of prototypes(bare)) out += DIGIT_LETTERS.get(ch) ?? ch;
  // Case folded, then mapped again: a lowercase form may have a prototype of its own (m → rn).
  out = prototypes(out.toLowerCase()).toLowerCase();
  return out.replace(/\p{M}+/gu, "");
}

export function areConfusable(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

const RESERVED_SKELETONS: ReadonlySet<string> = new Set(RESERVED_NAMES.map(nameSkeleton));

export function isReservedName(name: string): boolean {
  return RESERVED_SKELETONS.has(nameSkeleton(name));
}
