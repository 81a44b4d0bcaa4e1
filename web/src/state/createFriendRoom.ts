/**
 * One friend game by code, as the board screen sees it: the core session connects (and reconnects by
 * itself), runs the key exchange with the other seat when this device has no room key yet, and this
 * store mirrors what the session knows (seats, join requests, the game, chat, offers, presence, the
 * code to share) while moves are animated as they arrive. The device keeps the room (code, room id,
 * seat secret and, once the exchange gave it, the room key) so Resume → Continue returns to the same
 * seat with no new exchange.
 */
import { createStore, produce, reconcile, type Store } from "solid-js/store";
import type { RoomCode } from "../../../core/crypto/code.js";
import { makeBase64Url, parseBase64Url } from "../../../core/crypto/base64.js";
import { moveCount, toMove, type State, type TraceEvent } from "../../../core/games/index.js";
import type { Series } from "../../../core/series.js";
import type {
  ChatLine,
  FinishedGame,
  FriendSession,
  JoinRequestView,
  Profile,
  SessionSnapshot,
  SessionStatus,
  Settings,
} from "../../../core/online/index.js";
import { engineSeat, seatToMove } from "../../../core/online/friend/game.js";
import type { Seat } from "../../../core/types.js";
import type { Cue, Speed } from "../game/animate.js";
import { legalPits } from "../game/moves.js";
import { createBoardView, type BoardViewStore } from "./createBoardView.js";
import { peerName, receivedName } from "../lib/invite.js";
import { currentCode, type RoomsActions, type SavedRoom } from "./createRooms.js";
import { t } from "../i18n/i18n.js";
import { errorText } from "../i18n/errors.js";

type RoomPhase = SessionStatus | "error";

interface RoomState {
  phase: RoomPhase;
  /** The code to share (canonical); the owner's may change (see `codeNotice`). */
  code: string;
  /** Owner: the code was replaced after someone tried wrong codes. */
  codeNotice: string | null;
  /** Owner: key exchanges that failed (wrong codes tried) on this visit. */
  wrongCodes: number;
  connected: boolean;
  /** The browser says the device is offline. */
  offline: boolean;
  /** Seated at least once on this visit: a lost connection now shows the reconnecting banner. */
  wasSeated: boolean;
  seat: Seat | null;
  peer: { seated: boolean; online: boolean };
  requests: JoinRequestView[];
  settings: Settings | null;
  /** Names and avatars by room seat. */
  names: [string, string];
  avatars: [string | null, string | null];
  /** Room seat to move, or null when no game is being played. */
  turn: Seat | null;
  /** Engine seat at the bottom of the board (this player's). */
  bottom: Seat;
  /** The engine seat that room seat 0 plays in the current game. */
  starter: Seat;
  /** Board indices this player may sow now (before gating by animation). */
  legal: number[];
  moveCount: number;
  /** Moves of the current game (engine numbering), for the move list. */
  moves: number[];
  paused: boolean;
  pauseOffer: { seat: Seat; on: boolean } | null;
  rematchOffer: Seat | null;
  endOffer: Seat | null;
  chat: ChatLine[];
  unread: number;
  chatOpen: boolean;
  series: Series | null;
  seriesNo: number;
  /** The game that just ended (room seats), shown until dismissed. */
  result: {
    outcome: FinishedGame["outcome"];
    index: number;
    series: number;
    final: State;
    moves: readonly number[];
    starter: Seat;
  } | null;
  /** Something the player tried that was refused, or a peer message refused by the rules. */
  notice: string | null;
  /** Own messages not yet acknowledged by the server. */
  unsent: number;
  caughtUp: boolean;
}

interface RoomActions {
  move(pit: number): boolean;
  chat(text: string): boolean;
  /** Ask to pause (true) or to carry on (false). */
  pause(on: boolean): void;
  answer(what: "pause" | "rematch" | "end", accept: boolean): void;
  rematch(): void;
  forfeit(whole: boolean): void;
  offerEnd(): void;
  approve(reqId: string, yes: boolean): void;
  openChat(open: boolean): void;
  dismissResult(): void;
  clearNotice(): void;
  /** The current engine position (or null before the creator's setup arrives). */
  position(): State | null;
  dispose(): void;
}

export interface RoomDeps {
  readonly room: SavedRoom;
  readonly rooms: RoomsActions;
  readonly profile: () => Profile;
  readonly speed: () => Speed;
  readonly cue?: (c: Cue, n: number) => void;
  readonly open: (o: {
    mode: "create" | "join";
    code: RoomCode;
    roomId?: string;
    key?: Uint8Array;
    secret?: string;
    profile: Profile;
    setup?: Settings;
    snapshot?: SessionSnapshot;
  }) => FriendSession;
  /** The game as this device last saw it, and where to keep it (state/roomSnapshot.ts). */
  readonly snapshots?: {
    load(code: string): SessionSnapshot | null;
    save(code: string, snap: SessionSnapshot): void;
  };
}

