/**
 * Ranked play from this device: prove the device's identity (signed challenge), seek a game, play it
 * on the server's clocks, resign, and read the result with the rating change. The server runs the
 * match; this store mirrors its view, animates each confirmed move and counts the clocks down
 * between updates with the server's own clock rule (core/ranked/view.ts). When a clock shows zero
 * the client claims the flag; the server checks it against its own clock. A dropped connection
 * reconnects and the server puts the player back in the match.
 *
 * The connection is core/online/ranked.ts over core/online/connection.ts: a move, a resignation or
 * an offer made while it is down waits in its outbox and goes out once the device has signed in on
 * the new socket, so a drop loses nothing (the server applies a repeated move once). A seek is made
 * again after a reconnect (it keeps its place in the queue). The opponent's absence shows only
 * after ABSENCE_QUIET_MS, so a quick reconnect is never seen as leaving.
 *
 * The clock keeps running while a player reconnects, with no compensation: the server cannot tell
 * a dead network from a player stalling, and the grace period already protects from losing by
 * absence. What the outbox changes is the charge: the move reaches the server as soon as the
 * connection is back, so a drop costs its own length and no more.
 */
import { createSignal, type Accessor } from "solid-js";
import { createStore, produce, type Store } from "solid-js/store";
import { newGame, play, playAll, type State } from "../../../core/games/index.js";
import type { DeviceKeys } from "../../../core/identity.js";
import { generatedName, parseDisplayName } from "../../../core/names.js";
import type {
  GameStats,
  MatchView,
  RankedClientMessage,
  RankedOptions,
  RankedServerMessage,
  RatingChange,
} from "../../../core/protocol/ranked.js";
import { scoreOf, statsAfter } from "../../../core/ranked/settle.js";
import { clockOf, flagFallen } from "../../../core/ranked/view.js";
import type { GameId, Seat } from "../../../core/types.js";
import { ABSENCE_QUIET_MS, type ConnectionState } from "../../../core/online/connection.js";
import type { RankedLinkHandlers, RankedSendOptions } from "../../../core/online/ranked.js";
import type { Cue, Speed } from "../present/animate.js";
import { legalPits } from "../present/moves.js";
import { createBoardView, type BoardViewStore } from "./createBoardView.js";
import { t } from "../i18n/i18n.js";
import { errorText } from "../i18n/errors.js";
import type { TimePreset } from "../../../core/ranked/presets.js";
import { createLobby, type LobbyDeps, type LobbyStore } from "./createLobby.js";

type RankedPhase = "connecting" | "ready" | "seeking" | "playing" | "over";

interface RankedState {
  phase: RankedPhase;
  connected: boolean;
  /** The connection as the player sees it: connected, reconnecting since when, offline. */
  link: ConnectionState;
  playerId: string;
  /** The public name the server holds for this player (claimed after a first rated game). */
  name: string | null;
  /** The name others see: the claimed one, else one generated from the player id. */
  shown: string;
  /** The chosen name waiting for the player's next rated game, if any. */
  pending: string | null;
  stats: Record<string, GameStats>;
  match: MatchView | null;
  seat: Seat;
  /** Local time the match's clocks were read at. */
  clockAt: number;
  changes: [RatingChange, RatingChange] | null;
  /** The opponent's connection: null while connected, else when their grace period ends. */
  opponentGone: number | null;
  /** Local time the opponent was last seen leaving (null while connected). */
  opponentGoneAt: number | null;
  error: string | null;
  sending: boolean;
}

/** A quick-pairing pool beyond the game: its time control and rated or casual (the game's default, rated, without). */
interface PoolChoice {
  readonly preset: TimePreset;
  readonly casual: boolean;
}

