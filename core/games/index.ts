/**
 * The public, immutable face of the engine: a `State` wraps one position buffer and never changes;
 * `play` returns a new state and a trace of the move. Search code uses the `Engine` fast path
 * (`generate`, `playInPlace`) on its own buffers instead.
 */
import {
  END_REASONS,
  engineError,
  err,
  isGameId,
  ok,
  type EngineError,
  type GameId,
  type Outcome,
  type Result,
  type Seat,
} from "../types.js";
import {
  H_PLY,
  H_QUIET,
  H_REASON,
  H_RESULT,
  H_STORE0,
  H_TO_MOVE,
  H_TUZ0,
  H_TUZ1,
  RESULT_NONE,
  isPlainObject,
  outcomeOf,
  setScored,
  type Engine,
  type RuleSet,
  type TraceEvent,
} from "./engine.js";
import { togyz } from "./togyz.js";
import { ayo } from "./ayo.js";
import { tsoroClassic, tsoroWta } from "./tsoro.js";

export * from "./engine.js";
export { MAX_RELAYS } from "./tsoro.js";

const RULESETS: { readonly [G in GameId]: RuleSet<Readonly<Record<string, number | boolean>>> } = {
  togyz: togyz as RuleSet<Readonly<Record<string, number | boolean>>>,
  ayo: ayo as RuleSet<Readonly<Record<string, number | boolean>>>,
  "tsoro-classic": tsoroClassic,
  "tsoro-wta": tsoroWta,
};

export type GameOptions = Readonly<Record<string, number | boolean>>;

export interface State {
  readonly engine: Engine;
  /** The position; never mutated after the state is made. */
  readonly buf: Int32Array;
  /**
   * Ayo against the computer: keys of every position so far (this one included), for the repetition
   * rule. `null` when the rule does not apply.
   */
  readonly history: readonly string[] | null;
}

/** A position as docs/rules.md and the replay tool report it. */
export interface PositionView {
  readonly game: GameId;
  readonly board: number[];
  readonly stores: [number, number];
  readonly toMove: Seat;
  readonly moveCount: number;
  readonly result: Outcome | null;
  /** Togyz only: the opponent-side pit number (1..9) each seat owns as tuzdyk, or null. */
  readonly tuzdyk?: [number | null, number | null];
}

export function makeEngine(game: unknown, options?: unknown): Result<Engine, EngineError> {
  if (!isGameId(game)) return err(engineError("game/unknown", `unknown game ${JSON.stringify(game)}`));
  const rs = RULESETS[game];
  const parsed = rs.parseOptions(options);
  if (!parsed.ok) return parsed;
  return ok(rs.create(parsed.value));
}

function usesRepetition(engine: Engine): boolean {
  return engine.game === "ayo" && engine.options.vsComputer === true;
}

/** Board, stores and seat to move: the identity of a position for the repetition rule. */
function positionKey(s: State): string {
  const e = s.engine;
  return Array.prototype.join.call(s.buf.subarray(0, e.pits + 2), ",") + "/" + s.buf[e.pits + H_TO_MOVE];
}

function wrap(engine: Engine, buf: Int32Array, history: readonly string[] | null): State {
  const s: State = { engine, buf, history: null };
  if (!usesRepetition(engine)) return s;
  return { engine, buf, history: [...(history ?? []), positionKey(s)] };
}

export function newGame(game: unknown, options?: unknown): Result<State, EngineError> {
  const e = makeEngine(game, options);
  if (!e.ok) return e;
  const buf = new Int32Array(e.value.size);
  e.value.init(buf);
  return ok(wrap(e.value, buf, null));
}

export function legalMoves(s: State): number[] {
  const out: number[] = [];
  s.engine.generate(s.buf, out);
  return out;
}

export function isLegal(s: State, move: unknown): boolean {
  return typeof move === "number" && s.engine.isLegal(s.buf, move);
}

export function outcome(s: State): Outcome | null {
  return outcomeOf(s.buf, s.engine.pits, END_REASONS);
}

export function toMove(s: State): Seat {
  return s.buf[s.engine.pits + H_TO_MOVE] as Seat;
}

export function moveCount(s: State): number {
  return s.buf[s.engine.pits + H_PLY];
}

export interface Played {
  readonly state: State;
  readonly trace: TraceEvent[];
}

