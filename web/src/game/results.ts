/**
 * The words of a result: how the game ended, naming who resigned, forfeited, ran out of time or
 * left; the final score; the number of moves; and the series line. Local games, friend rooms and
 * ranked games all use these, each passing the names as its player sees them ("You", "Bola").
 */
import type { EndReason, GameId, Seat } from "../../../core/types.js";
import { countOf } from "./speech.js";

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
  switch (f.reason) {
    case "kazan":
      return `${winner === "You" ? "Your" : `${winner ?? "A player"}'s`} kazan passed 81 stones (82 or more wins).`;
    case "kazan-draw":
      return "Both kazans reached 81 stones: a draw.";
    case "atsyz":
      return `${stuck} had no stones to move (atsyz); each side kept the stones on its own pits.`;
    case "captures":
      return `${winner ?? "A player"} captured 25 seeds or more.`;
    case "few-seeds":
      return "Fewer than 4 seeds were left on the board.";
    case "repetition":
      return "The same position came up for the third time.";
    case "no-seeds":
      return `${stuck} had no seeds left to move.`;
    case "no-capture":
      return "50 moves passed without a capture; more seeds on the board wins.";
    case "no-take":
      return "80 moves passed without a take; more seeds wins.";
    case "move-limit":
      return "The game reached 400 moves; more seeds wins.";
    case "forfeit":
      return `${loser ?? "A player"} ${f.forfeitWord ?? "forfeited"}.`;
    case "agreed":
      return "Both players agreed to end on the current score.";
    case "timeout":
      return `${loser ?? "A player"} ran out of time.`;
    case "abandoned":
      return `${loser ?? "A player"} left and did not come back in time.`;
  }
}

/** "1 move", "42 moves". */
export function movesText(n: number): string {
  return `${n} move${n === 1 ? "" : "s"}`;
}

/** "Final score: You 82 stones, Computer 45 stones". */
export function finalScore(game: GameId, names: readonly [string, string], scores: readonly [number, number]): string {
  return `Final score: ${names[0]} ${countOf(game, scores[0])}, ${names[1]} ${countOf(game, scores[1])}`;
}

/** "Final score: … · 42 moves · Bola forfeited." as one line. */
export function resultFacts(
  f: EndFacts & { readonly scores: readonly [number, number]; readonly moves: number },
): string {
  return `${finalScore(f.game, f.names, f.scores)} · ${movesText(f.moves)} · ${endSentence(f)}`;
}
