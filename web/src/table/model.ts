/**
 * The game table: one board screen for every mode (a local game, a friend room, a ranked game, a
 * replay, a lesson). A mode is an adapter that turns its store into a `TableModel`
 * (web/src/table/adapters/<mode>.ts) and a screen that fills the table's slots with what only that
 * mode has (Play: pause, hint, undo; Room: lobby, chat, share, presence; Ranked: seek, clocks,
 * rating; Replay: the steps and the engine review; Lessons: the question and the answer).
 *
 * The table's components read only the model:
 * - `GameTable` (GameTable.tsx): the board with the landing preview, a move peeked from the move
 *   list, the announcements and the move list, in the one layout (components/BoardLayout.tsx);
 * - `TableScore`: the score line (names, scores, whose turn; avatars and extras are slots);
 * - `TableHeader`, `TableControls`: the bar over the board and the buttons under it;
 * - `ResultPanel`, `ForfeitDialog`, `OfferDialog`: the result, forfeit (resign) and the offers to end
 *   or pause.
 *
 * Seats in the model are engine seats (engine seat 0 starts the game); a mode that keeps its own
 * seats (a series, a room) maps them with core's `seatIn`. Every rule (legal pits, scores, the
 * landing of a sowing) comes from core.
 *
 * A new mode (a lobby game, a spectator, a correspondence or tournament game) is an adapter and its
 * slots: the optional parts below (`clock`, `series`, `moves`, the actions) are left out where a
 * mode has none, and the table then shows nothing for them.
 */
import type { Accessor } from "solid-js";
import { scoreOn, type State } from "../../../core/games/index.js";
import type { Series } from "../../../core/series.js";
import type { Outcome, Seat } from "../../../core/types.js";
import type { Announcement, BoardLayer } from "../present/stage.js";
import type { MovePeek } from "../state/createMovePeek.js";

/** Where the last seed of a pit's sowing would land, shown while a finger rests on the pit. */
export interface Preview {
  readonly from: number;
  readonly to: number | null;
}

/** What the board shows now: the position as it is being animated. */
export interface ShownBoard extends Readonly<BoardLayer> {
  readonly announce: Announcement | null;
  /** Board index the last move was sown from. */
  readonly lastFrom: number | null;
  /** A move is being animated (where the mode animates moves that arrive). */
  readonly animating?: boolean;
}

export interface TableModel {
  /** The live position (its engine holds the rules); null before there is a game on the table. */
  readonly position: Accessor<State | null>;
  /** The board as shown (mid-sowing while a move is animated). */
  readonly shown: ShownBoard;
  /** Board indices the viewer may sow from now; empty while the pits take no move. */
  readonly legal: Accessor<readonly number[]>;
  /** Engine seat drawn along the bottom. */
  readonly bottom: Accessor<Seat>;
  /** Engine seat to move as the board shows it (changes once a sowing has been shown); null: nobody. */
  readonly toMove: Accessor<Seat | null>;
  /** Names by engine seat, as the score line and the result name the players. */
  readonly names: Accessor<readonly [string, string]>;
  /** Names by engine seat as the board speaks them ("You", "Computer"); `names` when left out. */
  readonly spoken?: Accessor<readonly [string, string]>;
  /** Score by engine seat, as the board shows it now (core's `scoreOn`). */
  readonly score: (seat: Seat) => number;
  /** The game's result (engine seats), once it is over. */
  readonly result: Accessor<Outcome | null>;
  /** The series the game belongs to, in the mode's own seats. */
  readonly series?: Accessor<Series | null>;
  /** The move list and a position peeked from it. */
  readonly moves?: MovePeek;
  /** Changes when another game comes to the table (next of a series, a rematch): the peek and preview close. */
  readonly gameKey?: Accessor<unknown>;
  /** A pit the mode marks (a hint, the engine's better move in a review). */
  readonly hint?: Accessor<number | null>;
  /** A preview the mode shows itself (the better move's landing); the table's own otherwise. */
  readonly preview?: Accessor<Preview | null>;
  /** The seat whose store lights up before the result. */
  readonly glow?: Accessor<Seat | null>;
  /** Milliseconds left on a seat's clock, where the game has clocks. */
  readonly clock?: (seat: Seat) => number;
  /** The last move in one sentence, for screen readers. */
  readonly said?: Accessor<string>;

  // Actions: a mode leaves out what it cannot do, and the table shows no control for it.
  readonly move?: (pit: number) => void;
  readonly forfeit?: (wholeSeries: boolean) => void;
  readonly offerEnd?: () => void;
  readonly answerEnd?: (agree: boolean) => void;
  readonly pause?: (on: boolean) => void;
  readonly undo?: () => void;
  readonly askHint?: () => void;
}

/** The score by engine seat of a board as shown, by the rules of the position's game (0 before there is one). */
export function shownScore(position: Accessor<State | null>, shown: ShownBoard): (seat: Seat) => number {
  return (seat) => {
    const p = position();
    return p === null || shown.display.board.length === 0 ? 0 : scoreOn(p.engine.game, shown.display, seat);
  };
}
