import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { NAME_MAX, generatedName, parseDisplayName } from "./names.js";
import { makeDeviceKeys } from "./identity.js";

describe("display names", () => {
  test.each([
    ["plain", "Aigerim", "Aigerim"],
    ["trimmed and spaces collapsed", "  Ada   Lovelace ", "Ada Lovelace"],
    ["Kazakh Cyrillic", "Әлия Қасым", "Әлия Қасым"],
    ["Greek", "Νίκος", "Νίκος"],
    ["Yoruba diacritics", "Adéwálé Ọlá", "Adéwálé Ọlá"],
    ["NFKC folds full-width letters", "ＴＡＮＤＡ", "TANDA"],
    ["digits and separators", "tsoro_fan-99", "tsoro_fan-99"],
  ])("accepts %s", (_, raw, want) => {
    expect(parseDisplayName(raw)).toEqual({ ok: true, value: want });
  });

  test.each([
    ["one character", "A", "name/too_short"],
    ["only spaces", "    ", "name/too_short"],
    ["too long", "a".repeat(NAME_MAX + 1), "name/too_long"],
    ["emoji", "Ayo 😀", "name/bad_chars"],
    ["control characters", "Ada\u0000", "name/bad_chars"],
    ["zero-width joiner", "Ad\u200da", "name/bad_chars"],
    ["markup", "<b>Ada</b>", "name/bad_chars"],
    ["starts with punctuation", "-Ada", "name/bad_chars"],
    ["stacked marks", "Ada\u0301\u0301\u0301", "name/bad_chars"],
    ["Latin with a Cyrillic a", "P\u0430ul", "name/mixed_scripts"],
    ["Latin with a Greek omicron", "T\u03bfgyz Master", "name/mixed_scripts"],
    ["a Latin and Cyrillic look-alike", "АDMIN", "name/mixed_scripts"],
    ["a generated name", "Player #K7PQ2A", "name/bad_chars"],
    ["not text", 42, "name/bad_chars"],
  ])("refuses %s", (_, raw, code) => {
    const r = parseDisplayName(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  test("a generated name is stable per player, differs between players, and is never a valid chosen name", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const id = makeDeviceKeys(new Uint8Array(32).fill(i)).playerId;
      const g = generatedName(id);
      expect(g).toMatch(/^Player #[0-9A-HJKMNP-TV-Z]{6}$/);
      expect(generatedName(id)).toBe(g);
      expect(parseDisplayName(g).ok).toBe(false);
      seen.add(g);
    }
    expect(seen.size).toBe(200);
  });

  test("fuzz: 2000 random strings never throw; accepted names are stable under re-parsing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (s) => {
        const r = parseDisplayName(s);
        if (r.ok) {
          expect(parseDisplayName(r.value)).toEqual(r);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
