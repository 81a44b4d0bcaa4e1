/** The board screen: score line, series score, the board, the buttons, and the results at the end. */
import { createMemo, createSignal, onCleanup, onMount, Show, type JSX } from "solid-js";
import { toMove } from "../../../core/games/index.js";
import { gameNumber, rematchSeries } from "../../../core/series.js";
import type { Seat } from "../../../core/types.js";
import { Avatar } from "../components/Avatar.js";
import { Board } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { FinishedActions, MoveList } from "../components/MoveList.js";
import { Dialog } from "../components/Dialog.js";
import { Icon } from "../components/Icon.js";
import { ScoreLine, type ScoreSide } from "../components/ScoreLine.js";
import { familyOf, GAME_NAMES } from "../content/games.js";
import { LEVEL_NAMES } from "../game/levels.js";
import { endSentence, finalScore, movesText } from "../game/results.js";
import { countOf, unitOf } from "../game/speech.js";
import { createGame, type GameStore } from "../state/createGame.js";
import { useProfile } from "../state/createProfile.js";
import { useRouter } from "../state/createRouter.js";
import { useSaves } from "../state/createSaves.js";
import { useSettings } from "../state/createSettings.js";
import { engineOptions, newGameId, type SavedGame } from "../state/records.js";
import { createMovePeek } from "../state/createMovePeek.js";
import { savedGameRecord } from "../lib/gameRecords.js";
import { ExportButton } from "./Export.js";
import { played, useStats, winRate } from "../state/createStats.js";
import { useServices } from "../state/services.js";
import { t } from "../i18n/i18n.js";

