/**
 * Weights of the learned evaluation (features.ts), written by `npm run -s tune`; see
 * docs/engine.md. A rule set without an entry is played with the hand-written evaluation.
 */

/** Weights of one rule set's features, named as `features.ts` names them (a check that they match). */
export interface LearnedWeights {
  readonly names: readonly string[];
  readonly weights: readonly number[];
}

export interface TunedEntry extends LearnedWeights {
  /** How the weights were made: the command, the data and the fit. */
  readonly tuned: string;
}

export const LEARNED_WEIGHTS: { readonly [game: string]: TunedEntry } = {
  ayo: {
    tuned:
      "npm run -s tune -- --game ayo --games 400: 400 self-play games, 30409 positions; held-out log-loss 0.547 (hand-written evaluation 0.5534)",
    names: [
      "material",
      "seeds on own side",
      "pits of 1 or 2 on own side",
      "empty pits on own side",
      "mover's best capture",
      "opponent's best capture",
      "seeds on own side × (captured/48)²",
      "side to move",
    ],
    weights: [100, 11.03, 24.22, -76.42, 91.22, -48.28, -36.92, -32.45],
  },
  togyz: {
    tuned:
      "npm run -s tune -- --game togyz --games 1200 --seed 7 --data .data/tune-togyz-g2.jsonl --dry (fitted again with --reuse): 1200 self-play games, 120035 positions; held-out log-loss 0.4877 (hand-written evaluation 0.5928)",
    names: [
      "material",
      "tuzdyk on pit 1 × board/162",
      "tuzdyk on pit 2 × board/162",
      "tuzdyk on pit 3 × board/162",
      "tuzdyk on pit 4 × board/162",
      "tuzdyk on pit 5 × board/162",
      "tuzdyk on pit 6 × board/162",
      "tuzdyk on pit 7 × board/162",
      "tuzdyk on pit 8 × board/162",
      "stones on own side",
      "stones on own side × (captured/162)²",
      "twos the other side can make a tuzdyk of (theirs − mine)",
      "mover's best capture (seeds, tuzdyk counted at its worth)",
      "opponent's best capture",
      "non-empty pits",
      "pits of 18 or more",
      "pits of 1 or 2 on the own side",
      "side to move",
    ],
    weights: [
      100, 2406.83, 5009.39, 4941.32, 5466.9, 2235.59, 1063.37, 1770.71, 353.77, -52.78, 144.55, -335, 103.41, -27.31,
      782.18, 580.32, -44.34, -74.31,
    ],
  },
  "tsoro-classic": {
    tuned:
      "npm run -s tune -- --game tsoro-classic --games 400: 400 self-play games, 31651 positions; held-out log-loss 0.1003 (hand-written evaluation 0.1143)",
    names: [
      "material",
      "seeds on own side",
      "seeds on own side × moves without capture/50",
      "seeds exposed on own top row",
      "mover's best direct capture",
      "opponent's best direct capture",
      "non-empty holes",
      "side to move",
    ],
    weights: [100, 100, 1453.59, -29.55, 162.14, -45.07, 98.58, 45.8],
  },
  "tsoro-wta": {
    tuned:
      "npm run -s tune -- --game tsoro-wta --games 400: 400 self-play games, 32987 positions; held-out log-loss 0.4057 (hand-written evaluation 0.4088)",
    names: [
      "material (seeds on own side)",
      "non-empty holes",
      "seeds exposed on own top row",
      "mover's best direct take",
      "opponent's best direct take",
      "seeds on own side × moves without take/80",
      "seeds on own side × moves/400",
      "side to move",
    ],
    weights: [50, 30.04, -10.37, 69.99, -25.07, 159.89, -0.49, 85.64],
  },
};
