/**
 * Tournaments (docs/tournaments.md): the public lists (upcoming, running, finished), creating an
 * arena or a Swiss (public or private with a code for a class or a club), joining by the list or by
 * code, and one tournament's page with the live standings and their tiebreaks, the player's own
 * pairing and, for the organiser, start, results of boards played over the table, removing a player
 * and the arbiter's downloads. A game of the tournament is played in the ranked table: when it
 * starts (`ranked.start`) the ranked screen opens, and the server seats the player there.
 */
import { createEffect, createSignal, For, onCleanup, Show, type JSX } from "solid-js";
import type { TourStatus } from "../../../core/protocol/tournament.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { t } from "../i18n/i18n.js";
import { formatWhen } from "../i18n/numbers.js";
import { fetchTournament, fetchTournaments, openTourLink } from "../lib/tournaments.js";
import { loadIdentity } from "../state/createIdentity.js";
import { useProfile } from "../state/createProfile.js";
import { useRouter } from "../state/createRouter.js";
import { createTournament, type TournamentStore } from "../state/createTournament.js";
import { useServices } from "../state/services.js";
import { CreateTournament } from "./tournaments/Create.js";
import { TournamentPage } from "./tournaments/Page.js";
import "../online.css";

/** How often an open tournament's page is read again (its answer is cached 2 s by the server). */
const POLL_MS = 15_000;
const STATUSES: readonly TourStatus[] = ["live", "upcoming", "finished"];

/** `id` null: the lists, create and join by code; else that tournament's page. */
export function TournamentsScreen(props: { id: string | null }): JSX.Element {
  const [, router] = useRouter();
  const [profile] = useProfile();
  const services = useServices();
  const keys = loadIdentity(services.storage);
  const store: TournamentStore = createTournament({
    playerId: keys.playerId,
    connect: (h) => openTourLink(h, { keys, name: () => profile.name }),
    fetchList: fetchTournaments,
    fetchOne: fetchTournament,
  });
  const [s, act] = store;
  onCleanup(() => act.dispose());

  createEffect(() => {
    if (props.id !== null) act.open(props.id);
    else {
      act.close();
      for (const st of STATUSES) void act.refreshList(st);
    }
  });
  // Joined by code or just created: that tournament's page.
  createEffect(() => {
    const id = s.id;
    if (id !== null && id !== props.id) router.go("tournament", id, props.id !== null);
  });
  // A game of this player started: to the table (the server seats the player on the ranked screen's socket).
  createEffect(() => {
    if (s.starting !== null) {
      act.startedSeen();
      router.go("ranked");
    }
  });

  // The page of a tournament not yet finished is read again now and then: only entrants get pushes.
  const poll = setInterval(() => {
    if (s.id !== null && (s.live?.status ?? s.detail?.tournament.status) !== "finished") act.refresh();
  }, POLL_MS);
  onCleanup(() => clearInterval(poll));

  const [tab, setTab] = createSignal<TourStatus>("live");
  const [code, setCode] = createSignal("");
  const [creating, setCreating] = createSignal(false);

  return (
    <section class="screen page tournaments" aria-labelledby="tour-title">
      <header class="page-head">
        <button
          type="button"
          class="icon-btn"
          onClick={() => (props.id !== null ? router.go("tournaments") : router.go("menu"))}
          aria-label={t("common.back")}
        >
          <Icon name="back" />
        </button>
        <h1 id="tour-title">{s.detail?.tournament.name ?? t("tour.screen")}</h1>
      </header>
      <Show when={!s.connected}>
        <p class="banner warn" role="status" data-testid="conn-banner">
          {t("room.connecting")}
        </p>
      </Show>
      <Show when={s.error}>
        {(e) => (
          <p class="banner error" role="alert" data-testid="tour-error">
            {e()}
          </p>
        )}
      </Show>
      <Show when={props.id === null} fallback={<TournamentPage store={store} />}>
        <div class="card form">
          <h2>{t("tour.joinCode")}</h2>
          <form
            class="row"
            onSubmit={(e) => {
              e.preventDefault();
              act.join(code());
            }}
          >
            <label class="field">
              <span>{t("tour.codeLabel")}</span>
              <input
                type="text"
                maxLength={9}
                autocomplete="off"
                autocapitalize="characters"
                value={code()}
                onInput={(e) => setCode(e.currentTarget.value)}
                data-testid="tour-code"
              />
            </label>
            <button type="submit" class="btn primary" disabled={!s.connected} data-testid="tour-join-code">
              {t("tour.join")}
            </button>
          </form>
        </div>
        <Show
          when={creating()}
          fallback={
            <button type="button" class="btn" onClick={() => setCreating(true)} data-testid="tour-new">
              {t("tour.create")}
            </button>
          }
        >
          <CreateTournament store={store} />
        </Show>
        <div class="card">
          <div class="chips" role="tablist">
            <For each={STATUSES}>
              {(st) => (
                <button
                  type="button"
                  role="tab"
                  class="chip"
                  classList={{ on: tab() === st }}
                  aria-selected={tab() === st}
                  onClick={() => setTab(st)}
                >
                  {t(st === "live" ? "tour.live" : st === "upcoming" ? "tour.upcoming" : "tour.finished")}
                </button>
              )}
            </For>
          </div>
          <ul class="tour-list" data-testid="tour-list">
            <For
              each={s.lists[tab()] ?? []}
              fallback={<li class="note">{s.lists[tab()] === null ? t("app.loading") : t("tour.none")}</li>}
            >
              {(x) => (
                <li>
                  <button type="button" class="link" onClick={() => router.go("tournament", x.id)}>
                    <strong>{x.name}</strong>
                  </button>{" "}
                  <span class="note">
                    {GAME_NAMES[x.game]} · {t(x.kind === "swiss" ? "tour.swiss" : "tour.arena")} · {x.preset} ·{" "}
                    {x.kind === "swiss"
                      ? t("tour.roundsShort", { n: x.rounds ?? 0 })
                      : t("tour.minutesShort", {
                          n: Math.round(((x.endsAt ?? x.startsAt) - x.startsAt) / 60_000),
                        })}{" "}
                    · {t("tour.starts", { at: formatWhen(x.startsAt) })}
                  </span>
                </li>
              )}
            </For>
          </ul>
        </div>
      </Show>
    </section>
  );
}
