/**
 * Which texts a native speaker has checked, per language and per key: the key (a catalogue key, or a
 * rules or content path as i18n/texts.ts names it) and the fingerprint of the text that was checked.
 * A text changed since is unreviewed again. Written by `npm run -s i18n:review -- --mark <lang> <key…>`;
 * see docs/i18n/REVIEW.md. Every translation is machine-assisted until it is listed here.
 */
export const REVIEWED: { readonly [L in "ru" | "kk" | "ky" | "yo" | "sn"]: Readonly<Record<string, string>> } = {
  ru: {},
  kk: {},
  ky: {},
  yo: {},
  sn: {},
};
