/**
 * Watching live games: TV follows the featured game of a game (the highest-rated in play,
 * `GET /api/tv`) and moves on to the next when it ends; the live list names every game in play
 * (`GET /api/live`); a watched game is the one game table through the spectator adapter
 * (table/adapters/spectate.ts), pushed over the WebSocket, or polled from the cached
 * `GET /api/games/{id}` when the game has as many pushed spectators as the server allows.
 */
import { createResource, createSignal, For, onCleanup, Show, type JSX } from "solid-js";
import type { GameResponse, LiveGame } from "../../../core/archive/archive.js";
import type { MatchView } from "../../../core/protocol/ranked.js";
import { GAMES, type GameId, type Seat } from "../../../core/types.js";
import { Icon } from "../components/Icon.js";
import { GameTabs } from "../components/GameTabs.js";
import { t } from "../i18n/i18n.js";
import { formatRating } from "../i18n/numbers.js";
import { fetchGame, fetchLive, fetchTv } from "../lib/archive.js";
import { openWatchLink } from "../lib/online.js";
import { endSentence, replayWonText } from "../present/results.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { createSpectateTable } from "../table/adapters/spectate.js";
import { GameTable } from "../table/GameTable.js";
import { TableScore } from "../table/TableScore.js";
import { formatTimeLeft } from "../present/clock.js";
import "../online.css";

/** How often a full game's page is read again (the cached answer lives 2 s). */
const POLL_MS = 3_000;
/** How long an ended game stays on TV before the next one. */
const TV_NEXT_MS = 5_000;

const gameOf = (param: string | null): GameId =>
  (GAMES as readonly string[]).includes(param ?? "") ? (param as GameId) : "togyz";

/** The view a poll gives: the archive's answer read as the match the table shows. */
function asView(g: GameResponse): MatchView {
  return {
    id: g.id,
    game: g.game,
    options: { ...g.options },
    seats: [
      {
        playerId: g.seats[0].playerId,
        name: g.seats[0].name,
        rating: g.seats[0].rating,
        provisional: g.seats[0].provisional,
      },
      {
        playerId: g.seats[1].playerId,
        name: g.seats[1].name,
        rating: g.seats[1].rating,
        provisional: g.seats[1].provisional,
      },
    ],
    moves: [...g.moves],
    version: g.moves.length,
    toMove: g.live?.toMove ?? 0,
    clocks: g.live === null ? [0, 0] : [g.live.clocks[0], g.live.clocks[1]],
    increment: g.clock.incrementMs,
    serverTime: g.live?.serverTime ?? Date.now(),
    status: g.status,
    result: g.result,
    rated: g.rated,
    endOffer: null,
    graceUntil: [null, null],
  };
}

function Head(props: { title: string; children?: JSX.Element }): JSX.Element {
  const [, router] = useRouter();
  return (
    <header class="page-head">
      <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
        <Icon name="back" />
      </button>
      <h1>{props.title}</h1>
      {props.children}
    </header>
  );
}

/** One live game on the table, read-only; `onEnd` once it is over. */
function WatchView(props: { first: MatchView; onEnd?: () => void }): JSX.Element {
  const [settings] = useSettings();
  const [, router] = useRouter();
  const table = createSpectateTable(props.first, { speed: () => settings.speed });
  const [polling, setPolling] = createSignal(false);
  const [gone, setGone] = createSignal(false);
  let ended = props.first.status !== "active";
  const take = (m: MatchView): void => {
    table.update(m);
    if (!ended && m.status !== "active") {
      ended = true;
      props.onEnd?.();
    }
  };
  let poll: ReturnType<typeof setInterval> | undefined;
  const link = openWatchLink(props.first.id, {
    onMatch: (m) => take(m),
    onFull: () => {
      if (poll !== undefined) return;
      setPolling(true);
      poll = setInterval(() => {
        void fetchGame(props.first.id).then((r) => {
          if (r.ok) take(asView(r.value));
        });
      }, POLL_MS);
    },
    onGone: () => setGone(true),
  });
  onCleanup(() => {
    link.dispose();
    if (poll !== undefined) clearInterval(poll);
  });
  const m = (): MatchView => table.match() ?? props.first;
  const extra = (seat: Seat): JSX.Element => (
    <>
      <button
        type="button"
        class="link rating"
        data-testid={`watch-player-${seat}`}
        onClick={() => router.go("player", m().seats[seat].playerId)}
      >
        {formatRating(m().seats[seat].rating, m().seats[seat].provisional)}
      </button>
      <span class="clock" classList={{ running: table.model.toMove() === seat }} data-testid={`watch-clock-${seat}`}>
        {formatTimeLeft(table.model.clock?.(seat) ?? 0)}
      </span>
    </>
  );
  const status = (): string => {
    const x = m();
    if (x.status === "active") return t("screen.watch");
    const o = x.result;
    const names = table.model.names();
    if (o === null) return t("player.aborted");
    const who = o.winner === null ? t("replay.draw") : replayWonText(names[o.winner]);
    return `${who} ${endSentence({ game: x.game, reason: o.reason, names, winner: o.winner, toMove: x.toMove })}`;
  };
  return (
    <div class="watch-view" data-testid="watch" data-match={m().id} data-status={m().status}>
      <Show when={gone()}>
        <p class="note" role="status">
          {t("tv.gone")}
        </p>
      </Show>
      <Show when={polling()}>
        <p class="note" role="status" data-testid="watch-polling">
          {t("tv.full")}
        </p>
      </Show>
      <TableScore model={table.model} turn={status()} extra={extra} live ids={{ line: "watch-score" }} />
      <GameTable
        model={table.model}
        moveActions={
          <Show when={m().status !== "active"}>
            <button type="button" class="btn" onClick={() => router.go("game", m().id)} data-testid="watch-record">
              {t("screen.game")}
            </button>
          </Show>
        }
      />
    </div>
  );
}

