/**
 * Perft: the number of leaf positions of the game tree cut at `depth` moves, where a finished game is
 * a leaf wherever it occurs. Copy-make (`engine.playInto`, or the rule set's workspace) on buffers
 * allocated once per depth.
 *
 * With `bulk` (the default) the last level is counted without playing it: its leaves are the legal
 * moves of their parent. Without it every leaf move is made too, as a search does at its horizon, so
 * the rate measures the make-move itself.
 */
import type { Engine, Workspace } from "./engine.js";
import { workspaceFor } from "./workspace.js";

export function perft(engine: Engine, start: Int32Array, depth: number, bulk = true, workspace = true): number {
  // The search's own buffers where the rule set has a workspace (Togyz), so the walk makes its
  // moves as the search does (`workspace` false: `playInto` on plain buffers).
  const ws = workspace ? workspaceFor(engine, depth + 1) : null;
  return ws !== null ? walkWorkspace(engine, ws, start, depth, bulk) : walkPlain(engine, start, depth, bulk);
}

function walkPlain(engine: Engine, start: Int32Array, depth: number, bulk: boolean): number {
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
    const child = bufs[d - 1];
    if (d === 1) {
      if (bulk) return n;
      for (let i = 0; i < n; i++) engine.playInto(cur, child, list[i]);
      return n;
    }
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      engine.playInto(cur, child, list[i]);
      nodes += rec(d - 1);
    }
    return nodes;
  };
  return rec(depth);
}

/** The same walk on the workspace's slots: slot d holds the position at d plies from the leaves. */
function walkWorkspace(engine: Engine, ws: Workspace, start: Int32Array, depth: number, bulk: boolean): number {
  const moves: Int32Array[] = [];
  for (let d = 0; d <= depth; d++) moves.push(new Int32Array(engine.maxMoves));
  ws.bufs[depth].set(start);
  const walk = (d: number): number => {
    const list = moves[d];
    const n = engine.generate(ws.bufs[d], list);
    if (n === 0) return 1;
    if (d === 1 && bulk) return n;
    let nodes = 0;
    for (let i = 0; i < n; i++) {
      ws.play(d, d - 1, list[i]);
      nodes += d === 1 ? 1 : walk(d - 1);
    }
    return nodes;
  };
  return depth === 0 ? 1 : walk(depth);
}
