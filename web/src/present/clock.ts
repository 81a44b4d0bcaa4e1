/** A clock's time left as the tables show it: minutes and seconds, rounded up to the second. */
import { daysAndHours } from "../../../core/ranked/correspondence.js";
import { t } from "../i18n/i18n.js";

export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * Time left on any clock: minutes and seconds under an hour (`formatClock`), hours and minutes
 * under a day, days and hours beyond (a correspondence game's days a move, core/ranked/correspondence.ts).
 */
export function formatTimeLeft(ms: number): string {
  if (ms < HOUR) return formatClock(ms);
  if (ms < DAY)
    return t("clock.hoursMinutes", { hours: Math.floor(ms / HOUR), minutes: Math.floor((ms % HOUR) / 60_000) });
  return t("clock.daysHours", daysAndHours(ms));
}
