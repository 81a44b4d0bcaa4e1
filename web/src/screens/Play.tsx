/** The board screen of a local game: the table with the game menu, pause, undo, hint and the results. */
import { createSignal, onCleanup, onMount, Show, type JSX } from "solid-js";
import { gameNumber, rematchSeries } from "../../../core/series.js";
import type { Seat } from "../../../core/types.js";
import { Avatar } from "../components/Avatar.js";
import { FinishedActions } from "../components/MoveList.js";
import { Dialog } from "../components/Dialog.js";
import { Icon } from "../components/Icon.js";
import { NotFound } from "../components/NotFound.js";
import { familyOf, GAME_NAMES } from "../content/games.js";
import { LEVEL_NAMES } from "../present/levels.js";
import { seriesValues, wonText } from "../present/results.js";
import { createGame, type GameStore } from "../state/createGame.js";
import { useProfile } from "../state/createProfile.js";
import { useRouter } from "../state/createRouter.js";
import { useSaves } from "../state/createSaves.js";
import { useSettings } from "../state/createSettings.js";
import { newGameId, type SavedGame } from "../state/records.js";
import { savedGameRecord } from "../state/gameRecords.js";
import { useStats } from "../state/createStats.js";
import { useServices } from "../state/services.js";
import { keyRefusal } from "../present/keys.js";
import { t } from "../i18n/i18n.js";
import { playTable } from "../table/adapters/play.js";
import { ForfeitDialog, OfferDialog } from "../table/dialogs.js";
import { GameTable } from "../table/GameTable.js";
import { TableControls, TableHeader, TableNotice } from "../table/TableBar.js";
import { TableScore } from "../table/TableScore.js";
import { PlayResult } from "./play/PlayResult.js";

export function PlayScreen(props: { id: string }): JSX.Element {
  const [, router] = useRouter();
  const [, saves] = useSaves();
  const rec = saves.get(props.id);
  return (
    <Show
      when={rec}
      fallback={
        <NotFound title={t("play.notFound")} text={t("play.notFoundText")}>
          <button type="button" class="btn primary" onClick={() => router.go("menu")}>
            {t("common.mainMenu")}
          </button>
        </NotFound>
      }
    >
      {(r) => <PlayBoard record={r()} />}
    </Show>
  );
}

