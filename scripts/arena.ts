/**
 * `npm run -s arena -- --game G [--options JSON] --a LEVEL --b LEVEL --games N [--time MS] [--seed S]
 * [--opening K] [--balance S] [--nodes N]`
 *
 * Plays N games between two levels, sides alternating (A has seat 0 in even games). Each pair of games
 * starts from the same K random opening moves (default 2, drawn from the seed), so that pairs differ
 * from each other but not in who had the better start. Openings are balanced: a random opening is
 * kept only if Hard's seven-ply score of it is within `--balance` hundredths of a seed (default 300;
 * 0 keeps any opening), because in some rule sets (Tsoro Winner Takes All above all) two random moves
 * often decide the game before either level has played. `--time` is Crazy's time per move
 * (other levels search to their fixed depth); `--nodes` caps every search. Ayo is played with the
 * computer's repetition rule unless `--options` says otherwise. Prints one JSON line per game and last
 * a summary line {"a","b","games","aPoints","bPoints","draws"} (win 1, draw 1/2).
 */
import { newGame, outcome, play, toMove, view, type State } from "../core/games/index.js";
import { LEVELS, chooseMove, type Level, type SearchOptions } from "../core/ai/index.js";
import { makeRng, mixSeed } from "../core/ai/rng.js";
import { fail, parseArgs } from "./args.js";

/** Games longer than this are stopped and scored on the stores (no rule set should get near it). */
const MOVE_CAP = 3000;

function parseLevel(x: string | undefined, name: string): Level {
  if (x === undefined || !(LEVELS as readonly string[]).includes(x)) fail(`--${name} must be one of ${LEVELS.join(", ")}`);
  return x as Level;
}

function parseCount(x: string | undefined, name: string, fallback: number, max: number): number {
  if (x === undefined) return fallback;
  const v = Number(x);
  if (!Number.isInteger(v) || v < 0 || v > max) fail(`--${name} must be a whole number 0..${max}`);
  return v;
}

const args = parseArgs(process.argv.slice(2));
const game = args.get("game");
let options: unknown = game === "ayo" ? { vsComputer: true } : undefined;
if (args.has("options")) {
  try {
    options = JSON.parse(args.get("options") as string);
  } catch {
    fail("--options must be JSON");
  }
}
const first = newGame(game, options);
if (!first.ok) fail(first.error.message);
const a = parseLevel(args.get("a"), "a");
const b = parseLevel(args.get("b"), "b");
const games = parseCount(args.get("games"), "games", 2, 100000);
const timeMs = args.has("time") ? parseCount(args.get("time"), "time", 1000, 600_000) : undefined;
const maxNodes = args.has("nodes") ? parseCount(args.get("nodes"), "nodes", 0, 1e12) : undefined;
const seed = parseCount(args.get("seed"), "seed", 1, 2 ** 31 - 1);
const openingPlies = parseCount(args.get("opening"), "opening", 2, 40);
const balance = parseCount(args.get("balance"), "balance", 300, 1_000_000);
/** Random openings tried per pair before the most balanced one seen is taken. */
const OPENING_TRIES = 200;

function randomOpening(rng: ReturnType<typeof makeRng>): { moves: number[]; state: State } {
  let s: State = first.ok ? first.value : (undefined as never);
  const moves: number[] = [];
  for (let i = 0; i < openingPlies && outcome(s) === null; i++) {
    const legal = new Int32Array(s.engine.maxMoves);
    const n = s.engine.generate(s.buf, legal);
    const m = legal[rng.below(n)];
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

const openings: number[][] = [];
let aPoints = 0;
let bPoints = 0;
let draws = 0;
for (let g = 0; g < games; g++) {
  const aSeat = g % 2;
  const levels: [Level, Level] = aSeat === 0 ? [a, b] : [b, a];
  const open = g % 2 === 0 || openings[g >> 1] === undefined ? (openings[g >> 1] = opening(g >> 1)) : openings[g >> 1];
  let s: State = first.ok ? first.value : (undefined as never);
  for (const m of open) {
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  const t0 = performance.now();
  const nodes = [0, 0];
  const depth = [0, 0];
  const searches = [0, 0];
  while (outcome(s) === null && view(s).moveCount < MOVE_CAP) {
    const seat = toMove(s);
    const level = levels[seat];
    const opts: SearchOptions = { seed: mixSeed(mixSeed(seed, g), view(s).moveCount) };
    if (level === "crazy" && timeMs !== undefined) opts.timeMs = timeMs;
    if (maxNodes !== undefined) opts.maxNodes = maxNodes;
    const choice = chooseMove(s, level, opts);
    nodes[seat] += choice.nodes;
    if (choice.depth > 0) {
      depth[seat] += choice.depth;
      searches[seat]++;
    }
    const r = play(s, choice.move);
    if (!r.ok) throw new Error(`${level} chose an illegal move ${choice.move}: ${r.error.message}`);
    s = r.value.state;
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
  const avg = (seat: number): number => (searches[seat] === 0 ? 0 : Math.round((depth[seat] / searches[seat]) * 10) / 10);
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
process.stdout.write(JSON.stringify({ a, b, games, aPoints, bPoints, draws }) + "\n");
