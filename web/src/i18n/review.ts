/**
 * The review state of each text, per language and key (i18n/reviewed.ts): a text is reviewed when its
 * key is listed with the fingerprint of the very text a native speaker checked.
 */
import { REVIEWED } from "./reviewed.js";

export type ReviewedLocale = keyof typeof REVIEWED;

/** FNV-1a of the text (NFC), as 8 hex digits: enough to notice that a checked text has changed. */
export function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (const ch of text.normalize("NFC")) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The keys of `texts` (key → text) not reviewed in `l`, in their order. */
export function unreviewedKeys(
  l: ReviewedLocale,
  texts: Readonly<Record<string, string>>,
  reviewed: Readonly<Record<string, string>> = REVIEWED[l],
): string[] {
  return Object.entries(texts)
    .filter(([k, text]) => reviewed[k] !== fingerprint(text))
    .map(([k]) => k);
}
