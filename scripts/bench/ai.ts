/**
 * AI figures per rule set, from the opening position: nodes per second and the depth Crazy completes
 * in one second; and Hard's full-width seven-ply search (time and nodes per second).
 */
import { newGame } from "../../core/games/index.js";
import { chooseMove } from "../../core/ai/index.js";
import type { Emit } from "../bench.js";

const GAMES = ["togyz", "ayo", "tsoro-classic", "tsoro-wta"] as const;

export async function run(emit: Emit): Promise<void> {
  for (const game of GAMES) {
    const s = newGame(game);
    if (!s.ok) throw new Error(s.error.message);
    chooseMove(s.value, "hard", { seed: 2 }); // warm up the compiler on this rule set
    const t0 = performance.now();
    const crazy = chooseMove(s.value, "crazy", { timeMs: 1000, seed: 1 });
    const ms = performance.now() - t0;
    emit({ name: `ai.${game}.crazy_nodes_per_second`, unit: "nodes/s", value: Math.round((crazy.nodes / ms) * 1000) });
    emit({ name: `ai.${game}.crazy_depth_1s`, unit: "plies", value: crazy.depth });
    const t1 = performance.now();
    const hard = chooseMove(s.value, "hard", { seed: 1 });
    const hardMs = performance.now() - t1;
    emit({ name: `ai.${game}.hard_move_ms`, unit: "ms", value: Math.round(hardMs) });
    emit({
      name: `ai.${game}.hard_nodes_per_second`,
      unit: "nodes/s",
      value: Math.round((hard.nodes / hardMs) * 1000),
    });
  }
}
