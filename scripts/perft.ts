/**
 * `npm run -s perft -- --game G [--options JSON] --depth D [--no-bulk] [--no-workspace]`: one JSON
 * line `{"depth","nodes","ms","bulk"}` per depth 1..D. By default the last ply is counted in bulk (the
 * legal moves of each parent); `--no-bulk` makes every leaf move too, as a search does;
 * `--no-workspace` makes them with `playInto` even where the rule set has a workspace (Togyz).
 */
import { makeEngine } from "../core/games/index.js";
import { perft } from "../core/games/perft.js";
import { fail, parseArgs } from "./args.js";

const args = parseArgs(process.argv.slice(2));
const game = args.get("game");
let options: unknown;
try {
  options = args.has("options") ? JSON.parse(args.get("options") as string) : undefined;
} catch {
  fail("--options must be JSON");
}
const depth = Number(args.get("depth") ?? "");
if (!Number.isInteger(depth) || depth < 0 || depth > 64) fail("--depth must be a whole number 0..64");
const bulk = !args.has("no-bulk");
const workspace = !args.has("no-workspace");
const engine = makeEngine(game, options);
if (!engine.ok) fail(engine.error.message);
const start = new Int32Array(engine.value.size);
engine.value.init(start);
for (let d = depth === 0 ? 0 : 1; d <= depth; d++) {
  const t0 = performance.now();
  const nodes = perft(engine.value, start, d, bulk, workspace);
  const ms = Math.round((performance.now() - t0) * 1000) / 1000;
  process.stdout.write(JSON.stringify({ depth: d, nodes, ms, bulk }) + "\n");
}
