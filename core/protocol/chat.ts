/**
 * The chat flood rule, one for every place that enforces it: the server per connection
 * (functions/friends/router.ts), the receiving client per seat (core/online/friend/game.ts) and the sending
 * client before it queues a line (core/online/friend/actions.ts).
 */
import type { ProtoError } from "./errors.js";

/** At most CHAT_LIMIT chat messages in CHAT_WINDOW_MS. */
const CHAT_LIMIT = 5;
export const CHAT_WINDOW_MS = 10_000;

/** The times of `times` that still count against a chat line sent at `now`. */
export function chatWindow(times: readonly number[], now: number): number[] {
  return times.filter((t) => t > now - CHAT_WINDOW_MS);
}

/**
 * Null when one more chat line at `now` keeps to the rule, given the sender's earlier lines' times
 * and `queued` lines not yet timed; otherwise the `chat/flood` error.
 */
export function chatFlood(times: readonly number[], now: number, queued = 0): ProtoError<"chat/flood"> | null {
  if (chatWindow(times, now).length + queued < CHAT_LIMIT) return null;
  return { code: "chat/flood", message: `at most ${CHAT_LIMIT} chat messages in ${CHAT_WINDOW_MS / 1000} s` };
}
