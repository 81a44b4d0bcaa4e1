/**
 * The constants of `POST /api/suggestions` (its schema is `SuggestionSchema` in ./ranked.ts), apart
 * so the client's first page can name the categories without loading the protocol's schemas.
 */
export const SUGGESTION_MAX_CHARS = 2000;
export const SUGGESTION_CATEGORIES = ["idea", "problem", "other", "translation"] as const;
/** The client's languages a translation suggestion may name (web/src/i18n/locales.ts `LOCALES`). */
export const SUGGESTION_LOCALES = ["en", "ru", "kk", "ky", "yo", "sn"] as const;
