/**
 * Ranked: choose the game (and the Tsoro board), seek an opponent near your rating, play on the
 * server's clocks, resign, and see the result with the rating change. Lessons and games against the
 * computer never change a rating; only these games do.
 */
import { createEffect, createSignal, onCleanup, Show, type JSX } from "solid-js";
import { toMove, type State } from "../../../core/games/index.js";
import type { MatchView } from "../../../core/protocol/ranked.js";
import type { Seat } from "../../../core/types.js";
import { ExportButton } from "../components/ExportButton.js";
import { FinishedActions } from "../components/MoveList.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { endSentence, wonText } from "../present/results.js";
import { t } from "../i18n/i18n.js";
import { matchRecord } from "../state/gameRecords.js";
import { openRankedLink } from "../lib/online.js";
import { loadIdentity } from "../state/createIdentity.js";
import { useProfile } from "../state/createProfile.js";
import { createRanked, type RankedStore } from "../state/createRanked.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import { rankedTable } from "../table/adapters/ranked.js";
import { ForfeitDialog, OfferDialog } from "../table/dialogs.js";
import { GameTable } from "../table/GameTable.js";
import { ResultPanel } from "../table/ResultPanel.js";
import { TableControls } from "../table/TableBar.js";
import { TableScore } from "../table/TableScore.js";
import { Seek } from "./ranked/Seek.js";
import { Lobby } from "./ranked/Lobby.js";
import { ChallengeForm, IncomingChallenges, SentChallenge } from "./ranked/Challenges.js";
import { fetchLobby } from "../lib/archive.js";
import { readJson, writeJson } from "../lib/persist.js";
import type { GameId } from "../../../core/types.js";
import { formatRating } from "../i18n/numbers.js";
import { formatTimeLeft } from "../present/clock.js";
import "../online.css";

/** "Rating 1500 → 1512 (+12)": rounded the way the ratings are shown. */
function ratingChange(c: { before: number; after: number }): string {
  const before = Math.round(c.before);
  const after = Math.round(c.after);
  const d = after - before;
  return t("ranked.change", { before, after, delta: `${d >= 0 ? "+" : "−"}${Math.abs(d)}` });
}

/** The result's title and how the match ended, for the player on `seat`, naming who resigned, ran out of time or left. */
function matchResult(m: MatchView, seat: Seat, final: State | null): { title: string; how: string } {
  const res = m.result;
  if (res === null)
    return m.status === "aborted"
      ? { title: t("ranked.aborted"), how: t("ranked.abortedHow") }
      : { title: t("room.gameOver"), how: "" };
  const name = (s: Seat): string => (s === seat ? t("common.you") : m.seats[s].name);
  const title =
    res.winner === null
      ? t("result.draw")
      : res.winner === seat
        ? t("result.youWon")
        : wonText(m.seats[res.winner].name);
  if (res.reason === "agreed") return { title, how: t(res.winner === null ? "ranked.agreedDraw" : "ranked.agreed") };
  if (res.reason === "timeout" && res.winner !== null) {
    const loser = (1 - res.winner) as Seat;
    return { title, how: t("ranked.clock", { who: loser === seat ? "you" : "other", name: name(loser) }) };
  }
  const how = endSentence({
    game: m.game,
    reason: res.reason,
    names: [name(0), name(1)],
    winner: res.winner,
    toMove: final === null ? 0 : toMove(final),
    forfeitWord: "resigned",
  });
  return { title, how };
}

/** What this device last told the server about taking challenges (it takes them until told otherwise). */
const TOLD_KEY = "challenges.told.v1";

/**
 * The ranked table and the three doors to it: the quick pairing (`#/ranked`), the lobby
 * (`#/lobby/<game>`) and a challenge to a player (`#/challenge/<player id>`). The game itself is the
 * same table whichever door it came through.
 */
