/**
 * The leaderboard of each game, a page at a time: players with an established rating best first,
 * then, below them, players whose rating is still provisional (fewer games, RD ≥ 110), marked "?"
 * and not ranked. The player's own row is highlighted, and their own rating shows above the table.
 */
import { createResource, createSignal, For, Show, type JSX } from "solid-js";
import type { LeaderboardRow } from "../../../core/protocol/ranked.js";
import { GAMES, type GameId } from "../../../core/types.js";
import { Icon } from "../components/Icon.js";
import { GameTabs } from "../components/GameTabs.js";
import { fetchLeaderboard, fetchPlayer } from "../lib/leaderboard.js";
import { savedPlayerId } from "../state/createIdentity.js";
import { ChallengeButton } from "../components/ChallengeButton.js";
import { useRouter } from "../state/createRouter.js";
import { useServices } from "../state/services.js";
import type { MessageKey } from "../i18n/en.js";
import "../online.css";
import { formatNumber, formatRating } from "../i18n/numbers.js";
import { t, tParts } from "../i18n/i18n.js";

export const PAGE_SIZE = 20;

export function LeaderboardScreen(props: { game: string | null }): JSX.Element {
  const [, router] = useRouter();
  const services = useServices();
  const me = savedPlayerId(services.storage);
  const initial = (GAMES as readonly string[]).includes(props.game ?? "") ? (props.game as GameId) : "togyz";
  const [game, setGame] = createSignal<GameId>(initial);
  const [rows, setRows] = createSignal<LeaderboardRow[]>([]);
  const [next, setNext] = createSignal<string | null>(null);
  const [error, setError] = createSignal<MessageKey | null>(null);
  const [loading, setLoading] = createSignal(false);
  let asked = 0;

  const load = async (g: GameId, cursor: string | null): Promise<void> => {
    const ask = ++asked;
    setLoading(true);
    const r = await fetchLeaderboard(g, cursor, PAGE_SIZE, true);
    if (ask !== asked) return;
    setLoading(false);
    if (!r.ok) {
      setError(r.key);
      return;
    }
    setError(null);
    setRows((old) => (cursor === null ? [...r.value.rows] : [...old, ...r.value.rows]));
    setNext(r.value.next);
  };
  const choose = (g: GameId): void => {
    setGame(g);
    setRows([]);
    setNext(null);
    void load(g, null);
  };
  void load(initial, null);

  const [mine] = createResource(
    () => (me === null ? null : { id: me, game: game() }),
    async (k) => {
      const r = await fetchPlayer(k.id);
      return r.ok ? (r.value.games[k.game] ?? null) : null;
    },
  );

  return (
    <section class="screen page leaderboard" aria-labelledby="lb-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="lb-title">{t("screen.leaderboard")}</h1>
        <button type="button" class="btn" data-testid="lb-tv" onClick={() => router.go("tv", game())}>
          {t("screen.tv")}
        </button>
        <button type="button" class="btn" data-testid="lb-live" onClick={() => router.go("live", game())}>
          {t("screen.live")}
        </button>
      </header>
      <GameTabs selected={game()} onSelect={choose} />
      <Show when={mine()}>
        {(m) => (
          <p class="card note" data-testid="my-standing">
            {tParts<JSX.Element>(
              "lb.mine",
              {
                rating: formatRating(m().rating, m().provisional),
                games: m().games,
                provisional: m().provisional ? "yes" : "no",
              },
              { b: (chunks) => <strong>{chunks}</strong> },
            )}
          </p>
        )}
      </Show>
      <Show when={error()}>
        {(e) => (
          <p class="error" role="alert">
            {t("lb.error", { error: t(e()) })}{" "}
            <button type="button" class="link" onClick={() => void load(game(), null)}>
              {t("common.tryAgain")}
            </button>
          </p>
        )}
      </Show>
      <div class="card">
        <table class="lb-table" data-testid="leaderboard">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("lb.player")}</th>
              <th scope="col">{t("lb.rating")}</th>
              <th scope="col">{t("lb.games")}</th>
              <th scope="col">{t("lb.wld")}</th>
            </tr>
          </thead>
          <tbody>
            <For
              each={rows()}
              fallback={
                <tr>
                  <td colspan="5" class="note">
                    {loading() ? t("app.loading") : t("lb.none")}
                  </td>
                </tr>
              }
            >
              {(row, i) => (
                <>
                  <Show when={row.provisional && (i() === 0 || !rows()[i() - 1].provisional)}>
                    <tr data-testid="lb-provisional-head">
                      <th colspan="5" scope="rowgroup" class="note">
                        {t("lb.provisionalHead")}
                      </th>
                    </tr>
                  </Show>
                  <tr
                    classList={{ me: row.playerId === me, provisional: row.provisional }}
                    aria-current={row.playerId === me ? "true" : undefined}
                    data-testid="lb-row"
                    data-player={row.playerId}
                    data-provisional={row.provisional ? "true" : "false"}
                  >
                    <td>{row.provisional ? "–" : formatNumber(row.rank)}</td>
                    <td class="lb-name">
                      <button type="button" class="link" onClick={() => router.go("player", row.playerId)}>
                        {row.playerId === me ? t("lb.you", { name: row.name }) : row.name}
                      </button>
                      <Show when={row.playerId !== me}>
                        {" "}
                        <ChallengeButton playerId={row.playerId} class="link lb-challenge" />
                      </Show>
                    </td>
                    <td data-testid="lb-rating">
                      {formatRating(row.rating, false)}
                      <Show when={row.provisional}>
                        <abbr title={t("lb.provTitle")} class="prov">
                          ?
                        </abbr>
                      </Show>
                    </td>
                    <td>{formatNumber(row.games)}</td>
                    <td>
                      {row.wins}–{row.losses}–{row.draws}
                    </td>
                  </tr>
                </>
              )}
            </For>
          </tbody>
        </table>
        <Show when={next() !== null}>
          <button type="button" class="btn" onClick={() => void load(game(), next())} disabled={loading()}>
            {t("lb.more")}
          </button>
        </Show>
        <p class="note" data-testid="lb-note">
          {t("lb.note")}
        </p>
      </div>
    </section>
  );
}
