/**
 * Replay as a table: a game record stepped move by move (one step forward is sown on the board,
 * any other jump shown at once), played through on a timer, turned to either side. Nothing is
 * played on it: the model has no move.
 */
import { createSignal, onCleanup, type Accessor } from "solid-js";
import { outcome, toMove, type State } from "../../../../core/games/index.js";
import type { Replayed } from "../../../../core/records/index.js";
import type { Seat } from "../../../../core/types.js";
import type { Speed } from "../../present/animate.js";
import { pitOfMove } from "../../present/moves.js";
import { createBoardView } from "../../state/createBoardView.js";
import { shownScore, type Preview, type TableModel } from "../model.js";

export interface ReplayTable {
  readonly model: TableModel;
  /** Moves played to reach the position shown (0 to `length`). */
  readonly step: Accessor<number>;
  readonly length: number;
  /** Engine seat that made each move. */
  readonly movers: readonly Seat[];
  /** Goes to step `k`; one step forward is sown (unless `sow` is false), any other jump is shown at once. */
  go(k: number, sow?: boolean): void;
  readonly playing: Accessor<boolean>;
  /** Plays the moves through one after another, or stops. */
  toggleAuto(): void;
  stopAuto(): void;
  turnBoard(): void;
  /** The position shown. */
  shownState(): State;
}

export function createReplayTable(
  r: Replayed,
  deps: {
    readonly names: readonly [string, string];
    readonly speed: () => Speed;
    /** A pit the screen marks, and its own preview (the engine's better move in a review). */
    readonly hint?: Accessor<number | null>;
    readonly preview?: Accessor<Preview | null>;
  },
): ReplayTable {
  const rec = r.record;
  const n = rec.moves.length;
  const states = r.states;
  const movers: Seat[] = rec.moves.map((_, i) => toMove(states[i]));
  const lastFromAt = (k: number): number | null => (k === 0 ? null : pitOfMove(states[k - 1], rec.moves[k - 1]));
  const [bottom, setBottom] = createSignal<Seat>(0);
  const [step, setStep] = createSignal(0);
  const [playing, setPlaying] = createSignal(false);
  const [board, boardActions] = createBoardView(states[0], {
    speed: deps.speed,
    bottom,
    nameOf: (s) => deps.names[s],
    onIdle: () => boardActions.show(states[step()], lastFromAt(step())),
  });
  onCleanup(() => boardActions.dispose());

  const go = (k: number, sow = true): void => {
    const to = Math.max(0, Math.min(n, k));
    const from = step();
    if (to === from) return;
    setStep(to);
    if (sow && to === from + 1 && boardActions.queued() === 0)
      boardActions.animate(r.traces[from], states[to], lastFromAt(to));
    else if (boardActions.queued() === 0) boardActions.show(states[to], lastFromAt(to));
  };

  let autoTimer: ReturnType<typeof setInterval> | undefined;
  const stopAuto = (): void => {
    if (autoTimer !== undefined) clearInterval(autoTimer);
    autoTimer = undefined;
    setPlaying(false);
  };
  const toggleAuto = (): void => {
    if (playing()) return stopAuto();
    if (step() === n) go(0);
    setPlaying(true);
    autoTimer = setInterval(() => {
      if (boardActions.queued() > 0) return;
      if (step() >= n) stopAuto();
      else go(step() + 1);
    }, 250);
  };
  onCleanup(stopAuto);

  const shownState = (): State => states[step()];
  const position = (): State => shownState();
  const model: TableModel = {
    position,
    shown: board,
    legal: () => [],
    bottom,
    toMove: () => toMove(shownState()),
    names: () => deps.names,
    score: shownScore(position, board),
    result: () => outcome(shownState()),
    hint: deps.hint,
    preview: deps.preview === undefined ? undefined : () => (board.animating ? null : (deps.preview?.() ?? null)),
  };
  return {
    model,
    step,
    length: n,
    movers,
    go,
    playing,
    toggleAuto,
    stopAuto,
    turnBoard: () => setBottom((b) => (1 - b) as Seat),
    shownState,
  };
}
