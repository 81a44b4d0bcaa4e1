/**
 * The learned evaluation: for each rule set a short list of features of a position, read from the
 * side to move's point of view, and a linear evaluator over them whose weights `scripts/tune.ts`
 * fits to self-play outcomes (logistic regression, "Texel tuning") and writes into `weights.ts`.
 *
 * The first feature of every list is the material difference; its weight is fixed at the unit of
 * the hand-written evaluation (100 a seed; 50 a seed on the board in Winner Takes All), so scores keep
 * the scale the search's margins assume. A feature that depends on which side is to move (a threat
 * of the mover, one of the opponent) has its own weight, the rest are differences "mine − theirs".
 *
 * `extract` writes into a caller's buffer and the evaluator owns one, so an evaluation allocates
 * nothing.
 */
import { H_PLY, H_QUIET, H_STORE0, H_TO_MOVE, H_TUZ0, H_TUZ1, type Engine } from "../games/index.js";
import type { GameId } from "../types.js";
import {
  ayoBestCapture,
  togyzBestGain,
  tsoroDirectThreat,
  tsoroExposure,
  tsoroGeometry,
  type Evaluator,
} from "./evaluate.js";
import { LEARNED_WEIGHTS, type LearnedWeights } from "./weights.js";

export type { LearnedWeights };

export interface FeatureSet {
  readonly game: GameId;
  readonly names: readonly string[];
  /** Weight of feature 0 (material), fixed. */
  readonly materialUnit: number;
  /** Writes the features of `buf` into `out[0..names.length)`. */
  extract(buf: Int32Array, out: Float64Array): void;
}

const TOGYZ_NAMES = [
  "material",
  ...Array.from({ length: 8 }, (_, k) => `tuzdyk on pit ${k + 1} × board/162`),
  "stones on own side",
  "stones on own side × (captured/162)²",
  "twos the other side can make a tuzdyk of (theirs − mine)",
  "mover's best capture (seeds, tuzdyk counted at its worth)",
  "opponent's best capture",
  "non-empty pits",
  "pits of 18 or more",
  "pits of 1 or 2 on the own side",
  "side to move",
] as const;

function togyzFeatures(): FeatureSet {
  const P = 18;
  return {
    game: "togyz",
    names: TOGYZ_NAMES,
    materialUnit: 100,
    extract(buf, out) {
      const s = buf[P + H_TO_MOVE];
      const sign = s === 0 ? 1 : -1;
      const k0 = buf[P + H_STORE0];
      const k1 = buf[P + H_STORE0 + 1];
      const board = 162 - k0 - k1;
      const t0 = buf[P + H_TUZ0];
      const t1 = buf[P + H_TUZ1];
      out[0] = (k0 - k1) * sign;
      for (let k = 0; k < 8; k++) out[1 + k] = 0;
      const frac = board / 162;
      if (t0 !== -1) out[1 + t0 - 9] += frac * sign;
      if (t1 !== -1) out[1 + t1] -= frac * sign;
      let a0 = 0;
      let a1 = 0;
      let twos0 = 0;
      let twos1 = 0;
      let live0 = 0;
      let live1 = 0;
      let big0 = 0;
      let big1 = 0;
      let small0 = 0;
      let small1 = 0;
      for (let i = 0; i < 9; i++) {
        const x = buf[i];
        const y = buf[9 + i];
        a0 += x;
        a1 += y;
        if (x === 2 && i !== 8 && i !== t1) twos0++;
        if (y === 2 && i !== 8 && 9 + i !== t0) twos1++;
        if (x !== 0) live0++;
        if (y !== 0) live1++;
        if (x >= 18) big0++;
        if (y >= 18) big1++;
        if (x === 1 || x === 2) small0++;
        if (y === 1 || y === 2) small1++;
      }
      const thin = (162 - board) / 162;
      out[9] = (a0 - a1) * sign;
      out[10] = (a0 - a1) * thin * thin * sign;
      // Twos of seat 0 are a danger only while seat 1 can still make a tuzdyk, and the other way round.
      out[11] = ((t0 === -1 ? twos1 : 0) - (t1 === -1 ? twos0 : 0)) * sign;
      const g0 = togyzBestGain(buf, 0, t0, t1, board) / 100;
      const g1 = togyzBestGain(buf, 1, t0, t1, board) / 100;
      out[12] = s === 0 ? g0 : g1;
      out[13] = s === 0 ? g1 : g0;
      out[14] = (live0 - live1) * sign;
      out[15] = (big0 - big1) * sign;
      out[16] = (small0 - small1) * sign;
      out[17] = 1;
    },
  };
}

