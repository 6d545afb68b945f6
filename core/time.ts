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
