/**
 * The table's board: the board in the one layout, with the landing preview, a position peeked from
 * the move list (read only), the announcements and the move list beside it. See model.ts.
 */
import { createEffect, createSignal, on, Show, type JSX } from "solid-js";
import { Board, type BoardProps } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { MoveList, type MoveListProps } from "../components/MoveList.js";
import { previewLanding } from "../present/moves.js";
import { useSettings } from "../state/createSettings.js";
import type { Preview, TableModel } from "./model.js";

/** What a lesson adds to the board: the pit to try, read out with its label, and numbered holes. */
export type BoardExtras = Pick<BoardProps, "target" | "targetLabel" | "numbered" | "onOther">;

export function GameTable(props: {
  readonly model: TableModel;
  /** Over the board: the pause veil. */
  readonly overlay?: JSX.Element;
  /** Beside the board, before the move list: the chat, a review. */
  readonly side?: JSX.Element;
  /** After the side panel's move list (a replay's share note, a review). */
  readonly after?: JSX.Element;
  /** Under the move list: a finished game's buttons. */
  readonly moveActions?: JSX.Element;
  /** A mode that steps through moves itself (a replay) lists them its own way. */
  readonly moveList?: Pick<MoveListProps, "entries" | "peek" | "onPeek" | "onBack" | "live">;
  /** No move list at all (a lesson). */
  readonly noMoves?: boolean;
  readonly board?: BoardExtras;
}): JSX.Element {
  const [settings] = useSettings();
  const m = props.model;
  const peeked = (): ReturnType<NonNullable<TableModel["moves"]>["peeked"]> => m.moves?.peeked() ?? null;
  const legal = (): readonly number[] => (peeked() !== null ? [] : m.legal());
  const [preview, setPreview] = createSignal<Preview | null>(null);
  /** Press-and-slide or hover: where the last seed of a legal pit would land (played on a copy, by core). */
  const showPreview = (pit: number | null): void => {
    const p = m.position();
    setPreview(pit === null || p === null || !legal().includes(pit) ? null : { from: pit, to: previewLanding(p, pit) });
  };
  const shownPreview = (): Preview | null => {
    if (peeked() !== null) return null;
    if (m.preview !== undefined) return m.preview();
    // No preview while the pits do not take a move.
    return legal().length === 0 ? null : preview();
  };
  // Another game on the table starts without the last game's pressed pit, landing ring or peek.
  createEffect(
    on(
      () => m.gameKey?.(),
      () => {
        setPreview(null);
        m.moves?.close();
      },
      { defer: true },
    ),
  );
  const list = (): Pick<MoveListProps, "entries" | "peek" | "onPeek" | "onBack" | "live"> | null =>
    props.moveList ?? m.moves?.list ?? null;
  return (
    <BoardLayout
      board={
        <>
          <Show when={m.position()}>
            {(p) => (
              <Board
                engine={p().engine}
                bottom={m.bottom()}
                display={peeked()?.display ?? m.shown.display}
                legal={legal()}
                lastFrom={peeked() !== null ? (peeked()?.lastFrom ?? null) : m.shown.lastFrom}
                preview={shownPreview()}
                hint={peeked() !== null ? null : (m.hint?.() ?? null)}
                hand={peeked() !== null ? null : m.shown.hand}
                flights={peeked() !== null ? [] : m.shown.flights}
                glow={peeked() !== null ? null : (m.glow?.() ?? null)}
                names={(m.spoken ?? m.names)()}
                owners={m.names()}
                counters={settings.counters}
                holeSize={settings.holeSize}
                handStyle={settings.hand}
                {...props.board}
                onPick={(pit) => {
                  setPreview(null);
                  m.move?.(pit);
                }}
                onPreview={showPreview}
              />
            )}
          </Show>
          <Show when={m.shown.announce}>
            {(a) => (
              <div class={`announce ${a().side}`} role="alert">
                {a().text}
              </div>
            )}
          </Show>
          {props.overlay}
          <Show when={m.said}>
            {(said) => (
              <p class="sr-only" aria-live="polite" data-testid="said">
                {said()()}
              </p>
            )}
          </Show>
        </>
      }
      side={
        props.noMoves === true ? undefined : (
          <>
            {props.side}
            <Show when={list()}>{(l) => <MoveList {...l()} actions={props.moveActions} />}</Show>
            {props.after}
          </>
        )
      }
    />
  );
}
