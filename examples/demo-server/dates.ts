/**
 * Calendar arithmetic on `YYYY-MM-DD` strings. Dates are read as UTC midnights so the
 * answers do not depend on the time zone of the machine running the server.
 */

const DAY_MS = 86_400_000;

/** Whole days from `start` to `end`; negative when `end` comes first. */
export function daysBetween(start: string, end: string): number {
  return Math.round((toUtc(end) - toUtc(start)) / DAY_MS);
}

/** The date `days` days after `date`, as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` to `YYYYMMDD`, the compact form used in booking references. */
export function compactDate(date: string): string {
  return date.replaceAll("-", "");
}

/** `YYYYMMDD` back to `YYYY-MM-DD`. */
export function expandDate(compact: string): string {
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6)}`;
}

function toUtc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}
