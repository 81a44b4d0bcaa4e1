import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseDisplayName } from "../../core/names.js";
import { MODULE_PATH, UNICODE_DATA_DIR, generateFromFiles } from "../../scripts/unicode-security.js";
import { createMemoryCounters } from "../lib/counters.js";
import { chooseName } from "./names.js";
import { RESERVED_NAMES, areConfusable, isReservedName, nameSkeleton, restrictionOf } from "./skeleton.js";
import { createMemoryNameStore } from "./store.js";
import { CONFUSABLES, UTS39_VERSION } from "./unicodeSecurity.js";

describe("the security data is Unicode's, of its newest version", () => {
  test(`UTS #39 ${UTS39_VERSION}: the vendored files name it, and the module is what they make`, () => {
    expect(UTS39_VERSION).toBe("17.0.0");
    for (const f of ["confusables.txt", "IdentifierStatus.txt"]) {
      expect(readFileSync(join(UNICODE_DATA_DIR, f), "utf8")).toMatch(/^# Version: 17\.0\.0$/m);
    }
    expect(readFileSync(MODULE_PATH, "utf8")).toBe(generateFromFiles());
  });

  test("rows of confusables.txt (source → prototype)", () => {
    const rows = new Map(CONFUSABLES.split("\n").map((l) => [l.slice(0, l.indexOf(" ")), l.slice(l.indexOf(" ") + 1)]));
    expect(rows.size).toBeGreaterThan(6000);
    expect(rows.get("03A4")).toBe("0054"); // GREEK CAPITAL LETTER TAU → T
    expect(rows.get("0430")).toBe("0061"); // CYRILLIC SMALL LETTER A → a
    expect(rows.get("006D")).toBe("0072 006E"); // m → rn
    expect(rows.get("0031")).toBe("006C"); // 1 → l
    expect(rows.get("A731")).toBe("0073"); // LATIN LETTER SMALL CAPITAL S → s
    expect(rows.get("1D5BA")).toBe("0061"); // MATHEMATICAL SANS-SERIF SMALL A
  });
});

describe("names refused and names kept (UTS #39 Highly Restrictive, skeletons, reserved names)", () => {
  const NOW = 1_800_000_000_000;
  async function choose(raw: string, names = createMemoryNameStore(), player = "p1"): Promise<string> {
    const holder = { playerId: player, name: null, skeleton: null, ratedAt: NOW };
    const r = await chooseName(names, createMemoryCounters(), { connId: player, address: undefined }, holder, raw, NOW);
    return r.ok ? "ok" : r.error.code;
  }

  test.each([
    ["\u1D00\u1D05\u1D0D\u026A\u0274", "small capitals: ᴀᴅᴍɪɴ"],
    ["\uA731\u028F\uA731\u1D1B\u1D07\u1D0D", "ꜱʏꜱᴛᴇᴍ"],
    ["\uA731\u1D1C\u1D18\u1D18\u1D0F\u0280\u1D1B", "ꜱᴜᴘᴘᴏʀᴛ"],
    ["\u1D0D\u1D0F\u1D05\u1D07\u0280\u1D00\u1D1B\u1D0F\u0280", "ᴍᴏᴅᴇʀᴀᴛᴏʀ"],
    ["Sam\uA7D9", "ꟙ (sigmoid s)"],
    ["Sam\uA7D7", "ꟗ (middle Scots s)"],
    ["P\uA7C1la", "ꟁ (old Polish o)"],
    ["Ma\u{1DF25}\u{1DF26}", "𝼥 𝼦"],
    ["\u{1DF27}\u{1DF28}\u{1DF2A}ab", "𝼧 𝼨 𝼪"],
  ])("%s is refused: %s", async (raw) => {
    expect(await choose(raw)).toBe("name/bad_chars");
  });

  test.each([["5Y5T3M"], ["SUPP0R7"], ["M0D3R470R"], ["4DMIN"], ["ADMIN"], ["Adm1n"], ["5upp0rt"]])(
    "%s is a reserved name",
    async (raw) => {
      expect(await choose(raw)).toBe("name/reserved");
    },
  );

  test.each([
    ["Adam", "Aclam"],
    ["William", "VVilliam"],
    ["Esther", "3sther"],
    ["Tatenda", "7atenda"],
    ["Amina", "4mina"],
    ["Aruzhan", "ARUZHAN"],
  ])("once %s is held, %s is taken", async (a, b) => {
    const names = createMemoryNameStore();
    expect(await choose(a, names, "p1")).toBe("ok");
    expect(await choose(b, names, "p2")).toBe("name/taken");
  });

  test.each([
    // Kazakh, Kyrgyz and Russian (Cyrillic)
    ["Айгерім"],
    ["Нұрсұлтан"],
    ["Әлихан"],
    ["Ғалымжан"],
    ["Қуаныш"],
    ["Өмүрбек"],
    ["Жылдыз"],
    ["Ерлан"],
    ["Сергей"],
    ["Наталья"],
    ["Ёжик в тумане"],
    // Yoruba (Latin with diacritics and ẹ ọ ṣ)
    ["Adéwálé"],
    ["Ọlárẹ̀wájú"],
    ["Ṣadé"],
    ["Fúnmiláyọ̀"],
    ["Olúwaṣẹ́gun"],
    ["Ìbùkún"],
    // Shona
    ["Tendai"],
    ["Tatenda"],
    ["Chipo"],
    ["Rutendo"],
    ["Nyasha"],
    ["Tinashe"],
  ])("%s is allowed", async (raw) => {
    expect(await choose(raw)).toBe("ok");
  });

  test("a Latin letter among Cyrillic ones is mixed", () => {
    expect(restrictionOf("Ерлан")).toBeNull();
    expect(restrictionOf("Eрлан")).toBe("mixed_scripts");
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
