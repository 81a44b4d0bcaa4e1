/**
 * The one layout of every board screen (Play, Room, Ranked, Replay, Lessons): the board in the space
 * the screen leaves it, with a side panel (the move list, the chat) beside it on a wide screen and
 * under it on an upright phone. The board sizes itself from the box it gets here (Board.tsx) and
 * tells the box how tall it would like to be and the least it needs for pits a finger can take.
 */
import { Show, type JSX } from "solid-js";

export function BoardLayout(props: {
  /** The board and what floats over it (announcements, the pause veil). */
  readonly board: JSX.Element;
  /** The move list, the chat. */
  readonly side?: JSX.Element;
}): JSX.Element {
  return (
    <div class="board-layout" data-testid="board-layout">
      <div class="board-area">{props.board}</div>
      <Show when={props.side}>
        <aside class="board-side">
          <div class="board-side-in">{props.side}</div>
        </aside>
      </Show>
    </div>
  );
}
