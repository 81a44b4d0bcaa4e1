/**
 * Replay of a game record (from a share link, an import or a saved game): step move by move with
 * the buttons, the slider or the arrow keys, the board sowing each step forward; an engine review
 * draws the evaluation over the plies and shows, for each move that lost more than the threshold,
 * the engine's better move on the board.
 */
import { createMemo, createSignal, For, onCleanup, onMount, Show, type JSX } from "solid-js";
import { createStore } from "solid-js/store";
import { toMove, view, type State } from "../../../core/games/index.js";
import { parseShareCode, type Replayed } from "../../../core/records/index.js";
import type { Seat } from "../../../core/types.js";
import { startReview, type ReviewHandle } from "../ai/createReview.js";
import { findMistakes, MISTAKE_THRESHOLD, SCORE_CAP, type Mistake, type PlyReview } from "../ai/mistakes.js";
import { Board } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { MoveList } from "../components/MoveList.js";
import { Icon } from "../components/Icon.js";
import { GAME_NAMES } from "../content/games.js";
import { endSentence } from "../game/results.js";
import { countOf } from "../game/speech.js";
import { t } from "../i18n/i18n.js";
import { previewLanding, seedsOnSide } from "../game/moves.js";
import { replayLink, takeReviewWish } from "../lib/gameRecords.js";
import { makeMoveLine } from "../game/moveList.js";
import { createBoardView } from "../state/createBoardView.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { ExportButton } from "./Export.js";
import "../records.css";

/** Thinking time per position in a review (the whole review of a 120-ply game takes about 25 s). */
export const REVIEW_MS_PER_PLY = 200;

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

