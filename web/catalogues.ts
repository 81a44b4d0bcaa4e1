/**
 * Compiled catalogues: `import("./ru.js?compiled")` gives the catalogue `web/src/i18n/ru.ts` with every
 * message already parsed into intl-messageformat's AST, at build time (and in the dev server and the
 * component tests, which use the same plugin). The sources stay ICU strings in their TypeScript files;
 * the client formats the ASTs and never parses, so its bundle leaves the message parser out
 * (web/vite.config.ts aliases it to the parser-less build).
 */
import { parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { build } from "esbuild";
import { resolve } from "node:path";
import type { Plugin } from "vite";
import { unreviewedKeys, type ReviewedLocale } from "./src/i18n/review.js";

const SUFFIX = "?compiled";
const PREFIX = "\0compiled:";

type Messages = Readonly<Record<string, string>>;

/** The messages a module exports: English's plain record, or a translation's `messages`. */
function messagesOf(mod: Readonly<Record<string, unknown>>): Messages {
  for (const v of Object.values(mod)) {
    if (v === null || typeof v !== "object") continue;
    const c = v as { messages?: unknown };
    if (typeof c.messages === "object" && c.messages !== null) return c.messages as Messages;
    if (Object.values(v).every((x) => typeof x === "string")) return v as Messages;
  }
  throw new Error("no catalogue in the module");
}

/** Each message of a catalogue parsed as intl-messageformat parses it (its tags kept for `tParts`). */
function compileMessages(messages: Messages, locale: string): Record<string, MessageFormatElement[]> {
  const out: Record<string, MessageFormatElement[]> = {};
  for (const [k, m] of Object.entries(messages)) {
    try {
      out[k] = parse(m, { locale: new Intl.Locale(locale) });
    } catch (e) {
      throw new Error(`${locale} ${k}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }
  return out;
}

export function compiledCatalogues(): Plugin {
  return {
    name: "compiled-catalogues",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const r = await this.resolve(source.slice(0, -SUFFIX.length), importer, { skipSelf: true });
      return r === null ? null : PREFIX + r.id;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length);
      const out = await build({
        entryPoints: [file],
        bundle: true,
        format: "esm",
        platform: "neutral",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      for (const input of Object.keys(out.metafile.inputs)) this.addWatchFile(resolve(input));
      const code = Buffer.from(out.outputFiles[0].text).toString("base64");
      const mod = (await import(`data:text/javascript;base64,${code}`)) as Readonly<Record<string, unknown>>;
      const locale = /([a-z]{2})\.ts$/.exec(file)?.[1] ?? "en";
      const messages = messagesOf(mod);
      // English is the source; a translation's keys no native speaker has checked (i18n/reviewed.ts).
      const unreviewed = locale === "en" ? [] : unreviewedKeys(locale as ReviewedLocale, messages);
      return `export default ${JSON.stringify({ unreviewed, messages: compileMessages(messages, locale) })};`;
    },
  };
}
