/** Writes docs/i18n/GLOSSARY.md from web/src/i18n/glossary.ts. Usage: npm run -s i18n:glossary */
import { mkdirSync, writeFileSync } from "node:fs";
import { glossaryMarkdown } from "../web/src/i18n/glossary-doc.js";

const url = new URL("../docs/i18n/GLOSSARY.md", import.meta.url);
mkdirSync(new URL(".", url), { recursive: true });
writeFileSync(url, glossaryMarkdown());
process.stdout.write(`wrote ${url.pathname}\n`);
