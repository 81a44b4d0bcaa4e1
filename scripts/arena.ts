/**
 * `npm run -s arena -- --game G [--options JSON] --a LEVEL --b LEVEL --games N [--time MS] [--seed S]
 * [--opening K] [--balance S] [--nodes N] [--a-cmd "CMD"] [--b-cmd "CMD"]`
 *
 * Plays N games between two players, sides alternating (A has seat 0 in even games). A player is a
 * level of this code, played in this process, or with `--a-cmd`/`--b-cmd` any command speaking the
 * `engine` line protocol (scripts/engine.ts), run once through the shell for the whole match; it is
 * told `level LEVEL` when `--a`/`--b` names one (default crazy) and asked `go MS` with `--time`
 * (default 1000) for every move. So `--b-cmd "npx tsx ../old/scripts/engine.ts"` plays this code
 * against an older checkout.
 *
 * Each pair of games starts from the same K random opening moves (default 2, drawn from the seed),
 * so that pairs differ from each other but not in who had the better start. Openings are balanced: a
 * random opening is kept only if Hard's seven-ply score of it is within `--balance` hundredths of a
 * seed (default 300; 0 keeps any opening), because in some rule sets (Tsoro Winner Takes All above
 * all) two random moves often decide the game before either level has played. `--time` is Crazy's
 * time per move (other in-process levels search to their fixed depth); `--nodes` caps every
 * in-process search. Ayo is played with the computer's repetition rule unless `--options` says
 * otherwise. Prints one JSON line per game and last a summary line
 * {"a","b","games","aPoints","bPoints","draws","score","elo","elo95","se"} (win 1, draw 1/2; `elo`
 * is A over B, `elo95` its 95% interval from the spread of the game pairs, see elo.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { legalMoves, outcome, play, toMove, view, type State } from "../core/games/index.js";
import { LEVELS, chooseMove, type Level, type SearchOptions } from "../core/ai/index.js";
import { makeRng, mixSeed } from "../core/ai/rng.js";
import { fail, parseArgs, startFromArgs } from "./args.js";
import { eloSummary } from "./elo.js";

/** Games longer than this are stopped and scored on the stores (no rule set should get near it). */
const MOVE_CAP = 3000;
/** An outside engine that says nothing for this long past its move time is taken to have hung. */
const REPLY_GRACE_MS = 30_000;

function parseLevel(x: string | undefined, name: string, fallback?: Level): Level {
  if (x === undefined && fallback !== undefined) return fallback;
  if (x === undefined || !(LEVELS as readonly string[]).includes(x))
    fail(`--${name} must be one of ${LEVELS.join(", ")}`);
  return x as Level;
}

function parseCount(x: string | undefined, name: string, fallback: number, max: number): number {
  if (x === undefined) return fallback;
  const v = Number(x);
  if (!Number.isInteger(v) || v < 0 || v > max) fail(`--${name} must be a whole number 0..${max}`);
  return v;
}

const args = parseArgs(process.argv.slice(2));
const first: State = startFromArgs(args);
const aCmd = args.get("a-cmd");
const bCmd = args.get("b-cmd");
const a = parseLevel(args.get("a"), "a", aCmd !== undefined ? "crazy" : undefined);
const b = parseLevel(args.get("b"), "b", bCmd !== undefined ? "crazy" : undefined);
const games = parseCount(args.get("games"), "games", 2, 100000);
const timeMs = args.has("time") ? parseCount(args.get("time"), "time", 1000, 600_000) : undefined;
const maxNodes = args.has("nodes") ? parseCount(args.get("nodes"), "nodes", 0, 1e12) : undefined;
const seed = parseCount(args.get("seed"), "seed", 1, 2 ** 31 - 1);
const openingPlies = parseCount(args.get("opening"), "opening", 2, 40);
const balance = parseCount(args.get("balance"), "balance", 300, 1_000_000);
/** Random openings tried per pair before the most balanced one seen is taken. */
const OPENING_TRIES = 200;

