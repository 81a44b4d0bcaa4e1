import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  H_PLY,
  H_STORE0,
  H_TO_MOVE,
  H_TUZ0,
  H_TUZ1,
  legalMoves,
  newGame,
  outcome,
  play,
  type State,
} from "../games/index.js";
import type { GameId } from "../types.js";
import { featuresFor, learnedEvaluator, makeLearnedEvaluator } from "./features.js";
import { makeRng } from "./rng.js";
import { LEARNED_WEIGHTS } from "./weights.js";

function randomState(game: GameId, options: unknown, plies: number, seed: number): State | null {
  const rng = makeRng(seed);
  const g = newGame(game, options);
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

/** The same position with the seats' roles exchanged: sides, stores, tuzdyks and the seat to move. */
function mirror(s: State): Int32Array {
  const e = s.engine;
  const P = e.pits;
  const half = P >> 1;
  const b = s.buf.slice();
  for (let i = 0; i < half; i++) {
    b[i] = s.buf[half + i];
    b[half + i] = s.buf[i];
  }
  b[P + H_STORE0] = s.buf[P + H_STORE0 + 1];
  b[P + H_STORE0 + 1] = s.buf[P + H_STORE0];
  b[P + H_TO_MOVE] = 1 - s.buf[P + H_TO_MOVE];
  if (e.game === "togyz") {
    const t0 = s.buf[P + H_TUZ0];
    const t1 = s.buf[P + H_TUZ1];
    b[P + H_TUZ0] = t1 === -1 ? -1 : t1 + 9;
    b[P + H_TUZ1] = t0 === -1 ? -1 : t0 - 9;
  }
  return b;
}

const VARIANTS: [GameId, unknown][] = [
  ["togyz", undefined],
  ["ayo", undefined],
  ["tsoro-classic", undefined],
  ["tsoro-classic", { holes: 5, seeds: 3 }],
  ["tsoro-wta", undefined],
  ["tsoro-wta", { holes: 11, seeds: 2 }],
];

describe("learned evaluation features", () => {
  test.each(VARIANTS)(
    "%s %j: read from the mover's side, the mirrored position has the same features",
    (game, options) => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 200 }), fc.integer(), (plies, seed) => {
          const s = randomState(game, options, plies, seed);
          if (s === null) return;
          const f = featuresFor(s.engine);
          const a = new Float64Array(f.names.length);
          const b = new Float64Array(f.names.length).fill(99);
          f.extract(s.buf, a);
          f.extract(mirror(s), b);
          expect(Array.from(b, (v) => v + 0)).toEqual(Array.from(a, (v) => v + 0)); // + 0: -0 and 0 alike
          expect(a.every(Number.isFinite)).toBe(true);
        }),
        { numRuns: 60, seed: 11 },
      );
    },
  );

  test("the first feature is the material difference for the side to move", () => {
    const s = randomState("togyz", undefined, 30, 4);
    if (s === null) throw new Error("game ended");
    const f = featuresFor(s.engine);
    const x = new Float64Array(f.names.length);
    f.extract(s.buf, x);
    const P = s.engine.pits;
    const me = s.buf[P + H_TO_MOVE];
    expect(x[0]).toBe(s.buf[P + H_STORE0 + me] - s.buf[P + H_STORE0 + 1 - me]);
    expect(s.buf[P + H_PLY]).toBe(30);
  });

  test("the evaluator is the weighted sum of the features, and refuses weights for other features", () => {
    const s = randomState("ayo", undefined, 12, 9);
    if (s === null) throw new Error("game ended");
    const f = featuresFor(s.engine);
    const weights = f.names.map((_, i) => (i + 1) * 7);
    const ev = makeLearnedEvaluator(f, { names: f.names, weights });
    const x = new Float64Array(f.names.length);
    f.extract(s.buf, x);
    expect(ev(s.buf)).toBe(Math.round(x.reduce((a, v, i) => a + v * weights[i], 0)));
    expect(() => makeLearnedEvaluator(f, { names: [...f.names.slice(1), "other"], weights })).toThrow(
      /re-run the tuning/,
    );
  });

  test("togyz's written-out evaluator gives exactly the weighted sum of the features", () => {
    const g = newGame("togyz");
    if (!g.ok) throw new Error(g.error.message);
    const f = featuresFor(g.value.engine);
    const rng = makeRng(5);
    const weights = f.names.map((_, i) => (i === 0 ? 100 : Math.round((rng.next() - 0.5) * 4000) / 10));
    const fast = makeLearnedEvaluator(f, { names: f.names, weights });
    const slow = makeLearnedEvaluator(f, { names: f.names, weights }, true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 250 }), fc.integer(), (plies, seed) => {
        const s = randomState("togyz", undefined, plies, seed);
        if (s === null) return;
        expect(Math.abs(fast(s.buf) - slow(s.buf))).toBeLessThanOrEqual(1); // rounding of a float sum
      }),
      { numRuns: 300, seed: 12 },
    );
  });

  test("committed weights match the features they were fitted for, with material at its unit", () => {
    for (const [game, options] of VARIANTS) {
      const g = newGame(game, options);
      if (!g.ok) throw new Error(g.error.message);
      const entry = LEARNED_WEIGHTS[game];
      if (entry === undefined) continue;
      const f = featuresFor(g.value.engine);
      expect(entry.names).toEqual(f.names);
      expect(entry.weights[0]).toBe(f.materialUnit);
      expect(learnedEvaluator(g.value.engine)).not.toBeNull();
    }
  });
});
