/**
 * Loading a language's content translation (its own chunk per language, fetched only when a screen
 * that shows tips, questions or lessons is opened in that language, and precached like every chunk).
 */
import type { Locale } from "../locales.js";
import type { ContentTranslation } from "./types.js";

export const CONTENT_LOADERS: { readonly [L in Exclude<Locale, "en">]: () => Promise<ContentTranslation> } = {
  ru: () => import("./ru.js").then((m) => m.CONTENT_RU),
  kk: () => import("./kk.js").then((m) => m.CONTENT_KK),
  ky: () => import("./ky.js").then((m) => m.CONTENT_KY),
  yo: () => import("./yo.js").then((m) => m.CONTENT_YO),
  sn: () => import("./sn.js").then((m) => m.CONTENT_SN),
};

/**
 * The content translation for `l` (undefined if the chunk cannot be fetched); English, the source,
 * answers at once with undefined, so its screens never wait.
 */
export function loadContent(l: Locale): Promise<ContentTranslation | undefined> | undefined {
  if (l === "en") return undefined;
  return CONTENT_LOADERS[l]().catch(() => undefined);
}
