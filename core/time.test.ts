import { describe, expect, it } from 'vitest';
import {
  HALL_TIME_ZONES,
  hallClock,
  hallDate,
  hallDateTime,
  hallDateTimeLocal,
  hallDateTimeLocalToIso,
  hallDay,
  hallDayStart,
  hallTime,
  hallTimestamp,
  isHallTimeZone,
  nextHallHour,
  type HallTimeZone,
} from './time.js';

const LISBON: HallTimeZone = 'Europe/Lisbon';
const AZORES: HallTimeZone = 'Atlantic/Azores';
const MADEIRA: HallTimeZone = 'Atlantic/Madeira';

describe("the hall's days (Europe/Lisbon), whatever the terminal's clock", () => {
  it('begin at 00:00 in the hall: UTC in winter, 23:00 UTC the day before in summer, and across both changes of the clocks', () => {
    expect(hallDayStart('2026-11-30', LISBON)).toBe('2026-11-30T00:00:00.000Z');
    expect(hallDayStart('2026-07-01', LISBON)).toBe('2026-06-30T23:00:00.000Z');
    // 29 March 2026: summer time from 01:00 UTC, so that day began in winter time; the next in summer time.
    expect(hallDayStart('2026-03-29', LISBON)).toBe('2026-03-29T00:00:00.000Z');
    expect(hallDayStart('2026-03-29', LISBON, 1)).toBe('2026-03-29T23:00:00.000Z');
    // 25 October 2026: winter time from 01:00 UTC.
    expect(hallDayStart('2026-10-25', LISBON)).toBe('2026-10-24T23:00:00.000Z');
    expect(hallDayStart('2026-10-26', LISBON)).toBe('2026-10-26T00:00:00.000Z');
    expect(hallDayStart('2026-12-31', LISBON, 1)).toBe('2027-01-01T00:00:00.000Z');
    expect(hallDayStart('30/11/2026', LISBON)).toBeNull();
  });

  it('a day and its start agree: the instant the day begins is in it, the instant before is the day before', () => {
    for (const zone of HALL_TIME_ZONES) {
      for (const day of ['2026-03-29', '2026-03-30', '2026-07-15', '2026-10-25', '2026-10-26', '2026-12-01']) {
        const start = new Date(hallDayStart(day, zone)!);
        expect(hallDay(start, zone), `${zone} ${day}`).toBe(day);
        expect(hallDay(new Date(start.getTime() - 1), zone), `${zone} ${day}`).not.toBe(day);
      }
    }
  });
});

