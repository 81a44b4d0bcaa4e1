/**
 * The four levels of the computer player, the same for every rule set (seed text "Difficulty
 * levels"):
 * - easy: a random legal move a third of the time, otherwise the move with the biggest immediate
 *   capture (ties broken at random);
 * - normal: looks three moves ahead (material only) and plays a random move now and then;
 * - hard: looks seven moves ahead with the full game knowledge of `evaluate.ts`;
 * - crazy: iterative deepening as deep as its time allows (1 s a move unless told otherwise) with the
 *   learned evaluation (weights fitted to self-play, weights.ts; the full hand-written one where a rule
 *   set has none), and an exact solver to the end of the game once few seeds are left.
 *
 * Every random choice comes from a seeded generator: the same state, level and seed give the same
 * move (a time budget can still end a search at a different depth; node budgets are exact).
 */
import { H_PLY, H_STORE0, H_TO_MOVE, hashBuf, type Engine, type State } from "../games/index.js";
import { makeEvaluator, SEED, type Evaluator, type Knowledge } from "./evaluate.js";
import { learnedEvaluator } from "./features.js";
import { makeRng, mixSeed } from "./rng.js";
import { createSearcher, gainOf, MAX_PLY, type SearchReport, type Searcher } from "./search.js";

export const LEVELS = ["easy", "normal", "hard", "crazy"] as const;
export type Level = (typeof LEVELS)[number];

export interface SearchOptions {
  /**
   * Crazy and hints: time for the move in milliseconds (default 1000). Other levels: a safety cap
   * (Normal 5 s, Hard 10 s by default). Anything but a positive number means the default.
   */
  timeMs?: number;
  /** Stop after about this many positions (exact, so repeatable). */
  maxNodes?: number;
  /** Seed of every random choice; by default derived from the position. */
  seed?: number;
  /** Polled during the search; returning true ends it with the best move found so far. */
  shouldStop?: () => boolean;
}

export interface SearchResult {
  /** The move in docs/rules.md numbering. */
  move: number;
  /** Hundredths of a seed for the side to move; beyond ±990000 a proven win or loss. */
  score: number;
  /** Plies searched (0 for a random or forced move, 1 for Easy's capture). */
  depth: number;
  nodes: number;
  /** Principal variation, starting with `move`. */
  pv: number[];
}

/** What a level decided and why (for tests and tools; `chooseMove` returns the `SearchResult` part). */
export interface Decision extends SearchResult {
  /** The move was a deliberate random one (Easy and Normal). */
  readonly random: boolean;
  /** The score is the game's exact value (endgame solver or a proven result). */
  readonly exact: boolean;
}

export interface LevelSpec {
  /** Chance of a random legal move instead of the level's choice. */
  readonly randomRate: number;
  /** 1 = greedy capture (Easy); otherwise the search depth in plies. */
  readonly depth: number;
  readonly knowledge: Knowledge;
  /** Time per move when the caller gives none; `Infinity` for depth-limited levels. */
  readonly defaultTimeMs: number;
  /** Safety cap for depth-limited levels, so a huge Tsoro board cannot hang a client. */
  readonly capMs: number;
  readonly solve: boolean;
  /** Reductions of late quiet moves, captures past the horizon, aspiration windows. */
  readonly selective: boolean;
}

export const LEVEL_SPECS: { readonly [L in Level]: LevelSpec } = {
  easy: {
    randomRate: 1 / 3,
    depth: 1,
    knowledge: "material",
    defaultTimeMs: Infinity,
    capMs: Infinity,
    solve: false,
    selective: false,
  },
  normal: {
    randomRate: 0.15,
    depth: 3,
    knowledge: "material",
    defaultTimeMs: Infinity,
    capMs: 5_000,
    solve: false,
    selective: false,
  },
  hard: {
    randomRate: 0,
    depth: 7,
    knowledge: "full",
    defaultTimeMs: Infinity,
    capMs: 10_000,
    solve: false,
    selective: false,
  },
  crazy: {
    randomRate: 0,
    depth: MAX_PLY - 2,
    knowledge: "learned",
    defaultTimeMs: 1_000,
    capMs: Infinity,
    solve: true,
    selective: true,
  },
};

/**
 * One searcher at a time: a worker or Lambda plays one game at a time, and switching rule set or
 * board size simply builds a new one. Its transposition table takes 16 bytes an entry, 2^`tableBits`
 * entries: 16 MB by default, which a 1 s search at about a million nodes a second does not fill;
 * `setTableSize` lets the host give it what it can spare (the browser worker asks by device memory).
 */
let current: Searcher | null = null;
let tableBits = 20;

/** Sets the transposition table to the largest power of two entries within `megabytes` (1..1024). */
export function setTableSize(megabytes: number): void {
  const mb = Number.isFinite(megabytes) ? Math.min(Math.max(megabytes, 1), 1024) : 16;
  const bits = Math.floor(Math.log2((mb * 1024 * 1024) / 16));
  if (bits !== tableBits) {
    tableBits = bits;
    current = null;
  }
}

/** Bytes the transposition table takes now (or will once a search runs). */
export function tableBytes(): number {
  return 16 * 2 ** tableBits;
}
const evaluators = new WeakMap<Engine, { material: Evaluator; full: Evaluator; learned: Evaluator }>();

