/**
 * A game's moves as a move list: each move's text (PlayOK's notation for Togyz, as export writes it;
 * docs/rules.md's numbering elsewhere, Tsoro's holes counted from 1 as the board labels them) and every
 * position along the way, so a tapped move can be shown.
 */
import { play, toMove, type State, type TraceEvent } from "../../../core/games/index.js";
import { makeMoveToken, marksOf } from "../../../core/records/playok.js";
import type { GameId, Seat } from "../../../core/types.js";
import { pitOfMove } from "./moves.js";

export interface MoveEntry {
  /** Index of the move in the game (0 = the first move). */
  readonly ply: number;
  readonly seat: Seat;
  readonly text: string;
}

export interface MoveLine {
  readonly entries: readonly MoveEntry[];
  /** Position before move i is states[i]; states[entries.length] is the last. */
  readonly states: readonly State[];
  /** The pit sown to reach states[i] (null at the start and after a pass). */
  readonly lastFrom: readonly (number | null)[];
}

/** A move as the list writes it, from the position before it and what it did. */
function moveText(game: GameId, before: State, move: number, trace: readonly TraceEvent[]): string {
  if (game === "togyz") return makeMoveToken(marksOf(before, move, trace));
  if (game === "ayo") return move === 0 ? "pass" : String(move);
  return String(move + 1);
}

/** Plays the moves from `start`, stopping at the first one that cannot be played. */
export function makeMoveLine(start: State, moves: readonly number[]): MoveLine {
  const game = start.engine.game;
  const entries: MoveEntry[] = [];
  const states: State[] = [start];
  const lastFrom: (number | null)[] = [null];
  for (let i = 0; i < moves.length; i++) {
    const before = states[i];
    const r = play(before, moves[i]);
    if (!r.ok) break;
    entries.push({ ply: i, seat: toMove(before), text: moveText(game, before, moves[i], r.value.trace) });
    states.push(r.value.state);
    lastFrom.push(pitOfMove(before, moves[i]));
  }
  return { entries, states, lastFrom };
}

/** The list in rows of numbered pairs, as PlayOK and lichess write them: 1. first second. */
export function movePairs(entries: readonly MoveEntry[]): { no: number; moves: readonly MoveEntry[] }[] {
  const rows: { no: number; moves: MoveEntry[] }[] = [];
  for (const e of entries) {
    if (e.ply % 2 === 0) rows.push({ no: e.ply / 2 + 1, moves: [e] });
    else if (rows.length === 0) rows.push({ no: 1, moves: [e] });
    else rows[rows.length - 1].moves.push(e);
  }
  return rows;
}
