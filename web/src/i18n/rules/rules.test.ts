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

describe("rules in the communities' languages", () => {
  test("each game's rules are in its own community's languages", () => {
    for (const l of ["ru", "kk", "ky"] as const) expect(ALL[l].guides.togyz, l).toBeDefined();
    expect(RULES_YO.guides.ayo).toBeDefined();
    expect(RULES_SN.guides.tsoro).toBeDefined();
    expect(Object.keys(RULES_LOADERS).sort()).toEqual(Object.keys(ALL).sort());
  });

  test.each(Object.entries(ALL))(
    "%s: every translated section matches an English one item for item; not reviewed",
    (_l, r) => {
      expect(r.reviewed).toBe(false);
      for (const f of FAMILIES) {
        const o = r.guides[f];
        if (o === undefined) continue;
        expect(o.intro.trim()).not.toBe("");
        for (const [i, s] of Object.entries(o.sections)) {
          const en = GUIDES[f].sections[Number(i)];
          expect(en, `${f} section ${i}`).toBeDefined();
          expect(s.items.length, `${f} ${en.heading}`).toBe(en.items.length);
          expect(s.heading.trim()).not.toBe("");
        }
        const shown = overlaid(GUIDES[f], o);
        expect(shown.intro).toBe(o.intro);
        expect(shown.sections.length).toBe(GUIDES[f].sections.length);
      }
    },
  );
});
