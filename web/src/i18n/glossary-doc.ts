/** The glossary as a Markdown page (docs/i18n/GLOSSARY.md), written by `npm run -s i18n:glossary`. */
import { GLOSSARY } from "./glossary.js";
import { LOCALE_NAMES, type Locale } from "./locales.js";

const LANGS: readonly Exclude<Locale, "en">[] = ["ru", "kk", "ky", "yo", "sn"];

const cell = (s: string): string => s.replace(/\|/g, "\\|");

export function glossaryMarkdown(): string {
  const out: string[] = [
    "# Glossary of game terms",
    "",
    "The word each language uses for each game term, the words it does not use and why, and where the",
    "choice comes from. Written from `web/src/i18n/glossary.ts` by `npm run -s i18n:glossary`; the test",
    "`web/src/i18n/glossary.test.ts` holds every catalogue, rules and content translation to it. Every",
    "choice is machine-assisted until a native speaker confirms it: see [REVIEW.md](REVIEW.md).",
    "",
  ];
  for (const l of LANGS) {
    out.push(`## ${LOCALE_NAMES[l]} (${l})`, "", "| Term | Chosen | Rejected | Source |", "| --- | --- | --- | --- |");
    for (const term of GLOSSARY) {
      const own = term.langs[l];
      const rejected = own.rejected.map((r) => `«${r.word}»: ${r.why}`).join("; ") || "–";
      out.push(`| ${cell(term.english)} | «${cell(own.chosen)}» | ${cell(rejected)} | ${cell(own.source)} |`);
    }
    out.push("");
  }
  return out.join("\n");
}
