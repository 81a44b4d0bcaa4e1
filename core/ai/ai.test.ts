import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  H_RESULT,
  H_STORE0,
  H_TO_MOVE,
  RESULT_DRAW,
  isLegal,
  legalMoves,
  newGame,
  outcome,
  play,
  setup,
  toMove,
  type Setup,
  type State,
} from "../games/index.js";
import type { GameId } from "../types.js";
import { LEVELS, MATE_BOUND, chooseMove, decide, hint, setTableSize, tableBytes, type Level } from "./index.js";
import { evaluatorFor } from "./levels.js";
import { makeRng } from "./rng.js";
import { gainOf } from "./search.js";
import type { Evaluator } from "./evaluate.js";

const MATE = 1_000_000;

interface Variant {
  game: GameId;
  options?: Record<string, number | boolean>;
}

function start(v: Variant): State {
  const g = newGame(v.game, v.options);
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

function after(s: State, m: number): State {
  const r = play(s, m);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.state;
}

/** A position reached by `plies` random moves from the start (null if the game ended first). */
function randomPosition(v: Variant, plies: number, seed: number): State | null {
  const rng = makeRng(seed);
  let s = start(v);
  for (let i = 0; i < plies; i++) {
    const ms = legalMoves(s);
    if (ms.length === 0) return null;
    s = after(s, ms[rng.below(ms.length)]);
  }
  return outcome(s) === null ? s : null;
}

function positions(v: Variant, count: number, maxPlies: number, seed: number): State[] {
  const out: State[] = [];
  const rng = makeRng(seed);
  for (let t = 0; out.length < count && t < count * 20; t++) {
    const s = randomPosition(v, rng.below(maxPlies), rng.nextU32());
    if (s !== null) out.push(s);
  }
  // A loop over fewer positions than its test names would pass while checking less.
  if (out.length < count) throw new Error(`only ${out.length} of ${count} ${v.game} positions still in play`);
  return out;
}

function setupOrThrow(game: GameId, options: unknown, position: Setup): State {
  const r = setup(game, options, position);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plain alpha-beta, no table and no ordering: the value a fixed-depth search must report. */
function reference(s: State, depth: number, evaluate: Evaluator, ply0 = 0): number {
  const e = s.engine;
  const P = e.pits;
  const rec = (buf: Int32Array, ply: number, d: number, alpha: number, beta: number): number => {
    const r = buf[P + H_RESULT];
    if (r !== 0) return r === RESULT_DRAW ? 0 : r - 1 === buf[P + H_TO_MOVE] ? MATE - ply : ply - MATE;
    if (d === 0) return evaluate(buf);
    const moves: number[] = [];
    e.generate(buf, moves);
    let best = -Infinity;
    for (const m of moves) {
      const child = buf.slice();
      e.playInPlace(child, m, null);
      const v = -rec(child, ply + 1, d - 1, -beta, -alpha);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  };
  return rec(s.buf, ply0, depth, -Infinity, Infinity);
}

/** Whether the side to move can force a win within `plies` plies (brute force). */
function forcedWin(s: State, plies: number, me: number = toMove(s)): boolean {
  const rec = (x: State, left: number): boolean => {
    const o = outcome(x);
    if (o !== null) return o.winner === me;
    if (left === 0) return false;
    const mine = toMove(x) === me;
    for (const m of legalMoves(x)) {
      const r = rec(after(x, m), left - 1);
      if (mine && r) return true;
      if (!mine && !r) return false;
    }
    return !mine;
  };
  return rec(s, plies);
}

/**
 * Game-theoretic result for the side to move by full search: 1 win, 0 draw, -1 loss. In Ayo a
 * position repeated along the line ends the game on the captures, as the solver under test assumes.
 */
function solveWdl(s: State): number {
  const e = s.engine;
  const P = e.pits;
  let nodes = 0;
  const path: string[] = [];
  const rec = (buf: Int32Array, alpha: number, beta: number, ply: number): number => {
    const r = buf[P + H_RESULT];
    if (r !== 0) return r === RESULT_DRAW ? 0 : r - 1 === buf[P + H_TO_MOVE] ? 1 : -1;
    if (e.game === "ayo") {
      const key = Array.from(buf.subarray(0, P + 3)).join(",");
      path.length = ply;
      if (path.includes(key)) {
        const me = buf[P + H_TO_MOVE];
        return Math.sign(buf[P + H_STORE0 + me] - buf[P + H_STORE0 + 1 - me]);
      }
      path.push(key);
    }
    if (ply > 200 || ++nodes > 100_000) throw new Error("too big for the reference solver");
    const moves: number[] = [];
    e.generate(buf, moves);
    let best = -2;
    for (const m of moves) {
      const child = buf.slice();
      e.playInPlace(child, m, null);
      const v = -rec(child, -beta, -alpha, ply + 1);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  };
  return rec(s.buf, -2, 2, 0);
}

const VARIANTS: Variant[] = [
  { game: "togyz" },
  { game: "ayo" },
  { game: "ayo", options: { vsComputer: true } },
  { game: "tsoro-classic", options: { holes: 4, seeds: 1 } },
  { game: "tsoro-classic" },
  { game: "tsoro-classic", options: { holes: 12, seeds: 3 } },
  { game: "tsoro-wta", options: { holes: 5, seeds: 2 } },
  { game: "tsoro-wta" },
  { game: "tsoro-wta", options: { holes: 10, seeds: 4 } },
];

const variantArb: fc.Arbitrary<Variant> = fc.oneof(
  fc.constant<Variant>({ game: "togyz" }),
  fc.boolean().map<Variant>((vsComputer) => ({ game: "ayo", options: { vsComputer } })),
  fc
    .tuple(
      fc.constantFrom<GameId>("tsoro-classic", "tsoro-wta"),
      fc.integer({ min: 4, max: 12 }),
      fc.integer({ min: 1, max: 6 }),
    )
    .map<Variant>(([game, holes, seeds]) => ({ game, options: { holes, seeds } })),
);

describe("every level plays only legal moves", () => {
  test("property: random positions of every rule set and board size", () => {
    fc.assert(
      fc.property(
        variantArb,
        fc.integer({ min: 0, max: 250 }),
        fc.integer(),
        fc.constantFrom<Level>(...LEVELS),
        (v, plies, seed, level) => {
          const s = randomPosition(v, plies, seed);
          if (s === null) return;
          const r = chooseMove(s, level, { seed, maxNodes: 3000, timeMs: 60_000 });
          expect(isLegal(s, r.move)).toBe(true);
          expect(r.pv[0]).toBe(r.move);
        },
      ),
      { numRuns: 150, seed: 20261129 },
    );
  });

  test("a cancelled search still returns a legal move", () => {
    for (const v of VARIANTS) {
      for (const s of positions(v, 3, 60, 5)) {
        const r = chooseMove(s, "crazy", { shouldStop: () => true, timeMs: 60_000 });
        expect(isLegal(s, r.move)).toBe(true);
      }
    }
  });

  test("ayo against the computer: the history does not lead to an illegal move, and a pass is played", () => {
    const s = setupOrThrow(
      "ayo",
      { vsComputer: true },
      {
        board: [0, 0, 0, 0, 0, 0, 3, 1, 0, 2, 0, 4],
        stores: [20, 18],
        toMove: 0,
      },
    );
    for (const level of LEVELS) expect(chooseMove(s, level, { seed: 3 }).move).toBe(0);
  });

  test("a finished game is a caller's mistake", () => {
    const s = setupOrThrow("ayo", undefined, { board: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], stores: [24, 22] });
    expect(outcome(s)).not.toBeNull();
    expect(() => chooseMove(s, "hard")).toThrow(/over/);
  });
});

describe("easy", () => {
  test("on its non-random moves it takes the biggest capture there is", () => {
    let captures = 0;
    for (const v of VARIANTS) {
      for (const [i, s] of positions(v, 25, 120, 17).entries()) {
        const d = decide(s, "easy", { seed: i });
        if (d.random) continue;
        const gain = (m: number): number => gainOf(s.engine, s.buf, after(s, m).buf, toMove(s));
        const best = Math.max(...legalMoves(s).map(gain));
        expect(gain(d.move)).toBe(best);
        if (best > 0) captures++;
      }
    }
    expect(captures).toBeGreaterThan(20); // the check above met real captures, not only quiet moves
  });

  test("plays at random about a third of the time", () => {
    const s = start({ game: "togyz" });
    let random = 0;
    for (let seed = 0; seed < 600; seed++) if (decide(s, "easy", { seed }).random) random++;
    expect(random / 600).toBeGreaterThan(0.27);
    expect(random / 600).toBeLessThan(0.4);
  });
});

describe("normal and hard search their stated depths", () => {
  test("normal: three plies, material only, with the value of a plain three-ply search", () => {
    for (const v of VARIANTS) {
      for (const [i, s] of positions(v, 4, 100, 23).entries()) {
        const d = decide(s, "normal", { seed: i * 7 + 1 });
        if (d.random || legalMoves(s).length === 1) continue;
        expect(d.depth).toBe(3);
        expect(d.score).toBe(reference(s, 3, evaluatorFor(s.engine, "material")));
        // Its move is one of the best at that depth.
        expect(-reference(after(s, d.move), 2, evaluatorFor(s.engine, "material"), 1)).toBe(d.score);
      }
    }
  });

  test("normal plays at random now and then, never most of the time", () => {
    const s = start({ game: "ayo" });
    let random = 0;
    for (let seed = 0; seed < 400; seed++) if (decide(s, "normal", { seed }).random) random++;
    expect(random).toBeGreaterThan(20);
    expect(random).toBeLessThan(100);
  });

  const hardCases: [string, Variant, number][] = [
    ["togyz", { game: "togyz" }, 90],
    ["ayo", { game: "ayo" }, 60],
    ["tsoro-classic 4x2", { game: "tsoro-classic", options: { holes: 4, seeds: 2 } }, 40],
    ["tsoro-wta 4x2", { game: "tsoro-wta", options: { holes: 4, seeds: 2 } }, 40],
  ];
  test.each(hardCases)("hard: seven plies with the full evaluation (%s)", (_name, v, plies) => {
    for (const [i, s] of positions(v, 2, plies, 29).entries()) {
      if (legalMoves(s).length === 1) continue;
      const d = decide(s, "hard", { seed: i });
      expect(d.depth).toBe(7);
      expect(d.score).toBe(reference(s, 7, evaluatorFor(s.engine, "full")));
    }
  });
});

describe("forced wins within a few moves", () => {
  const cases: [string, GameId, unknown, Setup, number][] = [
    [
      "togyz, win on the second move",
      "togyz",
      undefined,
      {
        board: [8, 2, 15, 0, 1, 8, 4, 0, 0, 0, 0, 1, 3, 5, 1, 0, 3, 1],
        stores: [30, 80],
        toMove: 1,
        tuzdyk: [1, null],
      },
      3,
    ],
    [
      "togyz, win on the third move",
      "togyz",
      undefined,
      {
        board: [4, 0, 17, 1, 6, 7, 5, 3, 13, 0, 1, 9, 1, 4, 1, 0, 1, 2],
        stores: [69, 18],
        toMove: 0,
        tuzdyk: [7, null],
      },
      5,
    ],
    [
      "togyz, win on the third move with one winning first move",
      "togyz",
      undefined,
      {
        board: [0, 7, 1, 0, 10, 0, 1, 11, 2, 1, 3, 9, 4, 1, 5, 0, 4, 3],
        stores: [76, 24],
        toMove: 0,
        tuzdyk: [7, null],
      },
      5,
    ],
    [
      "ayo, second move",
      "ayo",
      undefined,
      { board: [2, 5, 2, 0, 16, 0, 0, 1, 0, 0, 0, 1], stores: [14, 7], toMove: 0 },
      3,
    ],
    [
      "ayo, third move",
      "ayo",
      undefined,
      { board: [1, 0, 0, 2, 0, 3, 0, 0, 0, 0, 1, 10], stores: [16, 15], toMove: 0 },
      5,
    ],
    [
      "tsoro classic 4x2, second move",
      "tsoro-classic",
      { holes: 4, seeds: 2 },
      { board: [0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0], stores: [13, 15], toMove: 1 },
      3,
    ],
    [
      "tsoro classic 8x2, third move",
      "tsoro-classic",
      undefined,
      {
        board: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 1, 1, 3, 1, 0, 0, 2, 3, 0, 1, 3, 1, 1, 0, 1],
        stores: [13, 29],
        toMove: 1,
      },
      5,
    ],
    [
      "tsoro wta 6x2, second move",
      "tsoro-wta",
      { holes: 6, seeds: 2 },
      { board: [0, 0, 0, 3, 0, 2, 15, 7, 0, 0, 16, 3, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0], toMove: 0 },
      3,
    ],
  ];
  test.each(cases)("%s", (_name, game, options, position, plies) => {
    const s = setupOrThrow(game, options, position);
    expect(forcedWin(s, plies)).toBe(true);
    expect(forcedWin(s, plies - 2)).toBe(false); // no quicker win: the search has to look ahead
    for (const level of ["hard", "crazy"] as const) {
      const r = chooseMove(s, level, { seed: 1, maxNodes: 2_000_000, timeMs: 60_000 });
      expect(r.score).toBeGreaterThan(MATE_BOUND);
      expect(forcedWin(after(s, r.move), plies - 1, toMove(s))).toBe(true);
    }
  });
});

describe("the endgame solver", () => {
  const endings: [string, Variant, number][] = [
    ["togyz, at most 10 seeds on the board", { game: "togyz" }, 10],
    ["tsoro classic 4x2, at most 6 seeds on the board", { game: "tsoro-classic", options: { holes: 4, seeds: 2 } }, 6],
  ];
  test.each(endings)("crazy solves %s exactly", (_name, v, most) => {
    const results: number[] = [];
    const rng = makeRng(41);
    for (let t = 0; t < 600 && results.length < 3; t++) {
      const s = randomPosition(v, 20 + rng.below(220), rng.nextU32());
      if (s === null || legalMoves(s).length < 2) continue;
      if (s.buf.subarray(0, s.engine.pits).reduce((a, b) => a + b, 0) > most) continue;
      let truth: number;
      try {
        truth = solveWdl(s);
      } catch {
        continue; // too big for a search without a table
      }
      const d = decide(s, "crazy", { seed: 1, maxNodes: 3_000_000, timeMs: 60_000 });
      expect(d.exact).toBe(true);
      expect(d.score > MATE_BOUND ? 1 : d.score < -MATE_BOUND ? -1 : 0).toBe(truth);
      results.push(truth);
    }
    expect(results.length).toBe(3);
  });
});

describe("repeatable under a seed", () => {
  test.each(LEVELS.map((l) => [l]))("%s: same state, seed and budget give the same result", (level) => {
    for (const v of VARIANTS) {
      for (const [i, s] of positions(v, 2, 80, 31).entries()) {
        const opts = { seed: 1000 + i, maxNodes: 20_000, timeMs: 60_000 };
        const a = chooseMove(s, level, opts);
        chooseMove(s, level, { seed: 99, maxNodes: 5_000, timeMs: 60_000 }); // in between: another search
        expect(chooseMove(s, level, opts)).toEqual(a);
      }
    }
  });

  test("different seeds vary the random choices", () => {
    const s = start({ game: "tsoro-classic" });
    const moves = new Set<number>();
    for (let seed = 0; seed < 40; seed++) moves.add(chooseMove(s, "easy", { seed }).move);
    expect(moves.size).toBeGreaterThan(2);
  });

  test("hint is the strongest level's search", () => {
    const s = start({ game: "togyz" });
    const opts = { seed: 5, maxNodes: 50_000, timeMs: 60_000 };
    expect(hint(s, opts)).toEqual(chooseMove(s, "crazy", opts));
  });
});

describe("the module stays pure", () => {
  test("no Node-only, DOM or non-seeded APIs in core/ai", () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) {
      const src = readFileSync(join(dir, f), "utf8");
      expect(src, f).not.toMatch(/from\s+["'](node:|fs|path|os|crypto|worker_threads)/);
      expect(src, f).not.toMatch(/Math\.random|Date\.now|\bdocument\.|\bwindow\.|\bprocess\./);
    }
  });
});

describe("budgets", () => {
  test("a nonsense time or node budget falls back on the defaults instead of searching for ever", () => {
    const s = start({ game: "ayo" });
    for (const timeMs of [Number.NaN, -5, 0]) {
      const r = chooseMove(s, "crazy", { timeMs, maxNodes: 20_000, seed: 1 });
      expect(isLegal(s, r.move)).toBe(true);
      expect(r.nodes).toBeLessThan(20_000 + 100);
    }
  });

  test("the node budget is honoured", () => {
    const s = start({ game: "togyz" });
    const r = chooseMove(s, "crazy", { maxNodes: 5_000, timeMs: 60_000, seed: 1 });
    expect(r.nodes).toBeGreaterThanOrEqual(5_000);
    expect(r.nodes).toBeLessThan(5_000 + 20);
    expect(r.depth).toBeGreaterThan(2);
  });
});

describe("transposition table size", () => {
  test("the host sets it in megabytes, as a power of two entries of 16 bytes, within bounds", () => {
    const s = start({ game: "togyz" });
    const opts = { seed: 3, maxNodes: 30_000, timeMs: 60_000 };
    const before = chooseMove(s, "hard", opts);
    try {
      setTableSize(48);
      expect(tableBytes()).toBe(32 * 1024 * 1024);
      setTableSize(1e9);
      expect(tableBytes()).toBe(1024 * 1024 * 1024);
      setTableSize(2);
      expect(tableBytes()).toBe(2 * 1024 * 1024);
      // A smaller table does not change the value of a full-width fixed-depth search.
      const small = chooseMove(s, "hard", opts);
      expect([small.score, small.depth]).toEqual([before.score, before.depth]);
    } finally {
      setTableSize(16);
    }
    expect(tableBytes()).toBe(16 * 1024 * 1024);
  });
});
