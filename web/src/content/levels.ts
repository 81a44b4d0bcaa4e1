/**
 * What each computer level does, in words, for the rules pages and the new-game screen. The numbers
 * and knowledge come from `LEVEL_FACTS`, which levels.test.ts holds equal to core/ai/levels.ts's
 * `LEVEL_SPECS` (the page's bundle does not load the AI, so the facts are kept here and tested there).
 */
import type { Level as LevelId } from "../../../core/ai/levels.js";
import type { Family } from "./families.js";
import { fill } from "./text.js";

export interface LevelFacts {
  /** Chance of a random legal move instead of the level's own choice. */
  readonly randomRate: number;
  /** Moves (plies) looked ahead; 1 = the biggest capture right now; null = as deep as time allows. */
  readonly depth: number | null;
  /** What it counts: the seeds won only, the game's hand-written knowledge, or the learned evaluation. */
  readonly knowledge: "material" | "full" | "learned";
  /** Solves the ending exactly once few seeds are left (where the rule set has such an ending). */
  readonly solvesEnding: boolean;
}

export const LEVEL_FACTS: { readonly [L in LevelId]: LevelFacts } = {
  easy: { randomRate: 1 / 3, depth: 1, knowledge: "material", solvesEnding: false },
  normal: { randomRate: 0.15, depth: 3, knowledge: "material", solvesEnding: false },
  hard: { randomRate: 0, depth: 7, knowledge: "full", solvesEnding: false },
  crazy: { randomRate: 0, depth: null, knowledge: "learned", solvesEnding: true },
};

/** Where a rule set's ending is solved exactly by Crazy (core/ai `fewSeedsLeft`). */
export const ENDING_SOLVED: { readonly [F in Family]: boolean } = { togyz: true, ayo: false, tsoro: true };

const NUMBER_WORDS: Readonly<Record<number, string>> = {
  2: "two",
  3: "three",
  4: "four",
  5: "five",
  6: "six",
  7: "seven",
  8: "eight",
  9: "nine",
  10: "ten",
};

/**
 * One sentence per level and game. Places: `{depth}` (moves looked ahead), `{oneIn}` (a random move
 * about one move in this many).
 */
export const LEVEL_TEXT: { readonly [F in Family]: { readonly [L in LevelId]: string } } = {
  togyz: {
    easy: "Easy plays a random pit about one move in {oneIn}; otherwise it takes the biggest capture it can see right now.",
    normal:
      "Normal looks {depth} moves ahead, counting only the stones won, and plays at random about one move in {oneIn}.",
    hard: "Hard looks {depth} moves ahead and knows what a tuzdyk is worth.",
    crazy:
      "Crazy searches as deep as it can in the time it has, values tuzdyks and the stones on each side, and near the end of a game sees it through to the finish. To beat it, win the fight for the tuzdyks and build your lead in the middle game.",
  },
  ayo: {
    easy: "Easy plays a random pit about one move in {oneIn}; otherwise it takes the biggest capture it can see right now.",
    normal:
      "Normal looks {depth} moves ahead, counting only the seeds captured, and plays at random about one move in {oneIn}.",
    hard: "Hard looks {depth} moves ahead and weighs the pits holding 1 or 2 that each side leaves as targets, and each side's best capture.",
    crazy:
      "Crazy searches as deep as it can in the time it has, judging each position by what it learned from games against itself.",
  },
  tsoro: {
    easy: "Easy plays a random hole about one move in {oneIn}; otherwise it takes the biggest capture it can see right now.",
    normal:
      "Normal looks {depth} moves ahead, counting only the seeds won, and plays at random about one move in {oneIn}.",
    hard: "Hard looks {depth} moves ahead and weighs each side's exposed top row and the seeds it could capture next.",
    crazy:
      "Crazy searches as deep as it can in the time it has, judging each position by what it learned from games against itself, and near the end of a game sees it through to the finish.",
  },
};

export function levelText(family: Family, level: LevelId): string {
  const f = LEVEL_FACTS[level];
  return fill(LEVEL_TEXT[family][level], {
    depth: f.depth === null ? "" : (NUMBER_WORDS[f.depth] ?? String(f.depth)),
    oneIn: f.randomRate > 0 ? (NUMBER_WORDS[Math.round(1 / f.randomRate)] ?? String(Math.round(1 / f.randomRate))) : "",
  });
}
