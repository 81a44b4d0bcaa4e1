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
import { moveCount, newGame, toMove, boardView } from "../../../core/games/index.js";
import { gameNumber } from "../../../core/match.js";
import type { Seat } from "../../../core/types.js";
import { Avatar } from "../components/Avatar.js";
import { Board } from "../components/Board.js";
import { BoardLayout } from "../components/BoardLayout.js";
import { MoveList, ReviewButtons } from "../components/MoveList.js";
import { makeMoveLine, type MoveLine } from "../game/moveList.js";
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
import { displayName, useProfile } from "../state/createProfile.js";
import { showCode, useRooms, type SavedRoom } from "../state/createRooms.js";
import { useRouter } from "../state/createRouter.js";
import { useSettings } from "../state/createSettings.js";
import { useServices } from "../state/services.js";
import { describeSetup } from "./Resume.js";
import "../online.css";
import { friendGameRecord } from "../lib/gameRecords.js";
import { ExportButton } from "./Export.js";

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
            <h1>Game not found</h1>
            <p>This device has no game with that code. To join a friend's game, type its code.</p>
            <div class="row">
              <button type="button" class="btn primary" onClick={() => router.go("join", props.code, true)}>
                Join with a code
              </button>
              <button type="button" class="btn" onClick={() => router.go("menu")}>
                Main menu
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

/** A peer's name as this device shows it: a player who set no name (or kept "You") is "Guest" or "Owner". */
function peerName(name: string, seat: Seat): string {
  const n = name.trim();
  return n === "" || n === "You" ? (seat === 0 ? "Owner" : "Guest") : n;
}

