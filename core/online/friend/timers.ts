/**
 * The friend session's timers, by slot, over an injected clock (core/online/timer.ts): at most one
 * timer per slot; a slot is free again just before its action runs. What a slot's timer does when
 * it fires is named (`TimerAction`) and handed to `fire`, so the session's parts decide what it
 * means and tests can drive time.
 *
 * Slots: `gap` (a missing sequence number waited for), `retry` (a relay sent again once the pacer
 * allows, or a paced rejoin; while it runs nothing is relayed), `relay` (a relay unanswered too
 * long), `knock` (a hello or a room creation tried again; it never holds up relays).
 */
import type { TimerPort, TimerId } from "../timer.js";

export type TimerSlot = "gap" | "retry" | "relay" | "knock";
export type TimerAction = "gap" | "flush" | "rejoin" | "relayTimeout" | "knock" | "create";

export interface Timers {
  armed(slot: TimerSlot): boolean;
  /** Arms `slot` unless it is armed already (then `ms` is not even asked: a pacer counts each ask). */
  once(slot: TimerSlot, action: TimerAction, ms: () => number): void;
  /** Arms `slot` afresh, replacing a timer it held. */
  set(slot: TimerSlot, action: TimerAction, ms: number): void;
  clear(slot: TimerSlot): void;
  clearAll(): void;
}

export function createTimers(clock: TimerPort, fire: (action: TimerAction) => void): Timers {
  const ids = new Map<TimerSlot, TimerId>();
  const start = (slot: TimerSlot, action: TimerAction, ms: number): void => {
    ids.set(
      slot,
      clock.setTimeout(() => {
        ids.delete(slot);
        fire(action);
      }, ms),
    );
  };
  const clear = (slot: TimerSlot): void => {
    if (!ids.has(slot)) return;
    clock.clearTimeout(ids.get(slot));
    ids.delete(slot);
  };
  return {
    armed: (slot) => ids.has(slot),
    once(slot, action, ms) {
      if (!ids.has(slot)) start(slot, action, ms());
    },
    set(slot, action, ms) {
      clear(slot);
      start(slot, action, ms);
    },
    clear,
    clearAll() {
      for (const slot of [...ids.keys()]) clear(slot);
    },
  };
}
