/**
 * Static evaluation, one per rule set, always from the side to move's point of view, in hundredths
 * of a seed (`SEED` = 100). Two kinds of knowledge:
 * - `material`: the score difference only (what the Normal level counts);
 * - `full`: material plus what each game teaches (tuzdyks, capture threats, twos, atsyz; Ayo targets
 *   and replies; Tsoro top-row exposure and seeds in reach);
 * - `learned`: a linear evaluation over similar features whose weights were fitted to self-play
 *   outcomes (features.ts, weights.ts, scripts/tune.ts); `full` where a rule set has no weights.
 *
 * The evaluators read the position buffer only and allocate nothing. Capture threats are computed
 * exactly from the sowing arithmetic (where the last seed lands and how many seeds the pit then
 * holds) instead of by playing each move, which keeps a leaf at a few dozen array reads.
 */
import { H_QUIET, H_STORE0, H_TO_MOVE, H_TUZ0, H_TUZ1, type Engine } from "../games/index.js";

export const SEED = 100;

export type Knowledge = "material" | "full" | "learned";

export type Evaluator = (buf: Int32Array) => number;

/** The hand-written evaluations; the learned one is made in features.ts (`learnedEvaluator`). */
export function makeEvaluator(engine: Engine, knowledge: Exclude<Knowledge, "learned">): Evaluator {
  switch (engine.game) {
    case "togyz":
      return knowledge === "full" ? togyzFull : storeDifference(engine.pits);
    case "ayo":
      return knowledge === "full" ? ayoFull : storeDifference(engine.pits);
    case "tsoro-classic":
      return knowledge === "full" ? tsoroClassicFull(engine) : storeDifference(engine.pits);
    case "tsoro-wta":
      return knowledge === "full" ? tsoroWtaFull(engine) : sideDifference(engine.pits);
  }
}

function storeDifference(P: number): Evaluator {
  return (buf) => {
    const s = buf[P + H_TO_MOVE];
    return (buf[P + H_STORE0 + s] - buf[P + H_STORE0 + 1 - s]) * SEED;
  };
}

function sideDifference(P: number): Evaluator {
  const ring = P >> 1;
  return (buf) => {
    let d = 0;
    for (let i = 0; i < ring; i++) d += buf[i] - buf[ring + i];
    return (buf[P + H_TO_MOVE] === 0 ? d : -d) * (SEED >> 1);
  };
}

/* ------------------------------------------------------------------------------------------------ */
/* Togyz kumalak                                                                                     */

const TP = 18;
const T_S0 = TP + H_STORE0;
const T_S1 = TP + H_STORE0 + 1;
const T_TO_MOVE = TP + H_TO_MOVE;
const T_TUZ0 = TP + H_TUZ0;
const T_TUZ1 = TP + H_TUZ1;

/**
 * Expected future income of a tuzdyk on the opponent's pit number 1..9 (index 0..8), in seeds, with
 * a full board; scaled by the seeds still on the board. Early pits of the opponent's row are passed by
 * most sowings of both players; pit 9 can never be one.
 */
const TOGYZ_TUZDYK_WORTH = [16, 17, 17, 16, 15, 13, 11, 9, 0] as const;
const TUZ_WORTH = Int32Array.from(TOGYZ_TUZDYK_WORTH, (w) => w * SEED);

/** Weights (per mille) of the side to move's best capture and of the opponent's threat. */
const T_MY_THREAT = 600;
const T_OPP_THREAT = 300;

export function tuzWorth(pitIndexInRow: number, board: number): number {
  return ((TUZ_WORTH[pitIndexInRow] * board) / 162) | 0;
}

/**
 * The best immediate gain of `seat` (in hundredths): an even capture, or a tuzdyk with its 3 stones
 * and its worth. `t0`/`t1` are the tuzdyk pits (-1 for none).
 */
export function togyzBestGain(buf: Int32Array, seat: number, t0: number, t1: number, board: number): number {
  const base = seat * 9;
  const oppBase = 9 - base;
  const myTuz = seat === 0 ? t0 : t1;
  const oppTuz = seat === 0 ? t1 : t0;
  let best = 0;
  for (let i = base; i < base + 9; i++) {
    const n = buf[i];
    if (n === 0) continue;
    let t: number;
    let c: number;
    if (n === 1) {
      t = i === 17 ? 0 : i + 1;
      c = buf[t] + 1;
    } else {
      t = (i + n - 1) % 18;
      c = buf[t] + (((n + 17) / 18) | 0);
    }
    if (t < oppBase || t >= oppBase + 9 || t === t0 || t === t1) continue;
    let g = 0;
    if ((c & 1) === 0) g = c * SEED;
    else if (c === 3 && myTuz === -1 && t - oppBase !== 8 && (oppTuz === -1 || oppTuz - base !== t - oppBase)) {
      g = 3 * SEED + tuzWorth(t - oppBase, board - 3);
    }
    if (g > best) best = g;
  }
  return best;
}