const STATUS_TEXT: { readonly [K in string]?: string } = {
  connecting: "Connecting to the game server…",
  waiting: "Waiting for the owner: they need to open the game to let you in…",
  confirming: "Checking the code with the owner…",
  pending: "Waiting for the owner to let you in…",
  wrong_code: "That code is wrong. Check it with your friend.",
  retired: "This code was replaced after too many wrong tries. Ask your friend for the new code.",
  refused: "The owner did not let you in.",
  full: "This game already has two players.",
  not_found: "No game has this code. Check the code with your friend.",
  exists: "A game with this code already exists. Make a new game.",
  moved: "This game is now open in another tab or on another device.",
  closed: "The game is closed.",
  error: "Something went wrong.",
};

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
      return { name: clipName(displayName(profile)), avatar };
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
  const me = (): Seat => room.seat ?? 0;
  const them = (): Seat => (me() === 0 ? 1 : 0);
  /** The other player's own name; a player who set none (or kept "You") is "Guest" or "Owner" here. */
  const nameOf = (seat: Seat): string => (seat === room.seat ? "You" : peerName(room.names[seat], seat));
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
  /** A position from the move list shown read only: the number of moves played to reach it. */
  const [peek, setPeek] = createSignal<number | null>(null);
  // A new game (rematch, next of a series) starts without the last game's pressed pit or landing ring.
  createEffect(() => {
    void room.seriesNo;
    void room.series?.games.length;
    setPreview(null);
    setPeek(null);
  });
  /** The moves of the game on the board: the one being played, or the one whose result is shown. */
  const line = createMemo<MoveLine | null>(() => {
    const st = room.settings;
    if (st === null) return null;
    const start = newGame(st.game, st.options);
    return start.ok ? makeMoveLine(start.value, room.result !== null ? room.result.moves : room.moves) : null;
  });
  const peeked = createMemo(() => {
    const k = peek();
    const l = line();
    if (k === null || l === null || k >= l.states.length) return null;
    return { display: boardView(l.states[k]), lastFrom: l.lastFrom[k] };
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
    return friendGameRecord(r.final, r.moves, r.starter, r.outcome, (s) => room.names[s].trim() || `Player ${s + 1}`);
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
    if (room.series?.over === true) return room.series.bestOf > 1 ? "Series over" : "Game over";
    if (room.paused) return "Paused";
    if (room.turn === null) return "";
    if (room.turn === room.seat) return room.unsent > 0 ? "Sending…" : "Your turn";
    return `${nameOf(room.turn)}'s turn`;
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
    const setup = describeSetup(room.settings ?? props.room.setup);
    const text =
      setup === ""
        ? `Play mancala with me: the game code is ${code()}.`
        : `Play ${setup} with me: the game code is ${code()}.`;
    const r = await shareText("Mancala game code", text, withLink ? joinLink(code()) : undefined);
    setShared(
      r === "copied"
        ? withLink
          ? "Link copied"
          : "Code copied"
        : r === "shared"
          ? "Shared"
          : r === "failed"
            ? `Copy it by hand: ${code()}`
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
          title={room.peer.online ? "connected" : "not connected"}
        >
          {room.peer.online ? "●" : "○"}
          <span class="presence-text">{room.peer.online ? " online" : " away"}</span>
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
    if (r.outcome.winner === null) return "Draw";
    return r.outcome.winner === room.seat ? "You won!" : `${nameOf(r.outcome.winner)} won`;
  };
  const seriesText = (): string => {
    const s = room.series;
    if (s === null || s.bestOf === 1) return "";
    const sc = `You ${s.score[me()]}–${s.score[them()]} ${nameOf(them())}`;
    if (!s.over) return `Best of ${s.bestOf} · ${sc}`;
    if (s.winner === null) return `Series drawn, ${sc}`;
    return `${s.winner === room.seat ? "You win" : `${nameOf(s.winner)} wins`} the series${s.end === "forfeit" ? " by forfeit" : ""}, ${sc}`;
  };

  return (
    <section
      class={`screen play room fam-${familyOf(room.settings?.game ?? "togyz")}`}
      classList={{ "game-screen": ready(), "chat-open": room.chatOpen && ready() }}
      aria-label="Friend game"
      data-phase={room.phase}
    >
      <header class="play-top">
        <button type="button" class="icon-btn" onClick={() => router.go("menu")} aria-label="Main menu">
          <Icon name="back" />
        </button>
        <div class="series-line" data-testid="series">
          <span class="game-name">{room.settings !== null ? GAME_NAMES[room.settings.game] : "Friend game"}</span>
          <span class="room-code" data-testid="header-code" aria-label={`Game code ${code()}`}>
            {code()}
          </span>
          <Show when={room.series !== null && room.series.bestOf > 1}>
            <span class="series-score">
              Best of {room.series?.bestOf} · Game {room.series !== null ? gameNumber(room.series) : 1} · You{" "}
              {room.series?.score[me()]}–{room.series?.score[them()]}
            </span>
          </Show>
        </div>
        <button
          type="button"
          class="icon-btn chat-btn"
          onClick={() => act.openChat(!room.chatOpen)}
          aria-label={`Chat${unread() > 0 ? `, ${unread()} unread` : ""}`}
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
        <button type="button" class="icon-btn" onClick={() => router.go("settings")} aria-label="Settings">
          <Icon name="sliders" />
        </button>
        <button
          type="button"
          class="icon-btn"
          onClick={() => setForfeitOpen(true)}
          aria-label="Forfeit"
          disabled={room.turn === null}
        >
          <Icon name="flag" />
        </button>
      </header>

      <Show when={(room.wasSeated || ready()) && (!room.connected || room.offline)}>
        <p class="banner warn" role="status" data-testid="conn-banner">
          {room.offline
            ? "You are offline. The game carries on when the connection is back."
            : "Connection lost. Reconnecting…"}
        </p>
      </Show>
      <Show when={peerAway()}>
        <p class="banner" role="status" data-testid="peer-banner">
          {nameOf(them())} is not connected. The game waits for them.
        </p>
      </Show>
      <Show when={room.notice}>
        {(n) => (
          <p class="banner error" role="alert">
            {n()}{" "}
            <button type="button" class="link" onClick={() => act.clearNotice()}>
              OK
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
            setup={describeSetup(room.settings ?? props.room.setup)}
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
                        <Icon name="play" /> Ask to carry on
                      </button>
                    }
                  >
                    <p class="note">
                      {room.pauseOffer?.seat === room.seat ? `Waiting for ${nameOf(them())} to agree…` : ""}
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
                entries={line()?.entries ?? []}
                peek={peeked() !== null ? peek() : null}
                onPeek={(k) => setPeek(k === (line()?.entries.length ?? 0) ? null : k)}
                onBack={() => setPeek(null)}
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
        <nav class="controls" aria-label="Game controls">
          <button
            type="button"
            class="ctl"
            onClick={() => act.pause(!room.paused)}
            disabled={room.turn === null || (room.pauseOffer !== null && room.pauseOffer.seat === room.seat)}
            aria-pressed={room.paused}
          >
            <Icon name={room.paused ? "play" : "pause"} />
            <span>{room.paused ? "Play" : "Pause"}</span>
          </button>
          <Show when={room.settings?.game === "ayo"}>
            <button
              type="button"
              class="ctl"
              onClick={() => act.offerEnd()}
              disabled={room.turn === null || room.endOffer !== null}
            >
              <Icon name="handshake" />
              <span>Offer end</span>
            </button>
          </Show>
          <button
            type="button"
            class="ctl"
            onClick={() => router.go("rules", familyOf(room.settings?.game ?? "togyz"))}
          >
            <Icon name="rules" />
            <span>Rules</span>
          </button>
          <button type="button" class="ctl" onClick={() => router.go("menu")}>
            <Icon name="menu" />
            <span>Menu</span>
          </button>
        </nav>
        <Show when={room.pauseOffer !== null && room.pauseOffer.seat !== room.seat}>
          <Dialog
            title={room.pauseOffer?.on ? "Pause the game?" : "Carry on?"}
            onClose={() => act.answer("pause", false)}
          >
            <p>
              {nameOf(them())} asks to {room.pauseOffer?.on ? "pause the game" : "carry on playing"}.
            </p>
            <div class="row">
              <button type="button" class="btn primary" onClick={() => act.answer("pause", true)}>
                Agree
              </button>
              <button type="button" class="btn" onClick={() => act.answer("pause", false)}>
                {room.pauseOffer?.on ? "Keep playing" : "Stay paused"}
              </button>
            </div>
          </Dialog>
        </Show>
        <Show when={room.pauseOffer !== null && room.pauseOffer.seat === room.seat && !room.paused}>
          <p class="banner" role="status" data-testid="pause-wait">
            Waiting for {nameOf(them())} to agree to a pause…
          </p>
        </Show>
        <Show when={room.endOffer !== null && room.endOffer !== room.seat && room.result === null}>
          <Dialog title="End on the current score?" onClose={() => act.answer("end", false)}>
            <p>{nameOf(them())} offers to end the game now, on the captured score.</p>
            <div class="row">
              <button type="button" class="btn primary" onClick={() => act.answer("end", true)}>
                Agree
              </button>
              <button type="button" class="btn" onClick={() => act.answer("end", false)}>
                Keep playing
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
                        {r().outcome.winner === null ? "Replay the drawn game" : "Next game"}
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
                          {room.rematchOffer === room.seat ? `Waiting for ${nameOf(them())}…` : "Offer a rematch"}
                        </button>
                      }
                    >
                      <button type="button" class="btn primary" onClick={() => act.answer("rematch", true)}>
                        Accept the rematch
                      </button>
                      <button type="button" class="btn" onClick={() => act.answer("rematch", false)}>
                        No, thanks
                      </button>
                    </Show>
                    <button type="button" class="btn" onClick={() => act.dismissResult()}>
                      See the board
                    </button>
                  </Show>
                  <button type="button" class="btn" onClick={() => router.go("menu")}>
                    Main menu
                  </button>
                  <ExportButton
                    record={() =>
                      friendGameRecord(
                        r().final,
                        r().moves,
                        r().starter,
                        r().outcome,
                        (s) => room.names[s].trim() || `Player ${s + 1}`,
                      )
                    }
                    label="Export, replay or share this game"
                  />
                </div>
              </div>
            </div>
          )}
        </Show>
      </Show>

      <Show when={forfeitOpen()}>
        <Dialog title="Forfeit?" onClose={() => setForfeitOpen(false)}>
          <p>You give up and the game is recorded as a loss. {nameOf(them())} is told at once.</p>
          <div class="col">
            <button
              type="button"
              class="btn danger"
              onClick={() => {
                setForfeitOpen(false);
                act.forfeit(false);
              }}
            >
              Forfeit this game
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
                Forfeit the whole series
              </button>
            </Show>
            <button type="button" class="btn" onClick={() => setForfeitOpen(false)}>
              Keep playing
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
        <p class="code-label">Game code</p>
        <p class="code" data-testid="room-code" aria-label={`Game code ${props.code.split("").join(" ")}`}>
          {props.code}
        </p>
      </Show>
      <Show when={props.setup !== ""}>
        <p class="lobby-setup" data-testid="room-setup">
          {props.setup}
        </p>
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
          Someone tried a wrong code ({room.wrongCodes}×).
        </p>
      </Show>
      <Show when={waitingForGuest()}>
        <p>Send this code to your friend. They type it in Online → Join; you let them in here.</p>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => void props.share(false)}>
            Share code
          </button>
          <button type="button" class="btn" onClick={() => void props.share(true)}>
            Share link
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
              <strong>{peerName(r.name, 1)}</strong> asks to join
            </span>
            <button type="button" class="btn primary" onClick={() => act.approve(r.reqId, true)}>
              Let in
            </button>
            <button type="button" class="btn" onClick={() => act.approve(r.reqId, false)}>
              Refuse
            </button>
          </div>
        )}
      </For>
      <p class="note" role="status" data-testid="room-status">
        {waitingForGuest()
          ? room.requests.length > 0
            ? "Someone wants to play."
            : "Waiting for your friend…"
          : (STATUS_TEXT[room.phase] ?? (room.phase === "seated" ? "Getting the game ready…" : ""))}
      </p>
      <Show when={failed()}>
        <div class="row">
          <button type="button" class="btn primary" onClick={() => router.go("online")}>
            Online
          </button>
          <button type="button" class="btn" onClick={() => router.go("menu")}>
            Main menu
          </button>
        </div>
      </Show>
    </div>
  );
}
