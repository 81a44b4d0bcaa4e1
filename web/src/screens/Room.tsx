/**
 * A friend game by code: the lobby (screens/room/Lobby.tsx) until both players are in, then the game
 * table with chat, pause and carry on by agreement, presence, forfeit, agreed end (Ayo), series and
 * rematch. The creator's game is used; each player sees their own side at the bottom and keeps
 * their own look.
 */
import { clipName } from "../../../core/names.js";
import { MAX_AVATAR_CHARS } from "../../../core/online/payload.js";
import { ABSENCE_QUIET_MS } from "../../../core/online/connection.js";
import { createEffect, createMemo, createSignal, onCleanup, Show, type JSX } from "solid-js";
import { gameNumber } from "../../../core/series.js";
import type { Seat } from "../../../core/types.js";
import { ReviewButtons } from "../components/MoveList.js";
import { Chat } from "../components/Chat.js";
import { Icon } from "../components/Icon.js";
import { NotFound } from "../components/NotFound.js";
import { familyOf, GAME_NAMES } from "../content/games.js";
import { describeSetup } from "../content/setup.js";
import { openFriendSession } from "../lib/online.js";
import { sameSetup, sentName } from "../lib/invite.js";
import { chatReads } from "../state/chatReads.js";
import { createFriendRoom, type FriendRoomStore } from "../state/createFriendRoom.js";
import { createPhrases } from "../state/createPhrases.js";
import { loadSnapshot, saveSnapshot } from "../state/roomSnapshot.js";
import { useProfile } from "../state/createProfile.js";
import { showCode, useRooms, type SavedRoom } from "../state/createRooms.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import { roomTable } from "../table/adapters/room.js";
import { ForfeitDialog, OfferDialog } from "../table/dialogs.js";
import { GameTable } from "../table/GameTable.js";
import { TableControls, TableHeader, TableNotice } from "../table/TableBar.js";
import { TableScore } from "../table/TableScore.js";
import { Lobby } from "./room/Lobby.js";
import { roomSeats } from "./room/Seats.js";
import { endedRecord, RoomResult } from "./room/RoomResult.js";
import "../online.css";
import { t } from "../i18n/i18n.js";

export function RoomScreen(props: { code: string }): JSX.Element {
  const [, router] = useRouter();
  const [, rooms] = useRooms();
  const rec = rooms.get(props.code);
  return (
    <Show
      when={rec}
      fallback={
        <NotFound title={t("room.notFound")} text={t("room.notFoundText")}>
          <div class="row">
            <button type="button" class="btn primary" onClick={() => router.go("join", props.code, true)}>
              {t("new.join")}
            </button>
            <button type="button" class="btn" onClick={() => router.go("menu")}>
              {t("common.mainMenu")}
            </button>
          </div>
        </NotFound>
      }
    >
      {(r) => <RoomView room={r()} />}
    </Show>
  );
}