function PlayBoard(props: { record: SavedGame }): JSX.Element {
  const [, router] = useRouter();
  const [settings, settingsActions] = useSettings();
  const [profile] = useProfile();
  const [, saves] = useSaves();
  const [, statsActions] = useStats();
  const services = useServices();
  const game: GameStore = createGame(props.record, {
    ai: services.ai,
    saves,
    stats: statsActions,
    speed: () => settings.speed,
    cue: (c, n) => services.sound.play(c, n),
  });
  const [g, act] = game;
  onCleanup(() => act.dispose());
  const table = playTable(game);

  const [forfeitOpen, setForfeitOpen] = createSignal(false);
  /** The results closed to study the final position (Escape, a tap outside, "See the board"). */
  const [seeBoard, setSeeBoard] = createSignal(false);
  const peeked = (): boolean => table.moves?.peeked() != null;
  const engine = (): ReturnType<typeof act.engineState>["engine"] => act.engineState().engine;

  const [keyNotice, setKeyNotice] = createSignal<{ readonly id: number; readonly text: string } | null>(null);
  const showKeyNotice = (text: string): void => {
    const id = (keyNotice()?.id ?? 0) + 1;
    setKeyNotice({ id, text });
    setTimeout(() => {
      if (keyNotice()?.id === id) setKeyNotice(null);
    }, 2500);
  };
  // Keyboard: P pauses or plays, U undoes, H asks for a hint, 1–9 sows that pit of the player's own.
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector(".backdrop") !== null) return;
      if (peeked()) return;
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const k = e.key.toLowerCase();
      const which = k === "p" ? "pause" : k === "u" ? "undo" : k === "h" ? "hint" : /^[1-9]$/.test(k) ? "pit" : null;
      if (which === null) return;
      const n = Number(k);
      const pit =
        which === "pit"
          ? g.legal.find(
              (p) =>
                engine().pitToMove(g.toMove, p) ===
                (engine().game === "ayo" ? n + g.toMove * 6 : engine().game === "togyz" ? n : n - 1),
            )
          : undefined;
      // A key that cannot act now says why (announced), instead of doing nothing.
      const refused = keyRefusal(which, {
        over: g.phase === "over",
        paused: g.paused,
        yourTurn: g.phase === "idle" && g.legal.length > 0,
        canUndo: act.canUndo(),
        pitLegal: pit !== undefined,
      });
      if (refused !== null) showKeyNotice(t(refused));
      else if (which === "pause") act.togglePause();
      else if (which === "undo") act.undo();
      else if (which === "hint") act.askHint();
      else if (pit !== undefined) act.pick(pit);
      e.preventDefault();
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
  });
  const [menuOpen, setMenuOpen] = createSignal(false);
  let pausedByMenu = false;
  const openMenu = (): void => {
    pausedByMenu = !g.paused && g.phase !== "over";
    if (pausedByMenu) act.togglePause();
    setMenuOpen(true);
  };
  const closeMenu = (): void => {
    setMenuOpen(false);
    if (pausedByMenu && g.paused) act.togglePause();
    pausedByMenu = false;
  };
  const names = table.names;
  const isComputer = (): boolean => g.record.setup.opponent === "computer";
  const avatarOf = (seat: Seat): JSX.Element => {
    if (act.seriesSeat(seat) === 1) return <Avatar emoji={isComputer() ? "🤖" : "🙂"} size={34} label="" />;
    return <Avatar photo={profile.photo} emoji={profile.avatar} size={34} label="" />;
  };
  const turnText = (): string => {
    if (g.phase === "over" && g.outcome !== null) {
      return g.outcome.winner === null ? t("play.draw") : wonText(names()[g.outcome.winner]);
    }
    if (g.paused) return t("play.paused");
    const h = act.humanSeat();
    if (h !== null)
      return g.toMove === h ? t("play.yourTurn") : g.phase === "thinking" ? t("play.thinking") : t("play.computerTurn");
    return t("play.turnOf", { name: names()[g.toMove] });
  };
  const series = (): typeof g.record.series => g.record.series;
  const leave = (): void => router.go("menu");
  /** A new match with the same setup and players. */
  const playAgain = (): void => {
    const now = Date.now();
    const rec = {
      ...g.record,
      id: newGameId(now),
      // The other side starts the rematch, as on lichess and PlayOK.
      series: rematchSeries(g.record.series, g.record.setup.bestOf),
      moves: [],
      ended: null,
      recorded: false,
      createdAt: now,
      updatedAt: now,
    };
    saves.put(rec);
    router.go("play", rec.id, true);
  };

  return (
    <section
      class={`screen play game-screen fam-${familyOf(g.record.setup.game)}`}
      aria-label={t("game.board", { game: GAME_NAMES[g.record.setup.game] })}
    >
      <TableHeader
        lead={
          <button
            type="button"
            class="icon-btn"
            onClick={openMenu}
            aria-label={t("play.gameMenu")}
            aria-haspopup="dialog"
          >
            <Icon name="menu" />
          </button>
        }
        onForfeit={() => setForfeitOpen(true)}
        canForfeit={g.phase !== "over"}
      >
        <span class="game-name">
          {GAME_NAMES[g.record.setup.game]}
          {isComputer() ? ` · ${LEVEL_NAMES[g.record.setup.level]}` : ""}
        </span>
        <Show when={series().bestOf > 1}>
          <span class="series-score">
            {t("play.seriesScore", {
              bestOf: series().bestOf,
              game: gameNumber(series()),
              ...seriesValues(g.record.names, series().score),
            })}
          </span>
        </Show>
      </TableHeader>

      <TableScore model={table} turn={turnText()} avatar={avatarOf} />

      <GameTable
        model={table}
        overlay={
          <>
            <Show when={keyNotice()}>
              {(n) => (
                <div class="announce info" role="status" data-testid="key-notice">
                  {n().text}
                </div>
              )}
            </Show>
            <Show when={g.paused}>
              <div class="pause-veil">
                <button type="button" class="btn primary big" onClick={() => act.togglePause()}>
                  <Icon name="play" /> {t("play.play")}
                </button>
              </div>
            </Show>
          </>
        }
        moveActions={
          <Show when={g.phase === "over"}>
            <FinishedActions
              seeBoard={seeBoard()}
              onResult={() => setSeeBoard(false)}
              record={() => savedGameRecord(g.record)}
            />
          </Show>
        }
      />

      <Show when={g.error}>
        {(e) => <TableNotice class="error" text={e()} action={t("common.tryAgain")} onAction={() => act.retry()} />}
      </Show>

      <TableControls
        game={g.record.setup.game}
        menu={leave}
        controls={[
          {
            icon: g.paused ? "play" : "pause",
            label: g.paused ? t("play.play") : t("play.pause"),
            onClick: () => act.togglePause(),
            disabled: g.phase === "over",
            pressed: g.paused,
          },
          { icon: "undo", label: t("play.undo"), onClick: () => act.undo(), disabled: !act.canUndo() || g.paused },
          {
            icon: "hint",
            label: g.thinkingHint ? "…" : t("play.hint"),
            onClick: () => act.askHint(),
            disabled: g.phase !== "idle" || g.paused || g.thinkingHint,
          },
          g.record.setup.game === "ayo" &&
            !isComputer() && {
              icon: "handshake",
              label: t("play.offerEnd"),
              onClick: () => act.offerEnd(),
              disabled: g.phase !== "idle",
            },
        ]}
      />

      <Show when={menuOpen()}>
        <Dialog title={t("play.pausedTitle")} onClose={closeMenu}>
          <div class="col">
            <button type="button" class="btn primary" onClick={closeMenu}>
              <Icon name="play" /> {t("play.resumeGame")}
            </button>
            <button
              type="button"
              class="btn"
              onClick={() => settingsActions.set("sound", !settings.sound)}
              aria-pressed={settings.sound}
            >
              {t("play.sound", { on: settings.sound ? "yes" : "no" })}
            </button>
            <button type="button" class="btn" onClick={() => router.go("new")}>
              {t("common.newGame")}
            </button>
            <button type="button" class="btn" onClick={leave}>
              {t("play.saveLeave")}
            </button>
          </div>
          <p class="note">{t("play.savedNote")}</p>
        </Dialog>
      </Show>

      <Show when={forfeitOpen()}>
        <ForfeitDialog
          text={t("play.forfeitText", { who: isComputer() ? "you" : "other", name: names()[g.toMove] })}
          series={series().bestOf > 1}
          onForfeit={(whole) => act.forfeit(whole)}
          onClose={() => setForfeitOpen(false)}
        />
      </Show>

      <Show when={g.endOffer !== null}>
        <OfferDialog
          text={t("play.endText", {
            name: names()[g.endOffer as Seat],
            a: table.score(0),
            b: table.score(1),
            other: names()[(1 - (g.endOffer as Seat)) as Seat],
          })}
          onAnswer={(agree) => act.answerEnd(agree)}
        />
      </Show>

      <Show when={g.showResults && g.outcome !== null && !seeBoard()}>
        <PlayResult
          game={game}
          names={names()}
          onMenu={leave}
          onNew={() => router.go("new")}
          onAgain={playAgain}
          onNext={() => {
            table.moves?.close();
            act.nextGame();
          }}
          onClose={() => setSeeBoard(true)}
        />
      </Show>
    </section>
  );
}
