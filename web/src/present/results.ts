/**
 * The words of a result: how the game ended, naming who resigned, forfeited, ran out of time or
 * left; the final score; the number of moves; and the series line. Local games, friend rooms and
 * ranked games all use these, each passing the names as its player sees them ("You", "Bola").
 */
import type { EndReason, GameId, Seat } from "../../../core/types.js";
import { t } from "../i18n/i18n.js";
import { countOf, whoOf } from "./speech.js";

export interface EndFacts {
  readonly game: GameId;
  readonly reason: EndReason;
  /** Names of engine seats 0 and 1 as the reader sees them ("You" for themselves). */
  readonly names: readonly [string, string];
  readonly winner: Seat | null;
  /** The player to move in the final position (the one with nothing to sow, for atsyz and no-seeds). */
  readonly toMove: Seat;
  /** Ranked games call a forfeit a resignation. */
  readonly forfeitWord?: "forfeited" | "resigned";
}

/** One sentence saying how the game ended, with the player it concerns named. */
export function endSentence(f: EndFacts): string {
  const winner = f.winner === null ? null : f.names[f.winner];
  const loser = f.winner === null ? null : f.names[(1 - f.winner) as Seat];
  const stuck = f.names[f.toMove];
  const about = (name: string | null): { who: string; name: string } =>
    name === null ? { who: "none", name: "" } : { who: whoOf(name), name };
  switch (f.reason) {
    case "kazan":
      return t("end.kazan", about(winner));
    case "kazan-draw":
      return t("end.kazanDraw");
    case "atsyz":
      return t("end.atsyz", about(stuck));
    case "captures":
      return t("end.captures", about(winner));
    case "few-seeds":
      return t("end.fewSeeds");
    case "repetition":
      return t("end.repetition");
    case "no-seeds":
      return t("end.noSeeds", about(stuck));
    case "no-capture":
      return t("end.noCapture");
    case "no-take":
      return t("end.noTake");
    case "move-limit":
      return t("end.moveLimit");
    case "forfeit":
      return t("end.forfeit", { ...about(loser), word: f.forfeitWord ?? "forfeited" });
    case "agreed":
      return t("end.agreed");
    case "timeout":
      return t("end.timeout", about(loser));
    case "abandoned":
      return t("end.abandoned", about(loser));
  }
}

/** "Bola won", "You won": the line over a finished board, the name in its sentence form. */
export function wonText(name: string): string {
  return t("play.won", { who: whoOf(name), name });
}

/** "You win the series, you 2–1 Bola" (`forfeit`: by forfeit); `names` and `score` as seriesScore takes them. */
export function seriesWonText(
  names: readonly [string, string],
  score: readonly [number, number],
  winner: string,
  forfeit: boolean,
): string {
  return t("result.seriesWon", {
    ...seriesValues(names, score),
    who: whoOf(winner),
    winner,
    forfeit: forfeit ? "yes" : "no",
  });
}

/** "Bola won.", "You won.": a replay's or a watched game's end, the name in its sentence form. */
export function replayWonText(name: string): string {
  return t("replay.won", { who: whoOf(name), name });
}

/** "1 move", "42 moves". */
export function movesText(n: number): string {
  return t("result.moves", { n });
}

/** "Final score: you 82 stones, the computer 45 stones" (the names in their in-sentence form). */
export function finalScore(game: GameId, names: readonly [string, string], scores: readonly [number, number]): string {
  return t("result.finalScore", {
    aWho: whoOf(names[0]),
    bWho: whoOf(names[1]),
    a: names[0],
    sa: countOf(game, scores[0]),
    b: names[1],
    sb: countOf(game, scores[1]),
  });
}

/**
 * A series' score line, "Series: you 2–1 Bola" or "Series drawn, …" (`drawn`), each name in its
 * in-sentence form; `names` and `score` from the reader's side or by seat, as the caller shows them.
 */
export function seriesScore(
  names: readonly [string, string],
  score: readonly [number, number],
  drawn: boolean,
): string {
  return t(drawn ? "result.seriesDrawn" : "result.series", seriesValues(names, score));
}

/** The values a series line's message takes: the names, their in-sentence forms and the score. */
export function seriesValues(
  names: readonly [string, string],
  score: readonly [number, number],
): { a: string; aWho: string; sa: number; sb: number; b: string; bWho: string } {
  return { a: names[0], aWho: whoOf(names[0]), sa: score[0], sb: score[1], b: names[1], bWho: whoOf(names[1]) };
}
