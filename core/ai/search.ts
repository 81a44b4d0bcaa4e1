/**
 * One search for every rule set: negamax alpha-beta (principal variation search) with iterative
 * deepening, a transposition table on the engine's position hash, move ordering (transposition-table
 * move, captures, killers, history), a time and node budget, cancellation, and an exact endgame
 * solver that searches to the end of the game.
 *
 * Nothing is allocated per node. A searcher owns, for every ply up to `MAX_PLY`, a move list, an
 * ordering-score list and one position buffer per legal move (copy-make: each child is the parent
 * made from it with `engine.playInto`). The transposition table's move is played and
 * searched first; if it does not refute the position, every other move is played before any of them
 * is searched, and the material each one wins orders them at no extra cost.
 *
 * With `selective` (Crazy) the search also reduces late quiet moves, uses aspiration windows and, in
 * Togyz and Ayo, follows captures past the horizon. Without it, it is a plain full-width search of
 * exactly the given depth (Normal and Hard; the tests compare it with a reference minimax).
 *
 * Scores are in hundredths of a seed from the side to move's point of view. A finished game scores
 * `±(MATE - ply)` (a quicker win is better), a draw 0.
 */
import {
  H_PLY,
  H_QUIET,
  H_RESULT,
  H_STORE0,
  H_TO_MOVE,
  H_TUZ0,
  RESULT_DRAW,
  hashBuf,
  type Engine,
} from "../games/index.js";
import type { Evaluator } from "./evaluate.js";
import { workspaceFor } from "../games/workspace.js";

export const MAX_PLY = 128;
const MATE = 1_000_000;
/** Scores beyond this are proven wins or losses. */
export const MATE_BOUND = MATE - 10_000;
const INF = 2_000_000;

const FLAG_EXACT = 1;
const FLAG_LOWER = 2;
const FLAG_UPPER = 3;
/** Stored depth of an entry whose value is the game-theoretic one (from the endgame solver). */
const DEPTH_SOLVED = 255;
/** Remaining depth handed to the solver: it never reaches a horizon before `MAX_PLY`. */
const SOLVE_DEPTH = 1000;
/** Selective search: plies of captures followed past the horizon. */
const QS_PLIES = 4;
/** Selective search: moves searched before late quiet moves are reduced. */
const LMR_AFTER = 3;
/** Selective search: half-width of the first aspiration window (hundredths of a seed). */
const ASPIRATION = 150;
/** Moves are small non-negative integers (togyz 1..9, ayo 0..12, tsoro 0..23). */
const MOVE_SLOTS = 32;

interface SearchParams {
  /** Deepest iteration, in plies. */
  readonly maxDepth: number;
  /** `performance.now()` value at which to stop; `Infinity` for none. */
  readonly deadline: number;
  readonly maxNodes: number;
  readonly shouldStop: (() => boolean) | null;
  readonly evaluate: Evaluator;
  /** Seed of the tie-break among root moves the search scores equal. */
  readonly seed: number;
  /** Try to solve the position exactly first (worth it only when few seeds are left). */
  readonly solve: boolean;
  /** Share of the time and node budget the solver may use before the heuristic search takes over. */
  readonly solveShare: number;
  /**
   * Selective search (Crazy): late quiet moves searched shallower first, captures followed past the
   * horizon. Off, the search is a plain full-width search of exactly `maxDepth` plies.
   */
  readonly selective: boolean;
}

export interface SearchReport {
  readonly move: number;
  readonly score: number;
  /** Plies of the last completed iteration (for a solved position: the length of its line). */
  readonly depth: number;
  readonly nodes: number;
  readonly pv: number[];
  /** The score is the game-theoretic value (endgame solver or a proven result). */
  readonly exact: boolean;
}

export interface Searcher {
  readonly engine: Engine;
  search(root: Int32Array, params: SearchParams): SearchReport;
}

