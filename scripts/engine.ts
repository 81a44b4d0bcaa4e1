/**
 * `npm run -s engine`: the computer player over a line protocol on stdin/stdout, so any program can
 * play against it.
 *
 *   new GAME [OPTIONS_JSON]   start a game (togyz, ayo, tsoro-classic, tsoro-wta)
 *   moves M1 M2 ...           the moves played so far from the initial position (docs/rules.md numbering)
 *   level LEVEL               level used by `go` (easy, normal, hard, crazy; default crazy)
 *   go MS                     think for MS milliseconds → `bestmove M score S depth D nodes N`
 *   isready                   → `readyok`
 *   quit
 *
 * Bad input gets `error <message>` and changes nothing; the game so far is kept.
 */
import { createInterface } from "node:readline";
import { newGame, outcome, playAll, type State } from "../core/games/index.js";
import { LEVELS, chooseMove, type Level } from "../core/ai/index.js";

let initial: State | null = null;
let current: State | null = null;
let level: Level = "crazy";

const out = (line: string): void => {
  process.stdout.write(line + "\n");
};

function handle(line: string): boolean {
  const text = line.trim();
  if (text === "") return true;
  const sp = text.indexOf(" ");
  const cmd = sp < 0 ? text : text.slice(0, sp);
  const rest = sp < 0 ? "" : text.slice(sp + 1).trim();
  switch (cmd) {
    case "quit":
      return false;
    case "isready":
      out("readyok");
      return true;
    case "new": {
      const sp2 = rest.indexOf(" ");
      const game = sp2 < 0 ? rest : rest.slice(0, sp2);
      let options: unknown;
      if (sp2 >= 0) {
        try {
          options = JSON.parse(rest.slice(sp2 + 1));
        } catch {
          out("error options must be JSON");
          return true;
        }
      }
      const g = newGame(game, options);
      if (!g.ok) {
        out(`error ${g.error.message}`);
        return true;
      }
      initial = g.value;
      current = g.value;
      return true;
    }
    case "moves": {
      if (initial === null) {
        out("error no game: send `new GAME` first");
        return true;
      }
      const list = rest === "" ? [] : rest.split(/\s+/).map((x) => (/^-?\d+$/.test(x) ? Number(x) : x));
      const r = playAll(initial, list);
      if (!r.ok) {
        out(`error move ${r.error.at + 1} (${String(list[r.error.at])}): ${r.error.message}`);
        return true;
      }
      current = r.value;
      return true;
    }
    case "level":
      if (!(LEVELS as readonly string[]).includes(rest)) out(`error level must be one of ${LEVELS.join(", ")}`);
      else level = rest as Level;
      return true;
    case "go": {
      if (current === null) {
        out("error no game: send `new GAME` first");
        return true;
      }
      if (outcome(current) !== null) {
        out("error the game is over");
        return true;
      }
      const ms = rest === "" ? 1000 : Number(rest);
      if (!Number.isFinite(ms) || ms <= 0 || ms > 600_000) {
        out("error go takes a time in milliseconds, 1..600000");
        return true;
      }
      const r = chooseMove(current, level, { timeMs: ms });
      out(`bestmove ${r.move} score ${r.score} depth ${r.depth} nodes ${r.nodes}`);
      return true;
    }
    default:
      out(`error unknown command ${JSON.stringify(cmd.slice(0, 40))}`);
      return true;
  }
}

const rl = createInterface({ input: process.stdin, terminal: false });
rl.on("line", (line) => {
  if (!handle(line)) rl.close();
});
rl.on("close", () => process.exit(0));
