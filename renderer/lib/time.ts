/** Date-time helpers on the hall's clock: the session's scheduled closing time, report periods (whole days of the hall). */
import { hallDateTimeLocal, hallDateTimeLocalToIso, hallDay, hallDayStart, nextHallHour, type HallTimeZone } from '../../core/time.js';

/** The next time it is `hour`:00 in the hall strictly after `now` (default 02:00). */
export function nextLocalHour(now: Date, zone: HallTimeZone, hour = 2): Date {
  return nextHallHour(now, zone, hour);
}

/** A Date as the value of `<input type="datetime-local">` on the hall's clock: `2025-11-30T02:00`. */
export function toDateTimeLocal(d: Date, zone: HallTimeZone): string {
  return hallDateTimeLocal(d, zone);
}

/** `2025-11-30T02:00` (the hall's clock) -> ISO-8601 UTC (`Z`), or null. */
export function dateTimeLocalToIso(value: string, zone: HallTimeZone): string | null {
  return hallDateTimeLocalToIso(value, zone);
}

/** `2025-11-30` -> 00:00 in the hall of that day plus `days`, as ISO-8601 (UTC), or null when it is no date. */
function dayStartIso(value: string, zone: HallTimeZone, days = 0): string | null {
  return hallDayStart(value, zone, days);
}

/** Two hall days, both included, as the period [00:00 of the first, 00:00 after the last), or null when not a period. */
export function daysPeriod(fromDay: string, toDay: string, zone: HallTimeZone): { from: string; to: string } | null {
  const from = dayStartIso(fromDay, zone);
  const to = dayStartIso(toDay, zone, 1);
  return from !== null && to !== null && new Date(from).getTime() < new Date(to).getTime() ? { from, to } : null;
}

/** The `days` days before today and today, as two hall days (the default period of the reports). */
export function lastDays(days: number, zone: HallTimeZone, today = new Date()): { from: string; to: string } {
  const to = hallDay(today, zone);
  const [y, m, d] = to.split('-').map(Number);
  return { from: new Date(Date.UTC(y!, m! - 1, d! - days)).toISOString().slice(0, 10), to };
}