export function RankedScreen(props: { door?: "lobby" | "challenge"; param?: string | null }): JSX.Element {
  const [, router] = useRouter();
  const [settings] = useSettings();
  const [profile] = useProfile();
  const services = useServices();
  const store: RankedStore = createRanked({
    keys: loadIdentity(services.storage),
    name: () => profile.name,
    speed: () => settings.speed,
    cue: (c, n) => services.sound.play(c, n),
    connect: openRankedLink,
    challenges: {
      want: () => settings.challenges,
      told: () => readJson(services.storage, TOLD_KEY) !== false,
      setTold: (b) => void writeJson(services.storage, TOLD_KEY, b),
    },
    fetchSeeks: async (game) => {
      const res = await fetchLobby(game);
      return res.ok ? res.value.seeks : null;
    },
  });
  const [r, act, [view], , [, lobby]] = store;
  onCleanup(() => act.dispose());
  const table = rankedTable(store);

  const [resignOpen, setResignOpen] = createSignal(false);
  /** The result closed to study the final position (Escape, a tap outside, "See the board"). */
  const [seeBoard, setSeeBoard] = createSignal(false);
  // A new match opens on its live board with its result to come.
  createEffect(() => {
    void r.match?.id;
    setSeeBoard(false);
  });
  const them = (): Seat => (r.seat === 0 ? 1 : 0);
  const resultOpen = (): boolean => r.phase === "over" && r.match !== null && !view.animating && !seeBoard();
  const summary = (): { title: string; how: string } | null =>
    r.match === null ? null : matchResult(r.match, r.seat, table.moves?.line()?.states.at(-1) ?? null);
  const resultTitle = (): string => summary()?.title ?? t("room.gameOver");
  const change = (): { before: number; after: number } | null => {
    const c = r.changes;
    return c === null ? null : c[r.seat];
  };
  const who = (seat: Seat): string => table.names()[seat];
  /** A seat's rating: the new one once the game's changes are in. */
  const seatRating = (seat: Seat): string => {
    if (r.match === null) return "";
    const c = r.changes;
    return formatRating(c !== null ? c[seat].after : r.match.seats[seat].rating, r.match.seats[seat].provisional);
  };
  const where = (seat: Seat): "top" | "bottom" => (seat === r.seat ? "bottom" : "top");
  const extra = (seat: Seat): JSX.Element => (
    <>
      <span class="rating" data-testid={`ranked-rating-${where(seat)}`}>
        {seatRating(seat)}
      </span>
      <span
        class="clock"
        classList={{ running: table.toMove() === seat, low: act.clock(seat) < 20_000 }}
        data-testid={`clock-${where(seat)}`}
      >
        {formatTimeLeft(act.clock(seat))}
      </span>
    </>
  );
  const turnText = (): string =>
    r.phase === "over"
      ? resultTitle()
      : r.match?.toMove === r.seat
        ? r.sending
          ? t("room.sending")
          : t("play.yourTurn")
        : t("ranked.theirTurn");
  const record = (): ReturnType<typeof matchRecord> | null => (r.match === null ? null : matchRecord(r.match));

  return (
    <section
      class="screen page ranked"
      classList={{
        play: r.phase === "playing" || r.phase === "over",
        "game-screen": r.phase === "playing" || r.phase === "over",
      }}
      aria-labelledby="ranked-title"
      data-phase={r.phase}
    >
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.go("menu")} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="ranked-title">
          {r.match !== null
            ? t("ranked.titleGame", { game: GAME_NAMES[r.match.game] })
            : props.door === "lobby"
              ? t("screen.lobby")
              : props.door === "challenge"
                ? t("screen.challenge")
                : t("screen.ranked")}
        </h1>
      </header>
      {/* A planned reconnect (the link stays "connected" while it moves to a new socket) shows nothing. */}
      <Show when={!r.connected && r.link.status !== "connected"}>
        <p class="banner warn" role="status" data-testid="conn-banner">
          {r.link.status === "offline"
            ? t("ranked.offline")
            : r.phase === "playing" || r.phase === "over"
              ? t("ranked.reconnecting", { s: act.reconnectingFor() ?? 0 })
              : t("room.connecting")}
        </p>
      </Show>
      <Show when={r.error}>
        {(e) => (
          <p class="banner error" role="alert">
            {e()}
          </p>
        )}
      </Show>

      {/* While the result is open (a modal dialog), a challenge waiting shows inside it instead. */}
      <Show when={r.phase !== "playing" && !resultOpen()}>
        <IncomingChallenges store={store} />
      </Show>

      <Show when={r.phase === "ready" || r.phase === "seeking" || r.phase === "connecting"}>
        <Show
          when={props.door === "lobby"}
          fallback={
            <Show when={props.door === "challenge" && props.param} keyed fallback={<Seek store={store} />}>
              {(to) => <ChallengeForm store={store} to={to} />}
            </Show>
          }
        >
          <Lobby store={store} game={(props.param ?? null) as GameId | null} />
        </Show>
      </Show>

      <Show when={(r.phase === "playing" || r.phase === "over") && r.match !== null}>
        {/* Both names and ratings on one line of their own, so a phone's narrow score line need not fit them. */}
        <p class="ranked-players" data-testid="ranked-players">
          <span data-testid="ranked-players-them">
            <a
              class="link"
              href={`#/player/${r.match?.seats[them()].playerId ?? ""}`}
              data-testid="ranked-opponent-link"
            >
              <strong>{who(them())}</strong>
            </a>{" "}
            {seatRating(them())}
          </span>
          <span data-testid="ranked-players-me">
            <a class="link" href={`#/player/${r.playerId}`}>
              <strong>{who(r.seat)}</strong>
            </a>{" "}
            {seatRating(r.seat)}
          </span>
        </p>
        <TableScore
          model={table}
          turn={turnText()}
          extra={extra}
          live={false}
          ids={{ name: (w) => `ranked-name-${w}` }}
        />
        <Show when={act.opponentAway() && r.phase === "playing"}>
          <p class="banner" role="status" data-testid="peer-banner">
            {t("ranked.opponentAway")}
          </p>
        </Show>
        <GameTable
          model={table}
          moveActions={
            <Show when={r.phase === "over"}>
              <FinishedActions seeBoard={seeBoard()} onResult={() => setSeeBoard(false)} record={record} />
            </Show>
          }
        />
        <TableControls
          game={r.match?.game ?? "togyz"}
          controls={[
            {
              icon: "flag",
              label: t("ranked.resign"),
              onClick: () => setResignOpen(true),
              disabled: r.phase !== "playing",
            },
            r.match?.game === "ayo" && {
              icon: "handshake",
              label: r.match?.endOffer === r.seat ? t("ranked.offered") : t("play.offerEnd"),
              onClick: () => act.agreeEnd(),
              disabled: r.phase !== "playing" || r.match?.endOffer === r.seat,
            },
          ]}
        />
      </Show>

      <Show
        when={r.phase === "playing" && r.match !== null && r.match.endOffer !== null && r.match.endOffer !== r.seat}
      >
        <OfferDialog
          text={t("room.endText", { name: r.match?.seats[them()].name ?? "" })}
          onAnswer={(agree) => table.answerEnd?.(agree)}
        />
      </Show>

      <Show when={resignOpen()}>
        <ForfeitDialog
          title={t("ranked.resignTitle")}
          text={t("ranked.resignText")}
          confirm={t("ranked.resign")}
          series={false}
          onForfeit={() => act.resign()}
          onClose={() => setResignOpen(false)}
        />
      </Show>

      <Show when={resultOpen()}>
        <ResultPanel
          title={resultTitle()}
          titleId="ranked-result"
          facts={summary() === null ? null : { reason: summary()?.how ?? "" }}
          onClose={() => setSeeBoard(true)}
          extra={
            <Show
              when={change()}
              fallback={
                <p class="note" data-testid="rating-change">
                  {t("ranked.notRated")}
                </p>
              }
            >
              {(c) => (
                <p class="rating-change" data-testid="rating-change">
                  <strong
                    classList={{
                      up: Math.round(c().after) >= Math.round(c().before),
                      down: Math.round(c().after) < Math.round(c().before),
                    }}
                  >
                    {ratingChange(c())}
                  </strong>
                </p>
              )}
            </Show>
          }
        >
          <button
            type="button"
            class="btn primary"
            data-testid="rematch"
            disabled={!r.connected || (lobby.sentNow()?.status ?? "none") === "waiting"}
            onClick={() => {
              const m = r.match;
              if (m !== null) lobby.challenge(m.seats[them()].playerId, { game: m.game, rematchOf: m.id });
            }}
          >
            {t("challenge.rematch")}
          </button>
          <SentChallenge store={store} />
          <IncomingChallenges store={store} />
          <button type="button" class="btn" onClick={() => act.again()} data-testid="play-again">
            {t("result.playAgain")}
          </button>
          <button type="button" class="btn" onClick={() => setSeeBoard(true)} data-testid="see-board">
            {t("result.seeBoard")}
          </button>
          <button type="button" class="btn" onClick={() => act.lobby()}>
            {t("ranked.another")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("leaderboard", r.match?.game ?? null)}>
            {t("menu.leaderboard")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("menu")}>
            {t("common.mainMenu")}
          </button>
          <ExportButton record={record} label={t("result.export")} />
        </ResultPanel>
      </Show>
    </section>
  );
}
