/** The hall's time zone: days of operation (art. 10.2) are counted in it, and times are shown in it. */
export const HALL_TIME_ZONE = 'Europe/Lisbon';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: HALL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day (YYYY-MM-DD) of an instant in the hall's time zone. */
export function hallDay(at: Date): string {
  return dayFormat.format(at);
}

const partsFormat = new Intl.DateTimeFormat('pt-PT', {
  timeZone: HALL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The fields of an instant on the hall's clock, two digits each (the year four): the one source of every printed or exported time. */
export interface HallParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** An instant's fields in the hall's time zone; a string that is no instant is a RangeError, never "Invalid Date" on paper. */
export function hallParts(iso: string): HallParts {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid date-time: ${iso}`);
  const p: HallParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of partsFormat.formatToParts(d)) if (part.type in p) p[part.type as keyof HallParts] = part.value;
  return p;
}

/** `21:05`: an instant's time of day in the hall (refusals name when a thing happened; the acta's hours). */
export function hallClock(iso: string): string {
  const p = hallParts(iso);
  return `${p.hour}:${p.minute}`;
}

/** `2025-03-05T21:14:00Z` -> `05/03/2025 21:14`: an instant as receipts and PDFs print it. */
export function hallDateTime(iso: string): string {
  const p = hallParts(iso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A calendar day (`2025-03-13`, taken as written) or an instant (its day in the hall) -> `13/03/2025`. */
export function hallDate(isoDateOrTime: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDateOrTime);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const p = hallParts(isoDateOrTime);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * `2025-03-05T21:14:07Z` -> `05/03/2025 21:14:07`: an instant as the hall reads
 * it, to the second (the books' CSV files; a pt-PT spreadsheet reads it as a date).
 */
export function hallTimestamp(iso: string): string {
  const p = hallParts(iso);
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
