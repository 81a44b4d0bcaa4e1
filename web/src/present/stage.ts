/**
 * The board layer every animated board shares (the local game, the online board, a lesson): pit and
 * store counts, the sowing hand and seeds in flight, driven by `playTrace` through a `Stage`. Each
 * store keeps these fields in its own state and builds its stage here, adding only what it
 * announces; timers go through `createTimers` so a store can cancel them all when disposed.
 */
import type { SetStoreFunction } from "solid-js/store";
import { pitNumber, type BoardView, type TraceEvent } from "../../../core/games/index.js";
import type { Seat } from "../../../core/types.js";
import { t } from "../i18n/i18n.js";
import type { Cue, FlightTarget, Stage } from "./animate.js";

/** How long a "+n" flight stays on screen. */
const FLIGHT_MS = 650;

export interface Flight {
  readonly id: number;
  readonly from: number;
  readonly to: FlightTarget;
  readonly count: number;
}

/** A line over the board for a moment (a tuzdyk, a pass, the relay limit). */
export interface Announcement {
  readonly id: number;
  readonly text: string;
  /** Whose it is, as seen on the board: the bottom player's, the top player's, or nobody's. */
  readonly side: "bottom" | "top" | "info";
}

/** The fields of a store that a stage animates. */
export interface BoardLayer {
  display: BoardView;
  hand: { readonly pit: number; readonly count: number } | null;
  flights: readonly Flight[];
}

/** How long an announcement stays over the board. */
const ANNOUNCE_MS = 1400;

/**
 * The announcements of a move's trace (a tuzdyk, a pass, the relay limit) over the board for a
 * moment, a newer one replacing the last: one for every animated board. `tuzdyk` and `pass` word
 * them for the engine seat that made them; `side` says whose side of the board that is.
 */
export function makeAnnouncer(o: {
  readonly current: () => Announcement | null;
  readonly set: (a: Announcement | null) => void;
  readonly later: Timers["later"];
  readonly side: (seat: Seat) => "bottom" | "top";
  readonly tuzdyk: (seat: Seat) => string;
  readonly pass: (seat: Seat) => string;
}): (e: TraceEvent) => void {
  let n = 0;
  const say = (text: string, side: Announcement["side"]): void => {
    const id = ++n;
    o.set({ id, text, side });
    o.later(ANNOUNCE_MS, () => {
      if (o.current()?.id === id) o.set(null);
    });
  };
  return (e) => {
    if (e.t === "tuzdyk") say(o.tuzdyk(e.seat), o.side(e.seat));
    else if (e.t === "pass") say(o.pass(e.seat), o.side(e.seat));
    else if (e.t === "relay-limit") say(t("announce.relayLimit"), "info");
  };
}

export interface Timers {
  /** Runs `f` after `ms`, unless `clear` comes first. */
  later(ms: number, f: () => void): void;
  clear(): void;
}

export function createTimers(): Timers {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    later(ms, f) {
      const t = setTimeout(() => {
        timers.delete(t);
        f();
      }, ms);
      timers.add(t);
    },
    clear() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export interface StageOptions {
  readonly pitsPerSide: () => number;
  readonly later: Timers["later"];
  readonly announce: (e: TraceEvent) => void;
  readonly cue?: (c: Cue, n: number) => void;
}

/** A stage that writes the trace's effects into the board layer of `state`. */
export function makeBoardStage<T extends BoardLayer>(state: T, setState: SetStoreFunction<T>, o: StageOptions): Stage {
  // Narrowed once: path setters on a generic store type do not type-check, the layer's fields do.
  const set = setState as unknown as SetStoreFunction<BoardLayer>;
  let flightId = 0;
  return {
    get pitsPerSide() {
      return o.pitsPerSide();
    },
    pitCount: (pit) => state.display.board[pit] ?? 0,
    setPit: (pit, count) => set("display", "board", pit, count),
    addStore: (seat, n) => set("display", "stores", seat, (c) => c + n),
    markTuzdyk: (seat, pit) => set("display", "tuzdyk", seat, pitNumber(pit)),
    hand: (pit, count) => set("hand", pit === null ? null : { pit, count }),
    fly(from, to, count) {
      const id = ++flightId;
      set("flights", (fs) => [...fs, { id, from, to, count }]);
      o.later(FLIGHT_MS, () => set("flights", (fs) => fs.filter((f) => f.id !== id)));
    },
    announce: o.announce,
    cue: (c, n) => o.cue?.(c, n),
    settle: () => set("flights", []),
  };
}
