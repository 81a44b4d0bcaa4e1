/**
 * A live server-run game watched read-only as a table: the match as the server last sent it
 * (`watch.match` over the WebSocket, or `GET /api/games/{id}` when the game's spectator list is
 * full), each new move sown on the board from core's trace, clocks counted down from the server's
 * time. Nothing is played on it: the model has no move.
 */
import { createSignal, onCleanup, type Accessor } from "solid-js";
import { newGame, play, type State } from "../../../../core/games/index.js";
import type { MatchView } from "../../../../core/protocol/ranked.js";
import type { Outcome, Seat } from "../../../../core/types.js";
import type { Speed } from "../../present/animate.js";
import { pitOfMove } from "../../present/moves.js";
import { createBoardView } from "../../state/createBoardView.js";
import { createMovePeek } from "../../state/createMovePeek.js";
import { shownScore, type TableModel } from "../model.js";

export interface SpectateTable {
  readonly model: TableModel;
  /** Takes the game as the server now has it. */
  update(match: MatchView): void;
  readonly match: Accessor<MatchView | null>;
}

interface Played {
  readonly states: State[];
  readonly last: { readonly trace: Parameters<ReturnType<typeof createBoardView>[1]["animate"]>[0] } | null;
}

/** Every position of the game's moves (core plays them); null when the moves do not play (not this game). */
function playOut(m: MatchView): Played | null {
  const start = newGame(m.game, m.options);
  if (!start.ok) return null;
  const states: State[] = [start.value];
  let trace = null;
  for (const mv of m.moves) {
    const r = play(states[states.length - 1], mv);
    if (!r.ok) return null;
    states.push(r.value.state);
    trace = r.value.trace;
  }
  return { states, last: trace === null ? null : { trace } };
}

export function createSpectateTable(first: MatchView, deps: { readonly speed: () => Speed }): SpectateTable {
  const [match, setMatch] = createSignal<MatchView | null>(first);
  const played = playOut(first);
  const [position, setPosition] = createSignal<State | null>(played?.states.at(-1) ?? null);
  const [now, setNow] = createSignal(Date.now());
  /** Local time minus the server's, from the latest message. */
  let skew = Date.now() - first.serverTime;
  const ticker = setInterval(() => setNow(Date.now()), 250);
  onCleanup(() => clearInterval(ticker));
  const names = (): readonly [string, string] => {
    const m = match();
    return m === null ? ["", ""] : [m.seats[0].name, m.seats[1].name];
  };
  const initial = position();
  if (initial === null) throw new Error("the watched game does not play on this client's rules");
  const [board, boardActions] = createBoardView(initial, {
    speed: deps.speed,
    bottom: () => 0,
    nameOf: (s) => names()[s],
  });
  onCleanup(() => boardActions.dispose());

  const update = (m: MatchView): void => {
    const before = match();
    if (before !== null && before.id === m.id && m.version < before.version) return; // an older message
    const p = playOut(m);
    if (p === null) return;
    skew = Date.now() - m.serverTime;
    const k = p.states.length - 1;
    const oneMore = before !== null && before.id === m.id && m.moves.length === before.moves.length + 1;
    setMatch(m);
    setPosition(p.states[k]);
    const lastFrom = k === 0 ? null : pitOfMove(p.states[k - 1], m.moves[k - 1]);
    if (oneMore && p.last !== null && boardActions.queued() === 0)
      boardActions.animate(p.last.trace, p.states[k], lastFrom);
    else boardActions.show(p.states[k], lastFrom);
  };

  const clock = (seat: Seat): number => {
    const m = match();
    if (m === null) return 0;
    const left = m.clocks[seat];
    if (m.status !== "active" || m.toMove !== seat) return left;
    return Math.max(0, left - (now() - skew - m.serverTime));
  };

  const model: TableModel = {
    position,
    shown: board,
    legal: () => [],
    bottom: () => 0,
    toMove: () => {
      const m = match();
      return m !== null && m.status === "active" ? m.toMove : null;
    },
    names,
    score: shownScore(position, board),
    result: (): Outcome | null => match()?.result ?? null,
    moves: createMovePeek(() => match()),
    gameKey: () => match()?.id,
    clock,
  };
  return { model, update, match };
}
