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

/**
 * Messages whose places may hold the reader ("You") or the computer, each place with the select that
 * says which it is (present/results.ts and present/speech.ts fill it with `whoOf`). Such a place is
 * written only inside a branch of that select other than `you`, so each language writes "you" and
 * "the computer" in its own form there: lower case inside a sentence, its own case ending, a verb that
 * agrees with it.
 */
const ROLE_PLACES: { readonly [K in MessageKey]?: Readonly<Record<string, string>> } = {
  "room.seriesLine": { a: "aWho", b: "bWho" },
  "room.seriesWon": { name: "who", a: "aWho", b: "bWho" },
  "result.series": { a: "aWho", b: "bWho" },
  "result.seriesDrawn": { a: "aWho", b: "bWho" },
  "result.seriesWon": { winner: "who", a: "aWho", b: "bWho" },
  "result.finalScore": { a: "aWho", b: "bWho" },
  "play.seriesScore": { a: "aWho", b: "bWho" },
  "play.won": { name: "who" },
  "play.forfeitText": { name: "who" },
  "end.kazan": { name: "who" },
  "end.atsyz": { name: "who" },
  "end.noSeeds": { name: "who" },
  "speech.passed": { name: "who" },
  "speech.sowed": { name: "who" },
  "speech.sowedAnd": { name: "who" },
  "speech.sowedComma": { name: "who" },
  "speech.forfeited": { name: "who" },
  "speech.forfeitedSeries": { name: "who" },
  "ranked.clock": { name: "who" },
  "replay.start": { name: "who" },
  "replay.step": { name: "who" },
  "replay.won": { name: "who" },
  "replay.graph": { name: "who" },
  "replay.graphNote": { a: "aWho", b: "bWho" },
  "replay.better": { name: "who" },
};

/** Where `message` writes a place of ROLE_PLACES[key] other than inside its select's non-`you` branch. */
function roleProblems(locale: string, key: MessageKey, message: string): string[] {
  const places = ROLE_PLACES[key] ?? {};
  const found: string[] = [];
  const walk = (nodes: readonly Node[], within: ReadonlySet<string>): void => {
    for (const n of nodes) {
      const select = n.type === 5 && n.value !== undefined ? n.value : null;
      if (n.type === 1 && n.value !== undefined && n.value in places && !within.has(places[n.value]))
        found.push(`${locale} ${key}: {${n.value}} outside a non-"you" branch of {${places[n.value]}, select}`);
      if (select !== null && Object.values(places).includes(select) && !("you" in (n.options ?? {})))
        found.push(`${locale} ${key}: {${select}, select} has no "you" branch`);
      for (const [option, o] of Object.entries(n.options ?? {}))
        walk(o.value, select !== null && option !== "you" ? new Set([...within, select]) : within);
      if (n.children !== undefined) walk(n.children, within);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as unknown as Node[], new Set());
  for (const w of new Set(Object.values(places)))
    if (!argsOf(message, locale).has(w)) found.push(`${locale} ${key}: no {${w}, select}`);
  return found;
}

/** Whether `word` stands in `text` other than at its start or at the start of a new sentence. */
function midSentence(text: string, word: string): boolean {
  for (let i = text.indexOf(word, 1); i > 0; i = text.indexOf(word, i + 1))
    if (!/[.!?]\s+$/.test(text.slice(0, i))) return true;
  return false;
}

/** `message` with `place` as the reader (its select `you`, its value the language's own "You"), the rest "Bola". */
function asReader(locale: string, c: Catalogue, key: MessageKey, place: string): string {
  const values: Record<string, string | number> = {};
  for (const [name, uses] of argsOf(EN[key], "en")) {
    const u = uses[0];
    values[name] = u.type === "plural" || u.type === "number" ? 3 : u.type === "select" ? "other" : "Bola";
  }
  const selects = ROLE_PLACES[key] ?? {};
  for (const w of Object.values(selects)) values[w] = "other";
  values[selects[place]] = "you";
  values[place] = c.messages["common.you"];
  return String(new IntlMessageFormat(c.messages[key], locale).format(values));
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

  test.each([["en", { messages: EN }] as const, ...Object.entries(TRANSLATIONS)])(
    "%s: a name that may be the reader or the computer is written through its select",
    (l, c) => {
      const all = (Object.keys(ROLE_PLACES) as MessageKey[]).flatMap((k) => roleProblems(l, k, c.messages[k]));
      expect(all).toEqual([]);
    },
  );

  test.each([["en", { messages: EN }] as const, ...Object.entries(TRANSLATIONS)])(
    '%s: the reader inside a sentence is not the capitalised "You" of a name',
    (l, c) => {
      const you = c.messages["common.you"];
      const wrong = (Object.keys(ROLE_PLACES) as MessageKey[]).flatMap((k) =>
        Object.keys(ROLE_PLACES[k] ?? {})
          .map((place) => ({ place, text: asReader(l, c, k, place) }))
          .filter(({ text }) => midSentence(text, you))
          .map(({ place, text }) => `${k} {${place}}: ${text}`),
      );
      expect(wrong).toEqual([]);
    },
  );

  test("a check that finds the reader written as a plain name", () => {
    // The friend room's series line as it was: "Best of 3 · You 0–1 Bola".
    expect(roleProblems("en", "room.seriesLine", "Best of {bestOf} · {a} {sa}–{sb} {b}")).toHaveLength(4);
    expect(
      roleProblems("ru", "room.seriesLine", "Матч из {bestOf} · {aWho, select, you {{a}} other {{a}}} {b}"),
    ).toEqual([
      'ru room.seriesLine: {a} outside a non-"you" branch of {aWho, select}',
      'ru room.seriesLine: {b} outside a non-"you" branch of {bWho, select}',
      "ru room.seriesLine: no {bWho, select}",
    ]);
    expect(roleProblems("kk", "play.won", "{who, select, other {{name} жеңді}}")).toEqual([
      'kk play.won: {who, select} has no "you" branch',
    ]);
    const old = { messages: { ...RU.messages, "room.seriesLine": "Матч из {bestOf} · {a} {sa}–{sb} {b}" } };
    expect(midSentence(asReader("ru", old, "room.seriesLine", "a"), "Вы")).toBe(true);
    expect(asReader("ru", RU, "room.seriesLine", "a")).toContain(" · вы ");
    expect(midSentence("Вы сдали партию. Вы начинаете.", "Вы")).toBe(false);
    expect(midSentence("Итоговый счёт: Вы — 3", "Вы")).toBe(true);
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
