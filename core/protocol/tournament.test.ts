import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeTourError, parseTourClientMessage, TOUR_ERROR_CODES } from "./tournament.js";

const create = {
  type: "tour.create",
  kind: "swiss",
  name: "Class 7B",
  game: "togyz",
  preset: "20+10",
  startsAt: 1_800_000_000_000,
  rounds: 7,
};

describe("tour.* schemas", () => {
  it("accepts a Swiss, and normalises a typed code", () => {
    expect(parseTourClientMessage(create).ok).toBe(true);
    const j = parseTourClientMessage({ type: "tour.join", code: "k7p-q2a" });
    expect(j).toEqual({ ok: true, value: { type: "tour.join", code: "K7PQ2A" } });
  });

  it("refuses unknown fields, bad presets, too many rounds, control characters and letters outside Crockford", () => {
    for (const bad of [
      { ...create, extra: 1 },
      { ...create, preset: "9+9" },
      { ...create, rounds: 10 },
      { ...create, name: "a\u0000b" },
      { ...create, name: "" },
      { ...create, maxPlayers: 201 },
      { type: "tour.join", code: "ILOU00" },
      { type: "tour.result", id: "x", round: 1, board: 1, result: "win" },
      { type: "tour.nope" },
    ])
      expect(parseTourClientMessage(bad).ok, JSON.stringify(bad)).toBe(false);
  });

  it("never throws on any input, and its refusals use the protocol's codes", () => {
    fc.assert(
      fc.property(fc.anything(), (x) => {
        const r = parseTourClientMessage(x);
        if (!r.ok) expect(TOUR_ERROR_CODES).toContain(r.error.code);
      }),
    );
    expect(makeTourError("tour/full", "full", 3)).toEqual({
      type: "tour.error",
      code: "tour/full",
      message: "full",
      rid: 3,
    });
  });
});
