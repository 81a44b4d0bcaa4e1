/**
 * The languages the client speaks, named in themselves, and the choice from the browser's list at
 * the first visit. English is the source; the others are loaded only when chosen.
 */
export const LOCALES = ["en", "ru", "kk", "ky", "yo", "sn"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language in its own words (a language list is read by people who may not know English). */
export const LOCALE_NAMES: { readonly [L in Locale]: string } = {
  en: "English",
  ru: "Русский",
  kk: "Қазақша",
  ky: "Кыргызча",
  yo: "Yorùbá",
  sn: "chiShona",
};

export function isLocale(s: unknown): s is Locale {
  return typeof s === "string" && (LOCALES as readonly string[]).includes(s);
}

/** The first of the browser's languages that we speak ("ru-KZ" → ru, "kk" → kk), else English. */
export function pickLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return "en";
}
