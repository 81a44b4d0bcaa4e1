/**
 * Togyz kumalak records in PlayOK's notation:
 *
 * ```
 * [White "Asel"]
 * [Black "Nurlan"]
 * [Result "1-0"]
 *
 * 1. 76(10) 87(2) 2. 99 91 … 6. 25X 27X … 1-0
 * ```
 *
 * PGN-style tags, then numbered pairs of moves (White = seat 0, who moves first). A move is two
 * digits: the pit sown (1..9 on the mover's side) and the number (1..9) of the pit, on either side,
 * where its last stone landed. `(n)` follows a capture, with the mover's kazan total after it; `X`
 * follows a move that made a tuzdyk (its three stones are not written as a capture). The result
 * (`1-0`, `0-1`, `1/2-1/2`, or `*` for a game in progress) ends the moves. For example `1. 76(10)`:
 * White sows pit 7's nine stones, the first back into pit 7, the last into Black's pit 6, which then
 * holds 10, an even count: captured, White's kazan holds 10.
 */
import { H_STORE0, outcome as replayOutcome, play, toMove, type State, type TraceEvent } from "../games/index.js";
import { err, ok, type Outcome, type Result, type Seat } from "../types.js";
import { recordError, replayRecord, type GameRecord, type RecordError, type Replayed } from "./record.js";

export type Tags = ReadonlyArray<readonly [string, string]>;

export interface PlayOkGame extends Replayed {
  /** The tags as written, in order. */
  readonly tags: Tags;
}

/** What a Togyz move did, read from the engine's trace: the digits and marks PlayOK writes. */
export interface MoveMarks {
  readonly pit: number;
  /** Pit number 1..9 (on either side) where the last stone landed. */
  readonly landing: number;
  /** The mover's kazan after the capture, or null when the move captured nothing. */
  readonly capture: number | null;
  readonly tuzdyk: boolean;
}

export function marksOf(before: State, move: number, trace: readonly TraceEvent[]): MoveMarks {
  const me = toMove(before);
  let kazan = before.buf[before.engine.pits + H_STORE0 + me];
  let landing = 0;
  let captured = false;
  let tuzdyk = false;
  for (const e of trace) {
    if (e.t === "collect") break; // atsyz: the stones left on each side are not a capture
    if (e.t === "sow" || e.t === "tuzdyk-sow") landing = (e.pit % 9) + 1;
    if (e.t === "tuzdyk-sow" && e.owner === me) kazan++;
    if (e.t === "tuzdyk" && e.seat === me) tuzdyk = true;
    if (e.t === "capture" && e.seat === me) {
      kazan += e.count;
      captured = true;
    }
  }
  return { pit: move, landing, capture: captured && !tuzdyk ? kazan : null, tuzdyk };
}

export function makeMoveToken(m: MoveMarks): string {
  return `${m.pit}${m.landing}${m.capture !== null ? `(${m.capture})` : ""}${m.tuzdyk ? "X" : ""}`;
}

function resultToken(o: Outcome | null): string {
  if (o === null) return "*";
  return o.winner === 0 ? "1-0" : o.winner === 1 ? "0-1" : "1/2-1/2";
}

const escapeTag = (v: string): string => v.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n\]]/g, " ");

/** The record in PlayOK's notation (Togyz only); `tags` are written before White, Black and Result. */
export function makePlayOk(r: Replayed, tags: Tags = []): string {
  if (r.record.game !== "togyz") throw new Error("PlayOK notation is for Togyz kumalak records");
  const [white, black] = r.record.players ?? ["?", "?"];
  const result = resultToken(r.outcome);
  const head: [string, string][] = [
    ...tags.filter(([k]) => !["White", "Black", "Result"].includes(k)).map(([k, v]) => [k, v] as [string, string]),
  ];
  head.push(["White", white], ["Black", black], ["Result", result]);
  const words: string[] = [];
  for (let i = 0; i < r.record.moves.length; i++) {
    if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
    words.push(makeMoveToken(marksOf(r.states[i], r.record.moves[i], r.traces[i])));
  }
  words.push(result);
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line !== "" && line.length + 1 + w.length > 80) {
      lines.push(line);
      line = w;
    } else line = line === "" ? w : `${line} ${w}`;
  }
  if (line !== "") lines.push(line);
  return `${head.map(([k, v]) => `[${k} "${escapeTag(v)}"]`).join("\n")}\n\n${lines.join("\n")}\n`;
}

