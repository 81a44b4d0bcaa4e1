import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { GAMES, type GameId } from "../types.js";
import {
  H_STORE0,
  H_TO_MOVE,
  decode,
  encode,
  hash,
  legalMoves,
  newGame,
  outcome,
  play,
  view,
  type State,
} from "./index.js";
import { refInit, refMoves, refPlay, type RefState } from "./testing/reference.js";

interface Variant {
  game: GameId;
  options: Record<string, number | boolean> | undefined;
}

const variantArb: fc.Arbitrary<Variant> = fc.oneof(
  fc.constant<Variant>({ game: "togyz", options: undefined }),
  fc.boolean().map<Variant>((vsComputer) => ({ game: "ayo", options: { vsComputer } })),
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

function refStart(v: Variant): RefState {
  const o = v.options ?? {};
  return refInit(v.game, (o.holes as number) ?? 8, (o.seeds as number) ?? 2);
}

function seedsOf(s: State): number {
  const v = view(s);
  return v.board.reduce((a, b) => a + b, 0) + v.stores[0] + v.stores[1];
}

/** Plays a random game driven by `picks`, calling `check` after every move. */
function walk(
  v: Variant,
  picks: number[],
  maxMoves: number,
  check: (before: State, after: State, move: number, snapshot: Int32Array) => void,
): State {
  let s = start(v);
  for (let i = 0; i < maxMoves; i++) {
    const moves = legalMoves(s);
    if (moves.length === 0) break;
    const m = moves[picks[i % picks.length] % moves.length];
    const snapshot = s.buf.slice();
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    check(s, r.value.state, m, snapshot);
    s = r.value.state;
  }
  return s;
}

const picksArb = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 64 });

describe("engine properties over every rule set", () => {
  test("seeds are conserved and play never mutates its input", () => {
    fc.assert(
      fc.property(variantArb, picksArb, (v, picks) => {
        const total = seedsOf(start(v));
        walk(v, picks, 300, (before, after, _m, snapshot) => {
          expect(seedsOf(after)).toBe(total);
          expect(before.buf).toEqual(snapshot);
        });
      }),
      { numRuns: 150 },
    );
  });

  test("the engine agrees with the plain reference implementation move by move", () => {
    fc.assert(
      fc.property(variantArb, picksArb, (v, picks) => {
        let ref = refStart(v);
        walk(v, picks, 300, (_before, after, m) => {
          expect(refMoves(ref)).toContain(m);
          ref = refPlay(ref, m);
          const got = view(after);
          expect(got.board).toEqual(ref.board);
          expect(got.stores).toEqual(ref.stores);
          expect(got.toMove).toBe(ref.toMove);
          expect(got.moveCount).toBe(ref.ply);
          if (got.result?.reason !== "repetition") expect(got.result).toEqual(ref.result);
          if (v.game === "togyz") expect(got.tuzdyk).toEqual(ref.tuzdyk);
          expect(legalMoves(after)).toEqual(got.result ? [] : refMoves(ref));
        });
      }),
      { numRuns: 200 },
    );
  });

  test("the search fast path (generate, playInPlace on one buffer, playInto another) agrees with play", () => {
    fc.assert(
      fc.property(variantArb, picksArb, (v, picks) => {
        const first = start(v);
        const e = first.engine;
        const buf = first.buf.slice();
        const out = new Int32Array(e.maxMoves);
        const copied = new Int32Array(e.size).fill(-7); // stale contents playInto must overwrite
        walk(v, picks, 300, (before, after, m, snapshot) => {
          const n = e.generate(buf, out);
          expect(Array.from(out.subarray(0, n))).toEqual(legalMoves(before));
          e.playInto(before.buf, copied, m);
          expect(before.buf).toEqual(snapshot);
          if (outcome(after)?.reason !== "repetition") expect(copied).toEqual(after.buf);
          e.playInPlace(buf, m, null);
          if (outcome(after)?.reason !== "repetition") expect(buf).toEqual(after.buf);
          else buf.set(after.buf);
        });
      }),
      { numRuns: 150 },
    );
  });

  test.each(GAMES)("every %s game ends, and a finished game has no legal move", (game) => {
    fc.assert(
      fc.property(
        variantArb.filter((v) => v.game === game),
        picksArb,
        (v, picks) => {
          const end = walk(
            v.game === "ayo" ? { game: "ayo", options: { vsComputer: true } } : v,
            picks,
            20_000,
            () => {},
          );
          const o = outcome(end);
          expect(o).not.toBeNull();
          expect(legalMoves(end)).toEqual([]);
          const again = play(end, legalMoves(start(v))[0]);
          expect(again.ok).toBe(false);
          if (!again.ok) expect(again.error.code).toBe("move/game_over");
        },
      ),
      { numRuns: 25 },
    );
  });

  test("encode and decode round-trip every reachable position", () => {
    fc.assert(
      fc.property(variantArb, picksArb, fc.nat({ max: 200 }), (v, picks, len) => {
        const s = walk(v, picks, len, () => {});
        const back = decode(encode(s));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.value.buf).toEqual(s.buf);
        expect(back.value.engine).toBe(s.engine);
        expect(hash(back.value)).toBe(hash(s));
      }),
      { numRuns: 150 },
    );
  });

  test("illegal moves of any shape are refused with a typed error", () => {
    fc.assert(
      fc.property(variantArb, picksArb, fc.anything(), (v, picks, junk) => {
        const s = walk(v, picks, 40, () => {});
        const legal = legalMoves(s);
        if (typeof junk === "number" && legal.includes(junk)) return;
        const r = play(s, junk);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(["move/illegal", "move/game_over"]).toContain(r.error.code);
      }),
      { numRuns: 300 },
    );
  });

  test("the hash separates positions that differ only in the seat to move", () => {
    const s = start({ game: "ayo", options: undefined });
    const buf = s.buf.slice();
    buf[s.engine.pits + H_TO_MOVE] = 1;
    expect(hash({ ...s, buf })).not.toBe(hash(s));
    buf[s.engine.pits + H_TO_MOVE] = 0;
    buf[s.engine.pits + H_STORE0] = 1;
    buf[0] = 3;
    expect(hash({ ...s, buf })).not.toBe(hash(s));
  });
});

describe("decode refuses bad input", () => {
  test.each([
    ["not a string", 42],
    ["empty", ""],
    ["wrong version", "9~ayo~vsComputer=false~4.4.4"],
    ["unknown game", "1~chess~~0"],
    ["short", "1~ayo~vsComputer=false~4.4.4"],
    ["seeds not conserved", encode(newGameOrThrow("ayo")).replace(/^(1~ayo~[^~]*~)4/, "$15")],
    ["bad digits", encode(newGameOrThrow("ayo")).replace(/~4\./, "~#.")],
  ])("%s", (_name, text) => {
    const r = decode(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("decode/invalid");
  });
});

function newGameOrThrow(game: GameId): State {
  const g = newGame(game);
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}