interface RankedActions {
  seek(game: GameId, options?: RankedOptions, pool?: PoolChoice): void;
  cancel(): void;
  move(pit: number): boolean;
  resign(): void;
  /** Ayo: offer to end on the current score, or accept the opponent's offer. */
  agreeEnd(): void;
  /** Ayo: leave the opponent's offer unanswered (it lapses with the next move). */
  declineEnd(): void;
  /** After a result: seek again at once, the same game and options. */
  again(): void;
  /** After a result: back to choosing a game. */
  lobby(): void;
  /** Milliseconds left on a seat's clock now. */
  clock(seat: Seat): number;
  /** The opponent has been away longer than a quick reconnect takes (show "reconnecting…"). */
  opponentAway(): boolean;
  /** Whole seconds this device has been reconnecting, or null while connected. */
  reconnectingFor(): number | null;
  position(): State | null;
  legal(): readonly number[];
  /**
   * The name the player plays under, as the lobby shows it: the profile's valid name at once, marked
   * unconfirmed until the server holds it (it is claimed after the first rated game); the generated
   * name when there is no valid one or the server refused it.
   */
  me(): { readonly name: string; readonly confirmed: boolean };
  dispose(): void;
}

interface RankedLinkPort {
  send(msg: RankedClientMessage, opts?: RankedSendOptions): unknown;
  /** A new socket now (the network is back). */
  restart?(): void;
  dispose(): void;
}

export interface RankedDeps {
  readonly keys: DeviceKeys;
  /** The profile name; sent as the public display name when valid. */
  readonly name: () => string;
  readonly speed: () => Speed;
  readonly cue?: (c: Cue, n: number) => void;
  /** Opens the ranked link (core/online/ranked.ts), which signs in with `auth` on every new socket. */
  readonly connect: (
    h: RankedLinkHandlers,
    auth: { readonly keys: DeviceKeys; readonly name: () => string },
  ) => RankedLinkPort;
  readonly now?: () => number;
  /** The lobby's HTTP read (`GET /api/lobby`), when its live view is full. */
  readonly fetchSeeks?: LobbyDeps["fetchSeeks"];
  readonly every?: LobbyDeps["every"];
  readonly challenges?: LobbyDeps["challenges"];
}

export type RankedStore = readonly [
  Store<RankedState>,
  RankedActions,
  BoardViewStore,
  Accessor<number>,
  /** The lobby and challenges on the same connection (createLobby.ts). */
  LobbyStore,
];

function positionOf(m: MatchView, moves: readonly number[] = m.moves): State | null {
  const start = newGame(m.game, m.options);
  if (!start.ok) return null;
  const all = playAll(start.value, moves);
  return all.ok ? all.value : null;
}

function seekMessage(game: GameId, options?: RankedOptions, pool?: PoolChoice): RankedClientMessage {
  return {
    type: "ranked.seek",
    game,
    ...(options !== undefined ? { options } : {}),
    ...(pool !== undefined ? { preset: pool.preset, casual: pool.casual } : {}),
  };
}

