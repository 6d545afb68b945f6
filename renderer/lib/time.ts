/** Local date-time helpers for the session's scheduled closing time. */

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
