/** A friend game's result: the table's result panel, the series line, next game or rematch. */
import { Show, type JSX } from "solid-js";
import { engineSeat } from "../../../../core/online/friend/game.js";
import type { Seat } from "../../../../core/types.js";
import { ExportButton } from "../../components/ExportButton.js";
import { t, type MessageValues } from "../../i18n/i18n.js";
import { seriesScore, seriesValues, wonText } from "../../present/results.js";
import { friendGameRecord } from "../../state/gameRecords.js";
import type { FriendRoomStore } from "../../state/createFriendRoom.js";
import { useRouter } from "../../state/createRouter.js";
import { ResultPanel, resultOf } from "../../table/ResultPanel.js";

type RoomResultData = NonNullable<FriendRoomStore[0]["result"]>;

/** The series so far, from this player's side ("You 2 – 1 Bola"), or "" for a single game. */
function roomSeriesText(store: FriendRoomStore, nameOf: (seat: Seat) => string): string {
  const [room] = store;
  const s = room.series;
  if (s === null || s.bestOf === 1) return "";
  const me = room.seat ?? 0;
  const them: Seat = me === 0 ? 1 : 0;
  const names: [string, string] = [t("common.you"), nameOf(them)];
  const sc: MessageValues = seriesValues(names, [s.score[me], s.score[them]]);
  if (!s.over) return t("room.seriesLine", { bestOf: s.bestOf, ...sc });
  if (s.winner === null) return seriesScore(names, [s.score[me], s.score[them]], true);
  return t("room.seriesWon", {
    who: s.winner === room.seat ? "you" : "other",
    name: nameOf(s.winner),
    forfeit: s.end === "forfeit" ? "yes" : "no",
    ...sc,
  });
}

/** The game just ended as a record for Replay and Engine review. */
export function endedRecord(store: FriendRoomStore, r: RoomResultData): ReturnType<typeof friendGameRecord> {
  const [room] = store;
  return friendGameRecord(
    r.final,
    r.moves,
    r.starter,
    r.outcome,
    (s) => room.names[s].trim() || t(s === 0 ? "common.player1" : "common.player2"),
  );
}

export function RoomResult(props: {
  store: FriendRoomStore;
  result: RoomResultData;
  nameOf: (seat: Seat) => string;
}): JSX.Element {
  const [room, act] = props.store;
  const [, router] = useRouter();
  const me = (): Seat => room.seat ?? 0;
  const them = (): Seat => (me() === 0 ? 1 : 0);
  const title = (): string => {
    const w = props.result.outcome.winner;
    if (w === null) return t("result.draw");
    return w === room.seat ? t("result.youWon") : wonText(props.nameOf(w));
  };
  const told = () => {
    const r = props.result;
    const w = r.outcome.winner;
    return resultOf({
      final: r.final,
      outcome: { winner: w === null ? null : engineSeat(r, w), reason: r.outcome.reason },
      order: [engineSeat(r, me()), engineSeat(r, them())],
      names: [props.nameOf(me()), props.nameOf(them())],
      ids: ["stones-me", "stones-them"],
    });
  };
  const over = (): boolean => room.series?.over === true;
  return (
    <ResultPanel
      title={title()}
      titleId="room-result"
      sides={told().sides}
      facts={told().facts}
      series={roomSeriesText(props.store, props.nameOf)}
      onClose={over() ? () => act.dismissResult() : undefined}
    >
      <Show
        when={over()}
        fallback={
          <button type="button" class="btn primary" onClick={() => act.dismissResult()}>
            {props.result.outcome.winner === null ? t("result.replayDrawn") : t("result.nextGame")}
          </button>
        }
      >
        <Show
          when={room.rematchOffer !== null && room.rematchOffer !== room.seat}
          fallback={
            <button
              type="button"
              class="btn primary"
              onClick={() => act.rematch()}
              disabled={room.rematchOffer === room.seat}
            >
              {room.rematchOffer === room.seat
                ? t("room.waitingFor", { name: props.nameOf(them()) })
                : t("room.offerRematch")}
            </button>
          }
        >
          <button type="button" class="btn primary" onClick={() => act.answer("rematch", true)}>
            {t("room.acceptRematch")}
          </button>
          <button type="button" class="btn" onClick={() => act.answer("rematch", false)}>
            {t("room.noThanks")}
          </button>
        </Show>
        <button type="button" class="btn" onClick={() => act.dismissResult()}>
          {t("result.seeBoard")}
        </button>
      </Show>
      <button type="button" class="btn" onClick={() => router.go("menu")}>
        {t("common.mainMenu")}
      </button>
      <ExportButton record={() => endedRecord(props.store, props.result)} label={t("result.export")} />
    </ResultPanel>
  );
}
