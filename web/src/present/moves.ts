/** Small reads of the engine that the board needs: legal pits, a pit's move and the preview landing. */
import { legalMoves, play, toMove, type State, type TraceEvent } from "../../../core/games/index.js";

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
