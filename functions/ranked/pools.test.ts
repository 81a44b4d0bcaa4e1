import { describe, expect, test } from "vitest";
import { makeDeviceKeys } from "../../core/identity.js";
import { presetClock } from "../../core/ranked/presets.js";
import { createHarness } from "./testing/memory.js";

const SMALL = { holes: 4, seeds: 1 } as const;
/** Tsoro WTA on 4 × 2 with one seed: seat 0 wins with this line in five moves. */
const SHORT_LINE = [0, 2, 0, 3, 3];
const ID1 = makeDeviceKeys(new Uint8Array(32).fill(1)).playerId;

describe("quick-pairing pools per game, time control and rated/casual", () => {
  test("seekers of different presets or of rated and casual are not paired; equal ones are, on the preset's clock", async () => {
    const h = createHarness();
    await h.login("c1", 1, "Aigerim");
    await h.login("c2", 2, "Tendai");
    await h.login("c3", 3, "Amina");
    await h.send("c1", { type: "ranked.seek", game: "tsoro-wta", options: SMALL, preset: "1+1" });
    await h.send("c2", { type: "ranked.seek", game: "tsoro-wta", options: SMALL, preset: "20+10" });
    await h.send("c3", { type: "ranked.seek", game: "tsoro-wta", options: SMALL, preset: "1+1", casual: true });
    h.advance(60_000);
    await h.service.tick();
    expect(h.lastOf("c1", "ranked.start")).toBeUndefined();
    expect(h.lastOf("c2", "ranked.start")).toBeUndefined();
    expect(h.lastOf("c3", "ranked.seeking")?.casual).toBe(true);
    await h.send("c2", { type: "ranked.seek", game: "tsoro-wta", options: SMALL, preset: "1+1" });
    const start = h.lastOf("c1", "ranked.start");
    expect(start?.match.preset).toBe("1+1");
    expect(start?.match.casual).toBe(false);
    expect(start?.match.clocks).toEqual([presetClock("1+1").initialMs, presetClock("1+1").initialMs]);
    expect(start?.match.increment).toBe(presetClock("1+1").incrementMs);
    expect(h.lastOf("c3", "ranked.start")).toBeUndefined();
  });

  test("a casual game is played out like a rated one but settles no rating", async () => {
    const h = createHarness();
    await h.login("c1", 1, "Aigerim");
    await h.login("c2", 2, "Tendai");
    await h.send("c1", { type: "ranked.seek", game: "tsoro-wta", options: SMALL, preset: "3+2", casual: true });
    await h.send("c2", { type: "ranked.seek", game: "tsoro-wta", options: SMALL, preset: "3+2", casual: true });
    const m = h.lastOf("c1", "ranked.start")!.match;
    expect(m.casual).toBe(true);
    let version = m.version;
    let seat = m.toMove;
    for (const move of SHORT_LINE) {
      await h.send(m.seats[seat].playerId === ID1 ? "c1" : "c2", { type: "ranked.move", matchId: m.id, version, move });
      const stored = (await h.stores.matches.getMatch(m.id))!;
      expect(stored.version).toBe(version + 1);
      version = stored.version;
      seat = stored.toMove;
    }
    await h.service.tick();
    const end = h.lastOf("c1", "ranked.end")!;
    expect(end.match.status).toBe("finished");
    expect(end.match.result?.winner).not.toBeNull();
    expect(end.match.rated).toBe(false);
    expect(end.changes).toBeNull();
    for (const s of [0, 1] as const)
      expect(await h.stores.ratings.getStats(m.seats[s].playerId, "tsoro-wta")).toBeNull();
  });
});