describe("each of Portugal's three zones", () => {
  it('knows the three and no other', () => {
    expect(HALL_TIME_ZONES).toEqual(['Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira']);
    for (const zone of HALL_TIME_ZONES) expect(isHallTimeZone(zone)).toBe(true);
    for (const other of ['Europe/Madrid', 'UTC', 'europe/lisbon', '', 'Atlantic/Canary', null, 1]) expect(isHallTimeZone(other)).toBe(false);
    // A formatter is never built for another zone, whatever a caller passes.
    expect(() => hallDay(new Date(), 'Europe/Madrid' as HallTimeZone)).toThrow(RangeError);
  });

  it('a winter night past midnight UTC: still the day before in the Azores (UTC-1), already the next day in Lisbon and Madeira (UTC)', () => {
    const at = '2026-12-06T00:30:00Z';
    expect(hallDay(new Date(at), AZORES)).toBe('2026-12-05');
    expect(hallDateTime(at, AZORES)).toBe('05/12/2026 23:30');
    expect(hallDay(new Date(at), LISBON)).toBe('2026-12-06');
    expect(hallDateTime(at, LISBON)).toBe('06/12/2026 00:30');
    expect(hallDay(new Date(at), MADEIRA)).toBe('2026-12-06');
    expect(hallDateTime(at, MADEIRA)).toBe('06/12/2026 00:30');
    expect(hallClock(at, AZORES)).toBe('23:30');
    expect(hallTimestamp(at, AZORES)).toBe('05/12/2026 23:30:00');
    expect(hallDate(at, AZORES)).toBe('05/12/2026');
    expect(hallDate(at, LISBON)).toBe('06/12/2026');
    // A calendar day is taken as written, in any zone.
    expect(hallDate('2026-12-06', AZORES)).toBe('06/12/2026');
  });

  it('summer: Lisbon and Madeira UTC+1, the Azores UTC', () => {
    const at = '2026-07-15T12:00:00Z';
    expect(hallClock(at, LISBON)).toBe('13:00');
    expect(hallClock(at, MADEIRA)).toBe('13:00');
    expect(hallClock(at, AZORES)).toBe('12:00');
  });

  it('the clocks change at 01:00 UTC on the last Sunday of March, in all three', () => {
    // 29 March 2026.
    expect(hallClock('2026-03-29T00:59:59Z', LISBON)).toBe('00:59');
    expect(hallClock('2026-03-29T01:00:00Z', LISBON)).toBe('02:00');
    expect(hallClock('2026-03-29T00:59:59Z', MADEIRA)).toBe('00:59');
    expect(hallClock('2026-03-29T01:00:00Z', MADEIRA)).toBe('02:00');
    expect(hallClock('2026-03-29T00:59:59Z', AZORES)).toBe('23:59');
    expect(hallClock('2026-03-29T01:00:00Z', AZORES)).toBe('01:00');
    // The Azores' day of 29 March began at 01:00 UTC (UTC-1 then); the next one at 00:00 UTC (UTC+0).
    expect(hallDayStart('2026-03-29', AZORES)).toBe('2026-03-29T01:00:00.000Z');
    expect(hallDayStart('2026-03-30', AZORES)).toBe('2026-03-30T00:00:00.000Z');
    expect(hallDayStart('2026-03-30', MADEIRA)).toBe('2026-03-29T23:00:00.000Z');
  });

  it('and back at 01:00 UTC on the last Sunday of October, in all three', () => {
    // 25 October 2026.
    expect(hallClock('2026-10-25T00:59:59Z', LISBON)).toBe('01:59');
    expect(hallClock('2026-10-25T01:00:00Z', LISBON)).toBe('01:00');
    expect(hallClock('2026-10-25T00:59:59Z', MADEIRA)).toBe('01:59');
    expect(hallClock('2026-10-25T01:00:00Z', MADEIRA)).toBe('01:00');
    expect(hallClock('2026-10-25T00:59:59Z', AZORES)).toBe('00:59');
    expect(hallClock('2026-10-25T01:00:00Z', AZORES)).toBe('00:00');
    expect(hallDayStart('2026-10-25', AZORES)).toBe('2026-10-25T00:00:00.000Z');
    expect(hallDayStart('2026-10-26', AZORES)).toBe('2026-10-26T01:00:00.000Z');
  });

  it('hallTime binds the helpers to a zone, one object per zone', () => {
    const azores = hallTime(AZORES);
    expect(azores).toBe(hallTime(AZORES));
    expect(azores.zone).toBe(AZORES);
    expect(azores.dateTime('2026-12-06T00:30:00Z')).toBe('05/12/2026 23:30');
    expect(azores.day(new Date('2026-12-06T00:30:00Z'))).toBe('2026-12-05');
    expect(azores.dayStart('2026-12-06')).toBe('2026-12-06T01:00:00.000Z');
    expect(hallTime(LISBON).dateTime('2026-12-06T00:30:00Z')).toBe('06/12/2026 00:30');
  });
});

describe("a time typed on the hall's clock (the session's closing time)", () => {
  it('reads a datetime-local value in the zone, and shows an instant as one', () => {
    expect(hallDateTimeLocalToIso('2026-12-06T02:00', LISBON)).toBe('2026-12-06T02:00:00.000Z');
    expect(hallDateTimeLocalToIso('2026-12-06T02:00', AZORES)).toBe('2026-12-06T03:00:00.000Z');
    expect(hallDateTimeLocalToIso('2026-07-06T02:00', MADEIRA)).toBe('2026-07-06T01:00:00.000Z');
    expect(hallDateTimeLocal(new Date('2026-12-06T03:00:00.000Z'), AZORES)).toBe('2026-12-06T02:00');
    for (const bad of ['', 'amanhã', '2025-13-45T99:99', '2026-02-30T02:00']) expect(hallDateTimeLocalToIso(bad, LISBON)).toBeNull();
  });

  it('the next 02:00 in the hall, strictly after now', () => {
    expect(nextHallHour(new Date('2026-12-05T14:30:00Z'), LISBON).toISOString()).toBe('2026-12-06T02:00:00.000Z');
    expect(nextHallHour(new Date('2026-12-05T14:30:00Z'), AZORES).toISOString()).toBe('2026-12-06T03:00:00.000Z');
    // 01:30 in the Azores (02:30 UTC): its 02:00 is half an hour away.
    expect(nextHallHour(new Date('2026-12-06T02:30:00Z'), AZORES).toISOString()).toBe('2026-12-06T03:00:00.000Z');
    expect(nextHallHour(new Date('2026-12-06T02:00:00Z'), LISBON).toISOString()).toBe('2026-12-07T02:00:00.000Z');
    expect(nextHallHour(new Date('2026-07-05T20:00:00Z'), MADEIRA).toISOString()).toBe('2026-07-06T01:00:00.000Z');
  });
});
