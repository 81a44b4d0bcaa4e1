/** A ranked clock's one rule: the time a turn takes is charged to the running clock, which stops at zero. */

/** What is left of `leftMs` once `elapsedMs` has run (a negative elapsed time, a clock skew, charges nothing). */
export function chargeClock(leftMs: number, elapsedMs: number): number {
  return Math.max(0, leftMs - Math.max(0, elapsedMs));
}
