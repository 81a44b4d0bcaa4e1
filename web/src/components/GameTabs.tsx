/** The row of game tabs above a per-game page (leaderboard, player page, TV, live games). */
import { For, type JSX } from "solid-js";
import { GAMES, type GameId } from "../../../core/types.js";
import { GAME_NAMES } from "../content/games.js";
import { t } from "../i18n/i18n.js";

export function GameTabs(props: { readonly selected: GameId; readonly onSelect: (g: GameId) => void }): JSX.Element {
  return (
    <div class="tabs" role="tablist" aria-label={t("new.gameGroup")}>
      <For each={GAMES}>
        {(g) => (
          <button
            type="button"
            role="tab"
            class="tab"
            aria-selected={props.selected === g}
            onClick={() => props.onSelect(g)}
          >
            {GAME_NAMES[g]}
          </button>
        )}
      </For>
    </div>
  );
}
