/**
 * Weights of the learned evaluation (features.ts), written by `npm run -s tune`; see the README's
 * tools section. A rule set without an entry is played with the hand-written evaluation.
 */
import type { LearnedWeights } from "./features.js";

export interface TunedEntry extends LearnedWeights {
  /** How the weights were made: the command, the data and the fit. */
  readonly tuned: string;
}

export const LEARNED_WEIGHTS: { readonly [game: string]: TunedEntry } = {
  "togyz": {
    tuned: "npm run -s tune -- --game togyz --games 400 --reuse: 400 self-play games, 51501 positions; held-out log-loss 0.5379 (hand-written evaluation 0.5733)",
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
    weights: [100, 6688.17, 7177.42, 3002.29, 2197.12, 3280.61, 4428.65, 2387.65, 1961.47, -34.45, 108.01, -112.68, 109.14, -28.55, 627.42, 371.68, -182.13, -82.67],
  },
};