function togyzFull(buf: Int32Array): number {
  const s = buf[T_TO_MOVE];
  const k0 = buf[T_S0];
  const k1 = buf[T_S1];
  const board = 162 - k0 - k1;
  const t0 = buf[T_TUZ0];
  const t1 = buf[T_TUZ1];
  let v = (k0 - k1) * SEED;
  if (t0 !== -1) v += tuzWorth(t0 - 9, board);
  if (t1 !== -1) v -= tuzWorth(t1, board);
  // Stones on each side: worth more as the board thins (atsyz hands them to their side's kazan).
  let a0 = 0;
  let a1 = 0;
  let twos0 = 0;
  let twos1 = 0;
  for (let i = 0; i < 9; i++) {
    const x = buf[i];
    const y = buf[9 + i];
    a0 += x;
    a1 += y;
    if (x === 2 && i !== 8 && i !== t1) twos0++;
    if (y === 2 && i !== 8 && 9 + i !== t0) twos1++;
  }
  const thin = 162 - board; // 0 at the start, up to 162
  const sideW = 8 + (((thin * thin * 40) / (162 * 162)) | 0);
  v += (a0 - a1) * sideW;
  // Twos are tuzdyks waiting for the opponent (only while the opponent can still make one).
  if (t1 === -1) v -= twos0 * 40;
  if (t0 === -1) v += twos1 * 40;
  const g0 = togyzBestGain(buf, 0, t0, t1, board);
  const g1 = togyzBestGain(buf, 1, t0, t1, board);
  if (s === 0) return v + (((g0 * T_MY_THREAT - g1 * T_OPP_THREAT) / 1000) | 0);
  return -v + (((g1 * T_MY_THREAT - g0 * T_OPP_THREAT) / 1000) | 0);
}

/* ------------------------------------------------------------------------------------------------ */
/* Ayo                                                                                               */

const AP = 12;
const A_S0 = AP + H_STORE0;
const A_TO_MOVE = AP + H_TO_MOVE;
const A_MY_THREAT = 600;
const A_OPP_THREAT = 350;

/** Seeds `seat` would capture with its best move now, exactly (sowing skips the origin). */
export function ayoBestCapture(buf: Int32Array, seat: number): number {
  const base = seat * 6;
  const oppBase = 6 - base;
  let best = 0;
  for (let i = base; i < base + 6; i++) {
    const n = buf[i];
    if (n === 0) continue;
    const laps = ((n - 1) / 11) | 0;
    const r = ((n - 1) % 11) + 1; // offset of the last seed among the 11 other pits
    let t = i + r;
    if (t >= 12) t -= 12;
    if (t < oppBase || t >= oppBase + 6) continue;
    let got = 0;
    // Every pit walked back from t up to the start of the opponent's row lies between origin and t.
    for (let p = t; p >= oppBase; p--) {
      const c = buf[p] + laps + 1;
      if (c !== 2 && c !== 3) break;
      got += c;
    }
    if (got > best) best = got;
  }
  return best;
}

function ayoFull(buf: Int32Array): number {
  const s = buf[A_TO_MOVE];
  let v = (buf[A_S0] - buf[A_S0 + 1]) * SEED;
  let a0 = 0;
  let a1 = 0;
  let weak0 = 0;
  let weak1 = 0;
  for (let i = 0; i < 6; i++) {
    const x = buf[i];
    const y = buf[6 + i];
    a0 += x;
    a1 += y;
    if (x === 1 || x === 2) weak0++;
    if (y === 1 || y === 2) weak1++;
  }
  // Seeds kept on one's side give moves and end up nowhere else; pits of 1-2 are targets.
  v += (a0 - a1) * 12 - (weak0 - weak1) * 25;
  const g0 = ayoBestCapture(buf, 0) * SEED;
  const g1 = ayoBestCapture(buf, 1) * SEED;
  if (s === 0) return v + (((g0 * A_MY_THREAT - g1 * A_OPP_THREAT) / 1000) | 0);
  return -v + (((g1 * A_MY_THREAT - g0 * A_OPP_THREAT) / 1000) | 0);
}

/* ------------------------------------------------------------------------------------------------ */
/* Tsoro                                                                                             */

export interface TsoroGeometry {
  readonly n: number;
  readonly ring: number;
  readonly P: number;
  /** For each board index of a top hole: the opponent's facing top hole, else -1. */
  readonly facing: Int32Array;
  /** For each board index of a top hole: the bottom hole behind it (same seat), else -1. */
  readonly behindOwn: Int32Array;
}