const TAG_LINE = /^\s*\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;
const MOVE = /^([1-9])([1-9])(X)?(?:\((\d{1,3})\))?(X)?$/;
const NUMBER = /^(\d{1,4})\.(\.\.)?$/;
const RESULTS: Readonly<Record<string, Outcome | "open">> = {
  "1-0": { winner: 0, reason: "forfeit" },
  "0-1": { winner: 1, reason: "forfeit" },
  "1/2-1/2": { winner: null, reason: "agreed" },
  "½-½": { winner: null, reason: "agreed" },
  "*": "open",
};

interface RawGame {
  tags: [string, string][];
  words: string[];
  /** Input line where the game starts, for messages. */
  line: number;
}

/** Splits the input into games: a tag block after moves, or moves after a result, starts a new one. */
function splitGames(text: string): RawGame[] {
  const games: RawGame[] = [];
  let cur: RawGame | null = null;
  let ended = false;
  const lines = text.replace(/\{[^}]*\}/g, " ").split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n].replace(/;.*$/, "");
    if (raw.trim() === "" || raw.trimStart().startsWith("%")) continue;
    const tag = TAG_LINE.exec(raw);
    if (tag !== null) {
      if (cur === null || cur.words.length > 0 || ended) {
        cur = { tags: [], words: [], line: n + 1 };
        games.push(cur);
        ended = false;
      }
      cur.tags.push([tag[1], tag[2].replace(/\\(.)/g, "$1")]);
      continue;
    }
    const words = raw
      .replace(/(\d+\.(?:\.\.)?)(?=\S)/g, "$1 ")
      .split(/\s+/)
      .filter((w) => w !== "");
    for (const w of words) {
      if (cur === null || ended) {
        cur = { tags: [], words: [], line: n + 1 };
        games.push(cur);
        ended = false;
      }
      cur.words.push(w);
      if (w in RESULTS) ended = true;
    }
  }
  return games;
}

/** Reads every game in PlayOK's notation; the error names the first move that cannot be read or played. */
export function parsePlayOk(text: string): Result<PlayOkGame[], RecordError> {
  const each = parsePlayOkEach(text);
  if (each.length === 0) return err(recordError("record/unreadable", 0, "there is no game in the input"));
  const out: PlayOkGame[] = [];
  for (const r of each) {
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out);
}

/** Reads each game on its own, so one bad game in a file does not hide the others. */
export function parsePlayOkEach(text: string): Result<PlayOkGame, RecordError>[] {
  return splitGames(text).map((g, i) => readGame(g, i));
}

