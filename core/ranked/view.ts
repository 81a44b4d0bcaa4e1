/**
 * What a player sees of a ranked match's clocks, from the server's view of it: each clock at a
 * moment (the running one charged since the view was read, exactly as the server charges it) and
 * whose flag has fallen. The client shows its clocks from these, so they say what the server decided.
 * The result in words is the client's, in the player's language (web/src/present/results.ts).
 */
import { chargeClock } from "./clock.js";
import type { MatchView } from "../protocol/ranked.js";
import type { Seat } from "../types.js";

/** Milliseconds left on `seat`'s clock `elapsedMs` after the view was read. */
export function clockOf(view: Pick<MatchView, "clocks" | "status" | "toMove">, seat: Seat, elapsedMs: number): number {
  const base = view.clocks[seat];
  if (view.status !== "active" || view.toMove !== seat) return base;
  return chargeClock(base, elapsedMs);
}

/** The seat whose clock has run out `elapsedMs` after the view was read, or null. */
export function flagFallen(view: Pick<MatchView, "clocks" | "status" | "toMove">, elapsedMs: number): Seat | null {
  return view.status === "active" && clockOf(view, view.toMove, elapsedMs) === 0 ? view.toMove : null;
}
