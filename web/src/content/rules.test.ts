import { describe, expect, test } from "vitest";
import { MAX_RELAYS } from "../../../core/games/tsoro.js";
import { LEVEL_IDS } from "../present/levels.js";
import { FAMILIES } from "./games.js";
import { levelText } from "./levels.js";
import { GUIDES } from "./rules.js";

const section = (f: keyof typeof GUIDES, heading: string) => {
  const s = GUIDES[f].sections.find((x) => x.heading === heading);
  if (s === undefined) throw new Error(heading);
  return s;
};

describe("rules content", () => {
  test("the relay cap is stated once, for both Tsoro rule sets, with the engine's number", () => {
    const all = GUIDES.tsoro.sections.flatMap((s) => s.items.filter((i) => /\d+ relays/.test(i)));
    expect(all).toHaveLength(1);
    expect(section("tsoro", "The board").items).toContain(all[0]);
    expect(all[0]).toContain(`at most ${MAX_RELAYS} relays`);
    expect(all[0]).toMatch(/both Classic and Winner Takes All/);
  });

  test("each game's level section is its own level texts (tuzdyks for Togyz alone)", () => {
    for (const f of FAMILIES) {
      expect(section(f, "Computer levels").items).toEqual(LEVEL_IDS.map((l) => levelText(f, l)));
      const text = section(f, "Computer levels").items.join(" ");
      expect(/tuzdyk/i.test(text)).toBe(f === "togyz");
    }
  });

  test("the odd-count tip agrees with the capture rule: odd pits are the ones in danger", () => {
    const tip = section("togyz", "Strategy tips").items.find((i) => /odd counts/.test(i)) ?? "";
    expect(tip).toMatch(/making one of your pits even/);
    expect(tip).toMatch(/odd number is safe only from a sowing that keeps it odd/);
    expect(tip).not.toMatch(/Leave odd counts/);
  });

  test("no page says the bottom player always moves first; series starts alternate", () => {
    for (const f of FAMILIES) {
      const rules = GUIDES[f].sections.flatMap((s) => s.items).join(" ");
      expect(rules).not.toMatch(/at the bottom and moves first/);
      expect(rules).toMatch(/take turns to start each game/);
    }
  });

  test("the Ayo questions of the product text are all there", () => {
    const qs = (section("ayo", "Common questions").qa ?? []).map(([q]) => q);
    expect(qs).toContain("Does a room code let anyone play immediately?");
    expect(qs).toContain("Do lessons or computer games affect my ranking?");
    const ranking = (section("ayo", "Common questions").qa ?? []).find(([q]) => q.includes("ranking"));
    expect(ranking?.[1]).toMatch(/only server-run multiplayer results contribute to the leaderboard/);
  });
});
