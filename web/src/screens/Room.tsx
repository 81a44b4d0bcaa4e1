/**
 * A friend game by code: the lobby (the code to share, join requests to approve, waiting for the
 * owner's answer), then the board with chat, pause and carry on by agreement, presence, forfeit,
 * agreed end (Ayo), series and rematch. The creator's game is used; each player sees their own side
 * at the bottom and keeps their own look.
 */
import { clipName } from "../../../core/names.js";
import { MAX_AVATAR_CHARS } from "../../../core/online/payload.js";
import { ABSENCE_QUIET_MS } from "../../../core/online/connection.js";
import { createEffect, createMemo, createSignal, For, onCleanup, onMount, Show, type JSX } from "solid-js";
import { moveCount, toMove, boardView } from "../../../core/games/index.js";
import { gameNumber } from "../../../core/series.js";
import type { Seat } from "../../../core/types.js";
import { Avatar } from "../components/Avatar.js";
import { Board } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { MoveList, ReviewButtons } from "../components/MoveList.js";
import { createMovePeek } from "../state/createMovePeek.js";
import { Chat } from "../components/Chat.js";
import { Dialog } from "../components/Dialog.js";
import { Icon } from "../components/Icon.js";
import { ScoreLine, type ScoreSide } from "../components/ScoreLine.js";
import { familyOf, GAME_NAMES } from "../content/games.js";
import { endSentence, finalScore, movesText } from "../game/results.js";
import { countOf, describeMove } from "../game/speech.js";
import { previewLanding, seedsOnSide } from "../game/moves.js";
import { readJson, writeJson } from "../state/persist.js";
import { openFriendSession } from "../lib/online.js";
import { joinLink, shareText } from "../lib/share.js";
import { createFriendRoom, type FriendRoomStore } from "../state/createFriendRoom.js";
import { createPhrases } from "../state/createPhrases.js";
import { loadSnapshot, saveSnapshot } from "../state/roomSnapshot.js";
import { useProfile } from "../state/createProfile.js";
import { peerName, sameSetup, sentName } from "../lib/invite.js";
import { showCode, useRooms, type SavedRoom } from "../state/createRooms.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import { describeSetup } from "./Resume.js";
import "../online.css";
import { friendGameRecord } from "../lib/gameRecords.js";
import { ExportButton } from "./Export.js";
import { t, tParts, type MessageValues } from "../i18n/i18n.js";
import type { MessageKey } from "../i18n/en.js";

export function RoomScreen(props: { code: string }): JSX.Element {
  const [, router] = useRouter();
  const [, rooms] = useRooms();
  const rec = rooms.get(props.code);
  return (
    <Show
      when={rec}
      fallback={
        <section class="screen page">
          <div class="card">
            <h1>{t("room.notFound")}</h1>
            <p>{t("room.notFoundText")}</p>
            <div class="row">
              <button type="button" class="btn primary" onClick={() => router.go("join", props.code, true)}>
                {t("new.join")}
              </button>
              <button type="button" class="btn" onClick={() => router.go("menu")}>
                {t("common.mainMenu")}
              </button>
            </div>
          </div>
        </section>
      }
    >
      {(r) => <RoomView room={r()} />}
    </Show>
  );
}

/** The lobby's line for each phase of the room; the failures read as the error code that caused them. */
const STATUS_KEY: { readonly [K in string]?: MessageKey } = {
  connecting: "room.connecting",
  waiting: "room.waitOwnerOpen",
  confirming: "room.checking",
  pending: "room.waitLetIn",
  wrong_code: "error.join/wrong_code",
  retired: "error.room/retired",
  refused: "error.join/refused",
  full: "error.room/full",
  not_found: "error.room/not_found",
  exists: "error.room/exists",
  moved: "error.room/seat_moved",
  closed: "room.closed",
  error: "error.server/error",
};