export function PlayScreen(props: { id: string }): JSX.Element {
  const [, router] = useRouter();
  const [, saves] = useSaves();
  const rec = saves.get(props.id);
  return (
    <Show
      when={rec}
      fallback={
        <section class="screen page">
          <div class="card">
            <h1>{t("play.notFound")}</h1>
            <p>{t("play.notFoundText")}</p>
            <button type="button" class="btn primary" onClick={() => router.go("menu")}>
              {t("common.mainMenu")}
            </button>
          </div>
        </section>
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

  const [forfeitOpen, setForfeitOpen] = createSignal(false);
  /** The results closed to study the final position (Escape, a tap outside, "See the board"). */
  const [seeBoard, setSeeBoard] = createSignal(false);
  /** The move list, and a position from it shown read only. */
  const moves = createMovePeek(() => ({
    game: g.record.setup.game,
    options: engineOptions(g.record.setup),
    moves: g.record.moves,
  }));
  const peeked = moves.peeked;

  // Keyboard: P pauses or plays, U undoes, H asks for a hint, 1–9 sows that pit of the player's own.
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector(".backdrop") !== null) return;
      if (peeked() !== null) return;
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const k = e.key.toLowerCase();
      if (k === "p") act.togglePause();
      else if (k === "u") act.undo();
      else if (k === "h") act.askHint();
      else if (/^[1-9]$/.test(k) && g.legal.length > 0) {
        const n = Number(k);
        const pit = g.legal.find(
          (p) =>
            engine().pitToMove(g.toMove, p) ===
            (engine().game === "ayo" ? n + g.toMove * 6 : engine().game === "togyz" ? n : n - 1),
        );
        if (pit !== undefined) act.pick(pit);
      } else return;
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
  const engine = (): ReturnType<typeof act.engineState>["engine"] => act.engineState().engine;
  const names = createMemo<readonly [string, string]>(() => {
    void g.record.series.games.length;
    return [act.nameOf(0), act.nameOf(1)];
  });
  const top = (): Seat => (1 - g.bottom) as Seat;
  const isComputer = (): boolean => g.record.setup.opponent === "computer";
  /** Names as spoken on the board: against the computer, "You" and "Computer". */
  const spoken = (): readonly [string, string] => {
    const h = act.humanSeat();
    return h === null
      ? names()
      : h === 0
        ? [t("common.you"), t("common.computer")]
        : [t("common.computer"), t("common.you")];
  };
  const avatarOf = (seat: Seat): JSX.Element => {
    if (act.seriesSeat(seat) === 1) return <Avatar emoji={isComputer() ? "🤖" : "🙂"} size={34} label="" />;
    return <Avatar photo={profile.photo} emoji={profile.avatar} size={34} label="" />;
  };
  const turnText = (): string => {
    if (g.phase === "over" && g.outcome !== null) {
      return g.outcome.winner === null ? t("play.draw") : t("play.won", { name: names()[g.outcome.winner] });
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

  const side = (seat: Seat): ScoreSide => ({
    seat,
    name: names()[seat],
    score: act.score(seat),
    scoreText: countOf(g.record.setup.game, act.score(seat)),
    avatar: avatarOf(seat),
    turn: g.toMove === seat && g.phase !== "over",
    won: g.glow === seat,
  });

  return (
    <section
      class={`screen play game-screen fam-${familyOf(g.record.setup.game)}`}
      aria-label={t("game.board", { game: GAME_NAMES[g.record.setup.game] })}
    >
      <header class="play-top">
        <button
          type="button"
          class="icon-btn"
          onClick={openMenu}
          aria-label={t("play.gameMenu")}
          aria-haspopup="dialog"
        >
          <Icon name="menu" />
        </button>
        <div class="series-line" data-testid="series">
          <span class="game-name">
            {GAME_NAMES[g.record.setup.game]}
            {isComputer() ? ` · ${LEVEL_NAMES[g.record.setup.level]}` : ""}
          </span>
          <Show when={series().bestOf > 1}>
            <span class="series-score">
              {t("play.seriesScore", {
                bestOf: series().bestOf,
                game: gameNumber(series()),
                a: g.record.names[0],
                sa: series().score[0],
                sb: series().score[1],
                b: g.record.names[1],
              })}
            </span>
          </Show>
        </div>
        <button type="button" class="icon-btn" onClick={() => router.go("settings")} aria-label={t("common.settings")}>
          <Icon name="sliders" />
        </button>
        <button
          type="button"
          class="icon-btn"
          onClick={() => setForfeitOpen(true)}
          aria-label={t("play.forfeit")}
          disabled={g.phase === "over"}
        >
          <Icon name="flag" />
        </button>
      </header>

      <ScoreLine top={side(top())} bottom={side(g.bottom)} turn={turnText()} />

      <BoardLayout
        board={
          <>
            <Board
              engine={engine()}
              bottom={g.bottom}
              display={peeked()?.display ?? g.display}
              legal={g.paused || peeked() !== null ? [] : g.legal}
              lastFrom={peeked() !== null ? (peeked()?.lastFrom ?? null) : g.lastFrom}
              preview={peeked() !== null ? null : g.preview}
              hint={peeked() !== null ? null : g.hint}
              hand={peeked() !== null ? null : g.hand}
              flights={peeked() !== null ? [] : g.flights}
              glow={peeked() !== null ? null : g.glow}
              names={spoken()}
              counters={settings.counters}
              holeSize={settings.holeSize}
              handStyle={settings.hand}
              onPick={(p) => act.pick(p)}
              onPreview={(p) => act.previewAt(p)}
            />
            <Show when={g.announce}>
              {(a) => (
                <div class={`announce ${a().side}`} role="alert">
                  {a().text}
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
        side={
          <MoveList
            {...moves.list}
            actions={
              <Show when={g.phase === "over"}>
                <FinishedActions
                  seeBoard={seeBoard()}
                  onResult={() => setSeeBoard(false)}
                  record={() => savedGameRecord(g.record)}
                />
              </Show>
            }
          />
        }
      />

      <Show when={g.error}>
        {(e) => (
          <p class="error" role="alert">
            {e()}{" "}
            <button type="button" class="link" onClick={() => act.retry()}>
              {t("common.tryAgain")}
            </button>
          </p>
        )}
      </Show>
      <p class="sr-only" aria-live="polite">
        {g.said}
      </p>

      <nav class="controls" aria-label={t("play.controls")}>
        <button
          type="button"
          class="ctl"
          onClick={() => act.togglePause()}
          disabled={g.phase === "over"}
          aria-pressed={g.paused}
        >
          <Icon name={g.paused ? "play" : "pause"} />
          <span>{g.paused ? t("play.play") : t("play.pause")}</span>
        </button>
        <button type="button" class="ctl" onClick={() => act.undo()} disabled={!act.canUndo() || g.paused}>
          <Icon name="undo" />
          <span>{t("play.undo")}</span>
        </button>
        <button
          type="button"
          class="ctl"
          onClick={() => act.askHint()}
          disabled={g.phase !== "idle" || g.paused || g.thinkingHint}
        >
          <Icon name="hint" />
          <span>{g.thinkingHint ? "…" : t("play.hint")}</span>
        </button>
        <Show when={g.record.setup.game === "ayo" && !isComputer()}>
          <button type="button" class="ctl" onClick={() => act.offerEnd()} disabled={g.phase !== "idle"}>
            <Icon name="handshake" />
            <span>{t("play.offerEnd")}</span>
          </button>
        </Show>
        <button type="button" class="ctl" onClick={() => router.go("rules", familyOf(g.record.setup.game))}>
          <Icon name="rules" />
          <span>{t("play.rules")}</span>
        </button>
        <button type="button" class="ctl" onClick={leave}>
          <Icon name="menu" />
          <span>{t("play.menu")}</span>
        </button>
      </nav>

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
        <Dialog title={t("play.forfeitTitle")} onClose={() => setForfeitOpen(false)}>
          <p>{t("play.forfeitText", { who: isComputer() ? "you" : "other", name: names()[g.toMove] })}</p>
          <div class="col">
            <button
              type="button"
              class="btn danger"
              onClick={() => {
                setForfeitOpen(false);
                act.forfeit(false);
              }}
            >
              {t("play.forfeitGame")}
            </button>
            <Show when={series().bestOf > 1}>
              <button
                type="button"
                class="btn danger"
                onClick={() => {
                  setForfeitOpen(false);
                  act.forfeit(true);
                }}
              >
                {t("play.forfeitSeries")}
              </button>
            </Show>
            <button type="button" class="btn" onClick={() => setForfeitOpen(false)}>
              {t("play.keepPlaying")}
            </button>
          </div>
        </Dialog>
      </Show>

      <Show when={g.endOffer !== null}>
        <Dialog title={t("play.endTitle")} onClose={() => act.answerEnd(false)}>
          <p>
            {t("play.endText", {
              name: names()[g.endOffer as Seat],
              a: g.display.stores[0],
              b: g.display.stores[1],
              other: names()[(1 - (g.endOffer as Seat)) as Seat],
            })}
          </p>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => act.answerEnd(true)}>
              {t("play.agree")}
            </button>
            <button type="button" class="btn" onClick={() => act.answerEnd(false)}>
              {t("play.keepPlaying")}
            </button>
          </div>
        </Dialog>
      </Show>

      <Show when={g.showResults && g.outcome !== null && !seeBoard()}>
        <Results
          game={game}
          names={names()}
          onMenu={leave}
          onNew={() => router.go("new")}
          onAgain={playAgain}
          onNext={() => {
            moves.close();
            act.nextGame();
          }}
          onClose={() => setSeeBoard(true)}
        />
      </Show>
    </section>
  );
}

function Results(props: {
  game: GameStore;
  names: readonly [string, string];
  onMenu: () => void;
  onNew: () => void;
  onAgain: () => void;
  onNext: () => void;
  /** Closes the results to study the board (Escape, a tap outside, "See the board"). */
  onClose: () => void;
}): JSX.Element {
  const [g, act] = props.game;
  const [, statsActions] = useStats();
  const o = (): NonNullable<typeof g.outcome> => g.outcome as NonNullable<typeof g.outcome>;
  const h = (): Seat | null => act.humanSeat();
  const title = (): string => {
    if (o().winner === null) return t("result.draw");
    if (h() !== null) return o().winner === h() ? t("result.youWon") : t("result.computerWon");
    return t("result.nameWon", { name: props.names[o().winner as Seat] });
  };
  const stats = () => statsActions.get(g.record.setup.game, g.record.setup.level);
  const s = (): typeof g.record.series => g.record.series;
  const seriesText = (): string => {
    const sr = s();
    if (sr.bestOf === 1) return "";
    const score = { a: g.record.names[0], sa: sr.score[0], sb: sr.score[1], b: g.record.names[1] };
    if (!sr.over) return t("result.series", score);
    if (sr.winner === null) return t("result.seriesDrawn", score);
    return t("result.seriesWon", {
      ...score,
      winner: g.record.names[sr.winner],
      forfeit: sr.end === "forfeit" ? "yes" : "no",
    });
  };
  const unit = (seat: Seat): string => unitOf(g.record.setup.game, act.score(seat));
  /** Names as the results speak of them: "You" and "The computer" against the computer. */
  const told = (): readonly [string, string] => {
    const hs = h();
    return hs === null
      ? props.names
      : hs === 0
        ? [t("common.you"), t("common.theComputer")]
        : [t("common.theComputer"), t("common.you")];
  };
  const facts = () => ({
    game: g.record.setup.game,
    reason: o().reason,
    names: told(),
    winner: o().winner,
    toMove: toMove(act.engineState()),
  });
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.key === "Escape") props.onClose();
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
  });
  return (
    <div class="backdrop results-backdrop" onClick={(e) => e.target === e.currentTarget && props.onClose()}>
      <div class="dialog results" role="dialog" aria-modal="true" aria-labelledby="results-title" data-testid="results">
        <h2 id="results-title">{title()}</h2>
        <div class="result-sides">
          {([0, 1] as const).map((seat) => (
            <div class="result-side" classList={{ won: o().winner === seat }}>
              <span class="result-name">{props.names[seat]}</span>
              <span class="result-stones" data-testid={`stones-${seat}`}>
                {act.score(seat)}
              </span>
              <span class="result-unit">{unit(seat)}</span>
            </div>
          ))}
        </div>
        <p class="result-facts">
          <span data-testid="reason">{endSentence(facts())}</span>{" "}
          <span data-testid="final-score">{finalScore(g.record.setup.game, told(), [act.score(0), act.score(1)])}</span>
          {" · "}
          <span data-testid="moves">{movesText(g.moveCount)}</span>
        </p>
        <Show when={seriesText() !== ""}>
          <p class="series-result">{seriesText()}</p>
        </Show>
        <Show when={h() !== null}>
          <div class="stats" aria-label={t("result.stats")}>
            <h3>
              {GAME_NAMES[g.record.setup.game]} · {LEVEL_NAMES[g.record.setup.level]}
            </h3>
            <dl>
              <div>
                <dt>{t("result.wins")}</dt>
                <dd data-testid="stat-wins">{stats().wins}</dd>
              </div>
              <div>
                <dt>{t("result.losses")}</dt>
                <dd>{stats().losses}</dd>
              </div>
              <div>
                <dt>{t("result.draws")}</dt>
                <dd>{stats().draws}</dd>
              </div>
              <div>
                <dt>{t("result.winRate")}</dt>
                <dd>{played(stats()) === 0 ? "–" : t("result.percent", { n: winRate(stats()) })}</dd>
              </div>
              <div>
                <dt>{t("result.streak")}</dt>
                <dd>{stats().streak}</dd>
              </div>
              <div>
                <dt>{t("result.best")}</dt>
                <dd>{stats().best}</dd>
              </div>
            </dl>
          </div>
        </Show>
        <div class="row">
          <Show
            when={!s().over}
            fallback={
              <>
                <button type="button" class="btn primary" onClick={props.onAgain}>
                  {t("result.playAgain")}
                </button>
                <button type="button" class="btn" onClick={props.onNew}>
                  {t("common.newGame")}
                </button>
              </>
            }
          >
            <button type="button" class="btn primary" onClick={() => props.onNext()}>
              {o().winner === null ? t("result.replayDrawn") : t("result.nextGame")}
            </button>
          </Show>
          <button type="button" class="btn" onClick={() => props.onClose()} data-testid="see-board">
            {t("result.seeBoard")}
          </button>
          <button type="button" class="btn" onClick={props.onMenu}>
            {t("common.mainMenu")}
          </button>
          <ExportButton record={() => savedGameRecord(g.record)} label={t("result.export")} />
        </div>
      </div>
    </div>
  );
}
