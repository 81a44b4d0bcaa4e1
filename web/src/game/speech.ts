/**
 * What screen readers hear on a board: pit and store labels ("Your pit 4, 12 stones",
 * "Computer's kazan, 30 stones") and one sentence per move ("You sowed from pit 4 and captured
 * 12 stones."). Plain functions of names and numbers, so the wording is tested without a DOM.
 */
import type { TraceEvent } from "../../../core/games/index.js";
import type { GameId, Seat } from "../../../core/types.js";

/** "You" → "Your", "Bola" → "Bola's", "Computer (Easy)" → "Computer (Easy)'s". */
export function possessive(name: string): string {
  return name === "You" ? "Your" : `${name}'s`;
}

/** "1 stone", "12 stones" (Togyz); seeds for the other games. */
export function countOf(game: GameId, n: number): string {
  const word = game === "togyz" ? "stone" : "seed";
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function pitWord(game: GameId): string {
  return game === "togyz" || game === "ayo" ? "pit" : "hole";
}

export function storeWord(game: GameId): string {
  return game === "togyz" ? "kazan" : "store";
}

/** A pit's label: owner, number, row (Tsoro), count, then what is special about it. */
export function pitSpeech(
  game: GameId,
  owner: string,
  label: number,
  top: boolean,
  count: number,
  extra: readonly string[] = [],
): string {
  const row = game === "tsoro-classic" || game === "tsoro-wta" ? (top ? " (top row)" : " (bottom row)") : "";
  return [`${possessive(owner)} ${pitWord(game)} ${label}${row}, ${countOf(game, count)}`, ...extra].join(", ");
}

export function storeSpeech(game: GameId, owner: string, count: number): string {
  return `${possessive(owner)} ${storeWord(game)}, ${countOf(game, count)}`;
}

/** The number a move is shown as: togyz 1..9 and ayo 1..12 as given, tsoro hole index + 1. */
export function moveNumber(game: GameId, move: number): number {
  return game === "tsoro-classic" || game === "tsoro-wta" ? move + 1 : move;
}

/** Joins clauses as "a", "a and b", "a, b and c". */
function clauses(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** One sentence for a move just played by `name` (engine seat `seat`). */
export function describeMove(
  game: GameId,
  name: string,
  seat: Seat,
  move: number,
  trace: readonly TraceEvent[],
): string {
  if (trace.some((e) => e.t === "pass")) return `${name} passed: no seeds to sow.`;
  let captured = 0;
  let taken = 0;
  let tuzdyk = false;
  for (const e of trace) {
    if (e.t === "capture" && e.seat === seat) captured += e.count;
    if (e.t === "take") taken += e.count;
    if (e.t === "tuzdyk" && e.seat === seat) tuzdyk = true;
  }
  const parts = [`sowed from ${pitWord(game)} ${moveNumber(game, move)}`];
  if (captured > 0) parts.push(`captured ${countOf(game, captured)}`);
  if (taken > 0) parts.push(`took ${countOf(game, taken)}`);
  if (tuzdyk) parts.push("made a tuzdyk");
  return `${name} ${clauses(parts)}.`;
}
