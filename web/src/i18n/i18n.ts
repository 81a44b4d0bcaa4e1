/**
 * The language of the interface: `t(key, values)` formats the current catalogue's ICU message
 * (plurals by the language's CLDR rules, numbers through Intl), and `loadLocale` fetches a
 * catalogue only when it is chosen. Catalogues arrive compiled (`?compiled`, web/catalogues.ts): each
 * message is already intl-messageformat's AST, so the client carries the formatter and no parser.
 * Every language, English too, is its own chunk: the first page carries no catalogue, and the boot
 * (main.tsx) fetches the player's one before the first screen.
 * The current language is a signal, so every screen that calls `t` follows a change at once.
 */
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { createRoot, createSignal } from "solid-js";
import type { MessageKey } from "./en.js";
import type { Locale } from "./locales.js";

export type MessageValues = Readonly<Record<string, string | number>>;

/** A catalogue as the client gets it: every key's message parsed, and the keys no native speaker has checked. */
interface CompiledCatalogue {
  readonly unreviewed: readonly MessageKey[];
  readonly messages: { readonly [K in MessageKey]: MessageFormatElement[] };
}

/** Each catalogue is its own chunk, fetched on first use (and precached by the service worker). */
const LOADERS: { readonly [L in Locale]: () => Promise<CompiledCatalogue> } = {
  en: () => import("./en.js?compiled").then((m) => m.default as CompiledCatalogue),
  ru: () => import("./ru.js?compiled").then((m) => m.default as CompiledCatalogue),
  kk: () => import("./kk.js?compiled").then((m) => m.default as CompiledCatalogue),
  ky: () => import("./ky.js?compiled").then((m) => m.default as CompiledCatalogue),
  yo: () => import("./yo.js?compiled").then((m) => m.default as CompiledCatalogue),
  sn: () => import("./sn.js?compiled").then((m) => m.default as CompiledCatalogue),
};

/** Before the first catalogue arrives (the boot waits for it): every key shows as itself. */
const NONE: CompiledCatalogue = {
  unreviewed: [],
  messages: new Proxy({} as CompiledCatalogue["messages"], {
    get: (_, key) => [{ type: 0, value: String(key) }],
  }),
};

const [current, setCurrent] = createRoot(() =>
  createSignal<{ readonly locale: Locale; readonly catalogue: CompiledCatalogue }>({
    locale: "en",
    catalogue: NONE,
  }),
);
const formats = new Map<string, IntlMessageFormat>();

/** The language now shown. */
export function locale(): Locale {
  return current().locale;
}

/** Whether the catalogue now shown has texts a native speaker has not yet checked (i18n/reviewed.ts). */
export function unreviewed(): boolean {
  return current().catalogue.unreviewed.length > 0;
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

/** Every key of the current catalogue, in the source catalogue's order. */
export function messageKeys(): readonly MessageKey[] {
  return Object.keys(current().catalogue.messages) as MessageKey[];
}

/** The current language's message for `key` as parsed, places unfilled (the suggestion form prints it). */
export function messageAst(key: MessageKey): MessageFormatElement[] {
  return current().catalogue.messages[key];
}

let asked: Locale = "en";

/** Switches the interface to `l`, fetching its catalogue first; sets `<html lang>`. */
export async function loadLocale(l: Locale): Promise<void> {
  asked = l;
  const catalogue = await LOADERS[l]();
  if (asked !== l) return;
  formats.clear();
  setCurrent({ locale: l, catalogue });
  // globalThis: this module is also read by the Node scripts (scripts/i18n-review.ts), which have no DOM.
  const doc = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  if (doc !== undefined) doc.documentElement.lang = l;
}
