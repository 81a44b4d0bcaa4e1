/**
 * A ranked game as a table: state/createRanked.ts's match read as the model. Ranked seats are
 * engine seats; the player's own is at the bottom and named "You". Clocks are the server's.
 */
import type { Outcome, Seat } from "../../../../core/types.js";
import { t } from "../../i18n/i18n.js";
import { createMovePeek } from "../../state/createMovePeek.js";
import type { RankedStore } from "../../state/createRanked.js";
import { shownScore, type TableModel } from "../model.js";

export function rankedTable(store: RankedStore): TableModel {
  const [r, act, [view]] = store;
  const name = (seat: Seat): string => (seat === r.seat ? t("common.you") : (r.match?.seats[seat].name ?? ""));
  const position = (): ReturnType<typeof act.position> => act.position();
  return {
    position,
    shown: view,
    legal: () => act.legal(),
    bottom: () => r.seat,
    toMove: () => (r.match?.status === "active" ? r.match.toMove : null),
    names: () => [name(0), name(1)],
    score: shownScore(position, view),
    result: (): Outcome | null => {
      const res = r.match?.result ?? null;
      return r.phase !== "over" || res === null ? null : { winner: res.winner, reason: res.reason };
    },
    moves: createMovePeek(() => r.match),
    gameKey: () => r.match?.id,
    clock: (seat) => act.clock(seat),
    move: (pit) => void act.move(pit),
    forfeit: () => act.resign(),
    offerEnd: () => act.agreeEnd(),
    answerEnd: (agree) => (agree ? act.agreeEnd() : act.declineEnd()),
  };
}
