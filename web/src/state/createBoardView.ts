/**
 * What an online board shows while moves arrive from the network: the pit and store counts, the
 * sowing hand, captures in flight, announcements and the last move. Moves are animated one after
 * another from their engine trace; a backlog (catching up after a drop) is shown at once.
 */
import { createStore, produce, type Store } from "solid-js/store";
import { type State, type TraceEvent, boardView, type BoardView } from "../../../core/games/index.js";
import type { Seat } from "../../../core/types.js";
import { playTrace, prefersReducedMotion, stepMs, type Cue, type Speed } from "../present/animate.js";
import { createTimers, makeAnnouncer, makeBoardStage, type Announcement, type Flight } from "../present/stage.js";
import { t } from "../i18n/i18n.js";

interface BoardViewState {
  display: BoardView;
  hand: { readonly pit: number; readonly count: number } | null;
  flights: readonly Flight[];
  announce: Announcement | null;
  lastFrom: number | null;
  /** A move is being animated (the pits do not take input meanwhile). */
  animating: boolean;
  /** The last move shown, for screen readers: the engine seat that made it, its number and its trace. */
  lastMove: { readonly seat: Seat; readonly move: number; readonly trace: readonly TraceEvent[] } | null;
}

interface BoardViewActions {
  /** Shows a position at once (no animation); ignored while moves are queued. */
  show(s: State, lastFrom?: number | null): void;
  /** Queues a move's animation; `after` is the position it leads to. */
  animate(trace: readonly TraceEvent[], after: State, lastFrom: number | null): void;
  /** Moves waiting to be animated, including the one playing. */
  queued(): number;
  dispose(): void;
}

export type BoardViewStore = readonly [Store<BoardViewState>, BoardViewActions];

export interface BoardViewDeps {
  readonly speed: () => Speed;
  /** Engine seat shown at the bottom, and the names of engine seats. */
  readonly bottom: () => Seat;
  readonly nameOf: (engineSeat: Seat) => string;
  readonly cue?: (c: Cue, n: number) => void;
  /** Called when the last queued animation has finished. */
  readonly onIdle?: () => void;
}

/** Who made a move and its number (togyz 1..9, ayo 1..12, tsoro own hole index), read from its trace. */
function moveOf(trace: readonly TraceEvent[], game: string, pits: number): BoardViewState["lastMove"] {
  const pass = trace.find((e) => e.t === "pass");
  if (pass !== undefined && pass.t === "pass") return { seat: pass.seat, move: 0, trace: [...trace] };
  const lift = trace.find((e) => e.t === "lift");
  if (lift === undefined || lift.t !== "lift") return null;
  const half = pits / 2;
  const seat: Seat = lift.pit < half ? 0 : 1;
  const move = game === "ayo" ? lift.pit + 1 : game === "togyz" ? (lift.pit % half) + 1 : lift.pit % half;
  return { seat, move, trace: [...trace] };
}

/** More moves than this waiting: show the position without animating the backlog. */
const BACKLOG = 3;

export function createBoardView(initial: State | null, deps: BoardViewDeps): BoardViewStore {
  const empty: BoardView = { board: [], stores: [0, 0], tuzdyk: [null, null] };
  const [state, setState] = createStore<BoardViewState>({
    display: initial === null ? empty : boardView(initial),
    hand: null,
    flights: [],
    announce: null,
    lastFrom: null,
    animating: false,
    lastMove: null,
  });
  const timers = createTimers();
  const later = timers.later;
  let disposed = false;
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  let pits = initial?.engine.pits ?? 0;

  const wait = (ms: number): Promise<boolean> =>
    new Promise((resolve) => later(ms, () => resolve(!disposed && pending <= BACKLOG)));

  const stage = makeBoardStage(state, setState, {
    pitsPerSide: () => pits / 2,
    later,
    announce: makeAnnouncer({
      current: () => state.announce,
      set: (a) => setState("announce", a),
      later,
      side: (s) => (s === deps.bottom() ? "bottom" : "top"),
      tuzdyk: (s) => t("announce.tuzdykOf", { name: deps.nameOf(s) }),
      pass: (s) => t("announce.pass", { name: deps.nameOf(s) }),
    }),
    cue: deps.cue,
  });

  const actions: BoardViewActions = {
    show(s, lastFrom) {
      if (pending > 0) return;
      pits = s.engine.pits;
      setState(
        produce((st) => {
          st.display = boardView(s);
          st.hand = null;
          if (lastFrom !== undefined) st.lastFrom = lastFrom;
        }),
      );
    },
    animate(trace, after, lastFrom) {
      pending++;
      setState("animating", true);
      chain = chain.then(async () => {
        if (!disposed && pending <= BACKLOG) {
          pits = after.engine.pits;
          setState("lastFrom", lastFrom);
          await playTrace(trace, stage, stepMs(deps.speed(), trace, prefersReducedMotion()), wait);
        }
        pending--;
        if (disposed) return;
        setState(
          produce((st) => {
            st.display = boardView(after);
            st.hand = null;
            st.flights = [];
            st.lastFrom = lastFrom;
            st.animating = pending > 0;
            st.lastMove = moveOf(trace, after.engine.game, after.engine.pits);
          }),
        );
        if (pending === 0) deps.onIdle?.();
      });
    },
    queued: () => pending,
    dispose() {
      disposed = true;
      timers.clear();
    },
  };
  return [state, actions];
}
