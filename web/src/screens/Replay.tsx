/**
 * Replay of a game record (from a share link, an import or a saved game): step move by move with
 * the buttons, the slider or the arrow keys, the board sowing each step forward; an engine review
 * draws the evaluation over the plies and shows, for each move that lost more than the threshold,
 * the engine's better move on the board.
 */
import { createMemo, Show, type JSX } from "solid-js";
import { parseShareCode, type Replayed } from "../../../core/records/index.js";
import { Icon } from "../components/Icon.js";
import { t } from "../i18n/i18n.js";
import { takeReviewWish } from "../state/gameRecords.js";
import { useRouter } from "../state/createRouter.js";
import { ReplayView } from "./replay/ReplayView.js";
import "../records.css";

export function ReplayScreen(props: { code: string | null }): JSX.Element {
  const [, router] = useRouter();
  const parsed = createMemo(() => (props.code === null ? null : parseShareCode(props.code)));
  const replayed = (): Replayed | null => {
    const p = parsed();
    return p !== null && p.ok ? p.value : null;
  };
  /** Opened from a finished game's "Engine review": the review starts at once. */
  const wantsReview = props.code !== null && takeReviewWish(props.code);
  const error = (): string | null => {
    const p = parsed();
    return p !== null && !p.ok ? t("replay.unreadable") : null;
  };
  return (
    <section class="screen replay game-screen" aria-labelledby="replay-title">
      <header class="page-head">
        <button type="button" class="icon-btn" onClick={() => router.back()} aria-label={t("common.back")}>
          <Icon name="back" />
        </button>
        <h1 id="replay-title">{t("screen.replay")}</h1>
      </header>
      <Show
        when={props.code !== null}
        fallback={
          <div class="card">
            <p>{t("replay.none")}</p>
            <button type="button" class="btn primary" onClick={() => router.go("import")}>
              {t("screen.import")}
            </button>
          </div>
        }
      >
        <Show when={error()}>
          {(e) => (
            <p class="error" role="alert">
              {e()}
            </p>
          )}
        </Show>
        {/* Keyed: another record (a new link, back and forward) builds a new view. */}
        <Show when={replayed()} keyed>
          {(r) => <ReplayView replayed={r} review={wantsReview} />}
        </Show>
      </Show>
    </section>
  );
}
