/** Names and words the screens use for each game, end reason and series. */
import type { EndReason, GameId } from "../../../core/types.js";
import { t } from "../i18n/i18n.js";

import { FAMILIES, type Family } from "./families.js";

export { FAMILIES, type Family };

/** Each name is read in the interface's language when used (getters over the catalogue). */
export const GAME_NAMES: { readonly [G in GameId]: string } = {
  get togyz() {
    return t("game.togyz");
  },
  get ayo() {
    return t("game.ayo");
  },
  get "tsoro-classic"() {
    return t("game.tsoroClassic");
  },
  get "tsoro-wta"() {
    return t("game.tsoroWta");
  },
};

export const FAMILY_NAMES: { readonly [F in Family]: string } = {
  get togyz() {
    return t("game.togyz");
  },
  get ayo() {
    return t("game.ayo");
  },
  get tsoro() {
    return t("family.tsoro");
  },
};

export const FAMILY_BLURB: { readonly [F in Family]: string } = {
  get togyz() {
    return t("family.togyzBlurb");
  },
  get ayo() {
    return t("family.ayoBlurb");
  },
  get tsoro() {
    return t("family.tsoroBlurb");
  },
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