interface Choice {
  readonly move: number;
  readonly depth: number;
  readonly nodes: number;
}

interface Player {
  /** The move for `s`, reached from the start by `moves`; `g` is the game's index. */
  choose(s: State, moves: readonly number[], g: number): Promise<Choice>;
  close(): void;
}

function levelPlayer(level: Level): Player {
  return {
    async choose(s, _moves, g) {
      const opts: SearchOptions = { seed: mixSeed(mixSeed(seed, g), view(s).moveCount) };
      if (level === "crazy" && timeMs !== undefined) opts.timeMs = timeMs;
      if (maxNodes !== undefined) opts.maxNodes = maxNodes;
      return chooseMove(s, level, opts);
    },
    close() {},
  };
}

/** A command speaking the engine protocol: one process for the whole match. */
function commandPlayer(cmd: string, level: Level, side: string): Player {
  const child: ChildProcessWithoutNullStreams = spawn(cmd, { shell: true, stdio: ["pipe", "pipe", "pipe"] });
  const waiting: ((line: string) => void)[] = [];
  let ended = false;
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-2000);
  });
  const queued: string[] = []; // lines that came before anyone asked (an error line, say): read in order
  createInterface({ input: child.stdout }).on("line", (line) => {
    const w = waiting.shift();
    if (w !== undefined) w(line);
    else queued.push(line);
  });
  child.stdin.on("error", () => {
    ended = true; // EPIPE: the process is gone; the next reply says so
  });
  child.on("error", (e) => {
    stderr += e.message;
    ended = true;
    for (const w of waiting.splice(0)) w("");
  });
  child.on("exit", () => {
    ended = true;
    for (const w of waiting.splice(0)) w("");
  });
  const send = (line: string): void => {
    if (!ended) child.stdin.write(line + "\n");
  };
  const reply = (limitMs: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const early = queued.shift();
      if (early !== undefined) {
        resolve(early);
        return;
      }
      if (ended) {
        resolve("");
        return;
      }
      const timer = setTimeout(() => reject(new Error(`--${side}-cmd gave no answer within ${limitMs} ms`)), limitMs);
      waiting.push((line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
  const gameLine = `new ${first.engine.game} ${JSON.stringify(first.engine.options)}`;
  send(`level ${level}`);
  let lastGame = -1;
  return {
    async choose(_s, moves, g) {
      if (g !== lastGame) {
        send(gameLine);
        lastGame = g;
      }
      send(`moves ${moves.join(" ")}`);
      const t = timeMs ?? 1000;
      send(`go ${t}`);
      const line = await reply(t + REPLY_GRACE_MS);
      const m = /^bestmove (-?\d+)(?: score (-?\d+))?(?: depth (\d+))?(?: nodes (\d+))?/.exec(line);
      if (m === null) {
        const why = ended
          ? `the process ended${stderr.trim() === "" ? "" : ": " + stderr.trim().split("\n").slice(-3).join(" | ")}`
          : JSON.stringify(line.slice(0, 200));
        throw new Error(`--${side}-cmd did not answer with a move: ${why}`);
      }
      return { move: Number(m[1]), depth: Number(m[3] ?? 0), nodes: Number(m[4] ?? 0) };
    },
    close() {
      send("quit");
      child.stdin.end();
      setTimeout(() => {
        if (!ended) child.kill();
      }, 2000).unref();
    },
  };
}

function randomOpening(rng: ReturnType<typeof makeRng>): { moves: number[]; state: State } {
  let s = first;
  const moves: number[] = [];
  for (let i = 0; i < openingPlies && outcome(s) === null; i++) {
    const legal = legalMoves(s);
    const m = legal[rng.below(legal.length)];
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
    moves.push(m);
  }
  return { moves, state: s };
}

function opening(pair: number): number[] {
  const rng = makeRng(mixSeed(seed, pair));
  let best: number[] = [];
  let bestScore = Infinity;
  for (let t = 0; t < OPENING_TRIES; t++) {
    const o = randomOpening(rng);
    if (balance === 0 || openingPlies === 0) return o.moves;
    if (outcome(o.state) !== null) continue;
    const score = Math.abs(chooseMove(o.state, "hard", { seed: 1 }).score);
    if (score <= balance) return o.moves;
    if (score < bestScore) {
      bestScore = score;
      best = o.moves;
    }
  }
  return best;
}

async function main(): Promise<void> {
  const playerA = aCmd !== undefined ? commandPlayer(aCmd, a, "a") : levelPlayer(a);
  const playerB = bCmd !== undefined ? commandPlayer(bCmd, b, "b") : levelPlayer(b);
  const openings: number[][] = [];
  const points: number[] = [];
  let aPoints = 0;
  let bPoints = 0;
  let draws = 0;
  try {
    for (let g = 0; g < games; g++) {
      const aSeat = g % 2;
      const players: [Player, Player] = aSeat === 0 ? [playerA, playerB] : [playerB, playerA];
      const names: [string, string] = aSeat === 0 ? ["a", "b"] : ["b", "a"];
      const open =
        g % 2 === 0 || openings[g >> 1] === undefined ? (openings[g >> 1] = opening(g >> 1)) : openings[g >> 1];
      let s = first;
      const played: number[] = [];
      for (const m of open) {
        const r = play(s, m);
        if (!r.ok) throw new Error(r.error.message);
        s = r.value.state;
        played.push(m);
      }
      const t0 = performance.now();
      const nodes = [0, 0];
      const depth = [0, 0];
      const searches = [0, 0];
      while (outcome(s) === null && view(s).moveCount < MOVE_CAP) {
        const seat = toMove(s);
        const choice = await players[seat].choose(s, played, g);
        nodes[seat] += choice.nodes;
        if (choice.depth > 0) {
          depth[seat] += choice.depth;
          searches[seat]++;
        }
        const r = play(s, choice.move);
        if (!r.ok) throw new Error(`player ${names[seat]} chose an illegal move ${choice.move}: ${r.error.message}`);
        s = r.value.state;
        played.push(choice.move);
      }
      const v = view(s);
      const o = outcome(s);
      let winnerSeat: 0 | 1 | null;
      let reason: string;
      if (o !== null) {
        winnerSeat = o.winner;
        reason = o.reason;
      } else {
        winnerSeat = v.stores[0] > v.stores[1] ? 0 : v.stores[1] > v.stores[0] ? 1 : null;
        reason = "arena-cap";
      }
      const winner = winnerSeat === null ? null : winnerSeat === aSeat ? "a" : "b";
      if (winner === "a") aPoints += 1;
      else if (winner === "b") bPoints += 1;
      else {
        draws++;
        aPoints += 0.5;
        bPoints += 0.5;
      }
      points.push(winner === "a" ? 1 : winner === "b" ? 0 : 0.5);
      const avg = (seat: number): number =>
        searches[seat] === 0 ? 0 : Math.round((depth[seat] / searches[seat]) * 10) / 10;
      process.stdout.write(
        JSON.stringify({
          game: g,
          aSeat,
          winner,
          reason,
          moves: v.moveCount,
          stores: v.stores,
          opening: open,
          avgDepth: { a: avg(aSeat), b: avg(1 - aSeat) },
          nodes: { a: nodes[aSeat], b: nodes[1 - aSeat] },
          ms: Math.round(performance.now() - t0),
        }) + "\n",
      );
    }
  } finally {
    playerA.close();
    playerB.close();
  }
  const label = (level: Level, cmd: string | undefined): string => (cmd === undefined ? level : `${level} (${cmd})`);
  process.stdout.write(
    JSON.stringify({ a: label(a, aCmd), b: label(b, bCmd), games, aPoints, bPoints, draws, ...eloSummary(points) }) +
      "\n",
  );
}

main().catch((e: unknown) => {
  process.stderr.write((e instanceof Error ? e.message : String(e)) + "\n");
  process.exit(1);
});
