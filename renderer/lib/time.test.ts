import { describe, expect, it } from 'vitest';
import { dateTimeLocalToIso, nextLocalHour, toDateTimeLocal } from './time.js';

describe('session closing time', () => {
  it('defaults to the next 02:00 local time', () => {
    expect(toDateTimeLocal(nextLocalHour(new Date(2025, 10, 29, 14, 30)))).toBe('2025-11-30T02:00');
    expect(toDateTimeLocal(nextLocalHour(new Date(2025, 10, 30, 1, 15)))).toBe('2025-11-30T02:00');
    expect(toDateTimeLocal(nextLocalHour(new Date(2025, 10, 30, 2, 0)))).toBe('2025-12-01T02:00');
    expect(toDateTimeLocal(nextLocalHour(new Date(2025, 11, 31, 20, 0)))).toBe('2026-01-01T02:00');
  });

  it('turns the local input value into ISO with an offset', () => {
    const iso = dateTimeLocalToIso('2025-11-30T02:00');
    expect(iso).toBe(new Date(2025, 10, 30, 2, 0).toISOString());
    expect(iso).toMatch(/Z$/);
    expect(dateTimeLocalToIso('')).toBeNull();
    expect(dateTimeLocalToIso('amanhã')).toBeNull();
    expect(dateTimeLocalToIso('2025-13-45T99:99')).toBeNull();
  });
});
