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
