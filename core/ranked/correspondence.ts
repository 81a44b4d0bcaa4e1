/**
 * Correspondence time controls (issue: games that last days): a separate kind of preset beside the
 * clocks of core/ranked/presets.ts, "corr-N" for N days a move. The rule is not a running clock:
 * each side has the whole allowance for each of its moves, and the deadline starts again at every
 * move. A side whose deadline passes loses on time. A reminder is due a while before the deadline
 * (a quarter of the allowance, at most a day), which the timer can send as a push.
 *
 * Deadlines are plain epoch milliseconds, so a match on the deadline index (functions/matches/
 * store.ts) waits days at no cost: the timer reads only what is due.
 */

export const CORRESPONDENCE_PRESETS = ["corr-1", "corr-2", "corr-3", "corr-5", "corr-7", "corr-14"] as const;
export type CorrespondencePreset = (typeof CORRESPONDENCE_PRESETS)[number];

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export function isCorrespondencePreset(p: unknown): p is CorrespondencePreset {
  return typeof p === "string" && (CORRESPONDENCE_PRESETS as readonly string[]).includes(p);
}

/** The time each move may take. */
export function perMoveMs(p: CorrespondencePreset): number {
  return Number(p.slice("corr-".length)) * DAY;
}

/** When the side to move loses on time: the allowance after the turn started (the last move, or the start). */
export function moveDeadline(p: CorrespondencePreset, turnStartedAt: number): number {
  return turnStartedAt + perMoveMs(p);
}

/** Whether the side to move has run out of time at `now` (the deadline itself still counts as in time). */
export function isFlagged(p: CorrespondencePreset, turnStartedAt: number, now: number): boolean {
  return now > moveDeadline(p, turnStartedAt);
}

/** When the side to move is reminded: a quarter of the allowance before the deadline, at most a day. */
export function reminderAt(p: CorrespondencePreset, turnStartedAt: number): number {
  return moveDeadline(p, turnStartedAt) - Math.min(DAY, perMoveMs(p) / 4);
}

/**
 * The next time the timer must look at the match while the side to move thinks: the reminder while
 * it is still to come (and not yet sent), else the deadline.
 */
export function nextWake(p: CorrespondencePreset, turnStartedAt: number, now: number, reminded: boolean): number {
  const remind = reminderAt(p, turnStartedAt);
  return !reminded && now < remind ? remind : moveDeadline(p, turnStartedAt);
}

/** Time left shown as whole days and hours (rounded down; under an hour shows 0 h). */
export function daysAndHours(leftMs: number): { readonly days: number; readonly hours: number } {
  const h = Math.floor(Math.max(0, leftMs) / HOUR);
  return { days: Math.floor(h / 24), hours: h % 24 };
}

/**
 * The leaderboard a rated game counts on: correspondence games on their own board per game
 * (`<game>:corr`), every clock preset on the game's own.
 */
export function leaderboardKey(game: string, preset: string | undefined): string {
  return isCorrespondencePreset(preset) ? `${game}:corr` : game;
}
