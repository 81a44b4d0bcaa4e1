/**
 * The result of a game over the table: the title, each side's score, how it ended, the series line,
 * and the mode's buttons. Escape, a tap outside or "See the board" closes it to study the board.
 */
import { For, onCleanup, onMount, Show, type JSX } from "solid-js";
import { moveCount, score, toMove, type State } from "../../../core/games/index.js";
import type { GameId, Outcome, Seat } from "../../../core/types.js";
import { endSentence, finalScore, movesText } from "../present/results.js";
import { unitOf } from "../present/speech.js";

export interface ResultSide {
  readonly name: string;
  readonly stones: number;
  readonly unit: string;
  readonly won: boolean;
  /** Test id of the score (stones-0, stones-me). */
  readonly id: string;
}

export interface ResultFacts {
  /** How the game ended. */
  readonly reason: string;
  /** "Ada 50 – 31 Bola". */
  readonly score?: string;
  /** "74 moves". */
  readonly moves?: string;
}

/**
 * A finished game told from the reader's side: `order` lists the engine seats as the panel shows
 * them (left first) with their `names` (and, where the sentences say "You" and "The computer",
 * `told`); the scores are core's, in the final position.
 */
export function resultOf(o: {
  readonly final: State;
  readonly outcome: Outcome;
  readonly order: readonly [Seat, Seat];
  readonly names: readonly [string, string];
  readonly told?: readonly [string, string];
  readonly ids: readonly [string, string];
}): { sides: ResultSide[]; facts: ResultFacts } {
  const game: GameId = o.final.engine.game;
  const scores: [number, number] = [score(o.final, o.order[0]), score(o.final, o.order[1])];
  const winner = o.outcome.winner === null ? null : o.outcome.winner === o.order[0] ? 0 : 1;
  const told = o.told ?? o.names;
  return {
    sides: [0, 1].map((i) => ({
      name: o.names[i],
      stones: scores[i],
      unit: unitOf(game, scores[i]),
      won: winner === i,
      id: o.ids[i],
    })),
    facts: {
      reason: endSentence({
        game,
        reason: o.outcome.reason,
        names: told,
        winner,
        toMove: toMove(o.final) === o.order[0] ? 0 : 1,
      }),
      score: finalScore(game, told, scores),
      moves: movesText(moveCount(o.final)),
    },
  };
}

export function ResultPanel(props: {
  readonly title: string;
  /** Id of the title, for the dialog's label. */
  readonly titleId: string;
  readonly sides?: readonly ResultSide[];
  readonly facts?: ResultFacts | null;
  /** The series so far, or "". */
  readonly series?: string;
  /** Before the buttons: stats, the rating change. */
  readonly extra?: JSX.Element;
  /** The buttons. */
  readonly children: JSX.Element;
  /** Closes the panel (Escape, a tap outside); left out where the panel must be answered. */
  readonly onClose?: () => void;
  readonly buttons?: "row" | "col";
}): JSX.Element {
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.key === "Escape") props.onClose?.();
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
  });
  return (
    <div class="backdrop results-backdrop" onClick={(e) => e.target === e.currentTarget && props.onClose?.()}>
      <div class="dialog results" role="dialog" aria-modal="true" aria-labelledby={props.titleId} data-testid="results">
        <h2 id={props.titleId}>{props.title}</h2>
        <Show when={props.sides !== undefined && props.sides.length > 0}>
          <div class="result-sides">
            <For each={props.sides}>
              {(sd) => (
                <div class="result-side" classList={{ won: sd.won }}>
                  <span class="result-name">{sd.name}</span>
                  <span class="result-stones" data-testid={sd.id}>
                    {sd.stones}
                  </span>
                  <span class="result-unit">{sd.unit}</span>
                </div>
              )}
            </For>
          </div>
        </Show>
        <Show when={props.facts}>
          {(f) => (
            <p class="result-facts">
              <span data-testid="reason">{f().reason}</span>
              <Show when={f().score !== undefined}>
                {" "}
                <span data-testid="final-score">{f().score}</span>
              </Show>
              <Show when={f().moves !== undefined}>
                {" · "}
                <span data-testid="moves">{f().moves}</span>
              </Show>
            </p>
          )}
        </Show>
        <Show when={(props.series ?? "") !== ""}>
          <p class="series-result">{props.series}</p>
        </Show>
        {props.extra}
        <div class={props.buttons ?? "col"}>{props.children}</div>
      </div>
    </div>
  );
}
