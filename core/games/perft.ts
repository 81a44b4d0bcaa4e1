/**
 * Perft: the number of leaf positions of the game tree cut at `depth` moves, where a finished game is
 * a leaf wherever it occurs. Copy-make on buffers allocated once per depth; the last level is
 * bulk-counted (its leaves are the legal moves of their parent).
 */
import type { Engine } from "./engine.js";

export function perft(engine: Engine, start: Int32Array, depth: number): number {
  const bufs: Int32Array[] = [];
  const moves: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) {
    bufs.push(new Int32Array(engine.size));
    moves.push(new Int32Array(engine.maxMoves));
  }
  bufs[depth].set(start);
  const rec = (d: number): number => {
    if (d === 0) return 1;
    const cur = bufs[d];
    const list = moves[d];
    const n = engine.generate(cur, list);
    if (n === 0) return 1;
    if (d === 1) return n;
    const child = bufs[d - 1];
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      child.set(cur);
      engine.playInPlace(child, list[i], null);
      nodes += rec(d - 1);
    }
    return nodes;
  };
  return rec(depth);
}
