/**
 * How long one invocation of the ranked timer runs (functions/ranked/timer.ts), in one place for the
 * timer, its route entry's Lambda timeout (functions/routes.ts) and the stack's alarms
 * (stacks/alarms.ts).
 *
 * EventBridge starts the timer once a minute. An invocation ends before the next one starts: its last
 * tick begins at most `INVOCATION_SPAN_MS` after its first, and its Lambda timeout (`TIMER_TIMEOUT_SECONDS`)
 * is under the schedule's period, so even a stuck invocation is over before the next one. No reserved
 * concurrency is needed for that (a new account may not reserve any); the table lease
 * (functions/ranked/lease.ts) still keeps two invocations from acting at once if one is started by
 * hand or late. The price: the last seconds of each minute have no tick, so a flag can land up to
 * `SCHEDULE_PERIOD_MS - INVOCATION_SPAN_MS` late (about 4 s).
 */

/** Ticks of one invocation are spaced this far apart. */
export const TICK_EVERY_MS = 1_000;
/** The schedule's period: `rate(1 minute)` in functions/routes.ts. */
export const SCHEDULE_PERIOD_MS = 60_000;
/** The last tick of an invocation starts at most this long after its first. */
export const INVOCATION_SPAN_MS = 56_000;
/** An invocation stops ticking when less than this plus a tick is left before its Lambda timeout. */
export const STOP_BEFORE_MS = 1_500;
/** Room for the span, its last tick and the stop margin: under the schedule's period. */
export const TIMER_TIMEOUT_SECONDS = Math.ceil((INVOCATION_SPAN_MS + TICK_EVERY_MS + STOP_BEFORE_MS) / 1000);
/**
 * A run longer than its span and one more tick did more than it was built for (a slow store, a
 * tick that could not finish): the stack's near-timeout alarm fires above this.
 */
export const TIMER_LONGEST_RUN_MS = INVOCATION_SPAN_MS + TICK_EVERY_MS;
