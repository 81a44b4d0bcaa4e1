/**
 * A game record: the rule set, its options and the moves in docs/rules.md's numbering — the very lines
 * `npm run replay` reads. Records are checked by playing them on the engine; a bad one names the
 * first move that is illegal. No DOM, no Node: the browser, the CLI and tests share this.
 */
import { makeEngine, newGame, outcome, play, type GameOptions, type State, type TraceEvent } from "../games/index.js";
import { isPlainObject } from "../games/engine.js";
import {
  END_REASONS,
  GAMES,
  err,
  isGameId,
  ok,
  type EndReason,
  type GameId,
  type Outcome,
  type Result,
} from "../types.js";

/** Most moves a record may hold (Tsoro WTA stops at 400; Ayo and Togyz games are far shorter). */
const MAX_RECORD_MOVES = 2000;

export interface GameRecord {
  readonly game: GameId;
  /** The engine's normalised options (all defaults filled in). */
  readonly options: GameOptions;
  readonly moves: readonly number[];
  /**
   * How the game ended when the moves alone do not say (forfeit, agreed end, time): absent or
   * null when the game ended by the rules or is still going.
   */
  readonly result?: Outcome | null;
  /** Names of seat 0 (moves first) and seat 1, when known. */
  readonly players?: readonly [string, string];
}

export type RecordErrorCode = "record/unreadable" | "record/invalid" | "record/illegal";

export interface RecordError {
  readonly code: RecordErrorCode;
  /** One sentence a player can act on, naming the game and move. */
  readonly message: string;
  /** 0-based index of the game in the input. */
  readonly gameIndex: number;
  /** 0-based ply of the first bad move, when a move is to blame. */
  readonly ply?: number;
}

export function recordError(code: RecordErrorCode, gameIndex: number, message: string, ply?: number): RecordError {
  return ply === undefined ? { code, gameIndex, message } : { code, gameIndex, message, ply };
}

/** Every position of a checked record, with the trace of each move. */
export interface Replayed {
  readonly record: GameRecord;
  /** `states[i]` is the position before move `i`; `states[moves.length]` the final one. */
  readonly states: readonly State[];
  readonly traces: readonly (readonly TraceEvent[])[];
  /** The end by the rules, else the recorded result, else null (game in progress). */
  readonly outcome: Outcome | null;
}

const gameLabel = (i: number): string => `game ${i + 1}`;

/** Plays the record's moves on the engine; the error names the first move that cannot be played. */
export function replayRecord(rec: GameRecord, gameIndex = 0): Result<Replayed, RecordError> {
  const start = newGame(rec.game, rec.options);
  if (!start.ok)
    return err(recordError("record/invalid", gameIndex, `${gameLabel(gameIndex)}: ${start.error.message}`));
  if (rec.moves.length > MAX_RECORD_MOVES) {
    return err(
      recordError("record/invalid", gameIndex, `${gameLabel(gameIndex)}: more than ${MAX_RECORD_MOVES} moves`),
    );
  }
  const states: State[] = [start.value];
  const traces: TraceEvent[][] = [];
  let s = start.value;
  for (let i = 0; i < rec.moves.length; i++) {
    const r = play(s, rec.moves[i]);
    if (!r.ok) {
      const why = r.error.code === "move/game_over" ? "the game was already over" : "it is not a legal move there";
      return err(
        recordError(
          "record/illegal",
          gameIndex,
          `${gameLabel(gameIndex)}, move ${i + 1} (${JSON.stringify(rec.moves[i])}): ${why}`,
          i,
        ),
      );
    }
    s = r.value.state;
    states.push(s);
    traces.push(r.value.trace);
  }
  const byRules = outcome(s);
  if (byRules !== null && rec.result !== undefined && rec.result !== null && !sameOutcome(byRules, rec.result)) {
    return err(
      recordError("record/invalid", gameIndex, `${gameLabel(gameIndex)}: the recorded result does not match the moves`),
    );
  }
  return ok({ record: rec, states, traces, outcome: byRules ?? rec.result ?? null });
}

function sameOutcome(a: Outcome, b: Outcome): boolean {
  return a.winner === b.winner && a.reason === b.reason;
}

/** The reasons a game can end outside the rules, which a record carries in `result`. */
export const OUTSIDE_REASONS: readonly EndReason[] = ["forfeit", "agreed", "timeout", "abandoned"];

/** Normalises options through the rule set, so `{}` and the defaults give the same record. */
export function makeRecord(
  game: GameId,
  options: unknown,
  moves: readonly number[],
  extra: { result?: Outcome | null; players?: readonly [string, string] } = {},
): Result<GameRecord, RecordError> {
  const e = makeEngine(game, options);
  if (!e.ok) return err(recordError("record/invalid", 0, e.error.message));
  return ok({ game, options: { ...e.value.options }, moves: [...moves], ...cleanExtra(extra) });
}

