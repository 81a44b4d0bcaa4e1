import { describe, expect, test } from "vitest";
import { FAMILIES } from "../../content/games.js";
import { GUIDES } from "../../content/rules.js";
import { RULES_KK } from "./kk.js";
import { RULES_KY } from "./ky.js";
import { overlaid, RULES_LOADERS } from "./overlay.js";
import { RULES_RU } from "./ru.js";
import { RULES_SN } from "./sn.js";
import { RULES_YO } from "./yo.js";

const ALL = { ru: RULES_RU, kk: RULES_KK, ky: RULES_KY, yo: RULES_YO, sn: RULES_SN };

describe("rules in every language", () => {
  test("every game's rules are in every language", () => {
    for (const r of Object.values(ALL)) expect(Object.keys(r.guides).sort()).toEqual([...FAMILIES].sort());
    expect(Object.keys(RULES_LOADERS).sort()).toEqual(Object.keys(ALL).sort());
  });

  test.each(Object.entries(ALL))(
    "%s: every rule section is translated, item for item, with the English numbers",
    (_l, r) => {
      for (const f of FAMILIES) {
        const o = r.guides[f];
        expect(o.intro.trim()).not.toBe("");
        expect(o.intro).not.toBe(GUIDES[f].intro);
        const ruleSections = GUIDES[f].sections.flatMap((s, i) => (s.part === undefined ? [i] : []));
        expect(Object.keys(o.sections).map(Number).sort(), f).toEqual(ruleSections);
        for (const [i, s] of Object.entries(o.sections)) {
          const en = GUIDES[f].sections[Number(i)];
          expect(en, `${f} section ${i}`).toBeDefined();
          expect(s.items.length, `${f} ${en.heading}`).toBe(en.items.length);
          expect(s.heading.trim()).not.toBe("");
          s.items.forEach((item, k) => {
            const digits = (x: string): string => (x.match(/\d+/g) ?? []).sort().join();
            expect(digits(item), `${f} ${i}.${k}: ${item}`).toBe(digits(en.items[k]));
            expect(item).not.toBe(en.items[k]);
          });
        }
        const shown = overlaid(GUIDES[f], o);
        expect(shown.intro).toBe(o.intro);
        expect(shown.sections.length).toBe(GUIDES[f].sections.length);
      }
    },
  );
});
