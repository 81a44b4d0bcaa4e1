/**
 * Numbers as the player's language writes them: decimal comma or point, digit grouping, the percent
 * sign's place, all through `Intl.NumberFormat` of the language now shown. A number put into a
 * message as a number is formatted the same way by the message itself; these are for the numbers a
 * screen shows on their own or rounds first (a review's loss, a win rate, a rating).
 */
import { locale } from "./i18n.js";

const formats = new Map<string, Intl.NumberFormat>();

/** `n` in the current language, with `options` as for `Intl.NumberFormat`. */
export function formatNumber(n: number, options: Intl.NumberFormatOptions = {}): string {
  const l = locale();
  const id = `${l}:${JSON.stringify(options)}`;
  let f = formats.get(id);
  if (f === undefined) {
    f = new Intl.NumberFormat(l, options);
    formats.set(id, f);
  }
  return f.format(n);
}

/** `n` with exactly one decimal (a review's loss in seeds: "24.4", "24,4"). */
export function formatTenths(n: number): string {
  return formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A share out of 100 as a percentage ("71%", "71 %"). */
export function formatPercent(whole: number): string {
  return formatNumber(whole / 100, { style: "percent", maximumFractionDigits: 0 });
}

/** A rating, rounded, marked "?" while it is provisional; no digit grouping (a rating is a score). */
export function formatRating(rating: number, provisional: boolean): string {
  return `${formatNumber(Math.round(rating), { useGrouping: false })}${provisional ? "?" : ""}`;
}

/** A moment as the player's language writes a date and time ("3 Dec 2026, 14:30"). */
export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString(locale(), { dateStyle: "medium", timeStyle: "short" });
}
