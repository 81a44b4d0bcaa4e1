/**
 * Time as core/online sees it: the connection, the friend session and the ranked link take a
 * `TimerPort` (the time now, and timeouts) instead of calling the host's timers, so tests can drive
 * time and core/ compiles without a platform's types. Not to be confused with a ranked game's clock
 * (each side's time left: `core/ranked/clock.ts`).
 */

/** What `setTimeout` returned; only ever handed back to `clearTimeout`. */
export type TimerId = unknown;

export interface TimerPort {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(run: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

/** The timers every host has (browsers, Node), looked up on each call so that test fakes installed later apply. */
const host = globalThis as unknown as {
  setTimeout(run: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
};

export const SYSTEM_TIMER: TimerPort = {
  now: () => Date.now(),
  setTimeout: (run, ms) => host.setTimeout(run, ms),
  clearTimeout: (id) => host.clearTimeout(id),
};