/** Plays `move` (docs/rules.md numbering). Pure: `s` is unchanged. */
export function play(s: State, move: unknown): Result<Played, EngineError> {
  const e = s.engine;
  if (s.buf[e.pits + H_RESULT] !== RESULT_NONE) return err(engineError("move/game_over", "the game is over"));
  if (typeof move !== "number" || !e.isLegal(s.buf, move)) {
    return err(engineError("move/illegal", `${JSON.stringify(move)} is not a legal move here`));
  }
  const buf = s.buf.slice();
  const trace: TraceEvent[] = [];
  e.playInPlace(buf, move, trace);
  const next = wrap(e, buf, s.history);
  if (next.history !== null && buf[e.pits + H_RESULT] === RESULT_NONE) {
    const key = next.history[next.history.length - 1];
    let seen = 0;
    for (const k of next.history) if (k === key) seen++;
    if (seen >= 3) {
      setScored(buf, e.pits, buf[e.pits + H_STORE0], buf[e.pits + H_STORE0 + 1], END_REASONS.indexOf("repetition"));
      const o = outcome(next);
      if (o !== null) trace.push({ t: "end", winner: o.winner, reason: o.reason });
    }
  }
  return ok({ state: next, trace });
}

/** Plays a list of moves; on failure says at which index. */
export function playAll(s: State, moves: readonly unknown[]): Result<State, EngineError & { readonly at: number }> {
  let cur = s;
  for (let i = 0; i < moves.length; i++) {
    const r = play(cur, moves[i]);
    if (!r.ok) return err({ ...r.error, at: i });
    cur = r.value.state;
  }
  return ok(cur);
}

/** What a board shows of a position: pits, stores and (Togyz) each seat's tuzdyk as a pit number 1..9. */
export interface BoardView {
  board: number[];
  stores: [number, number];
  tuzdyk: [number | null, number | null];
}

/** The pit number (1..9, on its own side) of board index `pit`: how a tuzdyk is named. */
export function pitNumber(pit: number): number {
  return (pit % 9) + 1;
}

/** The board index of `seat`'s tuzdyk named by its pit number (it lies on the other seat's side). */
export function tuzdykIndex(seat: Seat, n: number | null): number | null {
  return n === null ? null : seat === 0 ? 9 + n - 1 : n - 1;
}

export function boardView(s: State): BoardView {
  const P = s.engine.pits;
  const t = (h: number): number | null =>
    s.engine.game === "togyz" && s.buf[P + h] !== -1 ? pitNumber(s.buf[P + h]) : null;
  return {
    board: Array.from(s.buf.subarray(0, P)),
    stores: [s.buf[P + H_STORE0], s.buf[P + H_STORE0 + 1]],
    tuzdyk: [t(H_TUZ0), t(H_TUZ1)],
  };
}

export function view(s: State): PositionView {
  const { tuzdyk, ...b } = boardView(s);
  const v: PositionView = { game: s.engine.game, ...b, toMove: toMove(s), moveCount: moveCount(s), result: outcome(s) };
  return s.engine.game === "togyz" ? { ...v, tuzdyk } : v;
}

/**
 * A 52-bit hash of the position (board, stores, seat to move, tuzdyks), for transposition tables.
 * Two independent 32-bit lanes: the low 32 bits and 20 bits of a second lane.
 */
export function hashBuf(buf: Int32Array, pits: number): number {
  let a = 0x9e3779b9 | 0;
  let b = 0x85ebca6b | 0;
  const end = pits + H_TUZ1 + 1;
  for (let i = 0; i < end; i++) {
    if (i === pits + H_PLY || i === pits + H_QUIET) continue;
    const v = buf[i] + i * 0x10001;
    a = Math.imul(a ^ v, 0x01000193);
    a ^= a >>> 15;
    b = Math.imul(b + v, 0xc2b2ae35);
    b ^= b >>> 13;
  }
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a ^= a >>> 13;
  b = Math.imul(b ^ (b >>> 16), 0x27d4eb2f);
  b ^= b >>> 16;
  return (b & 0xfffff) * 0x100000000 + (a >>> 0);
}

export function hash(s: State): number {
  return hashBuf(s.buf, s.engine.pits);
}

export interface Setup {
  readonly board: readonly number[];
  readonly stores?: readonly [number, number];
  readonly toMove?: Seat;
  readonly moveCount?: number;
  /** Tsoro: moves in a row without a capture/take so far. */
  readonly quiet?: number;
  /** Togyz: the opponent-side pit number (1..9) each seat owns as tuzdyk, or null. */
  readonly tuzdyk?: readonly [number | null, number | null];
}

