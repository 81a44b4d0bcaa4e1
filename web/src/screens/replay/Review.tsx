/**
 * Replay's engine review: the evaluation over the plies as a graph, and each move that lost more
 * than the threshold with the engine's better move (which the board then shows).
 */
import { createMemo, For, onCleanup, Show, type Accessor, type JSX } from "solid-js";
import { createStore } from "solid-js/store";
import type { GameRecord } from "../../../../core/records/index.js";
import type { Seat } from "../../../../core/types.js";
import { startReview, type ReviewHandle } from "../../ai/createReview.js";
import { findMistakes, MISTAKE_THRESHOLD, SCORE_CAP, type Mistake, type PlyReview } from "../../ai/mistakes.js";
import { countOf, whoOf } from "../../present/speech.js";
import { t } from "../../i18n/i18n.js";
import { formatTenths } from "../../i18n/numbers.js";

/** Thinking time per position in a review (the whole review of a 120-ply game takes about 25 s). */
const REVIEW_MS_PER_PLY = 200;

export interface Review {
  readonly running: Accessor<boolean>;
  readonly done: Accessor<boolean>;
  run(): void;
  readonly mistakes: Accessor<Mistake[]>;
  /** The panel beside the board (shown once a review has started). */
  readonly Panel: (props: { step: number; onGo: (ply: number) => void }) => JSX.Element;
}

/** "Pit 4", "Hole 3", "Pass": a move as the review names it. */
export function moveWord(rec: GameRecord, m: number, pass = false): string {
  if (pass) return t("replay.move", { kind: "pass", n: 0 });
  return rec.game.startsWith("tsoro")
    ? t("replay.move", { kind: "hole", n: m + 1 })
    : t("replay.move", { kind: "pit", n: m });
}

/** The loss of a move in seeds, as words. */
export function lossText(rec: GameRecord, loss: number): string {
  return countOf(rec.game, Math.round(loss / 10) / 10);
}

export function createReview(rec: GameRecord, movers: readonly Seat[], names: readonly [string, string]): Review {
  const n = rec.moves.length;
  const [review, setReview] = createStore<{
    plies: (PlyReview | undefined)[];
    running: boolean;
    done: boolean;
    error: string | null;
  }>({ plies: [], running: false, done: false, error: null });
  let handle: ReviewHandle | null = null;
  const run = (): void => {
    handle?.cancel();
    setReview({
      plies: new Array<PlyReview | undefined>(n + 1).fill(undefined),
      running: true,
      done: false,
      error: null,
    });
    handle = startReview({ game: rec.game, options: rec.options, moves: rec.moves, timeMs: REVIEW_MS_PER_PLY }, (p) =>
      setReview("plies", p.ply, p),
    );
    handle.done.then(
      () => setReview({ running: false, done: true }),
      () =>
        setReview({
          running: false,
          error: t("replay.reviewStopped"),
        }),
    );
  };
  onCleanup(() => handle?.cancel());
  const mistakes = createMemo<Mistake[]>(() => findMistakes(rec.moves, movers, review.plies, MISTAKE_THRESHOLD));
  const reviewed = (): number => review.plies.filter((p) => p !== undefined).length;
  const W = Math.max(1, n);
  const graphPoints = (): string =>
    review.plies
      .map((p, i) => (p === undefined ? null : `${i},${(-p.score).toFixed(0)}`))
      .filter((x) => x !== null)
      .join(" ");
  const seeds = (loss: number): string => lossText(rec, loss);

  const Panel = (props: { step: number; onGo: (ply: number) => void }): JSX.Element => {
    let svg: SVGSVGElement | undefined;
    const pickOnGraph = (e: MouseEvent): void => {
      if (svg === undefined) return;
      const box = svg.getBoundingClientRect();
      props.onGo(Math.round(((e.clientX - box.left) / box.width) * W));
    };
    return (
      <Show when={review.running || review.done || review.error !== null}>
        <div class="card" data-testid="review">
          <h2>{t("moves.review")}</h2>
          <Show when={review.running}>
            <p class="note" role="status">
              {t("replay.reviewing", { k: reviewed(), n: n + 1 })}
            </p>
          </Show>
          <Show when={review.error}>
            {(e) => (
              <p class="error" role="alert">
                {e()}
              </p>
            )}
          </Show>
          <svg
            ref={svg}
            class="replay-graph"
            viewBox={`0 ${-SCORE_CAP} ${W} ${2 * SCORE_CAP}`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t("replay.graph", { who: whoOf(names[0]), name: names[0] })}
            onClick={pickOnGraph}
            data-testid="review-graph"
          >
            <line class="axis" x1="0" y1="0" x2={W} y2="0" vector-effect="non-scaling-stroke" />
            <polyline class="line" points={graphPoints()} />
            <For each={mistakes()}>
              {(m) => (
                <rect
                  class="mistake"
                  x={m.ply + 0.5 - W / 200}
                  y={-SCORE_CAP}
                  width={W / 100}
                  height={2 * SCORE_CAP}
                  opacity="0.35"
                />
              )}
            </For>
            <line class="cursor" x1={props.step} y1={-SCORE_CAP} x2={props.step} y2={SCORE_CAP} />
          </svg>
          <p class="note">
            {t("replay.graphNote", {
              a: names[0],
              aWho: whoOf(names[0]),
              b: names[1],
              bWho: whoOf(names[1]),
              loss: seeds(MISTAKE_THRESHOLD),
            })}
          </p>
          <Show when={review.done}>
            <Show
              when={mistakes().length > 0}
              fallback={<p data-testid="no-mistakes">{t("replay.noMistakes", { loss: seeds(MISTAKE_THRESHOLD) })}</p>}
            >
              <ul class="replay-mistakes" aria-label={t("replay.mistakes")} data-testid="mistakes">
                <For each={mistakes()}>
                  {(m) => (
                    <li>
                      <button type="button" class="btn" onClick={() => props.onGo(m.ply)}>
                        {t("replay.mistake", {
                          n: m.ply + 1,
                          played: moveWord(rec, m.played),
                          best: moveWord(rec, m.best),
                          loss: formatTenths(m.loss / 100),
                        })}
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
          </Show>
        </div>
      </Show>
    );
  };
  return { running: () => review.running, done: () => review.done, run, mistakes, Panel };
}
