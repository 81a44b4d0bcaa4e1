/**
 * The move list of the game on a board (Play, Room, Ranked) and the position a tapped move shows,
 * read only, until "Back to the game": one factory, so the screens wire their move lists alike.
 */
import { createMemo, createSignal, type Accessor } from "solid-js";
import { boardView, newGame, type BoardView } from "../../../core/games/index.js";
import type { GameOptions } from "../../../core/games/index.js";
import type { GameId } from "../../../core/types.js";
import type { MoveListProps } from "../components/MoveList.js";
import { makeMoveLine, type MoveLine } from "../present/moveList.js";

/** The game whose moves are listed: its rules and the moves played so far. */
export interface ListedGame {
  readonly game: GameId;
  readonly options: GameOptions | undefined;
  readonly moves: readonly number[];
}

export interface MovePeek {
  readonly line: Accessor<MoveLine | null>;
  /** The tapped position and the pit its last move sowed; null while the live game shows. */
  readonly peeked: Accessor<{ readonly display: BoardView; readonly lastFrom: number | null } | null>;
  /** Back to the live game. */
  close(): void;
  /** A MoveList's props for this game (spread them: they follow the game). */
  readonly list: Pick<MoveListProps, "entries" | "peek" | "onPeek" | "onBack">;
}

export function createMovePeek(listed: () => ListedGame | null): MovePeek {
  /** The position shown, as the number of moves played to reach it. */
  const [peek, setPeek] = createSignal<number | null>(null);
  const line = createMemo<MoveLine | null>(() => {
    const g = listed();
    if (g === null) return null;
    const start = newGame(g.game, g.options);
    return start.ok ? makeMoveLine(start.value, g.moves) : null;
  });
  const peeked = createMemo(() => {
    const k = peek();
    const l = line();
    if (k === null || l === null || k >= l.states.length) return null;
    return { display: boardView(l.states[k]), lastFrom: l.lastFrom[k] };
  });
  return {
    line,
    peeked,
    close: () => setPeek(null),
    list: {
      get entries() {
        return line()?.entries ?? [];
      },
      get peek() {
        return peeked() !== null ? peek() : null;
      },
      // The last move is the live position: tapping it goes back to the game.
      onPeek: (k) => setPeek(k === (line()?.entries.length ?? 0) ? null : k),
      onBack: () => setPeek(null),
    },
  };
}
