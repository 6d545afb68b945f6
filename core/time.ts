/**
 * The hall's clock. Days of operation (art. 10.º, n.º 2) are counted in the
 * hall's time zone and every time is shown, printed and exported in it. The
 * zone is a hall setting (`timeZone`): every function takes it, none keeps
 * one, so a hall in the Azores never counts a day by Lisbon's clock.
 */

/** The zones a Portuguese hall can be in: the mainland, the Azores, Madeira. */
export const HALL_TIME_ZONES = ['Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira'] as const;
export type HallTimeZone = (typeof HALL_TIME_ZONES)[number];

/** The mainland's: every hall file made before the setting existed is in it. */
export const DEFAULT_HALL_TIME_ZONE: HallTimeZone = 'Europe/Lisbon';

export function isHallTimeZone(value: unknown): value is HallTimeZone {
  return typeof value === 'string' && (HALL_TIME_ZONES as readonly string[]).includes(value);
}

/** Formatters are costly to build and are used on every receipt and row: one of each kind per zone, made when first asked. */
interface ZoneFormats {
  day: Intl.DateTimeFormat;
  parts: Intl.DateTimeFormat;
  offset: Intl.DateTimeFormat;
}
const formatsByZone = new Map<HallTimeZone, ZoneFormats>();

function formatsOf(zone: HallTimeZone): ZoneFormats {
  let f = formatsByZone.get(zone);
  if (f) return f;
  // A zone outside the three would format silently in it: refused here too, whatever the caller checked.
  if (!isHallTimeZone(zone)) throw new RangeError(`not a hall time zone: ${String(zone)}`);
  f = {
    day: new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    parts: new Intl.DateTimeFormat('pt-PT', {
      timeZone: zone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
    offset: new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }),
  };
  formatsByZone.set(zone, f);
  return f;
}

/** The calendar day (YYYY-MM-DD) of an instant in the hall's time zone. */
export function hallDay(at: Date, zone: HallTimeZone): string {
  return formatsOf(zone).day.format(at);
}

/** The fields of an instant on the hall's clock, two digits each (the year four): the one source of every printed or exported time. */
interface HallParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** An instant's fields in the hall's time zone; a string that is no instant is a RangeError, never "Invalid Date" on paper. */
export function hallParts(iso: string, zone: HallTimeZone): HallParts {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid date-time: ${iso}`);
  const p: HallParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of formatsOf(zone).parts.formatToParts(d)) if (part.type in p) p[part.type as keyof HallParts] = part.value;
  return p;
}

/** `21:05`: an instant's time of day in the hall (refusals name when a thing happened; the acta's hours). */
export function hallClock(iso: string, zone: HallTimeZone): string {
  const p = hallParts(iso, zone);
  return `${p.hour}:${p.minute}`;
}

/** `2025-03-05T21:14:00Z` -> `05/03/2025 21:14`: an instant as receipts and PDFs print it. */
export function hallDateTime(iso: string, zone: HallTimeZone): string {
  const p = hallParts(iso, zone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** A calendar day (`2025-03-13`, taken as written) or an instant (its day in the hall) -> `13/03/2025`. */
export function hallDate(isoDateOrTime: string, zone: HallTimeZone): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDateOrTime);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const p = hallParts(isoDateOrTime, zone);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * `2025-03-05T21:14:07Z` -> `05/03/2025 21:14:07`: an instant as the hall reads
 * it, to the second (the books' CSV files; a pt-PT spreadsheet reads it as a date).
 */
export function hallTimestamp(iso: string, zone: HallTimeZone): string {
  const p = hallParts(iso, zone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/** How far the hall's clock is ahead of UTC at an instant, in milliseconds (Lisbon: 0 in winter, one hour in summer; the Azores one hour less). */
function hallOffsetMs(at: number, zone: HallTimeZone): number {
  const p: Record<string, number> = {};
  for (const part of formatsOf(zone).offset.formatToParts(new Date(at))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant the hall's clock reads a wall time (`Date.UTC` of its fields as
 * `wall`), as epoch milliseconds. A wall time read twice (the hour the clocks
 * go back) is its first instant; one the clocks skip (the Azores' 00:00 on
 * the last Sunday of March) is read on the offset before the change, i.e. the
 * instant the day resumes (01:00 there).
 */
function wallToInstant(wall: number, zone: HallTimeZone): number {
  // The offsets a day either side: the clocks change at most once in between in Portugal.
  const before = wall - hallOffsetMs(wall - DAY_MS, zone);
  const after = wall - hallOffsetMs(wall + DAY_MS, zone);
  const reads = (at: number) => at + hallOffsetMs(at, zone) === wall;
  const valid = [before, after].filter(reads);
  return valid.length > 0 ? Math.min(...valid) : before;
}

/**
 * `2025-11-30` -> the instant the hall's day begins (00:00 in its time zone),
 * `days` later, as ISO-8601 UTC; null when it is no date. Report periods are
 * whole days of the hall, whatever the terminal's own clock says.
 */
export function hallDayStart(day: string, zone: HallTimeZone, days = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days);
  if (Number.isNaN(guess)) return null;
  return new Date(wallToInstant(guess, zone)).toISOString();
}

/** An instant as the value of `<input type="datetime-local">` on the hall's clock: `2025-11-30T02:00`. */
export function hallDateTimeLocal(at: Date, zone: HallTimeZone): string {
  const p = hallParts(at.toISOString(), zone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** `2025-11-30T02:00` read on the hall's clock -> ISO-8601 UTC, or null when it is no such time. */
export function hallDateTimeLocalToIso(value: string, zone: HallTimeZone): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // 31 February and the like roll over: not a time anyone typed.
  if (new Date(wall).getUTCDate() !== d) return null;
  return new Date(wallToInstant(wall, zone)).toISOString();
}

/** The next instant strictly after `now` when the hall's clock reads `hour`:00 (the session's default closing time). */
export function nextHallHour(now: Date, zone: HallTimeZone, hour = 2): Date {
  const today = hallDay(now, zone);
  for (const days of [0, 1, 2]) {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const at = wallToInstant(Date.UTC(y, m - 1, d + days, hour), zone);
    if (at > now.getTime()) return new Date(at);
  }
  // Unreachable: two days on is always after now.
  return new Date(now.getTime() + 86_400_000);
}

/** The hall's clock as one object: the helpers above bound to a zone, for code that formats many times (documents, screens). */
interface HallTime {
  readonly zone: HallTimeZone;
  day(at: Date): string;
  parts(iso: string): HallParts;
  clock(iso: string): string;
  dateTime(iso: string): string;
  date(isoDateOrTime: string): string;
  timestamp(iso: string): string;
  dayStart(day: string, days?: number): string | null;
}

const timesByZone = new Map<HallTimeZone, HallTime>();

/** The hall's clock in a zone (one object per zone). */
export function hallTime(zone: HallTimeZone): HallTime {
  let t = timesByZone.get(zone);
  if (t) return t;
  formatsOf(zone);
  t = Object.freeze({
    zone,
    day: (at: Date) => hallDay(at, zone),
    parts: (iso: string) => hallParts(iso, zone),
    clock: (iso: string) => hallClock(iso, zone),
    dateTime: (iso: string) => hallDateTime(iso, zone),
    date: (isoDateOrTime: string) => hallDate(isoDateOrTime, zone),
    timestamp: (iso: string) => hallTimestamp(iso, zone),
    dayStart: (day: string, days = 0) => hallDayStart(day, zone, days),
  });
  timesByZone.set(zone, t);
  return t;
}
