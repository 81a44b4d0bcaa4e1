/**
 * The replay of one checked record with its engine review: the steps (buttons, slider, arrow keys),
 * the board sowing each step forward, the review's better moves; shared by the replay screen
 * (screens/Replay.tsx: a share link, an import, a saved game) and the game page (GamePage.tsx).
 */
import { createMemo, createSignal, onCleanup, onMount, Show, type JSX } from "solid-js";
import { toMove } from "../../../../core/games/index.js";
import type { Replayed } from "../../../../core/records/index.js";
import { ExportButton } from "../../components/ExportButton.js";
import { GAME_NAMES } from "../../content/games.js";
import { endSentence, replayWonText } from "../../present/results.js";
import { whoOf } from "../../present/speech.js";
import { previewLanding } from "../../present/moves.js";
import { makeMoveLine } from "../../present/moveList.js";
import { t } from "../../i18n/i18n.js";
import { replayLink } from "../../state/gameRecords.js";
import { useSettings } from "../../state/createSettings.js";
import { createReplayTable } from "../../table/adapters/replay.js";
import { GameTable } from "../../table/GameTable.js";
import { TableScore } from "../../table/TableScore.js";
import { createReview, lossText, moveWord } from "./Review.js";

/** The replay and its engine review of one checked record (also the game page's, screens/Game.tsx). */
export function ReplayView(props: { replayed: Replayed; review: boolean }): JSX.Element {
  const [settings] = useSettings();
  const r = props.replayed;
  const rec = r.record;
  const n = rec.moves.length;
  const names: [string, string] =
    rec.players !== undefined
      ? [rec.players[0], rec.players[1]]
      : rec.game === "togyz"
        ? [t("replay.white"), t("replay.black")]
        : [t("common.player1"), t("common.player2")];
  const movers = r.states.slice(0, n).map((s) => toMove(s));
  const review = createReview(rec, movers, names);
  /** The mistake made from the position shown (the next move), if any. */
  const mistakeHere = createMemo(() => review.mistakes().find((m) => m.ply === table.step()));
  const hintPit = (): number | null => {
    const m = mistakeHere();
    return m === undefined ? null : r.states[0].engine.moveToPit(movers[m.ply], m.best);
  };
  const table = createReplayTable(r, {
    names,
    speed: () => settings.speed,
    hint: hintPit,
    // The better move's sowing previewed: its pit and where its last seed would land.
    preview: () => {
      const pit = hintPit();
      return pit === null ? null : { from: pit, to: previewLanding(table.shownState(), pit) };
    },
  });
  const step = table.step;
  const stopAndGo = (k: number, sow = true): void => {
    table.stopAuto();
    table.go(k, sow);
  };
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      const el = e.target as HTMLElement | null;
      if (
        el !== null &&
        (el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && (el as HTMLInputElement).type !== "range"))
      )
        return;
      if (document.querySelector(".backdrop") !== null) return;
      const keys: Record<string, number> = { ArrowRight: step() + 1, ArrowLeft: step() - 1, Home: 0, End: n };
      const to = keys[e.key];
      if (to === undefined) return;
      e.preventDefault();
      stopAndGo(to);
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
    if (props.review && n > 0) review.run();
  });

  const moveName = (i: number): string => moveWord(rec, rec.moves[i], rec.game === "ayo" && rec.moves[i] === 0);
  const info = (): string => {
    const k = step();
    if (k === 0)
      return t("replay.start", {
        game: GAME_NAMES[rec.game],
        n,
        who: names[0] === t("common.you") ? "you" : "other",
        name: names[0],
      });
    const mover = names[movers[k - 1]];
    const line = t("replay.step", { k, n, who: whoOf(mover), name: mover, move: moveName(k - 1) });
    const o = r.outcome;
    if (k < n || o === null) return line;
    const who = o.winner === null ? t("replay.draw") : replayWonText(names[o.winner]);
    const how = endSentence({ game: rec.game, reason: o.reason, names, winner: o.winner, toMove: toMove(r.states[n]) });
    return `${line} ${who} ${how}`;
  };
  const link = (): string | null => (r.outcome !== null ? replayLink(rec) : null);
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
  const stepButton = (to: () => number, label: string, text: string, off: () => boolean): JSX.Element => (
    <button type="button" class="btn" onClick={() => stopAndGo(to())} disabled={off()} aria-label={label}>
      {text}
    </button>
  );

  return (
    <div class="replay-view" data-testid="replay">
      <TableScore
        model={table.model}
        turn={`${step()} / ${n}`}
        ids={{ line: "replay-score", turn: "replay-step", score: (seat) => `replay-store-${seat}` }}
      />
      <GameTable
        model={table.model}
        moveList={{
          entries: makeMoveLine(r.states[0], rec.moves).entries,
          get peek() {
            return step();
          },
          live: false,
          onPeek: (k) => stopAndGo(k, false),
          onBack: () => table.go(n, false),
        }}
        moveActions={
          <>
            <button type="button" class="btn" onClick={() => table.turnBoard()}>
              {t("replay.turnBoard")}
            </button>
            <button type="button" class="btn" onClick={() => review.run()} disabled={review.running() || n === 0}>
              {review.done() ? t("replay.reviewAgain") : t("moves.review")}
            </button>
            <ExportButton record={() => rec} />
            <Show when={link() !== null}>
              <button type="button" class="btn" onClick={() => void share()}>
                {t("replay.share")}
              </button>
            </Show>
          </>
        }
        after={
          <>
            <Show when={shareNote() !== ""}>
              <p class="note" role="status" data-testid="share-note">
                {shareNote()}
              </p>
            </Show>
            <review.Panel step={step()} onGo={(k) => stopAndGo(k, false)} />
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
              who: whoOf(names[movers[m().ply]]),
              name: names[movers[m().ply]],
              played: moveWord(rec, m().played),
              best: moveWord(rec, m().best),
              loss: lossText(rec, m().loss),
            })}
          </p>
        )}
      </Show>
      <div class="replay-steps">
        {stepButton(
          () => 0,
          t("replay.first"),
          "◀◀",
          () => step() === 0,
        )}
        {stepButton(
          () => step() - 1,
          t("replay.previous"),
          "◀",
          () => step() === 0,
        )}
        <button
          type="button"
          class="btn primary"
          onClick={() => table.toggleAuto()}
          aria-label={table.playing() ? t("play.pause") : t("replay.playThrough")}
        >
          {table.playing() ? t("play.pause") : t("play.play")}
        </button>
        {stepButton(
          () => step() + 1,
          t("replay.next"),
          "▶",
          () => step() === n,
        )}
        {stepButton(
          () => n,
          t("replay.last"),
          "▶▶",
          () => step() === n,
        )}
        <input
          class="replay-slider"
          type="range"
          min="0"
          max={n}
          step="1"
          value={step()}
          aria-label={t("replay.slider")}
          onInput={(e) => stopAndGo(Number(e.currentTarget.value))}
        />
      </div>
    </div>
  );
}