function ReplayView(props: { replayed: Replayed; review: boolean }): JSX.Element {
  const [settings] = useSettings();
  const r = props.replayed;
  const rec = r.record;
  const n = rec.moves.length;
  const states = r.states;
  const engine = states[0].engine;
  const names: [string, string] =
    rec.players !== undefined
      ? [rec.players[0], rec.players[1]]
      : rec.game === "togyz"
        ? [t("replay.white"), t("replay.black")]
        : [t("common.player1"), t("common.player2")];
  const [bottom, setBottom] = createSignal<Seat>(0);
  const [step, setStep] = createSignal(0);
  const [playing, setPlaying] = createSignal(false);
  const movers: (0 | 1)[] = rec.moves.map((_, i) => toMove(states[i]));
  const entries = makeMoveLine(states[0], rec.moves).entries;
  const pitOf = (i: number): number | null => {
    const m = rec.moves[i];
    if (rec.game === "ayo" && m === 0) return null;
    return engine.moveToPit(movers[i], m);
  };
  const lastFromAt = (k: number): number | null => (k === 0 ? null : pitOf(k - 1));

  const [board, boardActions] = createBoardView(states[0], {
    speed: () => settings.speed,
    bottom,
    nameOf: (s) => names[s],
    onIdle: () => boardActions.show(states[step()], lastFromAt(step())),
  });
  onCleanup(() => boardActions.dispose());

  /** Goes to step `k`; one step forward is sown on the board (unless `sow` is false), any other jump is shown at once. */
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

  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      const t = e.target as HTMLElement | null;
      if (
        t !== null &&
        (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && (t as HTMLInputElement).type !== "range"))
      )
        return;
      if (document.querySelector(".backdrop") !== null) return;
      const to =
        e.key === "ArrowRight"
          ? step() + 1
          : e.key === "ArrowLeft"
            ? step() - 1
            : e.key === "Home"
              ? 0
              : e.key === "End"
                ? n
                : null;
      if (to === null) return;
      e.preventDefault();
      stopAuto();
      go(to);
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
  });

  // Engine review.
  const [review, setReview] = createStore<{
    plies: (PlyReview | undefined)[];
    running: boolean;
    done: boolean;
    error: string | null;
  }>({
    plies: [],
    running: false,
    done: false,
    error: null,
  });
  let handle: ReviewHandle | null = null;
  const runReview = (): void => {
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
  onMount(() => {
    if (props.review && n > 0) runReview();
  });
  const reviewed = (): number => review.plies.filter((p) => p !== undefined).length;
  const mistakes = createMemo<Mistake[]>(() => findMistakes(rec.moves, movers, review.plies, MISTAKE_THRESHOLD));
  /** The mistake made from the position shown (the next move), if any. */
  const mistakeHere = (): Mistake | undefined => mistakes().find((m) => m.ply === step());
  const hintPit = (): number | null => {
    const m = mistakeHere();
    return m === undefined ? null : engine.moveToPit(movers[m.ply], m.best);
  };
  /** The better move's sowing previewed: its pit and where its last seed would land. */
  const hintPreview = (): { from: number; to: number | null } | null => {
    const pit = hintPit();
    return pit === null || board.animating ? null : { from: pit, to: previewLanding(states[step()], pit) };
  };

  const moveName = (i: number): string => {
    const m = rec.moves[i];
    if (rec.game === "ayo" && m === 0) return t("replay.move", { kind: "pass", n: 0 });
    return moveWord(m);
  };
  const moveWord = (m: number): string =>
    rec.game.startsWith("tsoro")
      ? t("replay.move", { kind: "hole", n: m + 1 })
      : t("replay.move", { kind: "pit", n: m });
  const seeds = (loss: number): string => countOf(rec.game, Math.round(loss / 10) / 10);

  const shown = (): State => states[step()];
  const score = (seat: Seat): number =>
    rec.game === "tsoro-wta" ? seedsOnSide(board.display, seat) : board.display.stores[seat];
  const finalOutcome = r.outcome;
  const info = (): string => {
    const k = step();
    if (k === 0)
      return t("replay.start", {
        game: GAME_NAMES[rec.game],
        n,
        who: names[0] === t("common.you") ? "you" : "other",
        name: names[0],
      });
    const line = t("replay.step", { k, n, name: names[movers[k - 1]], move: moveName(k - 1) });
    if (k < n || finalOutcome === null) return line;
    const o = finalOutcome;
    const who = o.winner === null ? t("replay.draw") : t("replay.won", { name: names[o.winner] });
    const how = endSentence({ game: rec.game, reason: o.reason, names, winner: o.winner, toMove: toMove(states[n]) });
    return `${line} ${who} ${how}`;
  };

  const W = Math.max(1, n);
  const graphPoints = (): string =>
    review.plies
      .map((p, i) => (p === undefined ? null : `${i},${(-p.score).toFixed(0)}`))
      .filter((x) => x !== null)
      .join(" ");
  let svg: SVGSVGElement | undefined;
  const pickOnGraph = (e: MouseEvent): void => {
    if (svg === undefined) return;
    const box = svg.getBoundingClientRect();
    stopAuto();
    go(Math.round(((e.clientX - box.left) / box.width) * W), false);
  };
  const link = (): string | null => (finalOutcome !== null ? replayLink(rec) : null);
  const [shareNote, setShareNote] = createSignal("");
  const share = async (): Promise<void> => {
    const l = link();
    if (l === null) return;
    const nav = navigator as Navigator & { share?: (d: ShareData) => Promise<void> };
    try {
      if (typeof nav.share === "function") {
        await nav.share({ title: t("replay.shareTitle", { game: GAME_NAMES[rec.game] }), url: l });
        setShareNote(t("replay.shared"));
      } else {
        await navigator.clipboard.writeText(l);
        setShareNote(t("replay.linkCopied"));
      }
    } catch {
      setShareNote(l);
    }
  };

  return (
    <div class="replay-view" data-testid="replay">
      <div class="score-line" role="status" data-testid="replay-score">
        <div class={`side side-top${toMove(shown()) !== bottom() && view(shown()).result === null ? " turn" : ""}`}>
          <span class="side-name">{names[(1 - bottom()) as Seat]}</span>
          <span class="side-score" data-testid={`replay-store-${1 - bottom()}`}>
            {score((1 - bottom()) as Seat)}
          </span>
        </div>
        <span class="turn" data-testid="replay-step">
          {step()} / {n}
        </span>
        <div class={`side side-bottom${toMove(shown()) === bottom() && view(shown()).result === null ? " turn" : ""}`}>
          <span class="side-name">{names[bottom()]}</span>
          <span class="side-score" data-testid={`replay-store-${bottom()}`}>
            {score(bottom())}
          </span>
        </div>
      </div>
      <BoardLayout
        board={
          <>
            <Board
              engine={engine}
              bottom={bottom()}
              display={board.display}
              legal={[]}
              lastFrom={board.lastFrom}
              preview={hintPreview()}
              hint={hintPit()}
              hand={board.hand}
              flights={board.flights}
              glow={null}
              names={names}
              counters={settings.counters}
              holeSize={settings.holeSize}
              handStyle={settings.hand}
              onPick={() => undefined}
              onPreview={() => undefined}
            />
            <Show when={board.announce}>
              {(a) => (
                <div class={`announce ${a().side}`} role="alert">
                  {a().text}
                </div>
              )}
            </Show>
          </>
        }
        side={
          <>
            <MoveList
              entries={entries}
              peek={step()}
              live={false}
              onPeek={(k) => {
                stopAuto();
                go(k, false);
              }}
              onBack={() => go(n, false)}
              actions={
                <>
                  <button type="button" class="btn" onClick={() => setBottom((b) => (1 - b) as Seat)}>
                    {t("replay.turnBoard")}
                  </button>
                  <button type="button" class="btn" onClick={runReview} disabled={review.running || n === 0}>
                    {review.done ? t("replay.reviewAgain") : t("moves.review")}
                  </button>
                  <ExportButton record={() => rec} />
                  <Show when={link() !== null}>
                    <button type="button" class="btn" onClick={() => void share()}>
                      {t("replay.share")}
                    </button>
                  </Show>
                </>
              }
            />
            <Show when={shareNote() !== ""}>
              <p class="note" role="status" data-testid="share-note">
                {shareNote()}
              </p>
            </Show>
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
                  aria-label={t("replay.graph", { name: names[0] })}
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
                  <line class="cursor" x1={step()} y1={-SCORE_CAP} x2={step()} y2={SCORE_CAP} />
                </svg>
                <p class="note">
                  {t("replay.graphNote", { a: names[0], b: names[1], loss: seeds(MISTAKE_THRESHOLD) })}
                </p>
                <Show when={review.done}>
                  <Show
                    when={mistakes().length > 0}
                    fallback={
                      <p data-testid="no-mistakes">{t("replay.noMistakes", { loss: seeds(MISTAKE_THRESHOLD) })}</p>
                    }
                  >
                    <ul class="replay-mistakes" aria-label={t("replay.mistakes")} data-testid="mistakes">
                      <For each={mistakes()}>
                        {(m) => (
                          <li>
                            <button
                              type="button"
                              class="btn"
                              onClick={() => {
                                stopAuto();
                                go(m.ply, false);
                              }}
                            >
                              {t("replay.mistake", {
                                n: m.ply + 1,
                                played: moveWord(m.played),
                                best: moveWord(m.best),
                                loss: (m.loss / 100).toFixed(1),
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
          </>
        }
      />
      <p class="replay-info" data-testid="replay-info">
        {info()}
      </p>
      <Show when={mistakeHere()}>
        {(m) => (
          <p class="banner" role="status" data-testid="better-move">
            {t("replay.better", {
              name: names[movers[m().ply]],
              played: moveWord(m().played),
              best: moveWord(m().best),
              loss: seeds(m().loss),
            })}
          </p>
        )}
      </Show>
      <div class="replay-steps">
        <button
          type="button"
          class="btn"
          onClick={() => {
            stopAuto();
            go(0);
          }}
          disabled={step() === 0}
          aria-label={t("replay.first")}
        >
          ◀◀
        </button>
        <button
          type="button"
          class="btn"
          onClick={() => {
            stopAuto();
            go(step() - 1);
          }}
          disabled={step() === 0}
          aria-label={t("replay.previous")}
        >
          ◀
        </button>
        <button
          type="button"
          class="btn primary"
          onClick={toggleAuto}
          aria-label={playing() ? t("play.pause") : t("replay.playThrough")}
        >
          {playing() ? t("play.pause") : t("play.play")}
        </button>
        <button
          type="button"
          class="btn"
          onClick={() => {
            stopAuto();
            go(step() + 1);
          }}
          disabled={step() === n}
          aria-label={t("replay.next")}
        >
          ▶
        </button>
        <button
          type="button"
          class="btn"
          onClick={() => {
            stopAuto();
            go(n);
          }}
          disabled={step() === n}
          aria-label={t("replay.last")}
        >
          ▶▶
        </button>
        <input
          class="replay-slider"
          type="range"
          min="0"
          max={n}
          step="1"
          value={step()}
          aria-label={t("replay.slider")}
          onInput={(e) => {
            stopAuto();
            go(Number(e.currentTarget.value));
          }}
        />
      </div>
    </div>
  );
}
