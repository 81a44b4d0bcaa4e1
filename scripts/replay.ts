/**
 * `npm run -s replay`: JSON Lines in, one JSON line out per record (see docs/engine.md). Bad records give an
 * error line and the tool goes on.
 */
import { createInterface } from "node:readline";
import { isPlainObject } from "../core/games/engine.js";
import { newGame, play, view } from "../core/games/index.js";

function replayLine(line: string): unknown {
  let rec: unknown;
  try {
    rec = JSON.parse(line);
  } catch {
    return { error: "invalid json" };
  }
  if (!isPlainObject(rec)) return { error: "invalid record" };
  const g = newGame(rec.game, rec.options);
  if (!g.ok)
    return { error: g.error.code === "game/unknown" ? "unknown game" : "invalid options", reason: g.error.message };
  const moves = rec.moves === undefined ? [] : rec.moves;
  if (!Array.isArray(moves)) return { error: "invalid record", reason: "moves must be an array" };
  let s = g.value;
  for (let i = 0; i < moves.length; i++) {
    const r = play(s, moves[i]);
    if (!r.ok) return { error: "illegal move", at: i };
    s = r.value.state;
  }
  const v = view(s);
  const out: Record<string, unknown> = {
    game: v.game,
    board: v.board,
    stores: v.stores,
    toMove: v.toMove,
    moveCount: v.moveCount,
    result: v.result === null ? null : { winner: v.result.winner, reason: v.result.reason },
  };
  if (v.tuzdyk !== undefined) out.tuzdyk = v.tuzdyk;
  return out;
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (line.trim() === "") continue;
  process.stdout.write(JSON.stringify(replayLine(line)) + "\n");
}