export function createRanked(deps: RankedDeps): RankedStore {
  const now = deps.now ?? Date.now;
  const [state, setState] = createStore<RankedState>({
    phase: "connecting",
    connected: false,
    link: { status: "reconnecting", since: now() },
    playerId: deps.keys.playerId,
    name: null,
    shown: generatedName(deps.keys.playerId),
    pending: null,
    stats: {},
    match: null,
    seat: 0,
    clockAt: now(),
    changes: null,
    opponentGone: null,
    opponentGoneAt: null,
    error: null,
    sending: false,
  });
  const [tick, setTick] = createSignal(now());
  let current: State | null = null;
  let disposed = false;
  /** Seeking when the connection went: the seek is made again on the new one. */
  let reseek = false;
  /** A seek is on its way (not yet answered with seeking, a start or an error). */
  let seekSent = false;
  /** The last seek, for "Play again". */
  let lastSeek: { game: GameId; options?: RankedOptions; pool?: PoolChoice } | null = null;
  /** The match version whose fallen flag this client has already claimed. */
  let claimed: string | null = null;
  /** The last match whose end was taken: its end can come twice and counts once. */
  let ended: string | null = null;
  const ticker = setInterval(() => {
    setTick(now());
    const m = state.match;
    if (m === null || state.phase !== "playing" || !state.connected) return;
    // A clock at zero: ask the server, which ends the game if its own clock agrees.
    const key = `${m.id}#${m.version}`;
    if (flagFallen(m, now() - state.clockAt) !== null && claimed !== key) {
      claimed = key;
      send({ type: "ranked.sync", matchId: m.id });
    }
  }, 250);

  const board = createBoardView(null, {
    speed: deps.speed,
    bottom: () => state.seat,
    nameOf: (s) => (s === state.seat ? "You" : (state.match?.seats[s].name ?? "Opponent")),
    cue: deps.cue,
    onIdle: () => {
      if (current !== null) board[1].show(current);
    },
  });

  const send = (m: RankedClientMessage, opts?: RankedSendOptions): void => void link.send(m, opts);
  const gone = (graceUntil: number | null): void =>
    setState(
      produce((s) => {
        s.opponentGoneAt = graceUntil === null ? null : (s.opponentGoneAt ?? now());
        s.opponentGone = graceUntil;
      }),
    );

  const takeMatch = (m: MatchView, seat: Seat, animateLast: boolean): void => {
    const prev = state.match;
    const next = positionOf(m);
    if (next === null) {
      setState("error", t("ranked.cannotReplay"));
      return;
    }
    const sameGame = prev !== null && prev.id === m.id;
    if (animateLast && sameGame && m.moves.length === prev.moves.length + 1) {
      const before = positionOf(m, m.moves.slice(0, -1));
      const last = m.moves[m.moves.length - 1];
      const r = before === null ? null : play(before, last);
      if (before !== null && r !== null && r.ok) {
        const from =
          before.engine.game === "ayo" && last === 0
            ? null
            : before.engine.moveToPit(before.buf[before.engine.pits + 2] as Seat, last);
        board[1].animate(r.value.trace, next, from);
      } else board[1].show(next);
    } else board[1].show(next, null);
    current = next;
    setState(
      produce((s) => {
        s.match = JSON.parse(JSON.stringify(m)) as MatchView;
        s.seat = seat;
        s.clockAt = now();
        s.sending = false;
      }),
    );
    gone(m.graceUntil[seat === 0 ? 1 : 0]);
  };

  const onMessage = (m: RankedServerMessage): void => {
    if (disposed) return;
    if (lobby[2].onMessage(m)) return;
    switch (m.type) {
      case "auth.challenge":
        return; // answered by the link
      case "auth.ok":
        setState(
          produce((s) => {
            s.name = m.name;
            s.shown = m.shown;
            s.pending = m.pending;
            s.stats = JSON.parse(JSON.stringify(m.stats)) as Record<string, GameStats>;
            if (m.activeMatch === null && s.phase === "connecting") s.phase = "ready";
          }),
        );
        // The match ended while this device was away: fetch its end (result and rating change).
        if (m.activeMatch === null && state.phase === "playing" && state.match !== null)
          send({ type: "ranked.sync", matchId: state.match.id });
        return;
      case "auth.named":
        setState(
          produce((s) => {
            s.name = m.claimed ? m.name : s.name;
            s.pending = m.claimed ? null : m.name;
            s.shown = m.shown;
          }),
        );
        return;
      case "ranked.seeking":
        seekSent = false;
        setState(
          produce((s) => {
            s.phase = "seeking";
            s.error = null;
          }),
        );
        return;
      case "ranked.cancelled":
        setState("phase", "ready");
        return;
      case "ranked.start":
        seekSent = false;
        lobby[2].started();
        takeMatch(m.match, m.seat, false);
        setState(
          produce((s) => {
            s.phase = "playing";
            s.changes = null;
            s.error = null;
          }),
        );
        return;
      case "ranked.update":
        takeMatch(m.match, m.seat, true);
        return;
      case "ranked.offer":
        if (state.match !== null && state.match.id === m.matchId) setState("match", "endOffer", m.seat);
        return;
      case "ranked.presence":
        if (m.seat !== state.seat) gone(m.connected ? null : (m.graceUntil ?? now()));
        return;
      case "ranked.end": {
        // The end can come twice (the timer's announcement and the answer to this player's own last
        // request): the game counts once in the lobby's stats, and a late copy does not undo Play again.
        const again = ended === m.match.id;
        if (again && (state.match === null || state.match.id !== m.match.id)) return;
        ended = m.match.id;
        takeMatch(m.match, m.seat, state.match !== null && state.match.id === m.match.id);
        setState(
          produce((s) => {
            s.phase = "over";
            s.changes = m.changes === null ? null : [{ ...m.changes[0] }, { ...m.changes[1] }];
            // The lobby shows the new rating at once, first game included.
            if (!again && m.changes !== null && m.match.result !== null) {
              s.stats[m.match.game] = statsAfter(
                s.stats[m.match.game],
                m.changes[m.seat],
                scoreOf(m.match.result, m.seat),
              );
            }
          }),
        );
        return;
      }
      case "ranked.error":
        seekSent = false;
        lobby[2].refused(m.code);
        if (m.code === "ranked/in_match" && m.matchId !== undefined) {
          // A seek sent twice (a resend, or again after a reconnect) whose first copy was paired:
          // the player is in that match. Already holding it, nothing to tell; else take it.
          if (state.match === null || state.match.id !== m.matchId) send({ type: "ranked.sync", matchId: m.matchId });
          return;
        }
        if (
          m.code === "ranked/duplicate" ||
          ((m.code === "ranked/stale" || m.code === "ranked/not_your_turn") &&
            m.version !== undefined &&
            state.match !== null &&
            m.version <= state.match.version)
        ) {
          // A move sent again after a drop (applied the first time, or overtaken by what this device
          // already holds): nothing to tell the player; fetch where the match is.
          if (state.match !== null) send({ type: "ranked.sync", matchId: state.match.id });
          return;
        }
        setState(
          produce((s) => {
            s.sending = false;
            s.error = errorText(m.code);
            if (m.code === "ranked/not_seeking" || m.code === "auth/name_required")
              s.phase = s.phase === "seeking" ? "ready" : s.phase;
          }),
        );
        if (
          (m.code === "ranked/stale" || m.code === "ranked/conflict" || m.code === "ranked/not_your_turn") &&
          state.match !== null
        ) {
          send({ type: "ranked.sync", matchId: state.match.id });
        }
        return;
    }
  };

  const handlers: RankedLinkHandlers = {
    onOpen() {
      setState("connected", true);
      if (reseek && lastSeek !== null && state.phase === "connecting") {
        reseek = false;
        seekSent = true;
        send(seekMessage(lastSeek.game, lastSeek.options, lastSeek.pool));
      }
      lobby[2].onOpen();
    },
    onMessage,
    onClose() {
      lobby[2].onClose();
      setState(
        produce((s) => {
          s.connected = false;
          if (s.phase === "seeking" || seekSent) {
            if (s.phase === "seeking" || s.phase === "ready") s.phase = "connecting";
            reseek = lastSeek !== null;
          }
        }),
      );
    },
    onState(st) {
      setState("link", st.status === "connected" ? { status: "connected" } : { status: st.status, since: now() });
    },
  };
  const lobby = createLobby({
    playerId: deps.keys.playerId,
    send: (m) => send(m),
    connected: () => state.connected,
    tick,
    fetchSeeks: deps.fetchSeeks ?? (() => Promise.resolve(null)),
    ...(deps.every !== undefined ? { every: deps.every } : {}),
    ...(deps.challenges !== undefined ? { challenges: deps.challenges } : {}),
  });
  const link = deps.connect(handlers, { keys: deps.keys, name: deps.name });
  /** The network came back: a fresh connection at once (the server puts the player back in the match). */
  const onOnline = (): void => {
    if (disposed || state.connected) return;
    link.restart?.();
  };
  const onOffline = (): void => void setState("connected", false);
  if (typeof window !== "undefined") {
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
  }

  const actions: RankedActions = {
    seek(game, options, pool) {
      setState("error", null);
      // A valid profile name is sent as the player's choice (claimed after a first rated game);
      // without one the player plays under the generated name.
      const chosen = parseDisplayName(deps.name());
      if (chosen.ok && state.name !== chosen.value && state.pending !== chosen.value)
        send({ type: "auth.name", name: chosen.value });
      lastSeek = { game, ...(options !== undefined ? { options } : {}), ...(pool !== undefined ? { pool } : {}) };
      seekSent = true;
      send(seekMessage(game, options, pool));
    },
    cancel: () => void send({ type: "ranked.cancel" }),
    me() {
      const chosen = parseDisplayName(deps.name());
      const wish = chosen.ok ? chosen.value : null;
      if (wish !== null && wish === state.name) return { name: wish, confirmed: true };
      // A wish not yet answered is shown as waiting; one the server refused (its error is on the screen) is not.
      if (wish !== null && (wish === state.pending || state.error === null)) return { name: wish, confirmed: false };
      if (state.pending !== null && wish === null) return { name: state.pending, confirmed: false };
      return { name: state.name ?? state.shown, confirmed: true };
    },
    move(pit) {
      const m = state.match;
      if (m === null || current === null || state.phase !== "playing" || !actions.legal().includes(pit)) return false;
      setState("sending", true);
      send(
        { type: "ranked.move", matchId: m.id, version: m.version, move: current.engine.pitToMove(m.toMove, pit) },
        { keep: true },
      );
      return true;
    },
    resign() {
      if (state.match !== null && state.phase === "playing")
        send({ type: "ranked.resign", matchId: state.match.id }, { keep: true });
    },
    agreeEnd() {
      const m = state.match;
      if (m !== null && state.phase === "playing" && m.game === "ayo")
        send({ type: "ranked.agree_end", matchId: m.id, version: m.version }, { keep: true });
    },
    declineEnd() {
      if (state.match !== null && state.match.endOffer !== state.seat) setState("match", "endOffer", null);
    },
    again() {
      const m = state.match;
      // The same seek as before, or (a match resumed on this device) the game just played.
      const next =
        lastSeek ??
        (m === null
          ? null
          : {
              game: m.game,
              ...(m.game.startsWith("tsoro")
                ? { options: { holes: Number(m.options.holes), seeds: Number(m.options.seeds) } }
                : {}),
            });
      actions.lobby();
      if (next !== null) actions.seek(next.game, next.options, "pool" in next ? next.pool : undefined);
    },
    lobby() {
      setState(
        produce((s) => {
          s.phase = "ready";
          s.match = null;
          s.changes = null;
        }),
      );
      current = null;
    },
    clock(seat) {
      const m = state.match;
      return m === null ? 0 : clockOf(m, seat, tick() - state.clockAt);
    },
    opponentAway() {
      const at = state.opponentGoneAt;
      return state.opponentGone !== null && at !== null && tick() - at >= ABSENCE_QUIET_MS;
    },
    reconnectingFor() {
      const l = state.link;
      return l.status === "connected" ? null : Math.max(0, Math.floor((tick() - l.since) / 1000));
    },
    position: () => (state.match === null ? null : current),
    legal() {
      const m = state.match;
      if (
        m === null ||
        current === null ||
        state.phase !== "playing" ||
        m.toMove !== state.seat ||
        state.sending ||
        board[0].animating
      )
        return [];
      return legalPits(current);
    },
    dispose() {
      disposed = true;
      if (typeof window !== "undefined") {
        window.removeEventListener("online", onOnline);
        window.removeEventListener("offline", onOffline);
      }
      clearInterval(ticker);
      lobby[2].dispose();
      link.dispose();
      board[1].dispose();
    },
  };
  return [state, actions, board, tick, lobby];
}