function readGame(raw: RawGame, g: number): Result<PlayOkGame, RecordError> {
  const label = `game ${g + 1}`;
  const start = replayRecord({ game: "togyz", options: {}, moves: [] }, g);
  if (!start.ok) return start;
  let s = start.value.states[0];
  const states: State[] = [s];
  const traces: TraceEvent[][] = [];
  const moves: number[] = [];
  let written: Outcome | "open" | null = null;
  const moveName = (ply: number, word: string): string =>
    `${Math.floor(ply / 2) + 1}.${ply % 2 === 1 ? ".." : ""} ${word}`;
  const side = (seat: Seat): string => (seat === 0 ? "White" : "Black");
  for (const word of raw.words) {
    const ply = moves.length;
    if (written !== null) {
      return err(recordError("record/unreadable", g, `${label}: "${word}" after the result`, ply));
    }
    const num = NUMBER.exec(word);
    if (num !== null) {
      const n = Number(num[1]);
      const expected = Math.floor(ply / 2) + 1;
      const blackNext = ply % 2 === 1;
      if (n !== expected || (num[2] !== undefined) !== blackNext) {
        const want = `${expected}.${blackNext ? ".." : ""}`;
        return err(
          recordError(
            "record/unreadable",
            g,
            `${label}: move number ${word} where ${want} was expected (a move is missing or extra)`,
            ply,
          ),
        );
      }
      continue;
    }
    if (word in RESULTS) {
      written = RESULTS[word];
      continue;
    }
    const m = MOVE.exec(word);
    if (m === null) {
      return err(
        recordError(
          "record/unreadable",
          g,
          `${label}, move ${moveName(ply, word)}: cannot be read (a move is two digits 1-9, then (n) after a capture or X after a tuzdyk)`,
          ply,
        ),
      );
    }
    const pit = Number(m[1]);
    const landing = Number(m[2]);
    const tuzMark = m[3] !== undefined || m[5] !== undefined;
    const kazanMark = m[4] !== undefined ? Number(m[4]) : null;
    const me = toMove(s);
    const name = `${label}, move ${moveName(ply, word)}`;
    const played = replayStep(s, pit);
    if (played === null) {
      const why = replayOutcome(s) !== null ? "the game was already over" : `${side(me)}'s pit ${pit} is empty`;
      return err(recordError("record/illegal", g, `${name}: ${why}`, ply));
    }
    const marks = marksOf(s, pit, played.trace);
    if (marks.landing !== landing) {
      return err(
        recordError("record/illegal", g, `${name}: the last stone lands in pit ${marks.landing}, not ${landing}`, ply),
      );
    }
    if (tuzMark && !marks.tuzdyk)
      return err(recordError("record/illegal", g, `${name}: marked X, but it makes no tuzdyk`, ply));
    if (kazanMark !== null) {
      if (marks.capture === null && !marks.tuzdyk)
        return err(recordError("record/illegal", g, `${name}: marked (${kazanMark}), but it captures nothing`, ply));
      const kazan = marks.capture ?? played.state.buf[s.engine.pits + H_STORE0 + me];
      if (marks.capture !== null && kazan !== kazanMark) {
        return err(
          recordError(
            "record/illegal",
            g,
            `${name}: ${side(me)}'s kazan holds ${kazan} after it, not ${kazanMark}`,
            ply,
          ),
        );
      }
    }
    moves.push(pit);
    traces.push(played.trace);
    s = played.state;
    states.push(s);
  }
  const tagResult = raw.tags.find(([k]) => k === "Result")?.[1];
  if (written === null && tagResult !== undefined && tagResult in RESULTS) written = RESULTS[tagResult];
  const byRules = replayOutcome(s);
  if (byRules !== null && written !== null && written !== "open" && written.winner !== byRules.winner) {
    return err(
      recordError(
        "record/invalid",
        g,
        `${label}: the result ${resultToken(written)} does not match the moves, which end ${resultToken(byRules)} (${byRules.reason})`,
      ),
    );
  }
  const outside = byRules === null && written !== null && written !== "open" ? written : null;
  const white = raw.tags.find(([k]) => k === "White")?.[1];
  const black = raw.tags.find(([k]) => k === "Black")?.[1];
  const players: readonly [string, string] | undefined =
    white !== undefined || black !== undefined ? [(white ?? "?").slice(0, 60), (black ?? "?").slice(0, 60)] : undefined;
  const record: GameRecord = {
    game: "togyz",
    options: {},
    moves,
    ...(outside !== null ? { result: outside } : {}),
    ...(players !== undefined ? { players } : {}),
  };
  return ok({ record, states, traces, outcome: byRules ?? outside, tags: raw.tags });
}

function replayStep(s: State, move: number): { state: State; trace: TraceEvent[] } | null {
  const r = play(s, move);
  return r.ok ? r.value : null;
}
