/**
 * The moves of the game beside the board (under it on a phone), numbered in pairs. Tapping a move
 * shows the position after it, read only, until "Back to the game"; a finished game offers its
 * replay and engine review in one tap.
 */
import { createEffect, For, Show, type JSX } from "solid-js";
import type { GameRecord } from "../../../core/records/index.js";
import { movePairs, type MoveEntry } from "../present/moveList.js";
import { askReview, replayCode } from "../state/gameRecords.js";
import { useRouter } from "../state/createRouter.js";
import { t } from "../i18n/i18n.js";

export interface MoveListProps {
  readonly entries: readonly MoveEntry[];
  /** The position shown, as a number of moves played; null while the live game is shown. */
  readonly peek: number | null;
  /** Shows the position after `moves` moves (a number from 0 to the list's length). */
  readonly onPeek: (moves: number) => void;
  readonly onBack: () => void;
  /** Buttons for a finished game (Replay, Engine review). */
  readonly actions?: JSX.Element;
  /** Whether a tapped move can be shown (a replay shows it as its own step). */
  readonly live?: boolean;
}

export function MoveList(props: MoveListProps): JSX.Element {
  let list: HTMLOListElement | undefined;
  const current = (): number => (props.peek === null ? props.entries.length : props.peek);
  // Keep the current move in view as moves arrive or are stepped through.
  createEffect(() => {
    const k = current();
    const el = list?.querySelector<HTMLElement>(`[data-ply="${k - 1}"]`);
    if (el !== null && el !== undefined && typeof el.scrollIntoView === "function")
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  return (
    <section class="move-list" aria-label={t("moves.label")} data-testid="move-list">
      <Show when={props.peek !== null && props.live !== false}>
        <div class="peek-bar" role="status" data-testid="peek">
          <span>{t("moves.after", { k: props.peek ?? 0, n: props.entries.length })}</span>
          <button type="button" class="btn primary" onClick={() => props.onBack()} data-testid="back-to-game">
            {t("moves.backToGame")}
          </button>
        </div>
      </Show>
      <Show when={props.entries.length > 0} fallback={<p class="note moves-empty">{t("moves.empty")}</p>}>
        <ol ref={list} class="moves">
          <For each={movePairs(props.entries)}>
            {(row) => (
              <li class="move-row">
                <span class="move-no">{row.no}.</span>
                <For each={row.moves}>
                  {(m) => (
                    <button
                      type="button"
                      class="move"
                      classList={{ current: current() === m.ply + 1, second: m.ply % 2 === 1 }}
                      data-ply={m.ply}
                      aria-current={current() === m.ply + 1 ? "step" : undefined}
                      aria-label={t("moves.move", { n: m.ply + 1, text: m.text })}
                      onClick={() => props.onPeek(m.ply + 1)}
                    >
                      {m.text}
                    </button>
                  )}
                </For>
              </li>
            )}
          </For>
        </ol>
      </Show>
      <Show when={props.actions}>
        <div class="move-actions">{props.actions}</div>
      </Show>
    </section>
  );
}

/** A finished game's Replay and Engine review, one tap each. */
/** A finished game's buttons under its move list: the result again (once closed), Replay, Engine review. */
export function FinishedActions(props: {
  readonly seeBoard: boolean;
  readonly onResult: () => void;
  readonly record: () => GameRecord | null;
}): JSX.Element {
  return (
    <>
      <Show when={props.seeBoard}>
        <button type="button" class="btn primary" onClick={() => props.onResult()}>
          {t("play.result")}
        </button>
      </Show>
      <ReviewButtons record={props.record} />
    </>
  );
}

export function ReviewButtons(props: { readonly record: () => GameRecord | null }): JSX.Element {
  const [, router] = useRouter();
  const open = (review: boolean): void => {
    const rec = props.record();
    const code = rec === null ? null : replayCode(rec);
    if (code === null) return;
    if (review) askReview(code);
    router.go("replay", code);
  };
  return (
    <>
      <button type="button" class="btn" onClick={() => open(false)} data-testid="open-replay">
        {t("moves.replay")}
      </button>
      <button type="button" class="btn" onClick={() => open(true)} data-testid="open-review">
        {t("moves.review")}
      </button>
    </>
  );
}
