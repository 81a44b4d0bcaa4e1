/** One tournament: its state, the player's pairing and join/withdraw, the live standings with tiebreaks, the organiser's tools. */
import { For, Show, type JSX } from "solid-js";
import type { Tiebreak } from "../../../../core/tournament/standings.js";
import { GAME_NAMES } from "../../content/games.js";
import type { MessageKey } from "../../i18n/en.js";
import { t } from "../../i18n/i18n.js";
import { formatNumber, formatRating, formatWhen } from "../../i18n/numbers.js";
import { exportUrl } from "../../lib/tournaments.js";
import type { TournamentStore } from "../../state/createTournament.js";
import { useRouter } from "../../state/createRouter.js";

const TB_KEYS: { readonly [K in Tiebreak]: MessageKey } = {
  buchholz: "tour.tb.buchholz",
  buchholzCut1: "tour.tb.buchholzCut1",
  median: "tour.tb.median",
  sonnebornBerger: "tour.tb.sonnebornBerger",
  direct: "tour.tb.direct",
  wins: "tour.tb.wins",
};

/** Points and tiebreaks in halves at most: "2", "1.5" or "1,5" as the language writes it. */
const pts = (n: number): string => formatNumber(n, { maximumFractionDigits: 2 });

export function TournamentPage(props: { store: TournamentStore }): JSX.Element {
  const [s, act] = props.store;
  const [, router] = useRouter();
  const info = () => s.detail?.tournament ?? null;
  const kind = (): "swiss" | "arena" => s.live?.kind ?? info()?.kind ?? "swiss";
  const status = () => s.live?.status ?? info()?.status ?? "upcoming";
  const round = (): number => s.live?.round ?? info()?.round ?? 0;
  const tiebreaks = (): readonly Tiebreak[] => info()?.tiebreaks ?? [];
  const nameOf = (id: string | null): string =>
    id === null ? "" : (s.rows.find((r) => r.id === id)?.name ?? id.slice(0, 8));
  /** My board of the current round (from the pushed state, else the last pairing). */
  const board = () => s.live?.board ?? null;
  const openBoards = () =>
    (s.detail?.boards ?? []).filter((b) => b.round === round() && b.second !== null).sort((a, b) => a.board - b.board);
  const statusKey = (): MessageKey =>
    status() === "live" ? "tour.live" : status() === "upcoming" ? "tour.upcoming" : "tour.finished";

  return (
    <>
      <div class="card" data-testid="tour-info">
        <p>
          <strong data-testid="tour-status">{t(statusKey())}</strong>
          <Show when={info()}>
            {(x) => (
              <>
                {" · "}
                {GAME_NAMES[x().game]} · {t(x().kind === "swiss" ? "tour.swiss" : "tour.arena")} · {x().preset}
              </>
            )}
          </Show>
        </p>
        <p data-testid="tour-round">
          {kind() === "swiss" && (s.live?.rounds ?? info()?.rounds) !== null
            ? t("tour.roundOf", { round: round(), rounds: s.live?.rounds ?? info()?.rounds ?? 0 })
            : ""}{" "}
          {t("tour.players", { n: s.live?.players ?? info()?.players ?? 0 })}
        </p>
        <Show when={status() === "upcoming" && info()}>
          {(x) => <p class="note">{t("tour.starts", { at: formatWhen(x().startsAt) })}</p>}
        </Show>
        <Show when={s.created !== null && s.created.id === s.id && s.created.code}>
          {(c) => (
            <p class="banner" data-testid="tour-code-shown">
              {t("tour.code", { code: c() })}
            </p>
          )}
        </Show>
        <Show when={status() !== "finished"}>
          <Show
            when={act.joined()}
            fallback={
              <button
                type="button"
                class="btn primary"
                disabled={!s.connected}
                onClick={() => act.join()}
                data-testid="tour-join"
              >
                {t("tour.join")}
              </button>
            }
          >
            <button type="button" class="btn" onClick={() => act.leave()} data-testid="tour-leave">
              {t("tour.leave")}
            </button>
          </Show>
        </Show>
      </div>

      <Show when={act.joined() && status() === "live"}>
        <div class="card" data-testid="tour-pairing" role="status">
          <Show
            when={board()}
            fallback={<p>{s.paired !== null && s.paired.matchId !== null ? t("tour.starting") : t("tour.waiting")}</p>}
          >
            {(b) => (
              <>
                <p>
                  {b().second === null
                    ? t("tour.bye", { round: b().round })
                    : t("tour.pairing", {
                        round: b().round,
                        board: b().board,
                        name: nameOf(b().first === s.live?.me?.id ? b().second : b().first),
                        seat: b().first === s.live?.me?.id ? "first" : "second",
                      })}
                </p>
                <Show when={b().result === null && b().matchId !== null}>
                  <button
                    type="button"
                    class="btn primary"
                    onClick={() => router.go("ranked")}
                    data-testid="tour-to-game"
                  >
                    {t("tour.toGame")}
                  </button>
                </Show>
              </>
            )}
          </Show>
        </div>
      </Show>

      <div class="card">
        <h2>{t("tour.standings")}</h2>
        <div class="table-scroll">
          <table class="lb-table tour-table" data-testid="tour-standings">
            <thead>
              <tr>
                <th scope="col">{t("tour.colRank")}</th>
                <th scope="col">{t("tour.colName")}</th>
                <th scope="col">{t("tour.colRating")}</th>
                <th scope="col">{t("tour.colPoints")}</th>
                <Show
                  when={kind() === "swiss"}
                  fallback={
                    <>
                      <th scope="col">{t("tour.colGames")}</th>
                      <th scope="col">{t("tour.colPerformance")}</th>
                    </>
                  }
                >
                  <For each={tiebreaks()}>{(k) => <th scope="col">{t(TB_KEYS[k])}</th>}</For>
                </Show>
                <Show when={act.organiser()}>
                  <th scope="col" />
                </Show>
              </tr>
            </thead>
            <tbody>
              <For
                each={s.rows}
                fallback={
                  <tr>
                    <td colspan="4" class="note">
                      {s.detail === null ? t("app.loading") : t("tour.none")}
                    </td>
                  </tr>
                }
              >
                {(r) => (
                  <tr
                    classList={{ me: r.id === s.live?.me?.id }}
                    aria-current={r.id === s.live?.me?.id ? "true" : undefined}
                    data-testid="tour-row"
                    data-player={r.id}
                  >
                    <td>{formatNumber(r.rank)}</td>
                    <td>
                      {r.name}
                      <Show when={r.fire === true}>
                        {" "}
                        <span title={t("tour.fire")} aria-label={t("tour.fire")}>
                          🔥
                        </span>
                      </Show>
                    </td>
                    <td>{formatRating(r.rating, false)}</td>
                    <td data-testid="tour-points">{pts(r.points)}</td>
                    <Show
                      when={kind() === "swiss"}
                      fallback={
                        <>
                          <td>{formatNumber(r.games ?? 0)}</td>
                          <td>{formatNumber(Math.round(r.performance ?? 0), { useGrouping: false })}</td>
                        </>
                      }
                    >
                      <For each={tiebreaks()}>{(k) => <td>{pts(r.tiebreaks?.[k] ?? 0)}</td>}</For>
                    </Show>
                    <Show when={act.organiser()}>
                      <td>
                        <button
                          type="button"
                          class="link"
                          onClick={() => act.remove(r.id)}
                          aria-label={t("tour.removeLabel", { name: r.name })}
                        >
                          {t("tour.remove")}
                        </button>
                      </td>
                    </Show>
                  </tr>
                )}
              </For>
            </tbody>
          </table>
        </div>
      </div>

      <Show when={act.organiser()}>
        <div class="card form" data-testid="tour-organiser">
          <h2>{t("tour.organiser")}</h2>
          <Show when={status() !== "finished"}>
            <button type="button" class="btn primary" onClick={() => act.start()} data-testid="tour-start">
              {t("tour.start")}
            </button>
          </Show>
          <Show when={kind() === "swiss" && openBoards().length > 0}>
            <h3>{t("tour.boards", { round: round() })}</h3>
            <ol class="tour-boards">
              <For each={openBoards()}>
                {(b) => (
                  <li data-testid="tour-board" data-board={b.board}>
                    {nameOf(b.first)} – {nameOf(b.second)}:{" "}
                    <span class="note">
                      {b.result === "first"
                        ? "1–0"
                        : b.result === "second"
                          ? "0–1"
                          : b.result === "draw"
                            ? "½–½"
                            : t("tour.noResult")}
                    </span>{" "}
                    <button type="button" class="btn small" onClick={() => act.result(b.round, b.board, "first")}>
                      {t("tour.firstWins")}
                    </button>
                    <button type="button" class="btn small" onClick={() => act.result(b.round, b.board, "draw")}>
                      {t("tour.draw")}
                    </button>
                    <button type="button" class="btn small" onClick={() => act.result(b.round, b.board, "second")}>
                      {t("tour.secondWins")}
                    </button>
                  </li>
                )}
              </For>
            </ol>
          </Show>
        </div>
      </Show>

      <Show when={s.id}>
        {(id) => (
          <div class="card" data-testid="tour-downloads">
            <h2>{t("tour.downloads")}</h2>
            <p>
              <Show when={kind() === "swiss"}>
                <a class="btn" href={exportUrl(id(), "trf")} download="">
                  {t("tour.trf")}
                </a>{" "}
              </Show>
              <a class="btn" href={exportUrl(id(), "csv")} download="">
                {t("tour.csv")}
              </a>{" "}
              <Show when={kind() === "swiss"}>
                <a class="btn" href={exportUrl(id(), "boards")} download="">
                  {t("tour.boardsCsv")}
                </a>
              </Show>
            </p>
          </div>
        )}
      </Show>
    </>
  );
}
