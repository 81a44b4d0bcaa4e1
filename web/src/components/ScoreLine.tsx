/**
 * The line above a board: each side's avatar, name, extras (presence, rating, clock) and score,
 * with whose turn it is between them. Names are never hidden: a long one is shortened with an
 * ellipsis and its full text stays in the title and the spoken label. The game table's score line
 * (table/TableScore.tsx) in every mode.
 */
import { Show, type JSX } from "solid-js";
import type { Seat } from "../../../core/types.js";

interface ScoreSide {
  readonly seat: Seat;
  readonly name: string;
  readonly score: number;
  /** The score as spoken, e.g. "45 stones". */
  readonly scoreText: string;
  readonly avatar?: JSX.Element;
  /** Shown after the name: presence, rating, clock. */
  readonly extra?: JSX.Element;
  /** This side is to move. */
  readonly turn: boolean;
  /** This side won (its pill lights up). */
  readonly won?: boolean;
}

/** Test ids a mode keeps for its own checks (the defaults: score-line, turn, name-top, score-top…). */
export interface ScoreLineIds {
  readonly line?: string;
  readonly turn?: string;
  readonly name?: (where: "top" | "bottom") => string;
  readonly score?: (seat: Seat) => string;
}

export interface ScoreLineProps {
  readonly top: ScoreSide;
  readonly bottom: ScoreSide;
  /** Whose turn, or how the game stands. */
  readonly turn: string;
  /** Announce changes of the turn text to screen readers (off where a clock would make it chatty). */
  readonly live?: boolean;
  readonly ids?: ScoreLineIds;
}

function SideView(props: { side: ScoreSide; where: "top" | "bottom"; ids?: ScoreLineIds }): JSX.Element {
  return (
    <div
      class={`side side-${props.where}`}
      classList={{ turn: props.side.turn, won: props.side.won === true }}
      data-seat={props.side.seat}
      data-testid={`side-${props.where}`}
    >
      <Show when={props.side.avatar}>{props.side.avatar}</Show>
      <span
        class="side-name"
        title={props.side.name}
        data-testid={props.ids?.name?.(props.where) ?? `name-${props.where}`}
      >
        {props.side.name}
      </span>
      <Show when={props.side.extra}>{props.side.extra}</Show>
      <span
        class="side-score"
        aria-label={`${props.side.name}: ${props.side.scoreText}`}
        data-testid={props.ids?.score?.(props.side.seat) ?? `score-${props.where}`}
      >
        {props.side.score}
      </span>
    </div>
  );
}

export function ScoreLine(props: ScoreLineProps): JSX.Element {
  return (
    <div class="score-line" data-testid={props.ids?.line ?? "score-line"}>
      <SideView side={props.top} where="top" ids={props.ids} />
      <span
        class="turn"
        data-testid={props.ids?.turn ?? "turn"}
        role="status"
        aria-live={props.live === false ? "off" : "polite"}
      >
        {props.turn}
      </span>
      <SideView side={props.bottom} where="bottom" ids={props.ids} />
    </div>
  );
}
