/** Small reads of the engine that the board needs: legal pits, the preview landing, the display copy. */
import { H_STORE0, H_TUZ0, legalMoves, play, toMove, type State, type TraceEvent } from "../../../core/games/index.js";
import type { Seat } from "../../../core/types.js";

/** What the board shows: pit counts, store counts and each seat's tuzdyk (board index or -1). */
export interface Display {
  board: number[];
  stores: [number, number];
  tuzdyk: [number, number];
}

export function makeDisplay(s: State): Display {
  const P = s.engine.pits;
  return {
    board: Array.from(s.buf.subarray(0, P)),
    stores: [s.buf[P + H_STORE0], s.buf[P + H_STORE0 + 1]],
    tuzdyk: s.engine.game === "togyz" ? [s.buf[P + H_TUZ0], s.buf[P + H_TUZ0 + 1]] : [-1, -1],
  };
}

/** Board indices of the pits the player to move may sow from (empty when the only move is a pass). */
export function legalPits(s: State): number[] {
  const seat = toMove(s);
  return legalMoves(s)
    .filter((m) => !(s.engine.game === "ayo" && m === 0))
    .map((m) => s.engine.moveToPit(seat, m));
}

export function moveOfPit(s: State, pit: number): number {
  return s.engine.pitToMove(toMove(s), pit);
}

export function pitOfMove(s: State, move: number): number | null {
  if (s.engine.game === "ayo" && move === 0) return null;
  return s.engine.moveToPit(toMove(s), move);
}

/** Where the last seed sown by a move lands (after every relay and chain), or null for a pass. */
export function lastLanding(trace: readonly TraceEvent[]): number | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i];
    if (e.t === "sow" || e.t === "tuzdyk-sow") return e.pit;
  }
  return null;
}

/** Plays the pit's move on a copy and reads where its last seed falls. */
export function previewLanding(s: State, pit: number): number | null {
  const r = play(s, moveOfPit(s, pit));
  if (!r.ok) return null;
  return lastLanding(r.value.trace);
}

/** Seeds each seat owns: its store plus (Tsoro) the seeds on its side. */
export function seedsOnSide(d: Display, seat: Seat): number {
  const half = d.board.length / 2;
  let n = 0;
  for (let i = seat * half; i < seat * half + half; i++) n += d.board[i];
  return n;
}
