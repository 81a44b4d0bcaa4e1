/**
 * Time as core/online sees it: the session and the link take a `Clock` instead of calling the
 * host's timers, so tests can drive time and core/ compiles without a platform's types.
 */

/** What `setTimeout` returned; only ever handed back to `clearTimeout`. */
export type TimerId = unknown;

export interface Clock {
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

export const SYSTEM_CLOCK: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => host.setTimeout(run, ms),
  clearTimeout: (id) => host.clearTimeout(id),
};
