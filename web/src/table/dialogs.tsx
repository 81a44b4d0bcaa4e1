/** The table's questions: forfeit (resign), and an offer to answer (end on the score, pause, carry on). */
import { Show, type JSX } from "solid-js";
import { Dialog } from "../components/Dialog.js";
import { t } from "../i18n/i18n.js";

export function ForfeitDialog(props: {
  readonly title?: string;
  readonly text: string;
  /** The game is one of a series: forfeiting the whole series is offered too. */
  readonly series: boolean;
  /** The button's word (Forfeit the game, Resign). */
  readonly confirm?: string;
  readonly onForfeit: (wholeSeries: boolean) => void;
  readonly onClose: () => void;
}): JSX.Element {
  const choose = (whole: boolean): void => {
    props.onClose();
    props.onForfeit(whole);
  };
  return (
    <Dialog title={props.title ?? t("play.forfeitTitle")} onClose={() => props.onClose()}>
      <p>{props.text}</p>
      <div class="col">
        <button type="button" class="btn danger" onClick={() => choose(false)}>
          {props.confirm ?? t("play.forfeitGame")}
        </button>
        <Show when={props.series}>
          <button type="button" class="btn danger" onClick={() => choose(true)}>
            {t("play.forfeitSeries")}
          </button>
        </Show>
        <button type="button" class="btn" onClick={() => props.onClose()}>
          {t("play.keepPlaying")}
        </button>
      </div>
    </Dialog>
  );
}

/** The other player offers something (end on the current score, pause, carry on): agree or not. */
export function OfferDialog(props: {
  readonly title?: string;
  readonly text: string;
  readonly decline?: string;
  readonly onAnswer: (agree: boolean) => void;
}): JSX.Element {
  return (
    <Dialog title={props.title ?? t("play.endTitle")} onClose={() => props.onAnswer(false)}>
      <p>{props.text}</p>
      <div class="row">
        <button type="button" class="btn primary" onClick={() => props.onAnswer(true)}>
          {t("play.agree")}
        </button>
        <button type="button" class="btn" onClick={() => props.onAnswer(false)}>
          {props.decline ?? t("play.keepPlaying")}
        </button>
      </div>
    </Dialog>
  );
}