function cleanExtra(extra: { result?: Outcome | null; players?: readonly [string, string] }): Partial<GameRecord> {
  const out: { result?: Outcome; players?: readonly [string, string] } = {};
  if (extra.result !== undefined && extra.result !== null)
    out.result = { winner: extra.result.winner, reason: extra.result.reason };
  if (extra.players !== undefined) out.players = [extra.players[0], extra.players[1]];
  return out;
}

/** One line of JSON: `{"game","options","moves"}` (plus `result`/`players` when known). */
export function makeJsonRecord(rec: GameRecord): string {
  const o: Record<string, unknown> = { game: rec.game, options: rec.options, moves: rec.moves };
  if (rec.result !== undefined && rec.result !== null) o.result = rec.result;
  if (rec.players !== undefined) o.players = rec.players;
  return JSON.stringify(o);
}

const MAX_NAME = 60;

/** Reads one parsed JSON value as a record and checks it on the engine. */
export function readJsonRecord(raw: unknown, gameIndex = 0): Result<Replayed, RecordError> {
  const label = gameLabel(gameIndex);
  const bad = (m: string) => err(recordError("record/invalid", gameIndex, `${label}: ${m}`));
  if (!isPlainObject(raw)) return bad('a record is an object {"game","options","moves"}');
  if (!isGameId(raw.game)) return bad(`unknown game ${JSON.stringify(raw.game)} (one of ${GAMES.join(", ")})`);
  const e = makeEngine(raw.game, raw.options);
  if (!e.ok) return bad(e.error.message);
  const moves = raw.moves ?? [];
  if (!Array.isArray(moves)) return bad("moves must be an array of move numbers");
  if (moves.length > MAX_RECORD_MOVES) return bad(`more than ${MAX_RECORD_MOVES} moves`);
  for (let i = 0; i < moves.length; i++) {
    const m: unknown = moves[i];
    if (typeof m !== "number" || !Number.isInteger(m)) {
      return err(
        recordError(
          "record/unreadable",
          gameIndex,
          `${label}, move ${i + 1}: ${JSON.stringify(m)} is not a move number`,
          i,
        ),
      );
    }
  }
  let result: Outcome | null = null;
  if (raw.result !== undefined && raw.result !== null) {
    const r = raw.result;
    if (
      !isPlainObject(r) ||
      !(r.winner === 0 || r.winner === 1 || r.winner === null) ||
      !(END_REASONS as readonly unknown[]).includes(r.reason)
    ) {
      return bad('result must be {"winner": 0, 1 or null, "reason"}');
    }
    result = { winner: r.winner, reason: r.reason as EndReason };
  }
  let players: readonly [string, string] | undefined;
  if (raw.players !== undefined) {
    const p = raw.players;
    if (!Array.isArray(p) || p.length !== 2 || !p.every((x) => typeof x === "string" && x.length <= MAX_NAME)) {
      return bad(`players must be two names of at most ${MAX_NAME} characters`);
    }
    players = [p[0] as string, p[1] as string];
  }
  const rec: GameRecord = {
    game: raw.game,
    options: { ...e.value.options },
    moves: moves as number[],
    ...cleanExtra({ result, players }),
  };
  return replayRecord(rec, gameIndex);
}

/**
 * Reads JSON records: one JSON value per line (JSON Lines, as `replay` reads), or one array of
 * records, or a single record spread over several lines.
 */
export function parseJsonRecords(text: string): Result<Replayed[], RecordError> {
  const each = parseJsonRecordsEach(text);
  if (each.length === 0) return err(recordError("record/unreadable", 0, "there is no record in the input"));
  const out: Replayed[] = [];
  for (const r of each) {
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/** Reads each record on its own (a line that is not JSON gives an error for that record only). */
export function parseJsonRecordsEach(text: string): Result<Replayed, RecordError>[] {
  const trimmed = text.trim();
  if (trimmed === "") return [];
  let values: unknown[] | null = null;
  try {
    const whole: unknown = JSON.parse(trimmed);
    values = Array.isArray(whole) ? whole : [whole];
  } catch {
    values = null;
  }
  if (values !== null) return values.map((v, i) => readJsonRecord(v, i));
  const lines = trimmed
    .split(/\r?\n/)
    .map((text, n) => ({ text, n }))
    .filter((l) => l.text.trim() !== "");
  return lines.map((line, i) => {
    let v: unknown;
    try {
      v = JSON.parse(line.text);
    } catch {
      return err(recordError("record/unreadable", i, `${gameLabel(i)} (line ${line.n + 1}) is not valid JSON`));
    }
    return readJsonRecord(v, i);
  });
}