/** Builds a state from a hand-made position, checking it; end conditions are applied at once. */
export function setup(game: unknown, options: unknown, position: Setup): Result<State, EngineError> {
  const e = makeEngine(game, options);
  if (!e.ok) return e;
  const engine = e.value;
  const P = engine.pits;
  const bad = (m: string) => err(engineError("position/invalid", m));
  if (!isPlainObject(position)) return bad("position must be an object");
  const { board, stores = [0, 0], toMove: who = 0, moveCount: ply = 0, quiet = ply, tuzdyk = [null, null] } = position;
  const isCount = (x: unknown) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 1_000_000;
  if (!Array.isArray(board) || board.length !== P || !board.every(isCount)) {
    return bad(`board must be ${P} whole numbers`);
  }
  if (!Array.isArray(stores) || stores.length !== 2 || !stores.every(isCount))
    return bad("stores must be two whole numbers");
  if (who !== 0 && who !== 1) return bad("toMove must be 0 or 1");
  if (!isCount(ply) || !isCount(quiet)) return bad("moveCount and quiet must be whole numbers");
  const buf = new Int32Array(engine.size);
  engine.init(buf);
  buf.set(board, 0);
  buf[P + H_STORE0] = stores[0];
  buf[P + H_STORE0 + 1] = stores[1];
  buf[P + H_TO_MOVE] = who;
  buf[P + H_PLY] = ply;
  buf[P + H_QUIET] = quiet;
  if (engine.game === "togyz") {
    if (!Array.isArray(tuzdyk) || tuzdyk.length !== 2) return bad("tuzdyk must be [p0, p1]");
    for (let seat = 0; seat < 2; seat++) {
      const t = tuzdyk[seat];
      if (t === null) continue;
      if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > 9)
        return bad("a tuzdyk is a pit number 1..9 or null");
      buf[P + H_TUZ0 + seat] = (1 - seat) * 9 + t - 1;
    }
  }
  const problem = engine.validate(buf);
  if (problem !== null) return bad(problem);
  engine.settle(buf);
  return ok(wrap(engine, buf, null));
}

const ENCODING_VERSION = "1";

/**
 * A compact text form of a position: `1~game~options~cells`, cells in base 36. The repetition history
 * of Ayo against the computer is not part of it (a saved game keeps its move list for that).
 */
export function encode(s: State): string {
  const opts = Object.entries(s.engine.options)
    .map(([k, v]) => `${k}=${v}`)
    .join(",");
  return [ENCODING_VERSION, s.engine.game, opts, Array.from(s.buf, (x) => x.toString(36)).join(".")].join("~");
}

export function decode(text: unknown): Result<State, EngineError> {
  const bad = (m: string) => err(engineError("decode/invalid", m));
  if (typeof text !== "string" || text.length > 4096) return bad("not an encoded position");
  const parts = text.split("~");
  if (parts.length !== 4 || parts[0] !== ENCODING_VERSION) return bad("unknown encoding");
  const [, game, opts, cells] = parts;
  const options: Record<string, number | boolean> = {};
  if (opts !== "") {
    for (const kv of opts.split(",")) {
      const [k, v] = kv.split("=");
      if (k === undefined || v === undefined) return bad("bad options");
      options[k] = v === "true" ? true : v === "false" ? false : Number(v);
    }
  }
  const e = makeEngine(game, options);
  if (!e.ok) return bad(e.error.message);
  const engine = e.value;
  const values = cells.split(".").map((c) => (/^-?[0-9a-z]{1,7}$/.test(c) ? parseInt(c, 36) : NaN));
  if (values.length !== engine.size || values.some((x) => !Number.isFinite(x))) return bad("bad cells");
  const buf = Int32Array.from(values);
  const P = engine.pits;
  if (buf[P + H_TO_MOVE] > 1 || buf[P + H_TO_MOVE] < 0 || buf[P + H_RESULT] < 0 || buf[P + H_RESULT] > 3) {
    return bad("bad header");
  }
  if (buf[P + H_REASON] < 0 || buf[P + H_REASON] >= END_REASONS.length) return bad("bad header");
  const problem = engine.validate(buf);
  if (problem !== null) return bad(problem);
  return ok(wrap(engine, buf, null));
}
