/**
 * A local game (against the computer, or pass and play) as a table: state/createGame.ts's store read
 * as the model. Names are the series' players in engine seats; on the board, against the computer,
 * they are spoken as "You" and "Computer".
 */
import type { State } from "../../../../core/games/index.js";
import { createMovePeek } from "../../state/createMovePeek.js";
import type { GameStore } from "../../state/createGame.js";
import { engineOptions } from "../../state/records.js";
import { t } from "../../i18n/i18n.js";
import { shownScore, type TableModel } from "../model.js";

export function playTable(game: GameStore): TableModel {
  const [g, act] = game;
  // Read through the record so that every move, undo and next game is seen.
  const position = (): State => {
    void g.record.moves.length;
    void g.record.series.games.length;
    void g.moveCount;
    return act.engineState();
  };
  const names = (): readonly [string, string] => {
    void g.record.series.games.length;
    return [act.nameOf(0), act.nameOf(1)];
  };
  const spoken = (): readonly [string, string] => {
    const h = act.humanSeat();
    if (h === null) return names();
    return h === 0 ? [t("common.you"), t("common.computer")] : [t("common.computer"), t("common.you")];
  };
  return {
    position,
    shown: g,
    legal: () => (g.paused ? [] : g.legal),
    bottom: () => g.bottom,
    toMove: () => (g.phase === "over" ? null : g.toMove),
    names,
    spoken,
    score: shownScore(position, g),
    result: () => (g.phase === "over" ? g.outcome : null),
    series: () => g.record.series,
    moves: createMovePeek(() => ({
      game: g.record.setup.game,
      options: engineOptions(g.record.setup),
      moves: g.record.moves,
    })),
    gameKey: () => g.record.series.games.length,
    hint: () => g.hint,
    glow: () => g.glow,
    said: () => g.said,
    move: (pit) => void act.pick(pit),
    forfeit: (whole) => act.forfeit(whole),
    offerEnd: () => act.offerEnd(),
    answerEnd: (agree) => act.answerEnd(agree),
    pause: (on) => {
      if (on !== g.paused) act.togglePause();
    },
    undo: () => act.undo(),
    askHint: () => act.askHint(),
  };
}