function searcherFor(engine: Engine): Searcher {
  if (current === null || current.engine !== engine) current = createSearcher(engine, tableBits);
  return current;
}

export function evaluatorFor(engine: Engine, knowledge: Knowledge): Evaluator {
  let e = evaluators.get(engine);
  if (e === undefined) {
    const full = makeEvaluator(engine, "full");
    e = { material: makeEvaluator(engine, "material"), full, learned: learnedEvaluator(engine) ?? full };
    evaluators.set(engine, e);
  }
  return e[knowledge];
}

/**
 * Whether the exact solver is worth trying first (measured with random endings at 100 ms: it mostly
 * succeeds below these counts and mostly runs out of budget above them). Togyz also counts as ending
 * when a kazan is close to 82. Ayo's endings go round in cycles without captures, so there the
 * repetition-aware search itself runs the game to its end instead.
 */
export function fewSeedsLeft(engine: Engine, buf: Int32Array): boolean {
  const P = engine.pits;
  let a = 0;
  let b = 0;
  const half = P >> 1;
  for (let i = 0; i < half; i++) {
    a += buf[i];
    b += buf[half + i];
  }
  switch (engine.game) {
    case "togyz":
      return a + b <= 14 || Math.max(buf[P + H_STORE0], buf[P + H_STORE0 + 1]) >= 78;
    case "ayo":
      return false;
    case "tsoro-classic":
      return a + b <= 8;
    case "tsoro-wta":
      return Math.min(a, b) <= 2;
  }
}

function defaultSeed(state: State): number {
  const h = hashBuf(state.buf, state.engine.pits);
  return mixSeed(h >>> 0, (h / 4294967296) | 0);
}

function legal(state: State): Int32Array {
  const out = new Int32Array(state.engine.maxMoves);
  const n = state.engine.generate(state.buf, out);
  if (n === 0) throw new Error("ai: the game is over, there is no move to choose");
  return out.subarray(0, n);
}

function randomDecision(move: number): Decision {
  return { move, score: 0, depth: 0, nodes: 0, pv: [move], random: true, exact: false };
}

/** Easy's choice: the biggest immediate capture, ties at random. */
function greedy(state: State, moves: Int32Array, rng: ReturnType<typeof makeRng>): Decision {
  const e = state.engine;
  const me = state.buf[e.pits + H_TO_MOVE];
  const child = new Int32Array(e.size);
  let best = -1;
  let ties = 0;
  let move = moves[0];
  for (const m of moves) {
    child.set(state.buf);
    e.playInPlace(child, m, null);
    const g = gainOf(e, state.buf, child, me);
    if (g > best) {
      best = g;
      ties = 1;
      move = m;
    } else if (g === best) {
      ties++;
      if (rng.below(ties) === 0) move = m; // reservoir sampling: uniform among the ties
    }
  }
  return { move, score: best * SEED, depth: 1, nodes: moves.length, pv: [move], random: false, exact: false };
}

function fromReport(r: SearchReport): Decision {
  return { move: r.move, score: r.score, depth: r.depth, nodes: r.nodes, pv: r.pv, random: false, exact: r.exact };
}

/** The level's decision with its reasons. Throws if the game is over (a caller's mistake). */
export function decide(state: State, level: Level, options: SearchOptions = {}): Decision {
  const spec = LEVEL_SPECS[level];
  const moves = legal(state);
  const seed = options.seed ?? defaultSeed(state);
  const rng = makeRng(mixSeed(seed, state.buf[state.engine.pits + H_PLY]));
  if (spec.randomRate > 0 && rng.next() < spec.randomRate) return randomDecision(moves[rng.below(moves.length)]);
  if (spec.depth === 1) return greedy(state, moves, rng);
  if (moves.length === 1) {
    const only = moves[0];
    return { move: only, score: 0, depth: 0, nodes: 0, pv: [only], random: false, exact: false };
  }
  return fromReport(runSearch(state, spec, options, rng.nextU32() | 0));
}

function runSearch(state: State, spec: LevelSpec, options: SearchOptions, seed: number): SearchReport {
  const e = state.engine;
  const given = options.timeMs;
  const timeMs =
    typeof given === "number" && given > 0 && !Number.isNaN(given)
      ? given
      : spec.defaultTimeMs === Infinity
        ? spec.capMs
        : spec.defaultTimeMs;
  const nodes = options.maxNodes;
  return searcherFor(e).search(state.buf, {
    maxDepth: spec.depth,
    deadline: timeMs === Infinity ? Infinity : performance.now() + timeMs,
    maxNodes: typeof nodes === "number" && nodes >= 0 ? nodes : Number.MAX_SAFE_INTEGER,
    shouldStop: options.shouldStop ?? null,
    evaluate: evaluatorFor(e, spec.knowledge),
    seed,
    solve: spec.solve && fewSeedsLeft(e, state.buf),
    solveShare: 0.3,
    selective: spec.selective,
  });
}

export function chooseMove(state: State, level: Level, options?: SearchOptions): SearchResult {
  const d = decide(state, level, options);
  return { move: d.move, score: d.score, depth: d.depth, nodes: d.nodes, pv: d.pv };
}

/** The move the strongest level would play, for the client's hint button. */
export function hint(state: State, options?: SearchOptions): SearchResult {
  return chooseMove(state, "crazy", options);
}
