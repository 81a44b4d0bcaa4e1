import { describe, expect, test } from "vitest";
import { parseWith, SuggestionSchema } from "../../../../core/protocol/ranked.js";
import { CONTENT_KK } from "./kk.js";
import { CONTENT_SN } from "./sn.js";
import { CONTENT_YO } from "./yo.js";
import { RULES_KK } from "../rules/kk.js";
import { textEntries, translatedTexts } from "./entries.js";

describe("translated texts as suggestion entries", () => {
  test("every tip, question and lesson text of a language is an entry, once, under a key the route takes", () => {
    for (const c of [CONTENT_KK, CONTENT_YO, CONTENT_SN]) {
      const entries = textEntries("content", c);
      const keys = entries.map((e) => e.key);
      expect(new Set(keys).size).toBe(keys.length);
      // Every string of the translation is there (counted independently of the walk).
      const strings = JSON.stringify(c).match(/"(?:[^"\\]|\\.)*"\s*(?=[,}\]])/g)?.length ?? 0;
      expect(entries.length).toBe(strings);
      for (const e of entries) {
        const r = parseWith(SuggestionSchema, { text: "better", category: "translation", locale: "kk", key: e.key });
        expect(r.ok, e.key).toBe(true);
      }
    }
    const tips = CONTENT_KK.games.togyz.tips;
    expect(textEntries("content", CONTENT_KK)).toContainEqual({ key: "content.games.togyz.tips.0", text: tips[0] });
  });

  test("lesson ids become keys in the route's alphabet", () => {
    expect(textEntries("content", { games: { togyz: { lessons: { "first-tuzdyk": { title: "T" } } } } })).toEqual([
      { key: "content.games.togyz.lessons.firstTuzdyk.title", text: "T" },
    ]);
  });

  test("a language's rules and content load together; English has none", async () => {
    const kk = await translatedTexts("kk");
    expect(kk.some((e) => e.key.startsWith("rules.guides.togyz.") && e.text === RULES_KK.guides.togyz?.intro)).toBe(
      true,
    );
    expect(kk.some((e) => e.key.startsWith("content.games.togyz.tips."))).toBe(true);
    expect(await translatedTexts("en")).toEqual([]);
  });
});
