/** Names and words the screens use for each game, end reason and series. */
import type { GameId } from "../../../core/types.js";
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
