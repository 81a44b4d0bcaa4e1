/**
 * The catalogues against the English source and the code: no key missing or extra, no key the code
 * never uses, and every message's places, plurals and selects in step with English, each plural
 * giving exactly the CLDR categories of its own language (Russian one/few/many/other, Yoruba other).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, test } from "vitest";
import type { Catalogue } from "./catalogue.js";
import { EN, type MessageKey } from "./en.js";
import { KK } from "./kk.js";
import { KY } from "./ky.js";
import { isLocale, LOCALES, pickLocale, type Locale } from "./locales.js";
import { RU } from "./ru.js";
import { SN } from "./sn.js";
import { YO } from "./yo.js";

const TRANSLATIONS: { readonly [L in Exclude<Locale, "en">]: Catalogue } = { ru: RU, kk: KK, ky: KY, yo: YO, sn: SN };
const KEYS = Object.keys(EN) as MessageKey[];

/** An argument as a message uses it: its kind and, for plurals and selects, the option names. */
interface Arg {
  readonly type: string;
  readonly options: readonly string[];
}

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };
const TYPES: Record<number, string> = {
  1: "argument",
  2: "number",
  3: "date",
  4: "time",
  5: "select",
  6: "plural",
  8: "tag",
};

function argsOf(message: string, locale: string): Map<string, Arg[]> {
  const out = new Map<string, Arg[]>();
  const walk = (nodes: readonly Node[]): void => {
    for (const n of nodes) {
      const type = TYPES[n.type];
      if (type !== undefined && n.value !== undefined) {
        const list = out.get(n.value) ?? [];
        list.push({ type, options: Object.keys(n.options ?? {}) });
        out.set(n.value, list);
      }
      for (const o of Object.values(n.options ?? {})) walk(o.value);
      if (n.children !== undefined) walk(n.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as unknown as Node[]);
  return out;
}

function categories(locale: string): string[] {
  return [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort();
}

/** Everything a message can mean: the English message's argument names and their kinds. */
function problems(locale: string, key: MessageKey, message: string): string[] {
  const found: string[] = [];
  let mine: Map<string, Arg[]>;
  try {
    mine = argsOf(message, locale);
  } catch (e) {
    return [`${key}: does not parse (${String(e)})`];
  }
  const source = argsOf(EN[key], "en");
  const cats = categories(locale);
  for (const [name, uses] of mine) {
    const en = source.get(name);
    if (en === undefined) {
      found.push(`${key}: {${name}} is not a place of the English message`);
      continue;
    }
    for (const u of uses) {
      if (u.type === "plural") {
        const kinds = u.options.filter((o) => !o.startsWith("=")).sort();
        if (kinds.join() !== cats.join())
          found.push(`${key}: plural {${name}} has ${kinds.join("/")}, ${locale} needs ${cats.join("/")}`);
      } else if (u.type === "select") {
        const want = en.find((e) => e.type === "select");
        if (want === undefined) found.push(`${key}: {${name}} is a select here but not in English`);
        else if ([...u.options].sort().join() !== [...want.options].sort().join())
          found.push(`${key}: select {${name}} has ${u.options.join("/")}, English ${want.options.join("/")}`);
      }
    }
  }
  // Every value English shows (a name, a number) must be shown; a select only chooses words and may go.
  for (const [name, uses] of source) {
    if (uses.every((u) => u.type === "select")) continue;
    if (!mine.has(name)) found.push(`${key}: drops {${name}}`);
  }
  return found;
}

/** Source files of the client that are not catalogues or tests. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return codeFiles(p);
    if (!/\.(ts|tsx)$/.test(f) || /\.test\.tsx?$/.test(f)) return [];
    if (/i18n[/\\](screens[/\\])?(en|ru|kk|ky|yo|sn)\.ts$/.test(p)) return [];
    return [p];
  });
}

describe("catalogues", () => {
  test.each(Object.entries(TRANSLATIONS))("%s has exactly the English keys, none empty", (_l, c) => {
    expect(Object.keys(c.messages).sort()).toEqual([...KEYS].sort());
    for (const k of KEYS) expect(c.messages[k].trim(), k).not.toBe("");
  });

  test("the English source uses plural categories of English and every message parses", () => {
    const all = KEYS.flatMap((k) => problems("en", k, EN[k]));
    expect(all).toEqual([]);
  });

  test.each(Object.entries(TRANSLATIONS))("%s: places, plurals (CLDR) and selects match English", (l, c) => {
    const all = KEYS.flatMap((k) => problems(l, k, c.messages[k]));
    expect(all).toEqual([]);
  });

  test.each(Object.entries(TRANSLATIONS))("%s: every message formats with values of the right kinds", (l, c) => {
    for (const k of KEYS) {
      const values: Record<string, string | number | ((chunks: string[]) => string)> = {};
      for (const [name, uses] of argsOf(EN[k], "en")) {
        const u = uses[0];
        values[name] =
          u.type === "plural" || u.type === "number"
            ? 3
            : u.type === "select"
              ? u.options[0]
              : u.type === "tag"
                ? (chunks: string[]) => chunks.join("")
                : "Bola";
      }
      const out = new IntlMessageFormat(c.messages[k], l).format<string>(values);
      const text = Array.isArray(out) ? out.join("") : String(out);
      expect(text, `${l} ${k}`).not.toMatch(/[{}]/);
    }
  });

  test("no key is unused: each is written out in the client's code", () => {
    const code = codeFiles(join(__dirname, ".."))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const unused = KEYS.filter((k) => !code.includes(`"${k}"`));
    expect(unused).toEqual([]);
  });

  test("a check that finds a wrong plural, a lost place and a foreign select option", () => {
    expect(problems("ru", "result.moves", "{n, plural, one {# ход} other {# хода}}")).toHaveLength(1);
    expect(problems("yo", "result.moves", "{n, plural, one {# a} other {# b}}")).toHaveLength(1);
    expect(problems("kk", "menu.profileLabel", "Профиль")).toEqual(["menu.profileLabel: drops {name}"]);
    expect(problems("kk", "menu.profileLabel", "Профиль: {nam}")).toHaveLength(2);
    expect(problems("sn", "play.sound", "{on, select, yes {a} maybe {b} other {c}}")).toHaveLength(1);
  });
});

describe("choosing a language", () => {
  test("the first of the browser's languages that the app speaks", () => {
    expect(pickLocale(["ru-KZ", "en"])).toBe("ru");
    expect(pickLocale(["de-DE", "kk", "ru"])).toBe("kk");
    expect(pickLocale(["ky_KG"])).toBe("ky");
    expect(pickLocale(["yo-NG"])).toBe("yo");
    expect(pickLocale(["sn", "en-ZW"])).toBe("sn");
    expect(pickLocale(["fr", "de"])).toBe("en");
    expect(pickLocale([])).toBe("en");
    expect(LOCALES.every(isLocale)).toBe(true);
    expect(isLocale("xx")).toBe(false);
  });
});
