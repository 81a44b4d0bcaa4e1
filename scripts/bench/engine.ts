/** Engine figures: perft positions per second (bulk and every leaf made) and random playouts per second. */
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
    emit({
      name: `perft ${name} depth ${depth}`,
      unit: "positions/s",
      value: bestRate(3, () => perft(e, start, depth)),
    });
  }
  {
    // What `npm run -s perft -- --game togyz --depth 8 --no-bulk` measures: every leaf move made.
    const e = engine("togyz");
    const start = new Int32Array(e.size);
    e.init(start);
    emit({
      name: "perft togyz depth 8 no-bulk (every leaf move made)",
      unit: "positions/s",
      value: bestRate(3, () => perft(e, start, 8, false)),
    });
  }
  for (const [name, game, options] of PLAYOUTS) {
    const e = engine(game, options);
    emit({ name: `random playouts ${name}`, unit: "games/s", value: bestRate(3, () => playouts(e, 300)) });
  }
}
