/**
 * The documentation's links hold: every relative link of README.md, CHANGELOG.md and docs/*.md
 * names a file or folder of the repository, and so does every path of the repository written in
 * code quotes (`core/games/togyz.ts`; the git-ignored screenshot folders and the changelog's
 * history aside), so a file moved without its docs fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DOCS = [
  "README.md",
  "CHANGELOG.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const TOP = /^(core|functions|web|stacks|scripts|e2e|docs)\//;

/** Relative link targets of a markdown text (links and images), without their `#fragment`. */
export function linksOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target) || target.startsWith("#")) continue;
    out.push(target.replace(/#.*$/, ""));
  }
  return out;
}

/** Repository paths written in code quotes: `core/x.ts`, `functions/friends/`; globs and placeholders skipped. */
export function quotedPathsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/`([^`\s]+)`/g)) {
    const p = m[1].replace(/[.,:;)]+$/, "");
    if (TOP.test(p) && !/[*<>{}…]|\.\.\.|\/screenshots\//.test(p)) out.push(p);
  }
  return out;
}

describe("documentation links", () => {
  test("the extractors find links and paths, and skip URLs and globs", () => {
    expect(linksOf("[a](docs/x.md#y) ![s](p.png) [u](https://e.org) [f](#top)")).toEqual(["docs/x.md", "p.png"]);
    expect(quotedPathsOf("`core/a.ts` `web/src/**/*.test.ts` `npm test` `functions/lib/`,")).toEqual([
      "core/a.ts",
      "functions/lib/",
    ]);
  });

  test.each(DOCS)("%s links only to what exists", (doc) => {
    const text = readFileSync(join(ROOT, doc), "utf8");
    const missing = [
      ...linksOf(text).map((l) => relative(ROOT, resolve(ROOT, dirname(doc), l))),
      // The changelog names files as they were, so only its links are held to the tree.
      ...(doc === "CHANGELOG.md" ? [] : quotedPathsOf(text)),
    ].filter((p) => !existsSync(join(ROOT, p)));
    expect(missing).toEqual([]);
  });
});
