/**
 * What screen readers hear on a board: pit and store labels ("Your pit 4, 12 stones",
 * "Computer's kazan, 30 stones") and one sentence per move ("You sowed from pit 4 and captured
 * 12 stones."). Plain functions of names and numbers, so the wording is tested without a DOM; the
 * sentences are the catalogue's (web/src/i18n), in the interface's language.
 */
import type { TraceEvent } from "../../../core/games/index.js";
import type { GameId, Seat } from "../../../core/types.js";
import { t } from "../i18n/i18n.js";

const isTsoro = (game: GameId): boolean => game === "tsoro-classic" || game === "tsoro-wta";

/**
 * Who a name is to the catalogue: the reader themself ("You"), the computer, or another player. A
 * message that puts a name inside a sentence selects on it, so each language writes "you" and "the
 * computer" in its own form there (a select without a `computer` case reads it as `other`).
 */
export function whoOf(name: string): "you" | "computer" | "other" {
  if (name === t("common.you")) return "you";
  return name === t("common.computer") || name === t("common.theComputer") ? "computer" : "other";
}

/** "1 stone", "12 stones" (Togyz); seeds for the other games. */
export function countOf(game: GameId, n: number): string {
  return game === "togyz" ? t("count.stones", { n }) : t("count.seeds", { n });
}

/** The word countOf puts after the number: "stone", "seeds". */
export function unitOf(game: GameId, n: number): string {
  return game === "togyz" ? t("count.stonesUnit", { n }) : t("count.seedsUnit", { n });
}

const kindOf = (game: GameId): "hole" | "pit" => (isTsoro(game) ? "hole" : "pit");

/** "Your pit 4", "Bola's hole 3 (top row)". */
function pitName(game: GameId, owner: string, label: number, top: boolean): string {
  const v = { who: whoOf(owner), name: owner, kind: kindOf(game), n: label };
  if (!isTsoro(game)) return t("speech.pit", v);
  return top ? t("speech.pitTop", v) : t("speech.pitBottom", v);
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
  return [pitName(game, owner, label, top), countOf(game, count), ...extra].join(", ");
}

export function storeSpeech(game: GameId, owner: string, count: number): string {
  const store = t("speech.store", { who: whoOf(owner), name: owner, kind: game === "togyz" ? "kazan" : "store" });
  return `${store}, ${countOf(game, count)}`;
}

/** "Your tuzdyk", "Bola's tuzdyk". */
export function tuzdykSpeech(owner: string): string {
  return t("speech.tuzdyk", { who: whoOf(owner), name: owner });
}

/** "last stone lands in Bola's pit 3". */
export function landsSpeech(game: GameId, owner: string, label: number): string {
  return t("speech.lands", {
    unit: game === "togyz" ? "stone" : "seed",
    who: whoOf(owner),
    name: owner,
    kind: kindOf(game),
    n: label,
  });
}

/** The number a move is shown as: togyz 1..9 and ayo 1..12 as given, tsoro hole index + 1. */
function moveNumber(game: GameId, move: number): number {
  return isTsoro(game) ? move + 1 : move;
}

/** One sentence for a move just played by `name` (engine seat `seat`). */
export function describeMove(
  game: GameId,
  name: string,
  seat: Seat,
  move: number,
  trace: readonly TraceEvent[],
): string {
  const who = whoOf(name);
  if (trace.some((e) => e.t === "pass")) return t("speech.passed", { who, name });
  let captured = 0;
  let taken = 0;
  let tuzdyk = false;
  for (const e of trace) {
    if (e.t === "capture" && e.seat === seat) captured += e.count;
    if (e.t === "take") taken += e.count;
    if (e.t === "tuzdyk" && e.seat === seat) tuzdyk = true;
  }
  const more: string[] = [];
  if (captured > 0) more.push(t("speech.captured", { count: countOf(game, captured) }));
  if (taken > 0) more.push(t("speech.took", { count: countOf(game, taken) }));
  if (tuzdyk) more.push(t("speech.madeTuzdyk"));
  const v = { who, name, kind: kindOf(game), n: moveNumber(game, move) };
  if (more.length === 0) return t("speech.sowed", v);
  if (more.length === 1) return t("speech.sowedAnd", { ...v, more: more[0] });
  return t("speech.sowedComma", { ...v, middle: more.slice(0, -1).join(", "), last: more[more.length - 1] });
}
