/**
 * What no native speaker has checked yet, per language, and marking texts as checked.
 *   npm run -s i18n:review                         counts per language
 *   npm run -s i18n:review -- --list ru            every unreviewed key of Russian with its English and text
 *   npm run -s i18n:review -- --mark ru key1 key2  records those texts as checked (web/src/i18n/reviewed.ts)
 * Keys are catalogue keys and rules/content paths (web/src/i18n/texts.ts); see docs/i18n/REVIEW.md.
 */
import { writeFileSync } from "node:fs";
import { CONTENT_KK } from "../web/src/i18n/content/kk.js";
import { CONTENT_KY } from "../web/src/i18n/content/ky.js";
import { CONTENT_RU } from "../web/src/i18n/content/ru.js";
import { CONTENT_SN } from "../web/src/i18n/content/sn.js";
import { CONTENT_YO } from "../web/src/i18n/content/yo.js";
import { KK } from "../web/src/i18n/kk.js";
import { KY } from "../web/src/i18n/ky.js";
import { fingerprint, unreviewedKeys, type ReviewedLocale } from "../web/src/i18n/review.js";
import { REVIEWED } from "../web/src/i18n/reviewed.js";
import { RULES_KK } from "../web/src/i18n/rules/kk.js";
import { RULES_KY } from "../web/src/i18n/rules/ky.js";
import { RULES_RU } from "../web/src/i18n/rules/ru.js";
import { RULES_SN } from "../web/src/i18n/rules/sn.js";
import { RULES_YO } from "../web/src/i18n/rules/yo.js";
import { RU } from "../web/src/i18n/ru.js";
import { SN } from "../web/src/i18n/sn.js";
import { catalogueTexts, contentTexts, rulesTexts, type TextPair } from "../web/src/i18n/texts.js";
import { YO } from "../web/src/i18n/yo.js";

const SOURCES = {
  ru: [RU, RULES_RU, CONTENT_RU],
  kk: [KK, RULES_KK, CONTENT_KK],
  ky: [KY, RULES_KY, CONTENT_KY],
  yo: [YO, RULES_YO, CONTENT_YO],
  sn: [SN, RULES_SN, CONTENT_SN],
} as const;

function texts(l: ReviewedLocale): TextPair[] {
  const [c, r, k] = SOURCES[l];
  return [...catalogueTexts(c), ...rulesTexts(r), ...contentTexts(k)];
}

const isLang = (s: string | undefined): s is ReviewedLocale => s !== undefined && Object.hasOwn(SOURCES, s);
const [cmd, lang, ...keys] = process.argv.slice(2);

if (cmd === undefined) {
  for (const l of Object.keys(SOURCES) as ReviewedLocale[]) {
    const all = texts(l);
    const open = unreviewedKeys(l, Object.fromEntries(all.map((p) => [p.key, p.text])));
    process.stdout.write(`${l}: ${open.length} of ${all.length} texts unreviewed\n`);
  }
} else if (cmd === "--list" && isLang(lang)) {
  const all = texts(lang);
  const open = new Set(unreviewedKeys(lang, Object.fromEntries(all.map((p) => [p.key, p.text]))));
  for (const p of all.filter((x) => open.has(x.key)))
    process.stdout.write(`${p.key}\n  en: ${p.en}\n  ${lang}: ${p.text}\n`);
} else if (cmd === "--mark" && isLang(lang) && keys.length > 0) {
  const byKey = new Map(texts(lang).map((p) => [p.key, p.text]));
  const next: Record<string, Record<string, string>> = Object.fromEntries(
    Object.entries(REVIEWED).map(([l, m]) => [l, { ...m }]),
  );
  for (const k of keys) {
    const text = byKey.get(k);
    if (text === undefined) throw new Error(`no text ${k} in ${lang}`);
    next[lang][k] = fingerprint(text);
  }
  const body = Object.entries(next)
    .map(
      ([l, m]) =>
        `  ${l}: {${Object.entries(m)
          .map(([k, f]) => `\n    ${JSON.stringify(k)}: "${f}",`)
          .join("")}${Object.keys(m).length > 0 ? "\n  " : ""}},`,
    )
    .join("\n");
  const file = new URL("../web/src/i18n/reviewed.ts", import.meta.url);
  const head = `/**
 * Which texts a native speaker has checked, per language and per key: the key (a catalogue key, or a
 * rules or content path as i18n/texts.ts names it) and the fingerprint of the text that was checked.
 * A text changed since is unreviewed again. Written by \`npm run -s i18n:review -- --mark <lang> <key…>\`;
 * see docs/i18n/REVIEW.md. Every translation is machine-assisted until it is listed here.
 */
export const REVIEWED: { readonly [L in "ru" | "kk" | "ky" | "yo" | "sn"]: Readonly<Record<string, string>> } = {
${body}
};
`;
  writeFileSync(file, head);
  process.stdout.write(`marked ${keys.length} ${lang} texts as reviewed\n`);
} else {
  process.stderr.write("usage: i18n:review [--list <lang> | --mark <lang> <key…>]\n");
  process.exitCode = 2;
}
