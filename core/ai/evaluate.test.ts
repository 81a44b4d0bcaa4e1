import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { H_STORE0, H_TUZ0, H_TUZ1, legalMoves, newGame, outcome, play, toMove, type State } from "../games/index.js";
import { SEED, ayoBestCapture, makeEvaluator, togyzBestGain, tuzWorth } from "./evaluate.js";
import { makeRng } from "./rng.js";

function randomState(game: "togyz" | "ayo", plies: number, seed: number): State | null {
  const rng = makeRng(seed);
  const g = newGame(game);
  if (!g.ok) throw new Error(g.error.message);
  let s = g.value;
  for (let i = 0; i < plies; i++) {
    const ms = legalMoves(s);
    if (ms.length === 0) return null;
    const r = play(s, ms[rng.below(ms.length)]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return outcome(s) === null ? s : null;
}

/** The best capture of the side to move, read off the traces of every legal move. */
function capturedByPlay(s: State, withTuzdykWorth: boolean): number {
  let best = 0;
  const P = s.engine.pits;
  const board = s.buf.subarray(0, P).reduce((a, b) => a + b, 0);
  for (const m of legalMoves(s)) {
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    let got = 0;
    for (const ev of r.value.trace) {
      if (ev.t === "capture") got += ev.count * SEED;
      if (ev.t === "tuzdyk" && withTuzdykWorth) got += tuzWorth(ev.pit % 9, board - 3);
    }
    if (got > best) best = got;
  }
  return best;
}

describe("capture threats are computed exactly from the sowing arithmetic", () => {
  test("togyz: even captures and tuzdyks, as the engine plays them", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer(), (plies, seed) => {
        const s = randomState("togyz", plies, seed);
        if (s === null) return;
        const P = s.engine.pits;
        const board = 162 - s.buf[P + H_STORE0] - s.buf[P + H_STORE0 + 1];
        const got = togyzBestGain(s.buf, toMove(s), s.buf[P + H_TUZ0], s.buf[P + H_TUZ1], board);
        expect(got).toBe(capturedByPlay(s, true));
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  test("ayo: the capture chain, across laps that skip the origin", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120 }), fc.integer(), (plies, seed) => {
        const s = randomState("ayo", plies, seed);
        if (s === null) return;
        expect(ayoBestCapture(s.buf, toMove(s)) * SEED).toBe(capturedByPlay(s, false));
      }),
      { numRuns: 400, seed: 8 },
    );
  });
});

describe("evaluations are antisymmetric in material", () => {
  test.each([["togyz"], ["ayo"], ["tsoro-classic"], ["tsoro-wta"]] as const)(
    "%s: a better store is a better score",
    (game) => {
      const g = newGame(game);
      if (!g.ok) throw new Error(g.error.message);
      for (const knowledge of ["material", "full"] as const) {
        const ev = makeEvaluator(g.value.engine, knowledge);
        expect(ev(g.value.buf)).toBe(ev(g.value.buf));
        if (game === "tsoro-wta") continue; // no stores
        const buf = g.value.buf.slice();
        const P = g.value.engine.pits;
        buf[0] -= 2;
        buf[P + H_STORE0] += 2; // seat 0 (to move) captured two
        expect(ev(buf)).toBeGreaterThan(ev(g.value.buf));
      }
    },
  );
});
