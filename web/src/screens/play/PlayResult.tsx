/** A local game's result: the table's result panel with the player's record at this level and the next step. */
import { Show, type JSX } from "solid-js";
import type { Seat } from "../../../../core/types.js";
import { ExportButton } from "../../components/ExportButton.js";
import { GAME_NAMES } from "../../content/games.js";
import { LEVEL_NAMES } from "../../present/levels.js";
import { t } from "../../i18n/i18n.js";
import { seriesScore, seriesWonText } from "../../present/results.js";
import { savedGameRecord } from "../../state/gameRecords.js";
import type { GameStore } from "../../state/createGame.js";
import { played, useStats, winRate } from "../../state/createStats.js";
import { formatPercent } from "../../i18n/numbers.js";
import { ResultPanel, resultOf } from "../../table/ResultPanel.js";

export function PlayResult(props: {
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
    if (!sr.over || sr.winner === null) return seriesScore(g.record.names, sr.score, sr.over);
    return seriesWonText(g.record.names, sr.score, g.record.names[sr.winner], sr.end === "forfeit");
  };
  /** Names as the results speak of them: "You" and "The computer" against the computer. */
  const told = (): readonly [string, string] => {
    const hs = h();
    return hs === null
      ? props.names
      : hs === 0
        ? [t("common.you"), t("common.theComputer")]
        : [t("common.theComputer"), t("common.you")];
  };
  const result = () =>
    resultOf({
      final: act.engineState(),
      outcome: o(),
      order: [0, 1],
      names: props.names,
      told: told(),
      ids: ["stones-0", "stones-1"],
    });
  const stat = (label: string, value: string | number, id?: string): JSX.Element => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  );
  return (
    <ResultPanel
      title={title()}
      titleId="results-title"
      sides={result().sides}
      facts={result().facts}
      series={seriesText()}
      onClose={props.onClose}
      buttons="row"
      extra={
        <Show when={h() !== null}>
          <div class="stats" aria-label={t("result.stats")}>
            <h3>
              {GAME_NAMES[g.record.setup.game]} · {LEVEL_NAMES[g.record.setup.level]}
            </h3>
            <dl>
              {stat(t("result.wins"), stats().wins, "stat-wins")}
              {stat(t("result.losses"), stats().losses)}
              {stat(t("result.draws"), stats().draws)}
              {stat(t("result.winRate"), played(stats()) === 0 ? "–" : formatPercent(winRate(stats())))}
              {stat(t("result.streak"), stats().streak)}
              {stat(t("result.best"), stats().best)}
            </dl>
          </div>
        </Show>
      }
    >
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
    </ResultPanel>
  );
}
