/**
 * `npm run -s tune -- --game G [--options JSON] [--games N] [--nodes N] [--random K] [--seed S]
 * [--data FILE] [--reuse] [--dry]`
 *
 * Fits the learned evaluation of one rule set (core/ai/features.ts) to the outcomes of self-play:
 * 1. Self-play: N games (default 400) of the current Crazy against itself, each from K random opening
 *    moves (default 6) drawn from the seed (default 1), every move searched to a fixed node budget
 *    (default 3000, so a run is repeatable on any machine). Every position after the opening is
 *    written with the game's result to FILE (default `.data/tune-G.jsonl`: a first line
 *    `{"meta":{...how it was made...}}`, then one JSON line per game
 *    `{"cells":[[...position buffer...]...],"result":0|1|0.5}`, the result from seat 0's point of view).
 *    `--reuse` reads an existing FILE instead of playing.
 * 2. Fit: logistic regression of the result (from the side to move's point of view) on the features,
 *    by Newton's method with a small ridge: P(win) = 1 / (1 + e^(−Σ βᵢ xᵢ)). The weights are then
 *    expressed in the hand evaluation's unit (βᵢ / β_material × unit), which is "Texel tuning" of a
 *    linear evaluation. Every tenth game is held out; the log-loss of the held-out positions is
 *    printed for the learned weights and for the hand-written evaluation (its best scale fitted on the
 *    same training positions), so a fit that does not generalise shows.
 * 3. Writes the weights into core/ai/weights.ts (committed) unless `--dry`.
 *
 * Prints JSON lines: progress of the self-play, then the fit `{"game","positions","heldOut",...}`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { legalMoves, outcome, play, toMove, type State } from "../core/games/index.js";
import { decide } from "../core/ai/index.js";
import { makeEvaluator } from "../core/ai/evaluate.js";
import { featuresFor } from "../core/ai/features.js";
import { makeRng, mixSeed } from "../core/ai/rng.js";
import { LEARNED_WEIGHTS, type TunedEntry } from "../core/ai/weights.js";
import { fail, parseArgs, startFromArgs } from "./args.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = parseArgs(process.argv.slice(2));
const first: State = startFromArgs(args);
const engine = first.engine;

function count(name: string, fallback: number, min: number, max: number): number {
  const x = args.get(name);
  if (x === undefined) return fallback;
  const v = Number(x);
  if (!Number.isInteger(v) || v < min || v > max) fail(`--${name} must be a whole number ${min}..${max}`);
  return v;
}
const games = count("games", 400, 10, 1_000_000);
const nodes = count("nodes", 3000, 100, 100_000_000);
const randomPlies = count("random", 6, 0, 60);
const seed = count("seed", 1, 0, 2 ** 31 - 1);
const dataFile = args.get("data") ?? join(root, ".data", `tune-${engine.game}.jsonl`);
const reuse = args.has("reuse");
const dry = args.has("dry");
const MOVE_CAP = 3000;

const out = (x: unknown): void => {
  process.stdout.write(JSON.stringify(x) + "\n");
};

interface GameRecord {
  readonly cells: number[][];
  /** Seat 0's points: 1, 0.5 or 0. */
  readonly result: number;
}

