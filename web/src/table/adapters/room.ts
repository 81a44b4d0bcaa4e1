/**
 * A friend room as a table: state/createFriendRoom.ts's game read as the model. The room keeps room
 * seats (0: the owner); the model speaks engine seats, mapped by core's `engineSeat`. The turn and
 * the lit side change once a move's sowing has been shown, not while it is animated.
 */
import { createMemo } from "solid-js";
import { engineSeat } from "../../../../core/online/friend/game.js";
import type { Outcome, Seat } from "../../../../core/types.js";
import { describeMove } from "../../present/speech.js";
import { t } from "../../i18n/i18n.js";
import { peerName } from "../../lib/invite.js";
import type { FriendRoomStore } from "../../state/createFriendRoom.js";
import { createMovePeek } from "../../state/createMovePeek.js";
import { shownScore, type TableModel } from "../model.js";

export interface RoomTable {
  readonly model: TableModel;
  /** A room seat's name as this player reads it: "You", or the other player's own (else "Guest"/"Owner"). */
  nameOf(roomSeat: Seat): string;
}

export function roomTable(store: FriendRoomStore): RoomTable {
  const [room, act, [view]] = store;
  const nameOf = (seat: Seat): string => (seat === room.seat ? t("common.you") : peerName(room.names[seat], seat));
  const position = createMemo(() => {
    void room.moveCount;
    void room.seriesNo;
    void room.series?.games.length;
    return act.position();
  });
  const names = (): readonly [string, string] => [nameOf(engineSeat(room, 0)), nameOf(engineSeat(room, 1))];
  const turnSeat = createMemo<Seat | null>((shown) => (view.animating ? shown : room.turn), null);
  const model: TableModel = {
    position,
    shown: view,
    legal: () => (view.animating || room.result !== null || room.paused ? [] : room.legal),
    bottom: () => room.bottom,
    toMove: () => {
      const s = turnSeat();
      return s === null || room.result !== null ? null : engineSeat(room, s);
    },
    names,
    score: shownScore(position, view),
    result: (): Outcome | null => {
      const r = room.result;
      if (r === null) return null;
      const w = r.outcome.winner;
      return { winner: w === null ? null : engineSeat(r, w), reason: r.outcome.reason };
    },
    series: () => room.series,
    moves: createMovePeek(() =>
      room.settings === null
        ? null
        : { ...room.settings, moves: room.result !== null ? room.result.moves : room.moves },
    ),
    gameKey: () => `${room.seriesNo}/${room.series?.games.length ?? 0}`,
    said: () => {
      const m = view.lastMove;
      const game = room.settings?.game;
      return m === null || game === undefined ? "" : describeMove(game, names()[m.seat], m.seat, m.move, m.trace);
    },
    move: (pit) => void act.move(pit),
    forfeit: (whole) => act.forfeit(whole),
    offerEnd: () => act.offerEnd(),
    answerEnd: (agree) => act.answer("end", agree),
    pause: (on) => act.pause(on),
  };
  return { model, nameOf };
}
