/**
 * Ranked play from this device: prove the device's identity (signed challenge), seek a game, play it
 * on the server's clocks, resign, and read the result with the rating change. The server runs the
 * match; this store mirrors its view, animates each confirmed move and counts the clocks down
 * between updates with the server's own clock rule (core/ranked/view.ts). When a clock shows zero
 * the client claims the flag; the server checks it against its own clock. A dropped connection
 * reconnects and the server puts the player back in the match.
 */
import { createSignal, type Accessor } from "solid-js";
import { createStore, produce, type Store } from "solid-js/store";
import { newGame, play, playAll, type State } from "../../../core/games/index.js";
import { signChallenge, type DeviceKeys } from "../../../core/identity.js";
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
import type { Cue, Speed } from "../game/animate.js";
import { legalPits } from "../game/moves.js";
import { createBoardView, type BoardViewStore } from "./createBoardView.js";

export type RankedPhase = "connecting" | "ready" | "seeking" | "playing" | "over";

export interface RankedState {
  phase: RankedPhase;
  connected: boolean;
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
  error: string | null;
  sending: boolean;
}

export interface RankedActions {
  seek(game: GameId, options?: RankedOptions): void;
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
  position(): State | null;
  legal(): readonly number[];
  dispose(): void;
}

export interface RankedLinkPort {
  send(msg: RankedClientMessage): boolean;
  dispose(): void;
}

export interface RankedDeps {
  readonly keys: DeviceKeys;
  /** The profile name; sent as the public display name when valid. */
  readonly name: () => string;
  readonly speed: () => Speed;
  readonly cue?: (c: Cue, n: number) => void;
  readonly connect: (h: { onOpen(): void; onMessage(m: RankedServerMessage): void; onClose(): void }) => RankedLinkPort;
  readonly now?: () => number;
}

export type RankedStore = readonly [Store<RankedState>, RankedActions, BoardViewStore, Accessor<number>];

function positionOf(m: MatchView, moves: readonly number[] = m.moves): State | null {
  const start = newGame(m.game, m.options);
  if (!start.ok) return null;
  const all = playAll(start.value, moves);
  return all.ok ? all.value : null;
}

export function createRanked(deps: RankedDeps): RankedStore {
  const now = deps.now ?? Date.now;
  const [state, setState] = createStore<RankedState>({
    phase: "connecting",
    connected: false,
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
    error: null,
    sending: false,
  });
  const [tick, setTick] = createSignal(now());
  let current: State | null = null;
  let rid = 0;
  let disposed = false;
  /** The last seek, for "Play again". */
  let lastSeek: { game: GameId; options?: RankedOptions } | null = null;
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

  const send = (m: RankedClientMessage): boolean => link.send({ ...m, rid: `w${++rid}` });

  const takeMatch = (m: MatchView, seat: Seat, animateLast: boolean): void => {
    const prev = state.match;
    const next = positionOf(m);
    if (next === null) {
      setState("error", "The server sent a match this client cannot replay.");
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
        s.opponentGone = m.graceUntil[seat === 0 ? 1 : 0];
      }),
    );
  };

  const onMessage = (m: RankedServerMessage): void => {
    if (disposed) return;
    switch (m.type) {
      case "auth.challenge": {
        const named = parseDisplayName(deps.name());
        send({
          type: "auth.prove",
          signature: signChallenge(deps.keys, m.challenge),
          ...(named.ok ? { name: named.value } : {}),
        });
        return;
      }
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
        if (m.seat !== state.seat) setState("opponentGone", m.connected ? null : (m.graceUntil ?? now()));
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
        setState(
          produce((s) => {
            s.sending = false;
            s.error = m.message;
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

  const handlers = {
    onOpen() {
      setState("connected", true);
      send({ type: "auth.hello", playerId: deps.keys.playerId });
    },
    onMessage,
    onClose() {
      setState(
        produce((s) => {
          s.connected = false;
          if (s.phase === "seeking") s.phase = "connecting";
        }),
      );
    },
  };
  let link = deps.connect(handlers);
  /** The network came back: a fresh connection at once (the server puts the player back in the match). */
  const onOnline = (): void => {
    if (disposed) return;
    link.dispose();
    setState("connected", false);
    link = deps.connect(handlers);
  };
  const onOffline = (): void => void setState("connected", false);
  if (typeof window !== "undefined") {
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", onOffline);
  }

  const actions: RankedActions = {
    seek(game, options) {
      setState("error", null);
      // A valid profile name is sent as the player's choice (claimed after a first rated game);
      // without one the player plays under the generated name.
      const chosen = parseDisplayName(deps.name());
      if (chosen.ok && state.name !== chosen.value && state.pending !== chosen.value)
        send({ type: "auth.name", name: chosen.value });
      lastSeek = { game, ...(options !== undefined ? { options } : {}) };
      send({ type: "ranked.seek", game, ...(options !== undefined ? { options } : {}) });
    },
    cancel: () => void send({ type: "ranked.cancel" }),
    move(pit) {
      const m = state.match;
      if (m === null || current === null || state.phase !== "playing" || !actions.legal().includes(pit)) return false;
      setState("sending", true);
      return send({
        type: "ranked.move",
        matchId: m.id,
        version: m.version,
        move: current.engine.pitToMove(m.toMove, pit),
      });
    },
    resign() {
      if (state.match !== null && state.phase === "playing") send({ type: "ranked.resign", matchId: state.match.id });
    },
    agreeEnd() {
      const m = state.match;
      if (m !== null && state.phase === "playing" && m.game === "ayo")
        send({ type: "ranked.agree_end", matchId: m.id, version: m.version });
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
      if (next !== null) actions.seek(next.game, next.options);
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
      link.dispose();
      board[1].dispose();
    },
  };
  return [state, actions, board, tick];
}