export type FriendRoomStore = readonly [Store<RoomState>, RoomActions, BoardViewStore];

const other = (s: Seat): Seat => (s === 0 ? 1 : 0);

function firstLift(trace: readonly TraceEvent[]): number | null {
  for (const e of trace) if (e.t === "lift") return e.pit;
  return null;
}

export function createFriendRoom(deps: RoomDeps): FriendRoomStore {
  const code = deps.room.code;
  const [state, setState] = createStore<RoomState>({
    phase: "connecting",
    code: currentCode(deps.room),
    codeNotice: null,
    wrongCodes: 0,
    connected: false,
    offline: typeof navigator !== "undefined" && navigator.onLine === false,
    wasSeated: false,
    seat: deps.room.owner ? 0 : null,
    peer: { seated: false, online: false },
    requests: [],
    settings: deps.room.setup === null ? null : { ...deps.room.setup, options: { ...deps.room.setup.options } },
    names: ["", ""],
    avatars: [null, null],
    turn: null,
    bottom: 0,
    starter: 0,
    legal: [],
    moveCount: 0,
    moves: [],
    paused: false,
    pauseOffer: null,
    rematchOffer: null,
    endOffer: null,
    chat: [],
    unread: 0,
    chatOpen: false,
    series: null,
    seriesNo: 0,
    result: null,
    notice: null,
    unsent: 0,
    caughtUp: false,
  });
  let session: FriendSession | null = null;
  let off: (() => void) | null = null;
  let connected0 = false;
  /** The last position of a game, kept while a fresh session catches up after the network came back. */
  let lastGood: State | null = null;
  let replacing = false;
  let late: FinishedGame | null = null;
  /** Where the last move caught up on was sown from (marked once the board shows it). */
  let lateFrom: number | null | undefined;
  let disposed = false;
  let lastRead = 0;
  let savedAt = -1;
  let snapAt: [number, number, number] = [-1, -1, -1];
  const owner = deps.room.owner;
  let created = deps.room.created;

  const board = createBoardView(null, {
    speed: deps.speed,
    bottom: () => state.bottom,
    nameOf: (es) => state.names[(es ^ state.starter) as Seat] || t("lb.player"),
    cue: deps.cue,
    onIdle: () => showCurrent(),
  });
  const [, boardActions] = board;

  const position = (): State | null => {
    const s = session?.view().game.state ?? null;
    if (s !== null) lastGood = s;
    return s ?? (replacing ? lastGood : null);
  };

  function showCurrent(): void {
    if (state.result !== null) return;
    const s = position();
    if (s === null || (replacing && session?.view().caughtUp !== true)) return;
    // A new game (a rematch, the next of a series) starts with no last-move mark.
    boardActions.show(s, lateFrom !== undefined ? lateFrom : moveCount(s) === 0 ? null : undefined);
    lateFrom = undefined;
  }

  function showResult(end: FinishedGame): void {
    setState("result", {
      outcome: { ...end.outcome },
      index: end.index,
      series: end.series,
      final: end.final,
      moves: [...end.moves],
      starter: end.starter,
    });
    if (boardActions.queued() === 0) boardActions.show(end.final);
  }

  function countUnread(chat: readonly ChatLine[], mine: Seat | null): number {
    if (state.chatOpen) {
      lastRead = chat.reduce((m, c) => Math.max(m, c.seq), lastRead);
      return 0;
    }
    return chat.filter((c) => c.seat !== mine && c.seq > lastRead).length;
  }

  function sync(): void {
    if (session === null || disposed) return;
    const v = session.view();
    if (replacing && !v.caughtUp) {
      setState({
        connected: v.connected,
        phase: v.status === "seated" || v.status === "connecting" ? "seated" : v.status,
      });
      return;
    }
    replacing = false;
    const g = v.game;
    if (late !== null && v.caughtUp) {
      const end = late;
      late = null;
      const latest = g.finished[g.finished.length - 1];
      if (latest === end && (g.series?.over === true || g.moves.length === 0) && state.result === null) showResult(end);
    }
    const seat = v.seat;
    const st = g.state;
    const mine = seat ?? 0;
    const turn = seatToMove(g);
    // "" for a player who chose no name (lib/invite.ts): the screens name them by seat.
    const names: [string, string] = [receivedName(g.profiles[0]?.name ?? ""), receivedName(g.profiles[1]?.name ?? "")];
    setState(
      produce((s) => {
        s.phase = v.status;
        s.connected = v.connected;
        if (v.status === "seated") s.wasSeated = true;
        s.seat = seat;
        s.peer = { ...v.peer };
        s.settings =
          g.settings === null
            ? s.settings
            : { game: g.settings.game, options: { ...g.settings.options }, bestOf: g.settings.bestOf };
        s.names = names;
        s.avatars = [g.profiles[0]?.avatar ?? null, g.profiles[1]?.avatar ?? null];
        s.turn = turn;
        s.starter = g.starter;
        s.bottom = engineSeat(g, mine);
        s.legal = st !== null && seat !== null && turn === seat && !g.paused && v.unsent === 0 ? legalPits(st) : [];
        s.moveCount = st === null ? 0 : moveCount(st);
        if (s.moves.length !== g.moves.length || g.moves.some((m, i) => s.moves[i] !== m)) s.moves = [...g.moves];
        s.paused = g.paused;
        s.pauseOffer = g.offers.pause === null ? null : { ...g.offers.pause };
        s.rematchOffer = g.offers.rematch;
        s.endOffer = g.offers.end;
        s.series = g.series === null ? null : (JSON.parse(JSON.stringify(g.series)) as Series);
        s.seriesNo = g.seriesNo;
        s.unsent = v.unsent;
        s.caughtUp = v.caughtUp;
      }),
    );
    setState("requests", reconcile([...v.requests], { key: "reqId" }));
    setState("chat", reconcile([...g.chat], { key: "seq" }));
    setState("unread", countUnread(g.chat, seat));
    if (boardActions.queued() === 0) showCurrent();
    // Keep the room on the device: what Resume shows, and whether it exists on the server.
    // A room that will never seat this device is not kept for Resume.
    if (
      v.status === "refused" ||
      v.status === "full" ||
      v.status === "not_found" ||
      v.status === "wrong_code" ||
      v.status === "retired"
    )
      deps.rooms.remove(code);
    if (v.code !== null && v.code !== state.code) {
      setState("code", v.code);
      if (owner) deps.rooms.update(code, { shown: v.code });
    }
    // What the key exchange gave this device: kept, so Continue needs no new exchange.
    const key = session.key;
    const saved = deps.rooms.get(code);
    if (
      key !== null &&
      saved !== undefined &&
      (saved.key === undefined || saved.roomId !== session.roomId || saved.secret !== session.secret)
    ) {
      deps.rooms.update(code, { key: makeBase64Url(key), roomId: session.roomId, secret: session.secret });
    } else if (owner && saved !== undefined && saved.roomId === undefined && session.roomId !== "") {
      deps.rooms.update(code, { roomId: session.roomId });
    }
    if (v.status === "seated" && owner && !created) {
      created = true;
      deps.rooms.update(code, { created: true });
    }
    // Also when the owner's device answered another key exchange: its count must survive a reload.
    if (
      v.status === "seated" &&
      deps.snapshots !== undefined &&
      (v.applied !== snapAt[0] || v.unsent !== snapAt[1] || v.answered !== snapAt[2])
    ) {
      snapAt = [v.applied, v.unsent, v.answered];
      deps.snapshots.save(code, session.snapshot());
    }
    if (v.status === "seated" && v.applied !== savedAt && g.settings !== null) {
      savedAt = v.applied;
      const peer = seat === null ? undefined : g.profiles[other(seat)];
      const opp = seat === null || peer === undefined || peer === null ? null : peerName(peer.name, other(seat));
      const score: [number, number] = g.series === null ? [0, 0] : [g.series.score[mine], g.series.score[other(mine)]];
      deps.rooms.update(code, {
        setup: { game: g.settings.game, options: { ...g.settings.options }, bestOf: g.settings.bestOf },
        opponent: opp,
        moves: st === null ? 0 : moveCount(st),
        score,
        over: g.series?.over === true,
      });
    }
  }

  function connect(snapshot: SessionSnapshot | null): void {
    connected0 = true;
    const mode = owner && !created ? "create" : "join";
    const setup = deps.room.setup;
    const r = deps.rooms.get(code) ?? deps.room;
    const key = r.key !== undefined ? parseBase64Url(r.key) : null;
    session = deps.open({
      mode,
      code: currentCode(r) as RoomCode,
      profile: deps.profile(),
      ...(r.roomId !== undefined ? { roomId: r.roomId } : {}),
      ...(key !== null ? { key } : {}),
      ...(r.secret !== "" ? { secret: r.secret } : {}),
      ...(snapshot !== null && (r.roomId === undefined || snapshot.roomId === r.roomId) ? { snapshot } : {}),
      ...(owner && setup !== null
        ? { setup: { game: setup.game, options: { ...setup.options }, bestOf: setup.bestOf } }
        : {}),
    });
    off = session.subscribe((e) => {
      if (disposed || session === null) return;
      if (e.type === "applied") {
        const v = session.view();
        if (e.payload.t === "move" && e.trace !== undefined) {
          const after = e.ended?.final ?? v.game.state;
          if (after !== null) {
            if (v.caughtUp && boardActions.queued() < 3) boardActions.animate(e.trace, after, firstLift(e.trace));
            else if (!v.caughtUp) lateFrom = e.ended === undefined ? firstLift(e.trace) : null;
            else if (e.ended === undefined) boardActions.show(after, firstLift(e.trace));
          }
        }
        if (!v.caughtUp) {
          // Catching up: only a game that ended last, with nothing played since, is shown as a result.
          if (e.ended !== undefined) late = e.ended;
          return;
        }
        if (e.ended !== undefined) showResult(e.ended);
        if (
          e.payload.t === "rematch" ||
          (e.payload.t === "answer" && e.payload.what === "rematch" && e.payload.accept)
        ) {
          if (v.game.offers.rematch === null) setState("result", null);
        }
        return;
      }
      if (e.type === "rejected") {
        setState("notice", t("room.peerRefused", { reason: errorText(e.code) }));
        return;
      }
      if (e.type === "error") {
        setState("notice", errorText(e.code));
        return;
      }
      if (e.type === "wrong_code") {
        setState("wrongCodes", (n) => n + 1);
        return;
      }
      if (e.type === "code") {
        if (e.reason === "retired")
          setState("codeNotice", t("room.newCode", { code: `${e.code.slice(0, 4)}-${e.code.slice(4)}` }));
        sync();
        return;
      }
      if (e.type === "change") {
        const status = session.view().status;
        if (status === "exists" && owner && !created) {
          // The room was made on an earlier visit whose answer was lost: come back to its seat.
          created = true;
          deps.rooms.update(code, { created: true });
          off?.();
          session.dispose();
          connect(null);
          return;
        }
        sync();
      }
    });
    sync();
  }

  /**
   * The network came back: start a fresh connection at once rather than trust the old socket (after
   * a change of network it is often dead without knowing it). The fresh session returns to the seat
   * with the seat secret and fetches what it missed; its own unsent messages carry over.
   */
  const onOnline = (): void => {
    setState("offline", false);
    if (disposed || session === null || !connected0 || session.view().status !== "seated") return;
    // The fresh session starts from the old one's snapshot: the same game, and its unsent messages.
    const snap = session.snapshot();
    replacing = true;
    off?.();
    session.dispose();
    connect(snap);
  };
  const onOffline = (): void => void setState("offline", true);
  if (typeof window !== "undefined") {
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
  }

  connect(deps.snapshots?.load(code) ?? null);

  const report = (r: { ok: boolean; error?: { code: string } } | undefined): boolean => {
    if (r === undefined) return false;
    if (!r.ok) setState("notice", errorText(r.error?.code ?? "server/error"));
    return r.ok;
  };

  const actions: RoomActions = {
    move(pit) {
      const s = position();
      if (session === null || s === null || !state.legal.includes(pit) || board[0].animating) return false;
      setState("legal", []);
      return report(session.move(s.engine.pitToMove(toMove(s), pit)));
    },
    chat(text) {
      const t = text.trim();
      if (t === "" || session === null) return false;
      return report(session.chat(t));
    },
    pause: (on) => void report(session?.pause(on)),
    answer: (what, accept) => void report(session?.answer(what, accept)),
    rematch: () => void report(session?.rematch()),
    forfeit: (whole) => void report(session?.forfeit(whole)),
    offerEnd: () => void report(session?.offerEnd()),
    approve: (reqId, yes) => void report(session?.answerJoin(reqId, yes)),
    openChat(open) {
      setState("chatOpen", open);
      if (open) {
        lastRead = state.chat.reduce((m, c) => Math.max(m, c.seq), lastRead);
        setState("unread", 0);
      }
    },
    dismissResult() {
      setState("result", null);
      showCurrent();
    },
    clearNotice: () => setState({ notice: null, codeNotice: null }),
    position,
    dispose() {
      disposed = true;
      if (typeof window !== "undefined") {
        window.removeEventListener("online", onOnline);
        window.removeEventListener("offline", onOffline);
      }
      off?.();
      session?.dispose();
      boardActions.dispose();
    },
  };
  return [state, actions, board];
}
