/**
 * `#/player/<id>`: a player's public page: the name, the rating in each game (provisional marked),
 * won–lost–drawn, the rating history as a chart, and the recent games with opponent and result, each
 * opening the game's page, and a button to challenge them. Reached from the leaderboard's rows and the names at a watched table.
 */
import { createResource, createSignal, For, Show, type JSX } from "solid-js";
import type { PlayerGameRow } from "../../../core/archive/archive.js";
import { generatedName } from "../../../core/names.js";
import { GAMES, type GameId } from "../../../core/types.js";
import { Icon } from "../components/Icon.js";
import { GameTabs } from "../components/GameTabs.js";
import { t } from "../i18n/i18n.js";
import { formatRating } from "../i18n/numbers.js";
import { fetchPlayerGames, fetchRatings } from "../lib/archive.js";
import { fetchPlayer } from "../lib/leaderboard.js";
import { useRouter } from "../state/createRouter.js";
import { savedPlayerId } from "../state/createIdentity.js";
import { useServices } from "../state/services.js";
import { ChallengeButton } from "../components/ChallengeButton.js";
import { RatingChart } from "./player/RatingChart.js";
import "../online.css";

const OUTCOME_KEYS = {
  win: "player.win",
  loss: "player.loss",
  draw: "player.draw",
  aborted: "player.aborted",
} as const;

export function PlayerScreen(props: { id: string }): JSX.Element {
  const [, router] = useRouter();
  const me = savedPlayerId(useServices().storage);
  const [player] = createResource(() => props.id, fetchPlayer);
  const played = (): GameId[] => {
    const p = player();
    return p?.ok === true ? GAMES.filter((g) => p.value.games[g] !== undefined) : [];
  };
  const [chosen, setChosen] = createSignal<GameId | null>(null);
  const game = (): GameId => chosen() ?? played()[0] ?? "togyz";
  const [ratings] = createResource(
    () => ({ id: props.id, game: game() }),
    async (k) => {
      const r = await fetchRatings(k.id, k.game);
      return r.ok ? r.value.points : [];
    },
  );
  const [rows, setRows] = createSignal<PlayerGameRow[]>([]);
  const [next, setNext] = createSignal<string | null>(null);
  let asked = 0;
  const load = async (g: GameId, cursor: string | null): Promise<void> => {
    const ask = ++asked;
    const r = await fetchPlayerGames(props.id, g, cursor);
    if (ask !== asked || !r.ok) return;
    setRows((old) => (cursor === null ? [...r.value.games] : [...old, ...r.value.games]));
    setNext(r.value.next);
  };
  const choose = (g: GameId): void => {
    setChosen(g);
    setRows([]);
    setNext(null);
    void load(g, null);
  };
  // The first game's list once the record says which games the player has played.
  createResource(
    () => (player() === undefined ? null : game()),
    (g) => load(g, null),
  );
  const stats = () => {
    const p = player();
    return p?.ok === true ? (p.value.games[game()] ?? null) : null;
  };
  return (
    <section class="screen page player-page" aria-labelledby="player-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="player-title" data-testid="player-name">
          {(() => {
            const p = player();
            return p?.ok === true ? (p.value.name ?? generatedName(props.id)) : t("screen.player");
          })()}
        </h1>
      </header>
      <Show when={player()?.ok === false}>
        <p class="error" role="alert">
          {t("player.error", { error: t((player() as { ok: false; key: Parameters<typeof t>[0] }).key) })}
        </p>
      </Show>
      <GameTabs selected={game()} onSelect={choose} />
      <div class="card" data-testid="player-stats">
        <Show when={stats()} fallback={<p class="note">{t("player.noGames")}</p>}>
          {(s) => (
            <>
              <p data-testid="player-rating">
                {t("player.rating", { rating: formatRating(s().rating, false) })}
                <Show when={s().provisional}>
                  <abbr title={t("lb.provTitle")} class="prov">
                    ?
                  </abbr>
                </Show>
              </p>
              <p data-testid="player-wld">
                {t("player.wld", { wins: s().wins, losses: s().losses, draws: s().draws })}
              </p>
            </>
          )}
        </Show>
        <div class="player-actions" data-testid="player-actions">
          <Show when={props.id !== me}>
            <ChallengeButton playerId={props.id} class="btn primary" />
          </Show>
          <button type="button" class="btn" onClick={() => router.go("leaderboard", game())}>
            {t("screen.leaderboard")}
          </button>
        </div>
      </div>
      <div class="card">
        <h2>{t("player.history")}</h2>
        <RatingChart points={ratings() ?? []} />
      </div>
      <div class="card">
        <h2>{t("player.recent")}</h2>
        <ul class="player-games" data-testid="player-games">
          <For each={rows()} fallback={<li class="note">{t("player.noGames")}</li>}>
            {(row) => (
              <li data-testid="player-game" data-game={row.id} data-outcome={row.outcome}>
                <button type="button" class="link" onClick={() => router.go("game", row.id)}>
                  {t(OUTCOME_KEYS[row.outcome])}
                </button>{" "}
                <span>
                  {t("player.vs", { name: row.opponent.name, rating: formatRating(row.opponent.rating, false) })}
                </span>
              </li>
            )}
          </For>
        </ul>
        <Show when={next() !== null}>
          <button type="button" class="btn" onClick={() => void load(game(), next())}>
            {t("lb.more")}
          </button>
        </Show>
      </div>
    </section>
  );
}
