/** Engine figures: perft positions per second and random playouts per second, per rule set. */
import type { Emit } from "../bench.js";
import { makeEngine, H_RESULT, type Engine } from "../../core/games/index.js";
import { perft } from "../../core/games/perft.js";

function engine(game: string, options?: unknown): Engine {
  const e = makeEngine(game, options);
  if (!e.ok) throw new Error(e.error.message);
  return e.value;
}

function timed(fn: () => number): { count: number; ms: number } {
  const t0 = performance.now();
  const count = fn();
  return { count, ms: performance.now() - t0 };
}

/** Best of `runs` rates, to keep a stray pause from deciding the figure. */
function bestRate(runs: number, fn: () => number): number {
  let best = 0;
  for (let i = 0; i < runs; i++) {
    const { count, ms } = timed(fn);
    best = Math.max(best, (count / ms) * 1000);
  }
  return Math.round(best);
}

/** Full-depth tree walk that plays every leaf move too (no bulk counting), for comparison. */
function walk(e: Engine, start: Int32Array, depth: number): number {
  const bufs = Array.from({ length: depth + 1 }, () => new Int32Array(e.size));
  const moves = Array.from({ length: depth + 1 }, () => new Int32Array(e.maxMoves));
  bufs[depth].set(start);
  const rec = (d: number): number => {
    if (d === 0) return 1;
    const n = e.generate(bufs[d], moves[d]);
    if (n === 0) return 1;
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      bufs[d - 1].set(bufs[d]);
      e.playInPlace(bufs[d - 1], moves[d][i], null);
      nodes += rec(d - 1);
    }
    return nodes;
  };
  return rec(depth);
}

function playouts(e: Engine, games: number): number {
  const start = new Int32Array(e.size);
  e.init(start);
  const buf = new Int32Array(e.size);
  const moves = new Int32Array(e.maxMoves);
  let x = 0x2545f491;
  for (let g = 0; g < games; g++) {
    buf.set(start);
    for (let ply = 0; ply < 10_000 && buf[e.pits + H_RESULT] === 0; ply++) {
      const n = e.generate(buf, moves);
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      e.playInPlace(buf, moves[(x >>> 0) % n], null);
    }
  }
  return games;
}

const PERFT: [string, string, unknown, number][] = [
  ["togyz", "togyz", undefined, 7],
  ["ayo", "ayo", undefined, 9],
  ["tsoro-classic-8", "tsoro-classic", { holes: 8, seeds: 2 }, 5],
  ["tsoro-wta-8", "tsoro-wta", { holes: 8, seeds: 2 }, 5],
];

const PLAYOUTS: [string, string, unknown][] = [
  ["togyz", "togyz", undefined],
  ["ayo", "ayo", undefined],
  ...[4, 8, 12].flatMap((holes): [string, string, unknown][] => [
    [`tsoro-classic-${holes}`, "tsoro-classic", { holes, seeds: 2 }],
    [`tsoro-wta-${holes}`, "tsoro-wta", { holes, seeds: 2 }],
  ]),
];

export async function run(emit: Emit): Promise<void> {
  for (const [name, game, options, depth] of PERFT) {
    const e = engine(game, options);
    const start = new Int32Array(e.size);
    e.init(start);
    emit({ name: `perft ${name} depth ${depth}`, unit: "positions/s", value: bestRate(3, () => perft(e, start, depth)) });
  }
  {
    const e = engine("togyz");
    const start = new Int32Array(e.size);
    e.init(start);
    emit({ name: "togyz tree walk depth 6, every leaf played", unit: "positions/s", value: bestRate(3, () => walk(e, start, 6)) });
  }
  for (const [name, game, options] of PLAYOUTS) {
    const e = engine(game, options);
    emit({ name: `random playouts ${name}`, unit: "games/s", value: bestRate(3, () => playouts(e, 300)) });
  }
}
