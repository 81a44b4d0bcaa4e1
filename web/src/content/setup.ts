/** A friend room's setup in words: the game, its board and the series. */
import type { Settings } from "../../../core/online/friend/game.js";
import { t } from "../i18n/i18n.js";
import { GAME_NAMES } from "./games.js";

/** The board a room plays on: "9 pits a side, 9 stones each", "8 × 2 holes, 2 seeds each", and the series. */
export function describeSetup(setup: Settings | null): string {
  if (setup === null) return "";
  const o = setup.options;
  const board =
    setup.game === "togyz"
      ? t("setup.togyzBoard")
      : setup.game === "ayo"
        ? t("setup.ayoBoard")
        : t("setup.tsoroBoard", { holes: Number(o.holes), seeds: Number(o.seeds) });
  return t("setup.line", {
    game: GAME_NAMES[setup.game],
    board,
    series: setup.bestOf > 1 ? t("setup.bestOf", { n: setup.bestOf }) : t("setup.single"),
  });
}