function selfPlay(g: number): GameRecord {
  const rng = makeRng(mixSeed(seed, g));
  let s = first;
  for (let i = 0; i < randomPlies && outcome(s) === null; i++) {
    const ms = legalMoves(s);
    const r = play(s, ms[rng.below(ms.length)]);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  const cells: number[][] = [];
  let ply = 0;
  while (outcome(s) === null && ply < MOVE_CAP) {
    cells.push(Array.from(s.buf));
    const d = decide(s, "crazy", { maxNodes: nodes, seed: mixSeed(mixSeed(seed, g), ply), timeMs: 600_000 });
    const r = play(s, d.move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    ply++;
  }
  const o = outcome(s);
  const result = o === null || o.winner === null ? 0.5 : o.winner === 0 ? 1 : 0;
  return { cells, result };
}

/** The command line as typed, quoted where the shell needs it. */
const command = [
  "npm run -s tune --",
  ...process.argv.slice(2).map((a) => (/^[\w./:=-]+$/.test(a) ? a : `'${a}'`)),
].join(" ");
/** How the data was made: this command, or (with `--reuse`) the one recorded in the data file. */
let madeBy = command;

function loadOrPlay(): GameRecord[] {
  if (reuse) {
    if (!existsSync(dataFile)) fail(`--reuse: no data file ${dataFile}`);
    const rows = readFileSync(dataFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as GameRecord | { meta: { command: string } });
    const head = rows[0];
    if (head !== undefined && "meta" in head) {
      madeBy = `${head.meta.command} (fitted again with --reuse)`;
      rows.shift();
    }
    const recs = rows as GameRecord[];
    out({ read: dataFile, games: recs.length });
    return recs;
  }
  mkdirSync(dirname(dataFile), { recursive: true });
  const recs: GameRecord[] = [];
  const t0 = performance.now();
  const lines: string[] = [
    JSON.stringify({
      meta: { command, game: engine.game, options: engine.options, games, nodes, random: randomPlies, seed },
    }),
  ];
  for (let g = 0; g < games; g++) {
    const r = selfPlay(g);
    recs.push(r);
    lines.push(JSON.stringify(r));
    if ((g + 1) % 50 === 0 || g + 1 === games) {
      out({ selfPlay: g + 1, of: games, seconds: Math.round((performance.now() - t0) / 100) / 10 });
      writeFileSync(dataFile, lines.join("\n") + "\n");
    }
  }
  return recs;
}

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[p][c])) p = r;
    [M[c], M[p]] = [M[p], M[c]];
    const d = M[c][c];
    if (Math.abs(d) < 1e-12) throw new Error("singular fit: a feature never varies in the data");
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = M[r][c] / d;
      if (f !== 0) for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Logistic regression by Newton's method; rows are feature vectors, y in [0, 1]. */
function fitLogistic(X: Float64Array[], y: Float64Array, ridge: number): number[] {
  const n = X[0].length;
  let beta = new Array<number>(n).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const grad = new Array<number>(n).fill(0);
    const H = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let r = 0; r < X.length; r++) {
      const x = X[r];
      let z = 0;
      for (let i = 0; i < n; i++) z += beta[i] * x[i];
      const p = sigmoid(z);
      const e = p - y[r];
      const w = Math.max(p * (1 - p), 1e-9);
      for (let i = 0; i < n; i++) {
        if (x[i] === 0) continue;
        grad[i] += e * x[i];
        const wx = w * x[i];
        for (let j = i; j < n; j++) H[i][j] += wx * x[j];
      }
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < i; j++) H[i][j] = H[j][i];
      H[i][i] += ridge;
      grad[i] += ridge * beta[i];
    }
    const step = solve(H, grad);
    let change = 0;
    beta = beta.map((b, i) => {
      change = Math.max(change, Math.abs(step[i]));
      return b - step[i];
    });
    if (change < 1e-7) break;
  }
  return beta;
}

function logLoss(p: number, y: number): number {
  const q = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
}

