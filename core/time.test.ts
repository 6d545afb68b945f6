import { describe, expect, it } from 'vitest';
import { hallDay, hallDayStart } from './time.js';

describe("the hall's days (Europe/Lisbon), whatever the terminal's clock", () => {
  it('begin at 00:00 in the hall: UTC in winter, 23:00 UTC the day before in summer, and across both changes of the clocks', () => {
    expect(hallDayStart('2026-11-30')).toBe('2026-11-30T00:00:00.000Z');
    expect(hallDayStart('2026-07-01')).toBe('2026-06-30T23:00:00.000Z');
    // 29 March 2026: summer time from 01:00 UTC, so that day began in winter time; the next in summer time.
    expect(hallDayStart('2026-03-29')).toBe('2026-03-29T00:00:00.000Z');
    expect(hallDayStart('2026-03-29', 1)).toBe('2026-03-29T23:00:00.000Z');
    // 25 October 2026: winter time from 01:00 UTC.
    expect(hallDayStart('2026-10-25')).toBe('2026-10-24T23:00:00.000Z');
    expect(hallDayStart('2026-10-26')).toBe('2026-10-26T00:00:00.000Z');
    expect(hallDayStart('2026-12-31', 1)).toBe('2027-01-01T00:00:00.000Z');
    expect(hallDayStart('30/11/2026')).toBeNull();
  });

  it('a day and its start agree: the instant the day begins is in it, the instant before is the day before', () => {
    for (const day of ['2026-03-29', '2026-03-30', '2026-07-15', '2026-10-25', '2026-10-26', '2026-12-01']) {
      const start = new Date(hallDayStart(day)!);
      expect(hallDay(start)).toBe(day);
      expect(hallDay(new Date(start.getTime() - 1))).not.toBe(day);
    }
  });
});
