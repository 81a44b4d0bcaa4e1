/**
 * Every translation holds to the glossary: where the English text uses a game term, the translation
 * uses the glossary's chosen word; no translation uses a rejected word; and docs/i18n/GLOSSARY.md is
 * the glossary as written here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Catalogue } from "./catalogue.js";
import { CONTENT_KK } from "./content/kk.js";
import { CONTENT_KY } from "./content/ky.js";
import { CONTENT_RU } from "./content/ru.js";
import { CONTENT_SN } from "./content/sn.js";
import type { ContentTranslation, TranslatedLocale } from "./content/types.js";
import { CONTENT_YO } from "./content/yo.js";
import { GLOSSARY, type Term } from "./glossary.js";
import { glossaryMarkdown } from "./glossary-doc.js";
import { KK } from "./kk.js";
import { KY } from "./ky.js";
import { RULES_KK } from "./rules/kk.js";
import { RULES_KY } from "./rules/ky.js";
import { RULES_RU } from "./rules/ru.js";
import { RULES_SN } from "./rules/sn.js";
import type { RulesTranslation } from "./rules/types.js";
import { RULES_YO } from "./rules/yo.js";
import { RU } from "./ru.js";
import { SN } from "./sn.js";
import { catalogueTexts, contentTexts, rulesTexts, type TextPair } from "./texts.js";
import { YO } from "./yo.js";

const ALL: { readonly [L in TranslatedLocale]: readonly [Catalogue, RulesTranslation, ContentTranslation] } = {
  ru: [RU, RULES_RU, CONTENT_RU],
  kk: [KK, RULES_KK, CONTENT_KK],
  ky: [KY, RULES_KY, CONTENT_KY],
  yo: [YO, RULES_YO, CONTENT_YO],
  sn: [SN, RULES_SN, CONTENT_SN],
};

function textsOf(l: TranslatedLocale): TextPair[] {
  const [c, r, k] = ALL[l];
  return [...catalogueTexts(c), ...rulesTexts(r), ...contentTexts(k)];
}

const fold = (s: string): string => s.normalize("NFC").toLowerCase();

/** Where a language's texts break the glossary: a term's chosen word missing, or a rejected word used. */
export function glossaryBreaks(l: TranslatedLocale, texts: readonly TextPair[], terms: readonly Term[]): string[] {
  const out: string[] = [];
  for (const term of terms) {
    const own = term.langs[l];
    const forms = own.forms === null ? null : new RegExp(own.forms.source.normalize("NFC"), "iu");
    for (const p of texts) {
      const text = fold(p.text);
      // The English as read: ICU places ({seeds}) and keys excepted by the term are not uses of it.
      const en = p.en.replace(/\{\w+\}/g, "");
      const applies = term.inEnglish?.test(en) === true && term.except?.test(p.key) !== true;
      if (applies && forms !== null && !forms.test(text))
        out.push(`${p.key}: “${term.english}” is «${own.chosen}» (${p.text})`);
      for (const r of own.rejected)
        if (new RegExp(`(?<![\\p{L}\\p{M}])${fold(r.word)}`, "u").test(text))
          out.push(`${p.key}: «${r.word}» is rejected for ${term.english} (${p.text})`);
    }
  }
  return out;
}

describe("the glossary", () => {
  test.each(Object.keys(ALL) as TranslatedLocale[])(
    "%s: every text uses the chosen words, none a rejected one",
    (l) => {
      expect(glossaryBreaks(l, textsOf(l), GLOSSARY)).toEqual([]);
    },
  );

  test("the check can fail: a missing term and a rejected word are both found", () => {
    const texts: TextPair[] = [
      { key: "a", en: "Your opponent's tuzdyk", text: "Түздүк атаандаштын" },
      { key: "b", en: "Easy", text: "Жеңил" },
    ];
    const breaks = glossaryBreaks("ky", texts, GLOSSARY);
    expect(breaks.some((b) => b.startsWith("a: “tuzdyk”"))).toBe(true);
    expect(breaks.some((b) => b.startsWith("a: «түздүк» is rejected"))).toBe(true);
    expect(breaks.filter((b) => b.startsWith("b:"))).toEqual([]);
  });

  test("each term names every language, a chosen word and a source", () => {
    for (const term of GLOSSARY)
      for (const l of Object.keys(ALL) as TranslatedLocale[]) {
        expect(term.langs[l].chosen.trim(), `${term.id} ${l}`).not.toBe("");
        expect(term.langs[l].source.trim(), `${term.id} ${l}`).not.toBe("");
      }
    expect(new Set(GLOSSARY.map((t) => t.id)).size).toBe(GLOSSARY.length);
  });

  test("docs/i18n/GLOSSARY.md is the glossary as written (npm run -s i18n:glossary)", () => {
    expect(readFileSync(join(process.cwd(), "docs/i18n/GLOSSARY.md"), "utf8")).toBe(glossaryMarkdown());
  });
});