const AYO_NAMES = [
  "material",
  "seeds on own side",
  "pits of 1 or 2 on own side",
  "empty pits on own side",
  "mover's best capture",
  "opponent's best capture",
  "seeds on own side × (captured/48)²",
  "side to move",
] as const;

function ayoFeatures(): FeatureSet {
  const P = 12;
  return {
    game: "ayo",
    names: AYO_NAMES,
    materialUnit: 100,
    extract(buf, out) {
      const s = buf[P + H_TO_MOVE];
      const sign = s === 0 ? 1 : -1;
      const k0 = buf[P + H_STORE0];
      const k1 = buf[P + H_STORE0 + 1];
      let a0 = 0;
      let a1 = 0;
      let weak0 = 0;
      let weak1 = 0;
      let empty0 = 0;
      let empty1 = 0;
      for (let i = 0; i < 6; i++) {
        const x = buf[i];
        const y = buf[6 + i];
        a0 += x;
        a1 += y;
        if (x === 1 || x === 2) weak0++;
        if (y === 1 || y === 2) weak1++;
        if (x === 0) empty0++;
        if (y === 0) empty1++;
      }
      const thin = (k0 + k1) / 48;
      out[0] = (k0 - k1) * sign;
      out[1] = (a0 - a1) * sign;
      out[2] = (weak0 - weak1) * sign;
      out[3] = (empty0 - empty1) * sign;
      const c0 = ayoBestCapture(buf, 0);
      const c1 = ayoBestCapture(buf, 1);
      out[4] = s === 0 ? c0 : c1;
      out[5] = s === 0 ? c1 : c0;
      out[6] = (a0 - a1) * thin * thin * sign;
      out[7] = 1;
    },
  };
}

const TSORO_CLASSIC_NAMES = [
  "material",
  "seeds on own side",
  "seeds on own side × moves without capture/50",
  "seeds exposed on own top row",
  "mover's best direct capture",
  "opponent's best direct capture",
  "non-empty holes",
  "side to move",
] as const;

const TSORO_WTA_NAMES = [
  "material (seeds on own side)",
  "non-empty holes",
  "seeds exposed on own top row",
  "mover's best direct take",
  "opponent's best direct take",
  "seeds on own side × moves without take/80",
  "seeds on own side × moves/400",
  "side to move",
] as const;

function tsoroFeatures(engine: Engine): FeatureSet {
  const g = tsoroGeometry(engine);
  const P = g.P;
  const ring = g.ring;
  const wta = engine.game === "tsoro-wta";
  return {
    game: engine.game,
    names: wta ? TSORO_WTA_NAMES : TSORO_CLASSIC_NAMES,
    materialUnit: wta ? 50 : 100,
    extract(buf, out) {
      const s = buf[P + H_TO_MOVE];
      const sign = s === 0 ? 1 : -1;
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
      const quiet = buf[P + H_QUIET];
      const e = (tsoroExposure(buf, g, 0) - tsoroExposure(buf, g, 1)) * sign;
      const d0 = tsoroDirectThreat(buf, g, 0);
      const d1 = tsoroDirectThreat(buf, g, 1);
      if (wta) {
        out[0] = (a0 - a1) * sign;
        out[1] = (m0 - m1) * sign;
        out[2] = e;
        out[3] = s === 0 ? d0 : d1;
        out[4] = s === 0 ? d1 : d0;
        out[5] = ((a0 - a1) * sign * Math.min(quiet, 80)) / 80;
        out[6] = ((a0 - a1) * sign * Math.min(buf[P + H_PLY], 400)) / 400;
        out[7] = 1;
      } else {
        out[0] = (buf[P + H_STORE0] - buf[P + H_STORE0 + 1]) * sign;
        out[1] = (a0 - a1) * sign;
        out[2] = ((a0 - a1) * sign * Math.min(quiet, 50)) / 50;
        out[3] = e;
        out[4] = s === 0 ? d0 : d1;
        out[5] = s === 0 ? d1 : d0;
        out[6] = (m0 - m1) * sign;
        out[7] = 1;
      }
    },
  };
}

