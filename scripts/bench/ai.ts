/**
 * AI figures per rule set, from the opening position: nodes per second and the depth the Crazy level
 * completes in one second, plus the time Hard takes for its seven plies.
 */
import { newGame } from "../../core/games/index.js";
import { chooseMove } from "../../core/ai/index.js";
import type { Emit } from "../bench.js";

const GAMES = ["togyz", "ayo", "tsoro-classic", "tsoro-wta"] as const;

export async function run(emit: Emit): Promise<void> {
  for (const game of GAMES) {
    const s = newGame(game);
    if (!s.ok) throw new Error(s.error.message);
    const t0 = performance.now();
    const crazy = chooseMove(s.value, "crazy", { timeMs: 1000, seed: 1 });
    const ms = performance.now() - t0;
    emit({ name: `ai.${game}.nodes_per_second`, unit: "nodes/s", value: Math.round((crazy.nodes / ms) * 1000) });
    emit({ name: `ai.${game}.crazy_depth_1s`, unit: "plies", value: crazy.depth });
    const t1 = performance.now();
    chooseMove(s.value, "hard", { seed: 1 });
    emit({ name: `ai.${game}.hard_move_ms`, unit: "ms", value: Math.round(performance.now() - t1) });
  }
}
