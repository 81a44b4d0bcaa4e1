/**
 * A lesson as a table: state/createLesson.ts's position read as the model. The player to move sits
 * at the bottom as "You"; only the lesson's pit can be sown, once the prediction is made.
 */
import type { State } from "../../../../core/games/index.js";
import type { Seat } from "../../../../core/types.js";
import { t } from "../../i18n/i18n.js";
import type { LessonActions, LessonState } from "../../state/createLesson.js";
import { shownScore, type TableModel } from "../model.js";

export function lessonTable(s: LessonState, act: LessonActions): TableModel {
  // Read through the step, so that "Try again" (a fresh position) is seen.
  const position = (): State => {
    void s.step;
    return act.state();
  };
  const mover = (): Seat => {
    void s.step;
    return act.mover();
  };
  return {
    position,
    shown: s,
    legal: () => s.legal,
    bottom: mover,
    toMove: () => (s.step === "done" ? null : mover()),
    names: () => (mover() === 0 ? [t("common.you"), t("lessons.opponent")] : [t("lessons.opponent"), t("common.you")]),
    score: shownScore(position, s),
    result: () => null,
    move: (pit) => act.pick(pit),
  };
}
