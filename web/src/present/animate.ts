/**
 * Plays a move's trace onto the board, seed by seed: the hand lifts a pit, drops one seed per pit
 * with the number still in hand riding along, relays and chains, captures fly to the store.
 * The board is a `Stage` (the game or lesson store implements it), so this file knows no DOM.
 */
import type { TraceEvent } from "../../../core/games/index.js";
import type { Seat } from "../../../core/types.js";

export const SPEEDS = ["slow", "normal", "fast"] as const;
export type Speed = (typeof SPEEDS)[number];

/**
 * Milliseconds per seed at each speed, and the most one move may take: a long chain goes faster,
 * but never below the speed's minimum per seed, so even at Fast every hop can be followed.
 */
export const STEP_MS: { readonly [S in Speed]: number } = { slow: 420, normal: 210, fast: 70 };
export const MIN_STEP_MS: { readonly [S in Speed]: number } = { slow: 120, normal: 60, fast: 30 };
const MOVE_CAP_MS: { readonly [S in Speed]: number } = { slow: 24_000, normal: 7_000, fast: 900 };
/** A short breath before the computer moves, so its move can be followed. */
export const THINK_PAUSE_MS: { readonly [S in Speed]: number } = { slow: 700, normal: 380, fast: 150 };
/** The least time a capture's "+n" is in the air before the move goes on. */
const CAPTURE_SHOW_MS = 240;

export type FlightTarget = { readonly store: Seat } | { readonly pit: number };
export type Cue = "lift" | "sow" | "capture" | "tuzdyk" | "pass" | "end";

export interface Stage {
  /** Pits on each side (togyz 9, ayo 6, tsoro 2n). */
  readonly pitsPerSide: number;
  pitCount(pit: number): number;
  setPit(pit: number, count: number): void;
  addStore(seat: Seat, n: number): void;
  markTuzdyk(seat: Seat, pit: number): void;
  hand(pit: number | null, count: number): void;
  fly(from: number, to: FlightTarget, count: number): void;
  announce(event: TraceEvent): void;
  cue(cue: Cue, n: number): void;
  /** The move is over: clears what is still in the air. */
  settle(): void;
}

/** Waits `ms`; resolves false when the animation was cancelled (undo, leaving the screen). */
export type Wait = (ms: number) => Promise<boolean>;

/**
 * Per-seed time for a move at a speed. `reduced` (the system asks for reduced motion) plays the
 * move without hops: the board shows each step at once.
 */
export function stepMs(speed: Speed, trace: readonly TraceEvent[], reduced = false): number {
  if (reduced) return 0;
  let steps = 0;
  for (const e of trace) steps += e.t === "sow" || e.t === "tuzdyk-sow" ? 1 : 2;
  return Math.max(MIN_STEP_MS[speed], Math.min(STEP_MS[speed], MOVE_CAP_MS[speed] / Math.max(1, steps)));
}

/** Whether the system asks for reduced motion (false where there is no window). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

export async function playTrace(
  trace: readonly TraceEvent[],
  stage: Stage,
  step: number,
  wait: Wait,
): Promise<boolean> {
  let inHand = 0;
  let handAt: number | null = null;
  for (const e of trace) {
    switch (e.t) {
      case "lift":
        stage.setPit(e.pit, 0);
        inHand = e.count;
        handAt = e.pit;
        stage.hand(e.pit, inHand);
        stage.cue("lift", e.count);
        if (!(await wait(step * (e.relay ? 2 : 1.5)))) return false;
        break;
      case "sow":
        stage.setPit(e.pit, stage.pitCount(e.pit) + 1);
        inHand = Math.max(0, inHand - 1);
        handAt = e.pit;
        stage.hand(e.pit, inHand);
        stage.cue("sow", inHand);
        if (!(await wait(step))) return false;
        break;
      case "tuzdyk-sow":
        inHand = Math.max(0, inHand - 1);
        handAt = e.pit;
        stage.hand(e.pit, inHand);
        stage.addStore(e.owner, 1);
        stage.fly(e.pit, { store: e.owner }, 1);
        stage.cue("sow", inHand);
        if (!(await wait(step))) return false;
        break;
      case "capture":
        stage.setPit(e.pit, stage.pitCount(e.pit) - e.count);
        stage.addStore(e.seat, e.count);
        stage.fly(e.pit, { store: e.seat }, e.count);
        stage.cue("capture", e.count);
        if (!(await wait(step === 0 ? 0 : Math.max(step * 3, CAPTURE_SHOW_MS)))) return false;
        break;
      case "tuzdyk":
        stage.markTuzdyk(e.seat, e.pit);
        stage.announce(e);
        stage.cue("tuzdyk", 0);
        if (!(await wait(step * 3))) return false;
        break;
      case "take":
        for (const p of e.pits) {
          const c = stage.pitCount(p);
          stage.setPit(p, 0);
          if (c > 0 && handAt !== null) stage.fly(p, { pit: handAt }, c);
        }
        inHand = e.count;
        stage.hand(handAt, inHand);
        stage.cue("capture", e.count);
        if (!(await wait(step * 3))) return false;
        break;
      case "collect": {
        for (let p = e.seat * stage.pitsPerSide; p < (e.seat + 1) * stage.pitsPerSide; p++) {
          const c = stage.pitCount(p);
          if (c === 0) continue;
          stage.setPit(p, 0);
          stage.fly(p, { store: e.seat }, c);
        }
        stage.addStore(e.seat, e.count);
        if (!(await wait(step * 2))) return false;
        break;
      }
      case "pass":
      case "relay-limit":
        stage.announce(e);
        stage.cue("pass", 0);
        if (!(await wait(step * 4))) return false;
        break;
      case "end":
        stage.hand(null, 0);
        stage.cue("end", e.winner === null ? -1 : e.winner);
        break;
    }
  }
  stage.hand(null, 0);
  // Every "+n" is gone before the next turn starts.
  stage.settle();
  return true;
}
