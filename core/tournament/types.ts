/**
 * The records of a tournament that its pure rules read: entrants, and the games of each round.
 * "First" is the player on engine seat 0, who moves first: the mancala "colour" of the Swiss rules
 * (FIDE's white). Points are counted in half points internally, so every sum is an integer.
 */

export interface Entrant {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
}

/** The result of a board from its first player's side; `null` while it is being played. */
export type BoardResult = "first" | "second" | "draw";

/** One board of a Swiss round, or its bye (`second: null`: the pairing-allocated bye). */
export interface Board {
  readonly round: number;
  readonly board: number;
  readonly first: string;
  readonly second: string | null;
  readonly result: BoardResult | null;
  /** Won by forfeit (the loser did not play): counts in points, not as a game played. */
  readonly forfeit?: boolean;
}

/** Points a bye gives, in half points (2 = a win). */
export const DEFAULT_BYE_HALVES = 2;

/**
 * The pairing order: rating (higher first), then name, then id. A player's pairing number is the
 * position in this order, from 1.
 */
export function pairingOrder(entrants: readonly Entrant[]): Entrant[] {
  return [...entrants].sort(
    (a, b) => b.rating - a.rating || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1),
  );
}

/** Half points a board gave `id` (0 if `id` is not on it or it is still being played). */
export function halvesOf(b: Board, id: string, byeHalves: number): number {
  if (b.second === null) return b.first === id ? byeHalves : 0;
  if (b.result === null) return 0;
  if (b.result === "draw") return b.first === id || b.second === id ? 1 : 0;
  const winner = b.result === "first" ? b.first : b.second;
  return winner === id ? 2 : 0;
}

/** The opponent of `id` on a board, or null for a bye or a board without `id`. */
export function opponentOf(b: Board, id: string): string | null {
  if (b.first === id) return b.second;
  if (b.second === id) return b.first;
  return null;
}
