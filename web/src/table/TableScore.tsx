/** The table's score line: each side's name and score, whose turn; avatars and extras come from the mode. */
import type { JSX } from "solid-js";
import type { Seat } from "../../../core/types.js";
import { ScoreLine, type ScoreLineIds } from "../components/ScoreLine.js";
import { countOf } from "../present/speech.js";
import type { TableModel } from "./model.js";

export function TableScore(props: {
  readonly model: TableModel;
  /** Whose turn, or how the game stands. */
  readonly turn: string;
  /** The side to move lights up (a mode may hold it back while a sowing is shown); the model's by default. */
  readonly turnSeat?: Seat | null;
  readonly avatar?: (seat: Seat) => JSX.Element;
  /** After the name: presence, rating, clock. */
  readonly extra?: (seat: Seat) => JSX.Element;
  readonly live?: boolean;
  readonly ids?: ScoreLineIds;
}): JSX.Element {
  const m = props.model;
  const side = (seat: Seat): Parameters<typeof ScoreLine>[0]["top"] => ({
    seat,
    name: m.names()[seat],
    score: m.score(seat),
    scoreText: countOf(m.position()?.engine.game ?? "togyz", m.score(seat)),
    avatar: props.avatar?.(seat),
    extra: props.extra?.(seat),
    turn: (props.turnSeat !== undefined ? props.turnSeat : m.toMove()) === seat && m.result() === null,
    won: m.glow?.() === seat,
  });
  return (
    <ScoreLine
      top={side((1 - m.bottom()) as Seat)}
      bottom={side(m.bottom())}
      turn={props.turn}
      live={props.live}
      ids={props.ids}
    />
  );
}
