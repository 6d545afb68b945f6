/** Date-time helpers: the session's scheduled closing time (local), report periods (whole days of the hall). */
import { hallDay, hallDayStart } from '../../core/time.js';

/** The next time it is `hour`:00 local time strictly after `now` (default 02:00). */
export function nextLocalHour(now: Date, hour = 2): Date {
  const d = new Date(now.getTime());
  d.setHours(hour, 0, 0, 0);
  if (d.getTime() <= now.getTime()) d.setDate(d.getDate() + 1);
  return d;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as the value of `<input type="datetime-local">`: `2025-11-30T02:00`. */
export function toDateTimeLocal(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `2025-11-30T02:00` (local time) -> ISO-8601 with offset (UTC `Z`), or null. */
export function dateTimeLocalToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The hall's day of an instant as the value of `<input type="date">`: `2025-11-30` (the hall's time zone, not the terminal's). */
export function dayValue(d: Date): string {
  return hallDay(d);
}

/** `2025-11-30` -> 00:00 in the hall of that day plus `days`, as ISO-8601 (UTC), or null when it is no date. */
export function dayStartIso(value: string, days = 0): string | null {
  return hallDayStart(value, days);
}

/** Two hall days, both included, as the period [00:00 of the first, 00:00 after the last), or null when not a period. */
export function daysPeriod(fromDay: string, toDay: string): { from: string; to: string } | null {
  const from = dayStartIso(fromDay);
  const to = dayStartIso(toDay, 1);
  return from !== null && to !== null && new Date(from).getTime() < new Date(to).getTime() ? { from, to } : null;
}

/** The `days` days before today and today, as two hall days (the default period of the reports). */
export function lastDays(days: number, today = new Date()): { from: string; to: string } {
  const to = hallDay(today);
  const [y, m, d] = to.split('-').map(Number);
  return { from: new Date(Date.UTC(y!, m! - 1, d! - days)).toISOString().slice(0, 10), to };
}
