/**
 * Weights of the learned evaluation (features.ts), written by `npm run -s tune`; see the README's
 * tools section. A rule set without an entry is played with the hand-written evaluation.
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
  "ayo": {
    tuned: "npm run -s tune -- --game ayo --games 400: 400 self-play games, 30409 positions; held-out log-loss 0.547 (hand-written evaluation 0.5534)",
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
  "togyz": {
    tuned: "npm run -s tune -- --game togyz --games 400 --dry (fitted again with --reuse): 400 self-play games, 51501 positions; held-out log-loss 0.5271 (hand-written evaluation 0.5733)",
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
      "stones in pit 1, own − opponent's",
      "stones in pit 2, own − opponent's",
      "stones in pit 3, own − opponent's",
      "stones in pit 4, own − opponent's",
      "stones in pit 5, own − opponent's",
      "stones in pit 6, own − opponent's",
      "stones in pit 7, own − opponent's",
      "stones in pit 8, own − opponent's",
    ],
    weights: [100, 6222.94, 6610.09, 2602.08, 1888.78, 3129.32, 4087.23, 2584.18, 1638.26, -80.09, 122.67, -138.87, 107.16, -31.67, 620.35, 362.36, -182.9, -83.1, 41.17, 71.4, 63.53, 67.23, 47.75, 55.15, 22.35, 59.01],
  },
  "tsoro-classic": {
    tuned: "npm run -s tune -- --game tsoro-classic --games 400: 400 self-play games, 31651 positions; held-out log-loss 0.1003 (hand-written evaluation 0.1143)",
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
    tuned: "npm run -s tune -- --game tsoro-wta --games 400: 400 self-play games, 32987 positions; held-out log-loss 0.4057 (hand-written evaluation 0.4088)",
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
