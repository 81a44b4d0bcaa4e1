import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { NAME_MAX, areConfusable, nameSkeleton, parseDisplayName } from "./names.js";

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
    ["reserved", "Admin", "name/reserved"],
    ["reserved look-alike", "АDMIN", "name/mixed_scripts"],
    ["reserved with digits", "c0mputer", "name/reserved"],
    ["not text", 42, "name/bad_chars"],
  ])("refuses %s", (_, raw, code) => {
    const r = parseDisplayName(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });

  test.each([
    ["case", "Aigerim", "AIGERIM"],
    ["accents", "Adewale", "Adéwálé"],
    ["all-Cyrillic homoglyphs", "COPE", "\u0421\u041e\u0420\u0415"],
    ["Greek capitals", "KAPPA", "\u039a\u0391\u03a1\u03a1\u0391"],
    ["capital I for l", "Paul", "PauI"],
    ["zero for o", "Bongo", "B0ng0"],
    ["rn for m", "Amina", "Arnina"],
    ["vv for w", "Wale", "VVale"],
    ["cl for d", "Dada", "clacla"],
    ["separators", "Ada Lovelace", "ada_lovelace"],
  ])("skeleton matches look-alikes: %s", (_, a, b) => {
    expect(areConfusable(a, b)).toBe(true);
  });

  test.each([
    ["different names", "Aigerim", "Aisulu"],
    ["b and 6", "Bobo", "6o6o"],
  ])("skeleton keeps apart %s", (_, a, b) => {
    expect(areConfusable(a, b)).toBe(false);
  });

  test("fuzz: 2000 random strings never throw; accepted names are stable under re-parsing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (s) => {
        const r = parseDisplayName(s);
        if (r.ok) {
          expect(parseDisplayName(r.value)).toEqual(r);
          expect(nameSkeleton(r.value).length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
