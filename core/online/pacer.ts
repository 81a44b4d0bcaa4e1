/**
 * Spacing of retries after refusals, per channel (`relay`, `hello`): the first retry waits `baseMs`,
 * each further refusal in a row doubles the wait up to `maxMs`, with up to a quarter of jitter so
 * that clients refused together do not come back together; a success resets the channel. A server's
 * `retryMs` hint is honoured only within [the pacer's own wait, `maxHintMs`]: a hint can slow a
 * client down, never speed it up, and a huge one cannot stall it for good.
 *
 * Explicit state, no timers: the session asks `next()` for the delay and schedules it itself.
 */
export interface PacerOptions {
  readonly baseMs?: number;
  readonly maxMs?: number;
  /** The longest wait a server's hint may impose. */
  readonly maxHintMs?: number;
  readonly random?: () => number;
}

export interface RetryPacer {
  /** The wait before the next try on `channel` after a refusal (counts the refusal). */
  next(channel: string, hintMs?: number): number;
  /** A success on `channel`: the next refusal starts from `baseMs` again. */
  reset(channel: string): void;
  /** Refusals in a row on `channel`. */
  streak(channel: string): number;
}

const PACER_BASE_MS = 250;
export const PACER_MAX_MS = 30_000;
const PACER_MAX_HINT_MS = 10 * 60_000;

/** The pacer's wait for the `streak`-th refusal in a row (1-based), before jitter and hints. */
function pacerDelay(streak: number, baseMs = PACER_BASE_MS, maxMs = PACER_MAX_MS): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, streak - 1)));
}

export function createRetryPacer(o: PacerOptions = {}): RetryPacer {
  const baseMs = o.baseMs ?? PACER_BASE_MS;
  const maxMs = o.maxMs ?? PACER_MAX_MS;
  const maxHintMs = o.maxHintMs ?? PACER_MAX_HINT_MS;
  const random = o.random ?? Math.random;
  const streaks = new Map<string, number>();
  return {
    next(channel, hintMs) {
      const n = (streaks.get(channel) ?? 0) + 1;
      streaks.set(channel, n);
      const own = pacerDelay(n, baseMs, maxMs);
      const jittered = own + Math.floor(random() * (own / 4));
      const hint = typeof hintMs === "number" && Number.isFinite(hintMs) ? Math.min(maxHintMs, hintMs) : 0;
      return Math.max(jittered, hint);
    },
    reset(channel) {
      streaks.delete(channel);
    },
    streak(channel) {
      return streaks.get(channel) ?? 0;
    },
  };
}