function statusText(phase: string): string {
  const key = STATUS_KEY[phase];
  return key !== undefined ? t(key) : phase === "seated" ? t("room.gettingReady") : "";
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
    snapshots: {
      load: (code) => loadSnapshot(services.storage, code),
      save: (code, snap) => void saveSnapshot(services.storage, code, snap),
    },
  });
  const [room, act, [view]] = store;
  onCleanup(() => act.dispose());

  const [forfeitOpen, setForfeitOpen] = createSignal(false);
  const [shared, setShared] = createSignal<string | null>(null);
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
  /** The other player's own name; a player who set none (or kept "You") is "Guest" or "Owner" here. */
  const nameOf = (seat: Seat): string => (seat === room.seat ? t("common.you") : peerName(room.names[seat], seat));
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
  const position = createMemo(() => {
    void room.moveCount;
    void room.seriesNo;
    void room.series?.games.length;
    return act.position();
  });
  /** Names of engine seats, for the board's labels. */
  const engineNames = (): readonly [string, string] => {
    const s0 = (0 ^ room.starter) as Seat;
    return [nameOf(s0), nameOf((1 - s0) as Seat)];
  };
  const engineOf = (seat: Seat): Seat => (seat ^ room.starter) as Seat;
  /** The last move in one sentence for screen readers ("Bola sowed from pit 4 and captured 10 stones."). */
  const said = (): string => {
    const m = view.lastMove;
    const game = room.settings?.game;
    return m === null || game === undefined ? "" : describeMove(game, engineNames()[m.seat], m.seat, m.move, m.trace);
  };
  const score = (seat: Seat): number => {
    const es = engineOf(seat);
    return room.settings?.game === "tsoro-wta" ? seedsOnSide(view.display, es) : view.display.stores[es];
  };
  const legal = (): readonly number[] => (view.animating || room.result !== null || room.paused ? [] : room.legal);
  const [preview, setPreview] = createSignal<{ from: number; to: number | null } | null>(null);
  /** The moves of the game on the board (the one being played, or the one whose result is shown), and a position from them shown read only. */
  const moves = createMovePeek(() =>
    room.settings === null ? null : { ...room.settings, moves: room.result !== null ? room.result.moves : room.moves },
  );
  const peeked = moves.peeked;
  // A new game (rematch, next of a series) starts without the last game's pressed pit or landing ring.
  createEffect(() => {
    void room.seriesNo;
    void room.series?.games.length;
    setPreview(null);
    moves.close();
  });
  /** The game just ended (or the last one of the room), as a record for Replay and Engine review. */
  const [lastResult, setLastResult] = createSignal<typeof room.result>(null);
  createEffect(() => {
    const r = room.result;
    if (r !== null) setLastResult({ ...r });
    else if (room.turn !== null) setLastResult(null);
  });
  const endedRecord = (): ReturnType<typeof friendGameRecord> => {
    const r = lastResult();
    if (r === null) return null;
    return friendGameRecord(
      r.final,
      r.moves,
      r.starter,
      r.outcome,
      (s) => room.names[s].trim() || t(s === 0 ? "common.player1" : "common.player2"),
    );
  };
  onMount(() => {
    const key = (e: KeyboardEvent): void => {
      if (e.key === "Escape" && room.result !== null && room.series?.over === true) act.dismissResult();
    };
    window.addEventListener("keydown", key);
    onCleanup(() => window.removeEventListener("keydown", key));
  });
  /** Press-and-slide or hover: where the last seed of a legal pit would land (played on a copy). */
  const showPreview = (pit: number | null): void => {
    const p = position();
    setPreview(pit === null || p === null || !legal().includes(pit) ? null : { from: pit, to: previewLanding(p, pit) });
  };
  /** No preview while the pits do not take a move. */
  const shownPreview = (): { from: number; to: number | null } | null => (legal().length === 0 ? null : preview());
  const liveTurnText = (): string => {
    if (room.series?.over === true) return room.series.bestOf > 1 ? t("room.seriesOver") : t("room.gameOver");
    if (room.paused) return t("play.paused");
    if (room.turn === null) return "";
    if (room.turn === room.seat) return room.unsent > 0 ? t("room.sending") : t("play.yourTurn");
    return t("play.turnOf", { name: nameOf(room.turn) });
  };
  /** The turn label changes once a move's sowing has been shown, not while it is animated. */
  const turnText = createMemo<string>((shown) => (view.animating ? shown : liveTurnText()), "");
  const turnSeat = createMemo<Seat | null>((shown) => (view.animating ? shown : room.turn), null);

  // Chat lines already read stay read on this device, across reconnects, Continue and reloads.
  const READ_KEY = "chatread.v1";
  const readMarks = (): Record<string, number> => {
    const raw = readJson(services.storage, READ_KEY);
    return raw !== null && typeof raw === "object" ? (raw as Record<string, number>) : {};
  };
  const [readUpTo, setReadUpTo] = createSignal<number>(Number(readMarks()[props.room.code]) || 0);
  createEffect(() => {
    if (!room.chatOpen) return;
    const last = room.chat.reduce((m, c) => Math.max(m, c.seq), 0);
    if (last <= readUpTo()) return;
    setReadUpTo(last);
    const marks = readMarks();
    marks[props.room.code] = last;
    // Keep the marks of the 40 most recent rooms.
    writeJson(services.storage, READ_KEY, Object.fromEntries(Object.entries(marks).slice(-40)));
  });
  const unread = (): number =>
    room.chatOpen ? 0 : room.chat.filter((c) => c.seat !== room.seat && c.seq > readUpTo()).length;

  const share = async (withLink: boolean): Promise<void> => {
    // The sender's own name, or no name at all: "You" would be the reader.
    const chosen = profile.name.trim();
    const values = { setup: describeSetup(roomSetup()), code: code() };
    const text = chosen === "" ? t("invite.textUnnamed", values) : t("invite.text", { ...values, name: chosen });
    const r = await shareText(t("invite.title"), text, withLink ? joinLink(code(), roomSetup()) : undefined);
    setShared(
      r === "copied"
        ? withLink
          ? t("room.linkCopied")
          : t("room.codeCopied")
        : r === "shared"
          ? t("room.shared")
          : r === "failed"
            ? t("room.copyByHand", { code: code() })
            : null,
    );
  };

  const side = (seat: Seat): ScoreSide => ({
    seat,
    name: nameOf(seat),
    score: score(seat),
    scoreText: countOf(room.settings?.game ?? "togyz", score(seat)),
    avatar:
      seat === room.seat ? (
        <Avatar photo={profile.photo} emoji={profile.avatar} size={34} label="" />
      ) : (
        <Avatar {...avatarProps(room.avatars[seat])} size={34} label="" />
      ),
    extra:
      seat === room.seat ? undefined : (
        <span
          class="presence"
          classList={{ online: room.peer.online }}
          data-testid="presence"
          title={room.peer.online ? t("room.connected") : t("room.notConnected")}
        >
          {room.peer.online ? "●" : "○"}
          <span class="presence-text"> {room.peer.online ? t("room.online") : t("room.away")}</span>
        </span>
      ),
    turn: turnSeat() === seat && room.result === null,
  });

  /** How the game ended, who it concerns, the final score and the number of moves, from the reader's side. */
  const resultWords = (): {
    reason: string;
    score: string;
    moves: string;
    sides: readonly { name: string; stones: number; unit: string; won: boolean }[];
  } | null => {
    const r = room.result;
    const game = room.settings?.game;
    if (r === null || game === undefined) return null;
    const starter = room.series?.games[r.index]?.starter ?? room.starter;
    const roomSeat = (es: Seat): Seat => (es ^ starter) as Seat;
    const d = boardView(r.final);
    const scoreOf = (seat: Seat): number => {
      const es = (seat ^ starter) as Seat;
      return game === "tsoro-wta" ? seedsOnSide(d, es) : d.stores[es];
    };
    const names: [string, string] = [nameOf(me()), nameOf(them())];
    const winner = r.outcome.winner === null ? null : r.outcome.winner === me() ? 0 : 1;
    const reason = endSentence({
      game,
      reason: r.outcome.reason,
      names,
      winner,
      toMove: roomSeat(toMove(r.final)) === me() ? 0 : 1,
    });
    return {
      reason,
      score: finalScore(game, names, [scoreOf(me()), scoreOf(them())]),
      moves: movesText(moveCount(r.final)),
      sides: [
        {
          name: names[0],
          stones: scoreOf(me()),
          unit: countOf(game, scoreOf(me())).replace(/^\d+ /, ""),
          won: winner === 0,
        },
        {
          name: names[1],
          stones: scoreOf(them()),
          unit: countOf(game, scoreOf(them())).replace(/^\d+ /, ""),
          won: winner === 1,
        },
      ],
    };
  };
  const resultTitle = (): string => {
    const r = room.result;
    if (r === null) return "";
    if (r.outcome.winner === null) return t("result.draw");
    return r.outcome.winner === room.seat ? t("result.youWon") : t("play.won", { name: nameOf(r.outcome.winner) });
  };
  const seriesText = (): string => {
    const s = room.series;
    if (s === null || s.bestOf === 1) return "";
    const sc: MessageValues = { a: t("common.you"), sa: s.score[me()], sb: s.score[them()], b: nameOf(them()) };
    if (!s.over) return t("room.seriesLine", { bestOf: s.bestOf, ...sc });
    if (s.winner === null) return t("result.seriesDrawn", sc);
    return t("room.seriesWon", {
      who: s.winner === room.seat ? "you" : "other",
      name: nameOf(s.winner),
      forfeit: s.end === "forfeit" ? "yes" : "no",
      ...sc,
    });
  };

  return (
    <section
      class={`screen play room fam-${familyOf(room.settings?.game ?? "togyz")}`}
      classList={{ "game-screen": ready(), "chat-open": room.chatOpen && ready() }}
      aria-label={t("screen.room")}
      data-phase={room.phase}
    >
      <header class="play-top">
        <button type="button" class="icon-btn" onClick={() => router.go("menu")} aria-label={t("common.mainMenu")}>
          <Icon name="back" />
        </button>
        <div class="series-line" data-testid="series">
          <span class="game-name">{room.settings !== null ? GAME_NAMES[room.settings.game] : t("screen.room")}</span>
          <span class="room-code" data-testid="header-code" aria-label={t("room.codeLabel", { code: code() })}>
            {code()}
          </span>
          <Show when={room.series !== null && room.series.bestOf > 1}>
            <span class="series-score">
              {t("room.seriesHeader", {
                bestOf: room.series?.bestOf ?? 1,
                game: room.series !== null ? gameNumber(room.series) : 1,
                you: t("common.you"),
                sa: room.series?.score[me()] ?? 0,
                sb: room.series?.score[them()] ?? 0,
              })}
            </span>
          </Show>
        </div>
        <button
          type="button"
          class="icon-btn chat-btn"
          onClick={() => act.openChat(!room.chatOpen)}
          aria-label={t("room.chat", { unread: unread() })}
          aria-pressed={room.chatOpen}
          disabled={room.phase !== "seated"}
          data-testid="chat-button"
        >
          <Icon name="chat" />
          <Show when={unread() > 0}>
            <span class="badge" data-testid="unread">
              {unread()}
            </span>
          </Show>
        </button>
        <button type="button" class="icon-btn" onClick={() => router.go("settings")} aria-label={t("common.settings")}>
          <Icon name="sliders" />
        </button>
        <button
          type="button"
          class="icon-btn"
          onClick={() => setForfeitOpen(true)}
          aria-label={t("play.forfeit")}
          disabled={room.turn === null}
        >
          <Icon name="flag" />
        </button>
      </header>

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
          <p class="banner error" role="alert">
            {n()}{" "}
            <button type="button" class="link" onClick={() => act.clearNotice()}>
              {t("common.ok")}
            </button>
          </p>
        )}
      </Show>

      <Show
        when={ready()}
        fallback={
          <Lobby
            store={store}
            code={code()}
            share={share}
            shared={shared()}
            setup={describeSetup(roomSetup())}
            announced={
              roomSetup() === null && props.room.announced !== undefined ? describeSetup(props.room.announced) : ""
            }
          />
        }
      >
        <ScoreLine top={side(them())} bottom={side(me())} turn={turnText()} />
        <BoardLayout
          board={
            <>
              <Show when={position()}>
                {(p) => (
                  <Board
                    engine={p().engine}
                    bottom={room.bottom}
                    display={peeked()?.display ?? view.display}
                    legal={peeked() !== null ? [] : legal()}
                    lastFrom={peeked() !== null ? (peeked()?.lastFrom ?? null) : view.lastFrom}
                    preview={peeked() !== null ? null : shownPreview()}
                    hint={null}
                    hand={peeked() !== null ? null : view.hand}
                    flights={peeked() !== null ? [] : view.flights}
                    glow={null}
                    names={engineNames()}
                    counters={settings.counters}
                    holeSize={settings.holeSize}
                    handStyle={settings.hand}
                    onPick={(pit) => act.move(pit)}
                    onPreview={(pit) => showPreview(pit)}
                  />
                )}
              </Show>
              <Show when={view.announce}>
                {(a) => (
                  <div class={`announce ${a().side}`} role="alert">
                    {a().text}
                  </div>
                )}
              </Show>
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
            </>
          }
          side={
            <>
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
              <MoveList
                {...moves.list}
                actions={
                  <Show when={lastResult() !== null && room.turn === null}>
                    <ReviewButtons record={endedRecord} />
                  </Show>
                }
              />
            </>
          }
        />
        <p class="sr-only" aria-live="polite" data-testid="said">
          {said()}
        </p>
        <nav class="controls" aria-label={t("play.controls")}>
          <button
            type="button"
            class="ctl"
            onClick={() => act.pause(!room.paused)}
            disabled={room.turn === null || (room.pauseOffer !== null && room.pauseOffer.seat === room.seat)}
            aria-pressed={room.paused}
          >
            <Icon name={room.paused ? "play" : "pause"} />
            <span>{room.paused ? t("play.play") : t("play.pause")}</span>
          </button>
          <Show when={room.settings?.game === "ayo"}>
            <button
              type="button"
              class="ctl"
              onClick={() => act.offerEnd()}
              disabled={room.turn === null || room.endOffer !== null}
            >
              <Icon name="handshake" />
              <span>{t("play.offerEnd")}</span>
            </button>
          </Show>
          <button
            type="button"
            class="ctl"
            onClick={() => router.go("rules", familyOf(room.settings?.game ?? "togyz"))}
          >
            <Icon name="rules" />
            <span>{t("play.rules")}</span>
          </button>
          <button type="button" class="ctl" onClick={() => router.go("menu")}>
            <Icon name="menu" />
            <span>{t("play.menu")}</span>
          </button>
        </nav>
        <Show when={room.pauseOffer !== null && room.pauseOffer.seat !== room.seat}>
          <Dialog
            title={room.pauseOffer?.on ? t("room.pauseTitle") : t("room.carryOnTitle")}
            onClose={() => act.answer("pause", false)}
          >
            <p>{t(room.pauseOffer?.on ? "room.asksPause" : "room.asksCarryOn", { name: nameOf(them()) })}</p>
            <div class="row">
              <button type="button" class="btn primary" onClick={() => act.answer("pause", true)}>
                {t("play.agree")}
              </button>
              <button type="button" class="btn" onClick={() => act.answer("pause", false)}>
                {room.pauseOffer?.on ? t("play.keepPlaying") : t("room.stayPaused")}
              </button>
            </div>
          </Dialog>
        </Show>
        <Show when={room.pauseOffer !== null && room.pauseOffer.seat === room.seat && !room.paused}>
          <p class="banner" role="status" data-testid="pause-wait">
            {t("room.waitPause", { name: nameOf(them()) })}
          </p>
        </Show>
        <Show when={room.endOffer !== null && room.endOffer !== room.seat && room.result === null}>
          <Dialog title={t("play.endTitle")} onClose={() => act.answer("end", false)}>
            <p>{t("room.endText", { name: nameOf(them()) })}</p>
            <div class="row">
              <button type="button" class="btn primary" onClick={() => act.answer("end", true)}>
                {t("play.agree")}
              </button>
              <button type="button" class="btn" onClick={() => act.answer("end", false)}>
                {t("play.keepPlaying")}
              </button>
            </div>
          </Dialog>
        </Show>
        <Show when={room.result}>
          {(r) => (
            <div
              class="backdrop results-backdrop"
              onClick={(e) => e.target === e.currentTarget && room.series?.over === true && act.dismissResult()}
            >
              <div
                class="dialog results"
                role="dialog"
                aria-modal="true"
                aria-labelledby="room-result"
                data-testid="results"
              >
                <h2 id="room-result">{resultTitle()}</h2>
                <Show when={resultWords()}>
                  {(w) => (
                    <div class="result-sides">
                      <For each={w().sides}>
                        {(sd, i) => (
                          <div class="result-side" classList={{ won: sd.won }}>
                            <span class="result-name">{sd.name}</span>
                            <span class="result-stones" data-testid={`stones-${i() === 0 ? "me" : "them"}`}>
                              {sd.stones}
                            </span>
                            <span class="result-unit">{sd.unit}</span>
                          </div>
                        )}
                      </For>
                    </div>
                  )}
                </Show>
                <Show when={resultWords()}>
                  {(w) => (
                    <p class="result-facts">
                      <span data-testid="reason">{w().reason}</span> <span data-testid="final-score">{w().score}</span>
                      {" · "}
                      <span data-testid="moves">{w().moves}</span>
                    </p>
                  )}
                </Show>
                <Show when={seriesText() !== ""}>
                  <p class="series-result">{seriesText()}</p>
                </Show>
                <div class="col">
                  <Show
                    when={room.series?.over === true}
                    fallback={
                      <button type="button" class="btn primary" onClick={() => act.dismissResult()}>
                        {r().outcome.winner === null ? t("result.replayDrawn") : t("result.nextGame")}
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
                            ? t("room.waitingFor", { name: nameOf(them()) })
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
                  <ExportButton
                    record={() =>
                      friendGameRecord(
                        r().final,
                        r().moves,
                        r().starter,
                        r().outcome,
                        (s) => room.names[s].trim() || t(s === 0 ? "common.player1" : "common.player2"),
                      )
                    }
                    label={t("result.export")}
                  />
                </div>
              </div>
            </div>
          )}
        </Show>
      </Show>

      <Show when={forfeitOpen()}>
        <Dialog title={t("play.forfeitTitle")} onClose={() => setForfeitOpen(false)}>
          <p>{t("room.forfeitText", { name: nameOf(them()) })}</p>
          <div class="col">
            <button
              type="button"
              class="btn danger"
              onClick={() => {
                setForfeitOpen(false);
                act.forfeit(false);
              }}
            >
              {t("play.forfeitGame")}
            </button>
            <Show when={(room.series?.bestOf ?? 1) > 1}>
              <button
                type="button"
                class="btn danger"
                onClick={() => {
                  setForfeitOpen(false);
                  act.forfeit(true);
                }}
              >
                {t("play.forfeitSeries")}
              </button>
            </Show>
            <button type="button" class="btn" onClick={() => setForfeitOpen(false)}>
              {t("play.keepPlaying")}
            </button>
          </div>
        </Dialog>
      </Show>
    </section>
  );
}