/** How material is read off a position for move ordering and the capture test. */
function materialKind(engine: Engine): number {
  return engine.game === "tsoro-wta" ? 1 : 0;
}

/** Seeds the mover gained by playing from `before` to `after` (store gain, or seeds taken in WTA). */
export function gainOf(engine: Engine, before: Int32Array, after: Int32Array, mover: number): number {
  const P = engine.pits;
  if (materialKind(engine) === 0) return after[P + H_STORE0 + mover] - before[P + H_STORE0 + mover];
  const ring = P >> 1;
  const base = (1 - mover) * ring;
  let d = 0;
  for (let i = base; i < base + ring; i++) d += before[i] - after[i];
  return d;
}

/** `workspace` false: the plain buffers and `playInto` even where the rule set has a workspace. */
export function createSearcher(engine: Engine, ttBits = 20, workspace = true): Searcher {
  const P = engine.pits;
  const SIZE = engine.size;
  const MM = engine.maxMoves;
  const RESULT = P + H_RESULT;
  const TO_MOVE = P + H_TO_MOVE;
  const S0 = P + H_STORE0;
  const QUIET = P + H_QUIET;
  const PLY = P + H_PLY;
  const TUZ_ME = P + H_TUZ0;
  const isTogyz = engine.game === "togyz";
  const isTsoro = engine.game === "tsoro-classic" || engine.game === "tsoro-wta";
  const isWta = engine.game === "tsoro-wta";
  const isAyo = engine.game === "ayo";
  // In Tsoro nearly every position has a capture somewhere down a relay chain: following captures
  // past the horizon cost more depth than it returned (Crazy against Hard, 40 games: 79% without,
  // 75% with).
  const quiesceHere = !isTsoro;
  const ring = P >> 1;

  // Per-ply storage, allocated once.
  const moves = new Int32Array(MAX_PLY * MM);
  const order = new Float64Array(MAX_PLY * MM);
  const idx = new Int32Array(MAX_PLY * MM);
  const gains = new Int32Array(MAX_PLY * MM);
  // A child per move and ply, and the root: the rule set's workspace where it has one (Togyz: a
  // faster copy-make between its slots), else plain buffers and `playInto`.
  const ROOT = MAX_PLY * MM;
  const ws = workspace ? workspaceFor(engine, ROOT + 1) : null;
  const kids: Int32Array[] = [];
  if (ws !== null) for (let i = 0; i <= ROOT; i++) kids.push(ws.bufs[i]);
  else {
    const kidsMem = new Int32Array((ROOT + 1) * SIZE);
    for (let i = 0; i <= ROOT; i++) kids.push(kidsMem.subarray(i * SIZE, (i + 1) * SIZE));
  }
  const moveLists: Int32Array[] = [];
  for (let ply = 0; ply < MAX_PLY; ply++) moveLists.push(moves.subarray(ply * MM, (ply + 1) * MM));
  const rootBuf = kids[ROOT];
  const pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  const pvLen = new Int32Array(MAX_PLY);
  const killers = new Int32Array(MAX_PLY * 2);
  const history = new Int32Array(2 * MOVE_SLOTS);
  const rootNoise = new Float64Array(MOVE_SLOTS);
  const pathLo = new Int32Array(MAX_PLY);
  const pathHi = new Int32Array(MAX_PLY);

  // Transposition table: two cells of key (low, high hash bits) and two of data (value, packed
  // move + 1 | depth << 8 | flag << 16 | generation << 20). A new generation per search keeps searches
  // independent of each other (repeatable) without clearing the table.
  const TT_SIZE = 1 << ttBits;
  const TT_MASK = TT_SIZE - 1;
  const ttKey = new Int32Array(TT_SIZE * 2);
  const ttData = new Int32Array(TT_SIZE * 2);
  let gen = 0;

  // Search state.
  let nodes = 0;
  let nextCheck = 0;
  let maxNodes = 0;
  let deadline = Infinity;
  let shouldStop: (() => boolean) | null = null;
  let stopped = false;
  let evaluate: Evaluator = () => 0;
  let selective = false;
  let horizon = 0; // leaves cut by depth or MAX_PLY in the current iteration
  let rootMove = -1;
  let rootScore = 0;
  let keyLo = 0;
  let keyHi = 0;

  function nextGeneration(): void {
    gen = (gen + 1) & 0xfff;
    if (gen === 0) {
      ttKey.fill(0);
      ttData.fill(0);
      gen = 1;
    }
  }

  function computeKey(pos: Int32Array): void {
    const h = hashBuf(pos, P);
    let lo = h >>> 0;
    let hi = (h / 4294967296) | 0;
    if (isTsoro) {
      // The move-limit rules make the counters part of a Tsoro position's value.
      lo ^= Math.imul(pos[QUIET] + 1, 0x9e3779b1);
      if (isWta) hi ^= Math.imul(pos[PLY] + 1, 0x85ebca6b);
    }
    keyLo = lo | 0;
    keyHi = hi;
  }

  function checkStop(): void {
    if (nodes >= maxNodes) stopped = true;
    else if (nodes >= nextCheck) {
      nextCheck = nodes + 1024;
      if (performance.now() >= deadline || (shouldStop !== null && shouldStop())) stopped = true;
    }
  }

  /** `pos` is `kids[at]`. */
  function negamax(pos: Int32Array, at: number, ply: number, depth: number, alpha: number, beta: number): number {
    const r = pos[RESULT];
    pvLen[ply] = ply;
    if (r !== 0) {
      if (r === RESULT_DRAW) return 0;
      return r - 1 === pos[TO_MOVE] ? MATE - ply : ply - MATE;
    }
    if (ply >= MAX_PLY - 1 || depth <= 0) {
      horizon++;
      if (selective && quiesceHere && ply < MAX_PLY - 1) return quiesce(pos, at, ply, alpha, beta, QS_PLIES);
      return evaluate(pos);
    }
    const alpha0 = alpha;
    computeKey(pos);
    const lo = keyLo;
    const hi = keyHi;
    if (isAyo) {
      // A position repeated along the line ends the game on the captures (the computer's repetition
      // rule, applied at the second occurrence); without this, Ayo lines can go round for ever.
      pathLo[ply] = lo;
      pathHi[ply] = hi;
      for (let j = ply - 2; j >= 0; j -= 2) {
        if (pathLo[j] === lo && pathHi[j] === hi) {
          const mine = pos[S0 + pos[TO_MOVE]];
          const theirs = pos[S0 + 1 - pos[TO_MOVE]];
          return mine > theirs ? MATE - ply : mine < theirs ? ply - MATE : 0;
        }
      }
    }
    const slot = (lo & TT_MASK) << 1;
    const need = depth > DEPTH_SOLVED ? DEPTH_SOLVED : depth;
    let ttMove = -1;
    if (ttKey[slot] === lo && ttKey[slot + 1] === hi) {
      const packed = ttData[slot + 1];
      if (packed >>> 20 === gen) {
        ttMove = (packed & 0xff) - 1;
        if (ply > 0 && ((packed >>> 8) & 0xff) >= need) {
          let v = ttData[slot];
          if (v > MATE_BOUND) v -= ply;
          else if (v < -MATE_BOUND) v += ply;
          const flag = (packed >>> 16) & 3;
          if (flag === FLAG_EXACT || (flag === FLAG_LOWER && v >= beta) || (flag === FLAG_UPPER && v <= alpha)) {
            if (((packed >>> 8) & 0xff) < DEPTH_SOLVED) horizon++;
            return v;
          }
        }
      }
    }

    // The table's move is played and searched alone first: when it refutes the position (the usual
    // case at a cut node) no other move is played. Otherwise every other move is played once and
    // ordered by wins, material won, killers and history.
    const base = ply * MM;
    const n = engine.generate(pos, moveLists[ply]);
    const me = pos[TO_MOVE];
    const k1 = killers[ply * 2];
    const k2 = killers[ply * 2 + 1];
    let ttIdx = -1;
    if (ttMove !== -1) {
      for (let i = 0; i < n; i++) {
        if (moves[base + i] === ttMove) {
          ttIdx = i;
          break;
        }
      }
      if (ttIdx !== -1) playChild(pos, at, ply, ttIdx, me);
    }
    let best = -INF;
    let bestMove = -1;
    let searched = 0;
    let cnt = 0;
    let next = 0;
    let restPlayed = false;
    for (;;) {
      let i: number;
      if (searched === 0 && ttIdx !== -1) i = ttIdx;
      else {
        if (!restPlayed) {
          restPlayed = true;
          for (let j = 0; j < n; j++) {
            if (j === ttIdx) continue;
            playChild(pos, at, ply, j, me);
            const m = moves[base + j];
            let sc = order[base + j];
            if (m === k1) sc += 5e5;
            else if (m === k2) sc += 4e5;
            if (ply === 0) sc += rootNoise[m];
            order[base + j] = sc;
            idx[base + cnt++] = j;
          }
          checkStop();
          if (stopped) return 0;
        }
        if (next === cnt) break;
        // Selection: bring the best remaining move forward.
        let bk = next;
        let bs = order[base + idx[base + next]];
        for (let j = next + 1; j < cnt; j++) {
          const sj = order[base + idx[base + j]];
          if (sj > bs) {
            bs = sj;
            bk = j;
          }
        }
        i = idx[base + bk];
        idx[base + bk] = idx[base + next];
        idx[base + next] = i;
        next++;
      }
      const m = moves[base + i];
      const child = kids[base + i];
      let v: number;
      if (searched === 0) v = -negamax(child, base + i, ply + 1, depth - 1, -beta, -alpha);
      else {
        // Late quiet moves first get a shallower null-window look; a surprise earns the full depth.
        const reduce =
          selective && depth >= 3 && searched >= LMR_AFTER && gains[base + i] === 0 && m !== k1 && m !== k2
            ? searched >= LMR_AFTER * 2 && depth >= 5
              ? 2
              : 1
            : 0;
        v = -negamax(child, base + i, ply + 1, depth - 1 - reduce, -alpha - 1, -alpha);
        if (reduce > 0 && v > alpha && !stopped) v = -negamax(child, base + i, ply + 1, depth - 1, -alpha - 1, -alpha);
        if (v > alpha && v < beta && !stopped) v = -negamax(child, base + i, ply + 1, depth - 1, -beta, -alpha);
      }
      searched++;
      if (stopped) return 0;
      if (v > best) {
        best = v;
        bestMove = m;
        if (v > alpha) {
          alpha = v;
          const row = ply * MAX_PLY;
          pvTable[row + ply] = m;
          const childRow = (ply + 1) * MAX_PLY;
          const end = pvLen[ply + 1];
          for (let j = ply + 1; j < end; j++) pvTable[row + j] = pvTable[childRow + j];
          pvLen[ply] = end > ply + 1 ? end : ply + 1;
          if (ply === 0) {
            rootMove = m;
            rootScore = v;
          }
          if (v >= beta) {
            if (gains[base + i] === 0) {
              if (killers[ply * 2] !== m) {
                killers[ply * 2 + 1] = killers[ply * 2];
                killers[ply * 2] = m;
              }
              const hIdx = me * MOVE_SLOTS + m;
              history[hIdx] += depth < 20 ? depth * depth : 400;
              if (history[hIdx] > 100000) for (let j = 0; j < history.length; j++) history[j] >>= 1;
            }
            break;
          }
        }
      }
    }

    // Store: mate scores relative to this node.
    let sv = best;
    if (sv > MATE_BOUND) sv += ply;
    else if (sv < -MATE_BOUND) sv -= ply;
    const flag = best <= alpha0 ? FLAG_UPPER : best >= beta ? FLAG_LOWER : FLAG_EXACT;
    const old = ttData[slot + 1];
    if (old >>> 20 !== gen || ((old >>> 8) & 0xff) <= need + 1 || flag === FLAG_EXACT) {
      ttKey[slot] = lo;
      ttKey[slot + 1] = hi;
      ttData[slot] = sv;
      ttData[slot + 1] = (bestMove + 1) | (need << 8) | (flag << 16) | (gen << 20);
    }
    return best;
  }

  /** Material the mover won with the move: store growth, or in WTA the seeds taken from the other side. */
  function gainOf(pos: Int32Array, child: Int32Array, me: number): number {
    if (!isWta) return child[S0 + me] - pos[S0 + me];
    let g = 0;
    const ob = (1 - me) * ring;
    for (let j = ob; j < ob + ring; j++) g += pos[j] - child[j];
    return g;
  }

  /** Plays move `i` of the list at `ply` into its child buffer; records its gain and base order. */
  function playChild(pos: Int32Array, posAt: number, ply: number, i: number, me: number): void {
    const at = ply * MM + i;
    const m = moves[at];
    const child = kids[at];
    if (ws !== null) ws.play(posAt, at, m);
    else engine.playInto(pos, child, m);
    nodes++;
    const g = gainOf(pos, child, me);
    gains[at] = g;
    let s = history[me * MOVE_SLOTS + m] + g * 1e6;
    if (isTogyz && child[TUZ_ME + me] !== pos[TUZ_ME + me]) s += 2e7;
    const cr = child[RESULT];
    if (cr !== 0 && cr !== RESULT_DRAW) s += cr - 1 === me ? 1e10 : -1e10;
    order[at] = s;
  }

  /** Past the horizon: stand on the evaluation or follow moves that win material, a few plies. */
  function quiesce(pos: Int32Array, at: number, ply: number, alpha: number, beta: number, left: number): number {
    const r = pos[RESULT];
    pvLen[ply] = ply;
    if (r !== 0) {
      if (r === RESULT_DRAW) return 0;
      return r - 1 === pos[TO_MOVE] ? MATE - ply : ply - MATE;
    }
    const stand = evaluate(pos);
    if (stand >= beta || left === 0 || ply >= MAX_PLY - 1) return stand;
    if (stand > alpha) alpha = stand;
    const base = ply * MM;
    const n = engine.generate(pos, moveLists[ply]);
    const me = pos[TO_MOVE];
    let captures = 0;
    for (let i = 0; i < n; i++) {
      const child = kids[base + i];
      if (ws !== null) ws.play(at, base + i, moves[base + i]);
      else engine.playInto(pos, child, moves[base + i]);
      nodes++;
      const g = gainOf(pos, child, me);
      const cr = child[RESULT];
      if (g <= 0 && cr === 0) continue;
      order[base + captures] = g + (cr !== 0 ? 1e6 : 0);
      idx[base + captures] = i;
      captures++;
    }
    checkStop();
    if (stopped) return 0;
    let best = stand;
    for (let k = 0; k < captures; k++) {
      let bk = k;
      for (let j = k + 1; j < captures; j++) if (order[base + j] > order[base + bk]) bk = j;
      const i = idx[base + bk];
      const o = order[base + bk];
      idx[base + bk] = idx[base + k];
      order[base + bk] = order[base + k];
      idx[base + k] = i;
      order[base + k] = o;
      const v = -quiesce(kids[base + i], base + i, ply + 1, -beta, -alpha, left - 1);
      if (stopped) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
    return best;
  }

  function readPv(): number[] {
    const out: number[] = [];
    for (let j = 0; j < pvLen[0]; j++) out.push(pvTable[j]);
    return out;
  }

  function begin(params: SearchParams, budgetNodes: number, budgetDeadline: number): void {
    nodes = 0;
    nextCheck = 1024;
    stopped = false;
    maxNodes = budgetNodes;
    deadline = budgetDeadline;
    shouldStop = params.shouldStop;
    evaluate = params.evaluate;
    selective = params.selective;
    killers.fill(-1);
    history.fill(0);
  }

  /** Searches to the end of the game; null when the budget ran out or the line was too long. */
  function solve(params: SearchParams, start: number): SearchReport | null {
    const share = params.solveShare;
    const budgetNodes = Math.floor(params.maxNodes * share);
    const budgetDeadline = params.deadline === Infinity ? Infinity : start + (params.deadline - start) * share;
    begin(params, budgetNodes, budgetDeadline);
    nextGeneration();
    horizon = 0;
    rootMove = -1;
    const v = negamax(rootBuf, ROOT, 0, SOLVE_DEPTH, -INF, INF);
    const used = nodes;
    if (stopped || horizon > 0 || rootMove === -1) {
      nextGeneration(); // drop entries that a cut-off line may have made wrong
      nodes = used;
      return null;
    }
    return { move: rootMove, score: v, depth: pvLen[0], nodes: used, pv: readPv(), exact: true };
  }

  function search(root: Int32Array, params: SearchParams): SearchReport {
    rootBuf.set(root);
    const start = performance.now();
    // Random tie-break among equal root moves, below every real ordering difference.
    let seed = params.seed | 0;
    for (let m = 0; m < MOVE_SLOTS; m++) {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      rootNoise[m] = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }
    let spent = 0;
    if (params.solve) {
      const solved = solve(params, start);
      if (solved !== null) return solved;
      spent = nodes;
    }
    begin(params, params.maxNodes - spent, params.deadline);
    nextGeneration();
    const idStart = performance.now();
    let move = -1;
    let score = 0;
    let depthDone = 0;
    let pv: number[] = [];
    let exact = false;
    for (let depth = 1; depth <= params.maxDepth; depth++) {
      rootMove = -1;
      horizon = 0;
      let v: number;
      if (selective && depth >= 4 && score > -MATE_BOUND && score < MATE_BOUND) {
        // Aspiration: a narrow window around the last score, widened when the result falls outside.
        let lo = score - ASPIRATION;
        let hi = score + ASPIRATION;
        for (;;) {
          v = negamax(rootBuf, ROOT, 0, depth, lo, hi);
          if (stopped) break;
          if (v <= lo) lo = lo - (score - lo) * 3 < -MATE ? -INF : lo - (score - lo) * 3;
          else if (v >= hi) hi = hi + (hi - score) * 3 > MATE ? INF : hi + (hi - score) * 3;
          else break;
          rootMove = -1;
          horizon = 0;
        }
      } else {
        v = negamax(rootBuf, ROOT, 0, depth, -INF, INF);
      }
      if (stopped) {
        if (rootMove !== -1 && depthDone > 0) {
          // A partly searched iteration still searched its best move to the full depth.
          move = rootMove;
          score = rootScore;
          if (pvTable[0] === move && pvLen[0] > 0) pv = readPv();
          else pv = [move];
        }
        break;
      }
      move = rootMove;
      score = v;
      depthDone = depth;
      pv = readPv();
      const proven = v > MATE_BOUND || v < -MATE_BOUND;
      if (horizon === 0 || (proven && MATE - Math.abs(v) <= depth)) {
        exact = true;
        break;
      }
      if (params.deadline !== Infinity && performance.now() - idStart > (params.deadline - idStart) * 0.5) break;
    }
    if (move === -1) {
      // Stopped before depth 1 finished: fall back on the first move the generator gives.
      const first = new Int32Array(MM);
      engine.generate(rootBuf, first);
      move = first[0];
      pv = [move];
    }
    return { move, score, depth: depthDone, nodes: nodes + spent, pv, exact };
  }

  return { engine, search };
}
