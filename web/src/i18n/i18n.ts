/**
 * The language of the interface: `t(key, values)` formats the current catalogue's ICU message
 * (plurals by the language's CLDR rules, numbers through Intl), and `loadLocale` fetches a
 * catalogue only when it is chosen (English, the source, is in the first page's bundle).
 * The current language is a signal, so every screen that calls `t` follows a change at once.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { createRoot, createSignal } from "solid-js";
import type { Catalogue } from "./catalogue.js";
import { EN, type MessageKey } from "./en.js";
import type { Locale } from "./locales.js";

export type MessageValues = Readonly<Record<string, string | number>>;

const ENGLISH: Catalogue = { reviewed: true, messages: EN };

/** Each catalogue is its own chunk, fetched on first use (and precached by the service worker). */
const LOADERS: { readonly [L in Exclude<Locale, "en">]: () => Promise<Catalogue> } = {
  ru: () => import("./ru.js").then((m) => m.RU),
  kk: () => import("./kk.js").then((m) => m.KK),
  ky: () => import("./ky.js").then((m) => m.KY),
  yo: () => import("./yo.js").then((m) => m.YO),
  sn: () => import("./sn.js").then((m) => m.SN),
};

const [current, setCurrent] = createRoot(() =>
  createSignal<{ readonly locale: Locale; readonly catalogue: Catalogue }>({ locale: "en", catalogue: ENGLISH }),
);
const formats = new Map<string, IntlMessageFormat>();

/** The language now shown. */
export function locale(): Locale {
  return current().locale;
}

/** Whether the catalogue now shown is one a native speaker has not yet checked. */
export function unreviewed(): boolean {
  return !current().catalogue.reviewed;
}

/** The message for `key` in the current language, its places filled from `values`. */
export function t(key: MessageKey, values?: MessageValues): string {
  const { locale: l, catalogue } = current();
  const id = `${l}:${key}`;
  let f = formats.get(id);
  if (f === undefined) {
    f = new IntlMessageFormat(catalogue.messages[key], l);
    formats.set(id, f);
  }
  return String(f.format(values));
}

/**
 * The message for `key` with tags filled by `tags` (`<b>{rating}</b>` → `tags.b(["1500"])`), as parts
 * for JSX, so a word in bold stays inside its sentence.
 */
export function tParts<T>(
  key: MessageKey,
  values: MessageValues,
  tags: Readonly<Record<string, (chunks: (string | T)[]) => T>>,
): (string | T)[] {
  const { locale: l, catalogue } = current();
  const f = new IntlMessageFormat(catalogue.messages[key], l);
  const out = f.format<T>({ ...values, ...tags });
  return Array.isArray(out) ? out : [out];
}

/** Every key, in the source catalogue's order. */
export const MESSAGE_KEYS = Object.keys(EN) as readonly MessageKey[];

/** The current language's message for `key` as written in its catalogue, places unfilled. */
export function rawMessage(key: MessageKey): string {
  return current().catalogue.messages[key];
}

let asked: Locale = "en";

/** Switches the interface to `l`, fetching its catalogue first; sets `<html lang>`. */
export async function loadLocale(l: Locale): Promise<void> {
  asked = l;
  const catalogue = l === "en" ? ENGLISH : await LOADERS[l]();
  if (asked !== l) return;
  setCurrent({ locale: l, catalogue });
  if (typeof document !== "undefined") document.documentElement.lang = l;
}