function avatarProps(a: string | null): { photo?: string; emoji?: string } {
  if (a === null) return { emoji: "🙂" };
  return a.startsWith("data:image/") ? { photo: a } : { emoji: a.slice(0, 8) };
}

function Lobby(props: {
  store: FriendRoomStore;
  code: string;
  share: (withLink: boolean) => Promise<void>;
  shared: string | null;
  setup: string;
  /** Guest, before the owner's setup arrives: the game the join link named. */
  announced: string;
}): JSX.Element {
  const [room, act] = props.store;
  const [, router] = useRouter();
  const waitingForGuest = (): boolean => room.phase === "seated" && room.seat === 0 && !room.peer.seated;
  const failed = (): boolean =>
    ["refused", "full", "not_found", "wrong_code", "retired", "exists", "moved", "closed", "error"].includes(
      room.phase,
    );
  return (
    <div class="lobby card" data-testid="lobby">
      <Show when={room.seat === 0 || props.code !== ""}>
        <p class="code-label">{t("online.code")}</p>
        <p
          class="code"
          data-testid="room-code"
          aria-label={t("room.codeLabel", { code: props.code.split("").join(" ") })}
        >
          {props.code}
        </p>
      </Show>
      <Show when={props.setup !== ""}>
        <p class="lobby-setup" data-testid="room-setup">
          {props.setup}
        </p>
      </Show>
      <Show when={props.announced !== ""}>
        <p class="lobby-setup" data-testid="room-setup">
          {t("invite.named", { setup: props.announced })}
        </p>
        <p class="note">{t("invite.namedNote")}</p>
      </Show>
      <Show when={room.codeNotice}>
        {(n) => (
          <p class="note" role="alert" data-testid="code-notice">
            {n()}
          </p>
        )}
      </Show>
      <Show when={room.seat === 0 && room.wrongCodes > 0 && room.codeNotice === null}>
        <p class="note" data-testid="wrong-codes">
          {t("room.wrongCodes", { n: room.wrongCodes })}
        </p>
      </Show>
      <Show when={waitingForGuest()}>
        <p>{t("room.sendCode")}</p>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => void props.share(false)}>
            {t("room.shareCode")}
          </button>
          <button type="button" class="btn" onClick={() => void props.share(true)}>
            {t("room.shareLink")}
          </button>
        </div>
        <Show when={props.shared}>
          {(s) => (
            <p class="note" role="status">
              {s()}
            </p>
          )}
        </Show>
      </Show>
      <For each={room.requests}>
        {(r) => (
          <div class="request" data-testid="join-request">
            <Avatar emoji="🙂" size={34} label="" />
            <span class="request-name">
              {tParts<JSX.Element>(
                "room.asksJoin",
                { name: peerName(r.name, 1) },
                { b: (chunks) => <strong>{chunks}</strong> },
              )}
            </span>
            <button type="button" class="btn primary" onClick={() => act.approve(r.reqId, true)}>
              {t("room.letIn")}
            </button>
            <button type="button" class="btn" onClick={() => act.approve(r.reqId, false)}>
              {t("room.refuse")}
            </button>
          </div>
        )}
      </For>
      <p class="note" role="status" data-testid="room-status">
        {waitingForGuest()
          ? room.requests.length > 0
            ? t("room.someone")
            : t("room.waitFriend")
          : statusText(room.phase)}
      </p>
      <Show when={failed()}>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("online")}>
            {t("screen.online")}
          </button>
          <button type="button" class="btn" onClick={() => router.go("menu")}>
            {t("common.mainMenu")}
          </button>
        </div>
      </Show>
    </div>
  );
}
