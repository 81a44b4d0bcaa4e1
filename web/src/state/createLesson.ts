/**
 * One lesson: the position, the prediction, the tried move animated on the board, and whether the
 * prediction was right. Nothing is saved.
 */
import { createStore, produce, type Store } from "solid-js/store";
import { play, setup, toMove, type State, boardView, type BoardView } from "../../../core/games/index.js";
import type { Seat } from "../../../core/types.js";
import { trueChoices, type Lesson, type Tried } from "../content/lessons.js";
import { t } from "../i18n/i18n.js";
import { playTrace, prefersReducedMotion, stepMs, type Cue, type Speed } from "../present/animate.js";
import { legalPits, moveOfPit } from "../present/moves.js";
import { createTimers, makeBoardStage, type Announcement, type Flight } from "../present/stage.js";

type LessonStep = "predict" | "try" | "playing" | "done";

export interface LessonState {
  step: LessonStep;
  prediction: string | null;
  display: BoardView;
  legal: readonly number[];
  target: number;
  hand: { readonly pit: number; readonly count: number } | null;
  flights: readonly Flight[];
  lastFrom: number | null;
  /** The true answer, once the lesson's move has been played. */
  truth: string | null;
  /** A different pit was tapped (and not sown): its board index, until the lesson's pit is. */
  triedOther: number | null;
  solved: boolean;
  announce: Announcement | null;
}

export interface LessonActions {
  predict(choice: string): void;
  pick(pit: number): void;
  reset(): void;
  state(): State;
  mover(): Seat;
  dispose(): void;
}

export function startPosition(lesson: Lesson): State {
  const s = setup(lesson.game, lesson.options, lesson.position);
  if (!s.ok) throw new Error(`lesson ${lesson.id}: ${s.error.message}`);
  return s.value;
}

/** The text of the one choice the move makes true (null if the lesson is badly made). */
function truthOf(lesson: Lesson, tried: Tried): string | null {
  const t = trueChoices(lesson, tried);
  return t.length === 1 ? t[0].text : null;
}

/** Plays the lesson's move from its position and reads which choice it makes true. */
export function tryLesson(lesson: Lesson): { tried: Tried; truth: string | null } {
  const before = startPosition(lesson);
  const r = play(before, lesson.move);
  if (!r.ok) throw new Error(`lesson ${lesson.id}: ${r.error.message}`);
  const tried: Tried = { before, after: r.value.state, trace: r.value.trace, mover: toMove(before) };
  return { tried, truth: truthOf(lesson, tried) };
}

/**
 * The board a move leaves once its seeds are sown and before anything is captured (the moment the
 * Ayo capture diagram draws), read off the engine's trace.
 */
export function sownDisplay(tried: Tried): BoardView {
  const d = boardView(tried.before);
  for (const e of tried.trace) {
    if (e.t === "capture" || e.t === "take" || e.t === "tuzdyk" || e.t === "end") break;
    if (e.t === "lift") d.board[e.pit] -= e.count;
    else if (e.t === "sow") d.board[e.pit]++;
  }
  return d;
}

export function createLesson(
  lesson: Lesson,
  speed: () => Speed,
  cue?: (c: Cue, n: number) => void,
): readonly [Store<LessonState>, LessonActions] {
  let current = startPosition(lesson);
  let generation = 0;
  const timers = createTimers();
  const later = timers.later;
  const target = current.engine.moveToPit(toMove(current), lesson.move);
  const fresh = (): LessonState => ({
    step: "predict",
    prediction: null,
    display: boardView(current),
    legal: [],
    target,
    hand: null,
    flights: [],
    lastFrom: null,
    truth: null,
    triedOther: null,
    solved: false,
    announce: null,
  });
  const [state, setState] = createStore<LessonState>(fresh());
  let announceId = 0;

  const wait = (ms: number): Promise<boolean> => {
    const g = generation;
    return new Promise((resolve) => later(ms, () => resolve(g === generation)));
  };

  const stage = makeBoardStage(state, setState, {
    pitsPerSide: () => current.engine.pits / 2,
    later,
    announce(e) {
      if (e.t !== "tuzdyk") return;
      const id = ++announceId;
      setState("announce", { id, text: t("announce.tuzdyk"), side: "bottom" });
      later(1400, () => {
        if (state.announce?.id === id) setState("announce", null);
      });
    },
    cue,
  });

  const actions: LessonActions = {
    predict(choice) {
      if (state.step !== "predict") return;
      setState(
        produce((s) => {
          s.prediction = choice;
          s.step = "try";
          // Only the lesson's pit can be sown: the others would teach something else.
          s.legal = legalPits(current).filter((p) => p === target);
        }),
      );
    },
    pick(pit) {
      if (state.step !== "try") return;
      if (pit !== target || !state.legal.includes(pit)) {
        setState("triedOther", pit);
        return;
      }
      const move = moveOfPit(current, pit);
      const r = play(current, move);
      if (!r.ok) return;
      const g = ++generation;
      const before = current;
      setState(
        produce((s) => {
          s.step = "playing";
          s.legal = [];
          s.lastFrom = pit;
          s.triedOther = null;
        }),
      );
      void playTrace(r.value.trace, stage, stepMs(speed(), r.value.trace, prefersReducedMotion()), wait).then((ok) => {
        if (!ok || g !== generation) return;
        const tried: Tried = { before, after: r.value.state, trace: r.value.trace, mover: toMove(before) };
        setState(
          produce((s) => {
            s.display = boardView(r.value.state);
            s.hand = null;
            s.step = "done";
            s.truth = truthOf(lesson, tried);
            s.solved = true;
          }),
        );
      });
    },
    reset() {
      generation++;
      current = startPosition(lesson);
      setState(fresh());
    },
    state: () => current,
    mover: () => toMove(current),
    dispose() {
      generation++;
      timers.clear();
    },
  };
  return [state, actions];
}