function main(): void {
  const t0 = performance.now();
  const recs = loadOrPlay();
  const playSeconds = (performance.now() - t0) / 1000;
  const features = featuresFor(engine);
  const names = features.names;
  const n = names.length;
  const hand = makeEvaluator(engine, "full");
  const train: Float64Array[] = [];
  const trainY: number[] = [];
  const trainHand: number[] = [];
  const test: Float64Array[] = [];
  const testY: number[] = [];
  const testHand: number[] = [];
  const buf = new Int32Array(engine.size);
  recs.forEach((rec, g) => {
    for (const cells of rec.cells) {
      buf.set(cells);
      const x = new Float64Array(n);
      features.extract(buf, x);
      const me = toMove({ engine, buf, history: null });
      const y = me === 0 ? rec.result : 1 - rec.result;
      const h = hand(buf);
      if (g % 10 === 9) {
        test.push(x);
        testY.push(y);
        testHand.push(h);
      } else {
        train.push(x);
        trainY.push(y);
        trainHand.push(h);
      }
    }
  });
  if (train.length < 100) fail("too few positions to fit; play more games");
  const beta = fitLogistic(train, Float64Array.from(trainY), (1e-3 * train.length) / 1000);
  if (!(beta[0] > 0)) fail(`the fit gave material a weight of ${beta[0]}: the data says nothing; play more games`);
  // The hand evaluation's own best scale on the same training positions, for comparison.
  const [handScale] = fitLogistic(
    trainHand.map((h) => Float64Array.of(h)),
    Float64Array.from(trainY),
    1e-6,
  );
  const lossOf = (X: Float64Array[], Y: number[], b: number[]): number =>
    X.reduce((a, x, r) => a + logLoss(sigmoid(x.reduce((z, v, i) => z + v * b[i], 0)), Y[r]), 0) / X.length;
  const handLoss = (H: number[], Y: number[]): number =>
    H.reduce((a, h, r) => a + logLoss(sigmoid(h * handScale), Y[r]), 0) / H.length;
  const unit = features.materialUnit;
  const weights = beta.map((b, i) => (i === 0 ? unit : Math.round((b / beta[0]) * unit * 100) / 100));
  const fit = {
    game: engine.game,
    games: recs.length,
    positions: train.length,
    heldOut: test.length,
    selfPlaySeconds: Math.round(playSeconds * 10) / 10,
    fitSeconds: Math.round(((performance.now() - t0) / 1000 - playSeconds) * 10) / 10,
    /** Eval units for which the win chance moves by a factor e in odds. */
    scale: Math.round(unit / beta[0]),
    heldOutLogLoss: {
      learned: Math.round(lossOf(test, testY, beta) * 10000) / 10000,
      hand: Math.round(handLoss(testHand, testY) * 10000) / 10000,
    },
    trainLogLoss: {
      learned: Math.round(lossOf(train, trainY, beta) * 10000) / 10000,
      hand: Math.round(handLoss(trainHand, trainY) * 10000) / 10000,
    },
    weights: Object.fromEntries(names.map((x, i) => [x, weights[i]])),
  };
  out(fit);
  if (dry) return;
  const entry: TunedEntry = {
    names,
    weights,
    tuned: `${madeBy}: ${recs.length} self-play games, ${train.length} positions; held-out log-loss ${fit.heldOutLogLoss.learned} (hand-written evaluation ${fit.heldOutLogLoss.hand})`,
  };
  const all: Record<string, TunedEntry> = { ...LEARNED_WEIGHTS, [engine.game]: entry };
  const file = join(root, "core", "ai", "weights.ts");
  const body = Object.keys(all)
    .sort()
    .map((k) => {
      const e = all[k];
      const rows = e.names.map((nm) => `      ${JSON.stringify(nm)},`).join("\n");
      return `  ${JSON.stringify(k)}: {\n    tuned: ${JSON.stringify(e.tuned)},\n    names: [\n${rows}\n    ],\n    weights: [${e.weights.join(", ")}],\n  },`;
    })
    .join("\n");
  const src = readFileSync(file, "utf8");
  const head = src.slice(0, src.indexOf("export const LEARNED_WEIGHTS"));
  writeFileSync(
    file,
    `${head}export const LEARNED_WEIGHTS: { readonly [game: string]: TunedEntry } = {\n${body}\n};\n`,
  );
  out({ wrote: file, totalSeconds: Math.round((performance.now() - t0) / 100) / 10 });
}

main();