export function featuresFor(engine: Engine): FeatureSet {
  switch (engine.game) {
    case "togyz":
      return togyzFeatures();
    case "ayo":
      return ayoFeatures();
    case "tsoro-classic":
    case "tsoro-wta":
      return tsoroFeatures(engine);
  }
}

/**
 * Togyz's learned evaluator written out: the same sum as `extract` and the weights, without the
 * feature buffer (the search calls it at every leaf; a test holds it equal to the generic one).
 */
function togyzLearned(w: Float64Array): Evaluator {
  const P = 18;
  const tuzW = w.slice(1, 9);
  const wSide = w[9];
  const wSideLate = w[10];
  const wTwos = w[11];
  const wMine = w[12] / 100;
  const wTheirs = w[13] / 100;
  const wLive = w[14];
  const wBig = w[15];
  const wSmall = w[16];
  const wTempo = w[17];
  const wMat = w[0];
  return (buf) => {
    const s = buf[P + H_TO_MOVE];
    const k0 = buf[P + H_STORE0];
    const k1 = buf[P + H_STORE0 + 1];
    const board = 162 - k0 - k1;
    const t0 = buf[P + H_TUZ0];
    const t1 = buf[P + H_TUZ1];
    const frac = board / 162;
    let v = (k0 - k1) * wMat; // seat 0's view until the end
    if (t0 !== -1) v += tuzW[t0 - 9] * frac;
    if (t1 !== -1) v -= tuzW[t1] * frac;
    let a0 = 0;
    let a1 = 0;
    let twos0 = 0;
    let twos1 = 0;
    let live = 0;
    let big = 0;
    let small = 0;
    for (let i = 0; i < 9; i++) {
      const x = buf[i];
      const y = buf[9 + i];
      a0 += x;
      a1 += y;
      if (x === 2 && i !== 8 && i !== t1) twos0++;
      if (y === 2 && i !== 8 && 9 + i !== t0) twos1++;
      if (x !== 0) live++;
      if (y !== 0) live--;
      if (x >= 18) big++;
      if (y >= 18) big--;
      if (x === 1 || x === 2) small++;
      if (y === 1 || y === 2) small--;
    }
    const thin = (162 - board) / 162;
    v += (a0 - a1) * (wSide + wSideLate * thin * thin);
    v += ((t0 === -1 ? twos1 : 0) - (t1 === -1 ? twos0 : 0)) * wTwos;
    v += live * wLive + big * wBig + small * wSmall;
    const g0 = togyzBestGain(buf, 0, t0, t1, board);
    const g1 = togyzBestGain(buf, 1, t0, t1, board);
    if (s === 0) return Math.round(v + g0 * wMine + g1 * wTheirs + wTempo);
    return Math.round(-v + g1 * wMine + g0 * wTheirs + wTempo);
  };
}

/** The linear evaluator over `features` with `learned` weights, in the hand evaluation's units. */
export function makeLearnedEvaluator(features: FeatureSet, learned: LearnedWeights, generic = false): Evaluator {
  const n = features.names.length;
  if (learned.weights.length !== n || learned.names.some((x, i) => x !== features.names[i])) {
    throw new Error(`learned weights for ${features.game} do not match its features; re-run the tuning`);
  }
  const w = Float64Array.from(learned.weights);
  if (features.game === "togyz" && !generic) return togyzLearned(w);
  const f = new Float64Array(n);
  const extract = features.extract;
  return (buf) => {
    extract(buf, f);
    let v = 0;
    for (let i = 0; i < n; i++) v += w[i] * f[i];
    return Math.round(v);
  };
}

/** The learned evaluation of `engine`'s rule set from the committed weights; null where it has none. */
export function learnedEvaluator(engine: Engine): Evaluator | null {
  const learned = LEARNED_WEIGHTS[engine.game];
  return learned === undefined ? null : makeLearnedEvaluator(featuresFor(engine), learned);
}