function RoomView(props: { room: SavedRoom }): JSX.Element {
  const [, router] = useRouter();
  const [settings] = useSettings();
  const [profile] = useProfile();
  const [, rooms] = useRooms();
  const services = useServices();
  const phrases = createPhrases(services.storage);
  const store: FriendRoomStore = createFriendRoom({
    room: props.room,
    rooms,
    profile: () => {
      const avatar =
        profile.photo !== null && profile.photo.length <= MAX_AVATAR_CHARS ? profile.photo : profile.avatar;
      return { name: clipName(sentName(profile.name)), avatar };
    },
    speed: () => settings.speed,
    cue: (c, n) => services.sound.play(c, n),
    open: openFriendSession,
    reads: chatReads(services.storage),
    snapshots: {
      load: (code) => loadSnapshot(services.storage, code),
      save: (code, snap) => void saveSnapshot(services.storage, code, snap),
    },
  });
  const [room, act, [view]] = store;
  onCleanup(() => act.dispose());
  const { model: table, nameOf } = roomTable(store);

  const [forfeitOpen, setForfeitOpen] = createSignal(false);
  const code = (): string => showCode(room.code);
  /** The game: the owner's, or the one that arrived sealed from the owner (never the link's claim). */
  const roomSetup = (): SavedRoom["setup"] => room.settings ?? props.room.setup;
  /** Guest: the game the join link named, when the owner's own setup says otherwise. */
  const misnamed = (): string | null => {
    const a = props.room.announced;
    const s = roomSetup();
    return a === undefined || s === null || sameSetup(a, s)
      ? null
      : t("invite.differs", { announced: describeSetup(a), setup: describeSetup(s) });
  };
  const me = (): Seat => room.seat ?? 0;
  const them = (): Seat => (me() === 0 ? 1 : 0);
  /**
   * The board shows once both players are in; on Continue the game kept on the device shows at once,
   * while the connection is still being made.
   */
  const ready = (): boolean => {
    if (room.settings === null || view.display.board.length === 0) return false;
    if (room.phase === "seated") return room.peer.seated;
    return room.phase === "connecting" && room.seat !== null && room.names[room.seat === 0 ? 1 : 0] !== "";
  };
  /** The other player's absence shows only after ABSENCE_QUIET_MS, as in ranked: a reconnect is no absence. */
  const peerGone = createMemo(
    () => room.connected && !room.offline && room.phase === "seated" && room.peer.seated && !room.peer.online,
  );
  const [peerAway, setPeerAway] = createSignal(false);
  createEffect(() => {
    if (!peerGone()) {
      setPeerAway(false);
      return;
    }
    const t = setTimeout(() => setPeerAway(true), ABSENCE_QUIET_MS);
    onCleanup(() => clearTimeout(t));
  });
  /** The game just ended (or the last one of the room), kept for Replay and Engine review under the move list. */
  const [lastResult, setLastResult] = createSignal<typeof room.result>(null);
  createEffect(() => {
    const r = room.result;
    if (r !== null) setLastResult({ ...r });
    else if (room.turn !== null) setLastResult(null);
  });
  const liveTurnText = (): string => {
    if (room.series?.over === true) return room.series.bestOf > 1 ? t("room.seriesOver") : t("room.gameOver");
    if (room.paused) return t("play.paused");
    if (room.turn === null) return "";
    if (room.turn === room.seat) return room.unsent > 0 ? t("room.sending") : t("play.yourTurn");
    return t("play.turnOf", { name: nameOf(room.turn) });
  };
  /** The turn label changes once a move's sowing has been shown, not while it is animated. */
  const turnText = createMemo<string>((shown) => (view.animating ? shown : liveTurnText()), "");
  const { avatar, presence } = roomSeats(store);

  return (
    <section
      class={`screen play room fam-${familyOf(room.settings?.game ?? "togyz")}`}
      classList={{ "game-screen": ready(), "chat-open": room.chatOpen && ready() }}
      aria-label={t("screen.room")}
      data-phase={room.phase}
    >
      <TableHeader
        lead={
          <button type="button" class="icon-btn" onClick={() => router.go("menu")} aria-label={t("common.mainMenu")}>
            <Icon name="back" />
          </button>
        }
        tools={
          <button
            type="button"
            class="icon-btn chat-btn"
            onClick={() => act.openChat(!room.chatOpen)}
            aria-label={t("room.chat", { unread: room.unread })}
            aria-pressed={room.chatOpen}
            disabled={room.phase !== "seated"}
            data-testid="chat-button"
          >
            <Icon name="chat" />
            <Show when={room.unread > 0}>
              <span class="badge" data-testid="unread">
                {room.unread}
              </span>
            </Show>
          </button>
        }
        onForfeit={() => setForfeitOpen(true)}
        canForfeit={room.turn !== null}
      >
        <span class="game-name">{room.settings !== null ? GAME_NAMES[room.settings.game] : t("screen.room")}</span>
        <span class="room-code" data-testid="header-code" aria-label={t("room.codeLabel", { code: code() })}>
          {code()}
        </span>
        <Show when={room.series !== null && room.series.bestOf > 1}>
          <span class="series-score">
            {t("room.seriesHeader", {
              bestOf: room.series?.bestOf ?? 1,
              game: room.series !== null ? gameNumber(room.series) : 1,
              sa: room.series?.score[me()] ?? 0,
              sb: room.series?.score[them()] ?? 0,
            })}
          </span>
        </Show>
      </TableHeader>

      <Show when={(room.wasSeated || ready()) && (!room.connected || room.offline)}>
        <p class="banner warn" role="status" data-testid="conn-banner">
          {room.offline ? t("room.offline") : t("room.reconnecting")}
        </p>
      </Show>
      <Show when={peerAway()}>
        <p class="banner" role="status" data-testid="peer-banner">
          {t("room.peerAway", { name: nameOf(them()) })}
        </p>
      </Show>
      <Show when={misnamed()}>
        {(m) => (
          <p class="banner" role="status" data-testid="invite-differs">
            {m()}
          </p>
        )}
      </Show>
      <Show when={room.notice}>
        {(n) => (
          <TableNotice class="banner error" text={n()} action={t("common.ok")} onAction={() => act.clearNotice()} />
        )}
      </Show>

      <Show
        when={ready()}
        fallback={
          <Lobby
            store={store}
            code={code()}
            setup={roomSetup()}
            announced={
              roomSetup() === null && props.room.announced !== undefined ? describeSetup(props.room.announced) : ""
            }
          />
        }
      >
        <TableScore model={table} turn={turnText()} avatar={avatar} extra={presence} />
        <GameTable
          model={table}
          overlay={
            <Show when={room.paused}>
              <div class="pause-veil" data-testid="paused">
                <Show
                  when={room.pauseOffer?.on === false}
                  fallback={
                    <button type="button" class="btn primary big" onClick={() => act.pause(false)}>
                      <Icon name="play" /> {t("room.askCarryOn")}
                    </button>
                  }
                >
                  <p class="note">
                    {room.pauseOffer?.seat === room.seat ? t("room.waitAgree", { name: nameOf(them()) }) : ""}
                  </p>
                </Show>
              </div>
            </Show>
          }
          side={
            <Show when={room.chatOpen && ready()}>
              <Chat
                lines={room.chat}
                me={room.seat}
                names={room.names}
                own={phrases[0].own}
                onSend={(t) => act.chat(t)}
                onAddPhrase={(t) => phrases[1].add(t)}
                onRemovePhrase={(t) => phrases[1].remove(t)}
                onClose={() => act.openChat(false)}
              />
            </Show>
          }
          moveActions={
            <Show when={lastResult() !== null && room.turn === null}>
              <ReviewButtons
                record={() => {
                  const r = lastResult();
                  return r === null ? null : endedRecord(store, r);
                }}
              />
            </Show>
          }
        />
        <TableControls
          game={room.settings?.game ?? "togyz"}
          menu={() => router.go("menu")}
          controls={[
            {
              icon: room.paused ? "play" : "pause",
              label: room.paused ? t("play.play") : t("play.pause"),
              onClick: () => act.pause(!room.paused),
              disabled: room.turn === null || (room.pauseOffer !== null && room.pauseOffer.seat === room.seat),
              pressed: room.paused,
            },
            room.settings?.game === "ayo" && {
              icon: "handshake",
              label: t("play.offerEnd"),
              onClick: () => act.offerEnd(),
              disabled: room.turn === null || room.endOffer !== null,
            },
          ]}
        />
        <Show when={room.pauseOffer !== null && room.pauseOffer.seat !== room.seat}>
          <OfferDialog
            title={room.pauseOffer?.on ? t("room.pauseTitle") : t("room.carryOnTitle")}
            text={t(room.pauseOffer?.on ? "room.asksPause" : "room.asksCarryOn", { name: nameOf(them()) })}
            decline={room.pauseOffer?.on ? t("play.keepPlaying") : t("room.stayPaused")}
            onAnswer={(agree) => act.answer("pause", agree)}
          />
        </Show>
        <Show when={room.pauseOffer !== null && room.pauseOffer.seat === room.seat && !room.paused}>
          <p class="banner" role="status" data-testid="pause-wait">
            {t("room.waitPause", { name: nameOf(them()) })}
          </p>
        </Show>
        <Show when={room.endOffer !== null && room.endOffer !== room.seat && room.result === null}>
          <OfferDialog
            text={t("room.endText", { name: nameOf(them()) })}
            onAnswer={(agree) => act.answer("end", agree)}
          />
        </Show>
        <Show when={room.result}>{(r) => <RoomResult store={store} result={r()} nameOf={nameOf} />}</Show>
      </Show>

      <Show when={forfeitOpen()}>
        <ForfeitDialog
          text={t("room.forfeitText", { name: nameOf(them()) })}
          series={(room.series?.bestOf ?? 1) > 1}
          onForfeit={(whole) => act.forfeit(whole)}
          onClose={() => setForfeitOpen(false)}
        />
      </Show>
    </section>
  );
}
