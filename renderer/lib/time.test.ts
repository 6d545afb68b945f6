import { describe, expect, it } from 'vitest';
import { dateTimeLocalToIso, daysPeriod, lastDays, nextLocalHour, toDateTimeLocal } from './time.js';

describe("session closing time, on the hall's clock", () => {
  it('defaults to the next 02:00 in the hall', () => {
    expect(toDateTimeLocal(nextLocalHour(new Date('2025-11-29T14:30:00Z'), 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('2025-11-30T02:00');
    expect(toDateTimeLocal(nextLocalHour(new Date('2025-11-30T01:15:00Z'), 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('2025-11-30T02:00');
    expect(toDateTimeLocal(nextLocalHour(new Date('2025-11-30T02:00:00Z'), 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('2025-12-01T02:00');
    expect(toDateTimeLocal(nextLocalHour(new Date('2025-12-31T20:00:00Z'), 'Europe/Lisbon'), 'Europe/Lisbon')).toBe('2026-01-01T02:00');
    // 02:30 UTC is 01:30 in the Azores: its 02:00 is still ahead that night.
    expect(toDateTimeLocal(nextLocalHour(new Date('2025-11-30T02:30:00Z'), 'Atlantic/Azores'), 'Atlantic/Azores')).toBe('2025-11-30T02:00');
  });

  it('turns the input value, read in the hall, into ISO UTC', () => {
    expect(dateTimeLocalToIso('2025-11-30T02:00', 'Europe/Lisbon')).toBe('2025-11-30T02:00:00.000Z');
    expect(dateTimeLocalToIso('2025-11-30T02:00', 'Atlantic/Azores')).toBe('2025-11-30T03:00:00.000Z');
    expect(dateTimeLocalToIso('', 'Europe/Lisbon')).toBeNull();
    expect(dateTimeLocalToIso('amanhã', 'Europe/Lisbon')).toBeNull();
    expect(dateTimeLocalToIso('2025-13-45T99:99', 'Europe/Lisbon')).toBeNull();
  });
});

describe("report periods: whole days of the hall", () => {
  it('begin at 00:00 in its zone', () => {
    expect(daysPeriod('2026-12-01', '2026-12-07', 'Europe/Lisbon')).toEqual({ from: '2026-12-01T00:00:00.000Z', to: '2026-12-08T00:00:00.000Z' });
    expect(daysPeriod('2026-12-01', '2026-12-07', 'Atlantic/Azores')).toEqual({ from: '2026-12-01T01:00:00.000Z', to: '2026-12-08T01:00:00.000Z' });
    expect(daysPeriod('2026-12-07', '2026-12-01', 'Europe/Lisbon')).toBeNull();
  });

  it("end today in the hall, not at the terminal", () => {
    expect(lastDays(6, 'Europe/Lisbon', new Date('2026-12-06T00:30:00Z'))).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(lastDays(6, 'Atlantic/Azores', new Date('2026-12-06T00:30:00Z'))).toEqual({ from: '2026-11-29', to: '2026-12-05' });
  });
});
