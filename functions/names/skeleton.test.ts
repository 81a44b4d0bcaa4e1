import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseDisplayName } from "../../core/names.js";
import { RESERVED_NAMES, areConfusable, isReservedName, nameSkeleton } from "./skeleton.js";

describe("the confusables data is Unicode's", () => {
  test("unhomoglyph's table is generated from UTS #39 confusables.txt (size and sample rows)", () => {
    const require = createRequire(import.meta.url);
    const path = require.resolve("unhomoglyph/data.json");
    const data = JSON.parse(readFileSync(path, "utf8")) as Record<string, string>;
    // confusables.txt 13.0.0 has 6,311 mappings; a hand list has a few dozen.
    expect(Object.keys(data).length).toBeGreaterThan(6000);
    // Rows of confusables.txt (source ; target): Greek and Cyrillic capitals, m → rn, digits.
    expect(data["\u03A4"]).toBe("T"); // GREEK CAPITAL LETTER TAU
    expect(data["\u039A"]).toBe("K"); // GREEK CAPITAL LETTER KAPPA
    expect(data["\u03A5"]).toBe("Y"); // GREEK CAPITAL LETTER UPSILON
    expect(data["\u03A7"]).toBe("X"); // GREEK CAPITAL LETTER CHI
    expect(data["\u0430"]).toBe("a"); // CYRILLIC SMALL LETTER A
    expect(data["m"]).toBe("rn");
    expect(data["0"]).toBe("O");
    expect(data["1"]).toBe("l");
    expect(data["\u{1D5BA}"]).toBe("a"); // MATHEMATICAL SANS-SERIF SMALL A
  });
});

describe("look-alike skeletons", () => {
  test.each([
    ["TOY", "\u03A4\u039F\u03A5"], // Greek Tau Omicron Upsilon
    ["KEY", "\u039A\u0395\u03A5"], // Greek Kappa Epsilon Upsilon
    ["XY", "\u03A7\u03A5"], // Greek Chi Upsilon
    ["Sam", "5am"],
    ["Bongo", "B0ng0"],
    ["Paul", "PauI"],
    ["Lola", "1ola"],
    ["Zed", "2ed"],
    ["case", "CASE"],
    ["Adewale", "Adéwálé"],
    ["COPE", "\u0421\u041e\u0420\u0415"], // Cyrillic
    ["KAPPA", "\u039a\u0391\u03a1\u03a1\u0391"], // Greek
    ["Amina", "Arnina"],
    ["Ada Lovelace", "ada_lovelace"],
  ])("%s and %s share a skeleton", (a, b) => {
    expect(parseDisplayName(b).ok).toBe(true);
    expect(areConfusable(a, b)).toBe(true);
  });

  test.each([
    ["Aigerim", "Aisulu"],
    ["Tanda", "Tendai"],
  ])("%s and %s stay apart", (a, b) => {
    expect(areConfusable(a, b)).toBe(false);
  });

  test.each([["Admin"], ["c0mputer"], ["\u0391\u03a5\u039f"], ["5ystem"], ["Guest"]])("%s is reserved", (n) => {
    expect(isReservedName(n)).toBe(true);
  });

  test("every reserved name is reserved, and ordinary names are not", () => {
    for (const r of RESERVED_NAMES) expect(isReservedName(r)).toBe(true);
    for (const n of ["Aigerim", "Tendai", "Adewale"]) expect(isReservedName(n)).toBe(false);
  });

  /**
   * Latin letters with a Greek or Cyrillic double (confusables.txt maps each to the Latin letter).
   * A name made of them, with some letters swapped for their doubles, is either refused for mixing
   * scripts (some swapped) or, written wholly in the other script, has the Latin name's skeleton.
   */
  const DOUBLES: Readonly<Record<string, { greek?: string; cyrillic?: string }>> = {
    A: { greek: "\u0391", cyrillic: "\u0410" },
    B: { greek: "\u0392", cyrillic: "\u0412" },
    E: { greek: "\u0395", cyrillic: "\u0415" },
    H: { greek: "\u0397", cyrillic: "\u041D" },
    I: { greek: "\u0399", cyrillic: "\u0406" },
    K: { greek: "\u039A", cyrillic: "\u041A" },
    M: { greek: "\u039C", cyrillic: "\u041C" },
    N: { greek: "\u039D" },
    O: { greek: "\u039F", cyrillic: "\u041E" },
    P: { greek: "\u03A1", cyrillic: "\u0420" },
    T: { greek: "\u03A4", cyrillic: "\u0422" },
    X: { greek: "\u03A7", cyrillic: "\u0425" },
    Y: { greek: "\u03A5", cyrillic: "\u04AE" },
    Z: { greek: "\u0396" },
    C: { cyrillic: "\u0421" },
    S: { cyrillic: "\u0405" },
    a: { cyrillic: "\u0430" },
    e: { cyrillic: "\u0435" },
    o: { greek: "\u03BF", cyrillic: "\u043E" },
    p: { cyrillic: "\u0440" },
    c: { cyrillic: "\u0441" },
    x: { cyrillic: "\u0445" },
    y: { cyrillic: "\u0443" },
  };
  const LETTERS = Object.keys(DOUBLES);

  test("a generated set of mixed-script names: refused, or the Latin name's skeleton", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LETTERS), { minLength: 2, maxLength: 12 }),
        fc.constantFrom("greek" as const, "cyrillic" as const),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (letters, script, swap) => {
          const latin = letters.join("");
          const imitation = letters
            .map((l, i) => (swap[i] && DOUBLES[l][script] !== undefined ? DOUBLES[l][script] : l))
            .join("");
          if (imitation === latin) return;
          const r = parseDisplayName(imitation);
          if (!r.ok) {
            expect(r.error.code).toBe("name/mixed_scripts");
            return;
          }
          expect(nameSkeleton(r.value)).toBe(nameSkeleton(latin));
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("fuzz: any accepted name has a non-empty skeleton, and never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (s) => {
        const r = parseDisplayName(s);
        if (r.ok) expect(nameSkeleton(r.value).length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});