/** `#/watch/<matchId>`: one live game. */
export function WatchScreen(props: { id: string }): JSX.Element {
  const [first] = createResource(
    () => props.id,
    async (id) => {
      const r = await fetchGame(id);
      return r.ok ? asView(r.value) : null;
    },
  );
  return (
    <section class="screen game-screen watch" aria-label={t("screen.watch")}>
      <Head title={t("screen.watch")} />
      <Show when={first()} keyed fallback={<p class="note">{first.loading ? t("app.loading") : t("tv.gone")}</p>}>
        {(f) => <WatchView first={f} />}
      </Show>
    </section>
  );
}

/** `#/tv/<game>`: the featured game, and the next one when it ends. */
export function TvScreen(props: { game: string | null }): JSX.Element {
  const [, router] = useRouter();
  const game = gameOf(props.game);
  const [featured, setFeatured] = createSignal<MatchView | null>(null);
  const [ended, setEnded] = createSignal(false);
  let last: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = async (): Promise<void> => {
    const r = await fetchTv(game);
    const f = r.ok ? r.value.featured : null;
    if (f !== null && f.id !== last && f.status === "active") {
      last = f.id;
      setEnded(false);
      setFeatured(asView(f));
      return;
    }
    timer = setTimeout(() => void look(), TV_NEXT_MS);
  };
  void look();
  onCleanup(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
  const onEnd = (): void => {
    setEnded(true);
    timer = setTimeout(() => void look(), TV_NEXT_MS);
  };
  return (
    <section class="screen game-screen tv" aria-label={t("screen.tv")}>
      <Head title={t("screen.tv")}>
        <button type="button" class="btn" onClick={() => router.go("live", game)}>
          {t("screen.live")}
        </button>
      </Head>
      <GameTabs selected={game} onSelect={(g) => router.go("tv", g, true)} />
      <p class="note" role="status" data-testid="tv-status">
        {featured() === null ? t("tv.none") : ended() ? t("tv.ended") : t("tv.following")}
      </p>
      <Show when={featured()} keyed>
        {(f) => <WatchView first={f} onEnd={onEnd} />}
      </Show>
    </section>
  );
}

/** `#/live/<game>`: every game in play, the strongest pairings first. */
export function LiveScreen(props: { game: string | null }): JSX.Element {
  const [, router] = useRouter();
  const game = gameOf(props.game);
  const [list, { refetch }] = createResource(
    () => game,
    async (g) => {
      const r = await fetchLive(g);
      return r.ok ? r.value.games : [];
    },
  );
  const timer = setInterval(() => void refetch(), 10_000);
  onCleanup(() => clearInterval(timer));
  const pair = (g: LiveGame): string =>
    t("live.pair", {
      a: g.seats[0].name,
      ra: formatRating(g.seats[0].rating, false),
      b: g.seats[1].name,
      rb: formatRating(g.seats[1].rating, false),
    });
  return (
    <section class="screen page live" aria-label={t("screen.live")}>
      <Head title={t("screen.live")}>
        <button type="button" class="btn" onClick={() => router.go("tv", game)}>
          {t("screen.tv")}
        </button>
      </Head>
      <GameTabs selected={game} onSelect={(g) => router.go("live", g, true)} />
      <ul class="card live-list" data-testid="live-list">
        <For each={list() ?? []} fallback={<li class="note">{list.loading ? t("app.loading") : t("live.none")}</li>}>
          {(g) => (
            <li data-testid="live-row" data-match={g.id}>
              <span>{pair(g)}</span>{" "}
              <button type="button" class="btn" onClick={() => router.go("watch", g.id)}>
                {t("live.watch")}
              </button>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}
