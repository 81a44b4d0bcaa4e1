/** Names and words the screens use for each game, end reason and series. */
import type { EndReason, GameId } from "../../../core/types.js";

export const FAMILIES = ["togyz", "ayo", "tsoro"] as const;
export type Family = (typeof FAMILIES)[number];

export const GAME_NAMES: { readonly [G in GameId]: string } = {
  togyz: "Togyz kumalak",
  ayo: "Ayo",
  "tsoro-classic": "Tsoro Classic",
  "tsoro-wta": "Tsoro Winner Takes All",
};

export const FAMILY_NAMES: { readonly [F in Family]: string } = {
  togyz: "Togyz kumalak",
  ayo: "Ayo",
  tsoro: "Tsoro",
};

export const FAMILY_BLURB: { readonly [F in Family]: string } = {
  togyz: "Nine stones in nine pits a side, 162 in all. Kazakh and Kyrgyz. Claim a tuzdyk.",
  ayo: "Twelve pits, four seeds each. Yoruba. Capture twos and threes, backwards.",
  tsoro: "Four rows of holes. Zimbabwe. Relay, capture across, or take everything.",
};

export function familyOf(game: GameId): Family {
  return game === "togyz" ? "togyz" : game === "ayo" ? "ayo" : "tsoro";
}

/** Togyz says stones, the others seeds. */
export function unitWord(game: GameId, n: number): string {
  const w = game === "togyz" ? "stone" : "seed";
  return n === 1 ? w : `${w}s`;
}

export const REASON_TEXT: { readonly [R in EndReason]: string } = {
  kazan: "A kazan reached 82 stones.",
  "kazan-draw": "Both kazans reached 81: a draw.",
  atsyz: "A player had no stones to move (atsyz); each side kept the stones on its own pits.",
  captures: "A player captured 25 seeds or more.",
  "few-seeds": "Fewer than 4 seeds were left on the board.",
  repetition: "The same position came up for the third time.",
  "no-seeds": "A player had no seeds left to move.",
  "no-capture": "50 moves passed without a capture; more seeds on the board wins.",
  "no-take": "80 moves passed without a take; more seeds wins.",
  "move-limit": "The game reached 400 moves; more seeds wins.",
  forfeit: "A player forfeited.",
  agreed: "The players agreed to end on the current score.",
  timeout: "A clock ran out.",
  abandoned: "A player left and did not come back in time.",
};