export function tsoroGeometry(engine: Engine): TsoroGeometry {
  const n = engine.options.holes as number;
  const ring = 2 * n;
  const P = 2 * ring;
  const facing = new Int32Array(P).fill(-1);
  const behindOwn = new Int32Array(P).fill(-1);
  for (let seat = 0; seat < 2; seat++) {
    const base = seat * ring;
    const oppBase = ring - base;
    for (let h = n; h < ring; h++) {
      facing[base + h] = oppBase + 3 * n - 1 - h;
      behindOwn[base + h] = base + 2 * n - 1 - h;
    }
  }
  return { n, ring, P, facing, behindOwn };
}

/**
 * Seeds of `seat` exposed to capture: each top hole with seeds whose facing hole (the capturer's
 * landing hole) has seeds, counted with the bottom hole behind it.
 */
export function tsoroExposure(buf: Int32Array, g: TsoroGeometry, seat: number): number {
  const base = seat * g.ring;
  let exposed = 0;
  for (let h = base + g.n; h < base + g.ring; h++) {
    const top = buf[h];
    if (top === 0) continue;
    const f = g.facing[h];
    if (buf[f] === 0) continue;
    exposed += top + buf[g.behindOwn[h]];
  }
  return exposed;
}

/**
 * Seeds in reach: the most `seat` can capture with a sowing whose last seed lands, without relaying,
 * in an occupied top hole facing seeds.
 */
export function tsoroDirectThreat(buf: Int32Array, g: TsoroGeometry, seat: number): number {
  const base = seat * g.ring;
  const ring = g.ring;
  let best = 0;
  for (let h = 0; h < ring; h++) {
    const cnt = buf[base + h];
    if (cnt === 0) continue;
    const off = (h + cnt) % ring;
    const t = base + off;
    const f = g.facing[t];
    if (f === -1) continue;
    const laps = (cnt / ring) | 0;
    const after = off === h ? laps : buf[t] + laps + 1; // rem 0: the last seed fell back into the emptied origin
    if (after < 2 || buf[f] === 0) continue;
    const stake = buf[f] + buf[g.behindOwn[f]];
    if (stake > best) best = stake;
  }
  return best;
}

function tsoroClassicFull(engine: Engine): Evaluator {
  const g = tsoroGeometry(engine);
  const P = g.P;
  const ring = g.ring;
  return (buf) => {
    const s = buf[P + H_TO_MOVE];
    let a0 = 0;
    let a1 = 0;
    for (let i = 0; i < ring; i++) {
      a0 += buf[i];
      a1 += buf[ring + i];
    }
    // Seeds on the board decide the game at the 50-move limit; weight them more as it nears.
    const quiet = buf[P + H_QUIET];
    const boardW = 20 + (((quiet * 60) / 50) | 0);
    let v = (buf[P + H_STORE0] - buf[P + H_STORE0 + 1]) * SEED + (a0 - a1) * boardW;
    v -= (tsoroExposure(buf, g, 0) - tsoroExposure(buf, g, 1)) * 10;
    const d0 = tsoroDirectThreat(buf, g, 0) * SEED;
    const d1 = tsoroDirectThreat(buf, g, 1) * SEED;
    if (s === 0) return v + (((d0 * 500 - d1 * 250) / 1000) | 0);
    return -v + (((d1 * 500 - d0 * 250) / 1000) | 0);
  };
}

function tsoroWtaFull(engine: Engine): Evaluator {
  const g = tsoroGeometry(engine);
  const P = g.P;
  const ring = g.ring;
  return (buf) => {
    const s = buf[P + H_TO_MOVE];
    let a0 = 0;
    let a1 = 0;
    let m0 = 0;
    let m1 = 0;
    for (let i = 0; i < ring; i++) {
      const x = buf[i];
      const y = buf[ring + i];
      a0 += x;
      a1 += y;
      if (x !== 0) m0++;
      if (y !== 0) m1++;
    }
    // A take moves seeds from one side to the other: half a seed of difference per seed.
    let v = (a0 - a1) * (SEED >> 1) + (m0 - m1) * 15;
    v -= (tsoroExposure(buf, g, 0) - tsoroExposure(buf, g, 1)) * 10;
    const d0 = tsoroDirectThreat(buf, g, 0) * SEED;
    const d1 = tsoroDirectThreat(buf, g, 1) * SEED;
    if (s === 0) return v + (((d0 * 500 - d1 * 250) / 1000) | 0);
    return -v + (((d1 * 500 - d0 * 250) / 1000) | 0);
  };
}
