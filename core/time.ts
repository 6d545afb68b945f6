/** The hall's time zone: days of operation (art. 10.2) are counted in it, and times are shown in it. */
export const HALL_TIME_ZONE = 'Europe/Lisbon';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: HALL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day (YYYY-MM-DD) of an instant in the hall's time zone. */
export function hallDay(at: Date): string {
  return dayFormat.format(at);
}

const clockFormat = new Intl.DateTimeFormat('pt-PT', { timeZone: HALL_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** `21:05`: an instant's time of day in the hall, for messages (refusals name when a thing happened). */
export function hallClock(iso: string): string {
  return clockFormat.format(new Date(iso));
}

const stampFormat = new Intl.DateTimeFormat('pt-PT', {
  timeZone: HALL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/**
 * `2025-03-05T21:14:07Z` -> `05/03/2025 21:14:07`: an instant as the hall reads
 * it, to the second (the books' CSV files; a pt-PT spreadsheet reads it as a date).
 */
export function hallTimestamp(iso: string): string {
  const p: Record<string, string> = {};
  for (const part of stampFormat.formatToParts(new Date(iso))) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: HALL_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});
/** How far the hall's clock is ahead of UTC at an instant, in milliseconds (Lisbon: 0 in winter, one hour in summer). */
function hallOffsetMs(at: number): number {
  const p: Record<string, number> = {};
  for (const part of offsetFormat.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
}

/**
 * `2025-11-30` -> the instant the hall's day begins (00:00 in its time zone),
 * `days` later, as ISO-8601 UTC; null when it is no date. Report periods are
 * whole days of the hall, whatever the terminal's own clock says.
 */
export function hallDayStart(day: string, days = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  if (Number.isNaN(guess)) return null;
  // The offset at midnight may differ from the offset at the guess on the day the clocks change: look twice.
  let at = guess - hallOffsetMs(guess);
  at = guess - hallOffsetMs(at);
  return new Date(at).toISOString();
}
