/**
 * `npx tsx scripts/unicode-security.ts`: writes functions/names/unicodeSecurity.ts from Unicode's
 * UTS #39 data files vendored in functions/names/unicode/ (`confusables.txt`, `IdentifierStatus.txt`,
 * both of one version). To move to a newer Unicode version, replace the two files and run this;
 * functions/names/skeleton.test.ts checks that the module is what this makes of the files.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const NAMES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "functions", "names");
export const UNICODE_DATA_DIR = join(NAMES_DIR, "unicode");
export const MODULE_PATH = join(NAMES_DIR, "unicodeSecurity.ts");

function versionOf(text: string, file: string): string {
  const m = /^# Version: (\d+\.\d+\.\d+)$/m.exec(text);
  if (m === null) throw new Error(`${file} names no version`);
  return m[1];
}

const rows = (text: string): string[][] =>
  text
    .split("\n")
    .map((l) => l.replace(/#.*$/, "").trim())
    .filter((l) => l !== "")
    .map((l) => l.split(";").map((f) => f.trim()));

/** The module's text from the two files' text. */
function generate(confusables: string, identifierStatus: string): string {
  const version = versionOf(confusables, "confusables.txt");
  if (versionOf(identifierStatus, "IdentifierStatus.txt") !== version) throw new Error("the files' versions differ");
  const pairs = rows(confusables).map(([src, dst]) => `${src} ${dst}`);
  const ranges = rows(identifierStatus)
    .filter(([, status]) => status === "Allowed")
    .map(([cps]) => (cps.includes("..") ? cps.replace("..", "-") : `${cps}-${cps}`));
  return [
    "// Made by scripts/unicode-security.ts from functions/names/unicode/ (UTS #39 data files); do not edit.",
    "",
    `/** The Unicode version of the data below. */`,
    `export const UTS39_VERSION = "${version}";`,
    "",
    "/** confusables.txt: a code point and its prototype (code points, hex), one pair a line. */",
    `export const CONFUSABLES = \`${pairs.join("\n")}\`;`,
    "",
    "/** IdentifierStatus.txt: the ranges of Identifier_Status=Allowed code points (hex, inclusive). */",
    `export const ALLOWED_RANGES = "${ranges.join(" ")}";`,
    "",
  ].join("\n");
}

export function generateFromFiles(): string {
  const read = (f: string): string => readFileSync(join(UNICODE_DATA_DIR, f), "utf8");
  return generate(read("confusables.txt"), read("IdentifierStatus.txt"));
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(MODULE_PATH, generateFromFiles());
}
