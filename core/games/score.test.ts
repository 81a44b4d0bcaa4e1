import { describe, expect, test } from "vitest";
import fc from "fast-check";
import type { GameId, Seat } from "../types.js";
import { boardView, legalMoves, newGame, outcome, play, score, scoreOn, type State } from "./index.js";

interface Variant {
  game: GameId;
  options: Record<string, number | boolean> | undefined;
}

const variantArb: fc.Arbitrary<Variant> = fc.oneof(
  fc.constant<Variant>({ game: "togyz", options: undefined }),
  fc.constant<Variant>({ game: "ayo", options: undefined }),
  fc
    .tuple(
      fc.constantFrom<GameId>("tsoro-classic", "tsoro-wta"),
      fc.integer({ min: 4, max: 12 }),
      fc.integer({ min: 1, max: 10 }),
    )
    .map<Variant>(([game, holes, seeds]) => ({ game, options: { holes, seeds } })),
);

function start(v: Variant): State {
  const g = newGame(v.game, v.options);
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

/** Plays random legal moves (`picks` choose among them) until the game ends or `max` moves are made. */
function walk(v: Variant, picks: readonly number[], max: number, each: (s: State) => void): State {
  let s = start(v);
  each(s);
  for (let i = 0; i < max; i++) {
    const moves = legalMoves(s);
    if (moves.length === 0) break;
    const r = play(s, moves[picks[i % picks.length] % moves.length]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    each(s);
  }
  return s;
}

const picksArb = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 64 });
const seats: readonly Seat[] = [0, 1];

describe("score", () => {
  test("Winner Takes All counts the seeds on each side; the other rule sets count the store", () => {
    fc.assert(
      fc.property(variantArb, picksArb, (v, picks) => {
        walk(v, picks, 200, (s) => {
          const d = boardView(s);
          const half = d.board.length / 2;
          for (const seat of seats) {
            const side = d.board.slice(seat * half, seat * half + half).reduce((a, b) => a + b, 0);
            expect(score(s, seat)).toBe(v.game === "tsoro-wta" ? side : d.stores[seat]);
            expect(scoreOn(v.game, d, seat)).toBe(score(s, seat));
          }
        });
      }),
      { numRuns: 150 },
    );
  });

  test("a game that ends on the count is won by the higher score, drawn on equal scores", () => {
    const counted = new Set(["kazan", "kazan-draw", "captures", "few-seeds", "no-capture", "no-take", "atsyz"]);
    fc.assert(
      fc.property(variantArb, picksArb, (v, picks) => {
        const end = walk(v, picks, 1000, () => undefined);
        const o = outcome(end);
        if (o === null || !counted.has(o.reason)) return;
        const [a, b] = [score(end, 0), score(end, 1)];
        expect(o.winner).toBe(a > b ? 0 : b > a ? 1 : null);
      }),
      { numRuns: 150 },
    );
  });

  test("the opening position: Togyz 0 each in the store, Winner Takes All every seed on its own side", () => {
    expect([score(start({ game: "togyz", options: undefined }), 0)]).toEqual([0]);
    const wta = start({ game: "tsoro-wta", options: { holes: 8, seeds: 2 } });
    expect([score(wta, 0), score(wta, 1)]).toEqual([wta.engine.total / 2, wta.engine.total / 2]);
    const classic = start({ game: "tsoro-classic", options: { holes: 8, seeds: 2 } });
    expect([score(classic, 0), score(classic, 1)]).toEqual([0, 0]);
  });
});
