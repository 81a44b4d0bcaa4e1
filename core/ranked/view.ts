/**
 * What a player sees of a ranked match, from the server's view of it: each clock at a moment
 * (the running one charged since the view was read, exactly as the server charges it), whose flag
 * has fallen, and the result in words (who resigned, ran out of time or left) with the rating
 * change. The client shows clocks and results from these, so they say what the server decided.
 */
import { chargeClock } from "./clock.js";
import type { MatchView, RatingChange } from "../protocol/ranked.js";
import type { EndReason, Seat } from "../types.js";

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

export interface EndSummary {
  /** "You won!", "Tendai won", "Draw", "Game aborted". */
  readonly title: string;
  /** How it ended, naming who resigned, ran out of time or left; null for the rules' own endings. */
  readonly how: string | null;
  readonly reason: EndReason | null;
}

/** The result of an ended match in words, for the player on `seat`. */
export function endSummary(view: Pick<MatchView, "seats" | "status" | "result">, seat: Seat): EndSummary {
  const name = (s: Seat): string => (s === seat ? "You" : view.seats[s].name);
  const res = view.result;
  if (res === null) {
    return {
      title: view.status === "aborted" ? "Game aborted" : "Game over",
      how: view.status === "aborted" ? "Ended before both players had moved, so it is not rated." : null,
      reason: null,
    };
  }
  const title = res.winner === null ? "Draw" : res.winner === seat ? "You won!" : `${view.seats[res.winner].name} won`;
  if (res.winner === null)
    return {
      title,
      how: res.reason === "agreed" ? "You agreed to end on the current score." : null,
      reason: res.reason,
    };
  const loser: Seat = res.winner === 0 ? 1 : 0;
  const mine = loser === seat;
  switch (res.reason) {
    case "forfeit":
      return { title, how: `${name(loser)} resigned.`, reason: res.reason };
    case "timeout":
      return { title, how: mine ? "Your clock ran out." : `${name(loser)}'s clock ran out.`, reason: res.reason };
    case "abandoned":
      return { title, how: `${name(loser)} left and did not come back in time.`, reason: res.reason };
    case "agreed":
      return { title, how: "You agreed to end on the current score; more captured seeds wins.", reason: res.reason };
    default:
      return { title, how: null, reason: res.reason };
  }
}

/** "Rating 1500 → 1512 (+12)": rounded the way the ratings are shown. */
export function ratingChangeText(c: Pick<RatingChange, "before" | "after">): string {
  const before = Math.round(c.before);
  const after = Math.round(c.after);
  const d = after - before;
  return `Rating ${before} → ${after} (${d >= 0 ? "+" : "−"}${Math.abs(d)})`;
}
