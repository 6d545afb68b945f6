import { describe, expect, it } from 'vitest';
import '../errors.js';
import { KioskError } from '../refusal.js';
import { checkTimeZoneChange, type TimeZoneChange } from './rules.js';

const hall: TimeZoneChange = { current: 'Europe/Lisbon', next: 'Atlantic/Azores', admin: true, openSessionId: null, openDrawerTerminals: [] };
const codeOf = (c: TimeZoneChange) => {
  try {
    checkTimeZoneChange(c);
  } catch (e) {
    if (e instanceof KioskError) return e.code;
    throw e;
  }
  return null;
};

describe("a change of the hall's time zone", () => {
  it('goes through for an admin with no session and no drawer open', () => {
    expect(checkTimeZoneChange(hall)).toBe('Atlantic/Azores');
    expect(checkTimeZoneChange({ ...hall, next: 'Atlantic/Madeira' })).toBe('Atlantic/Madeira');
  });

  it('is no change when absent or the same, whoever asks and whatever is open', () => {
    const busy = { ...hall, admin: false, openSessionId: 3, openDrawerTerminals: ['T1'] };
    expect(checkTimeZoneChange({ ...busy, next: undefined })).toBeUndefined();
    expect(checkTimeZoneChange({ ...busy, next: 'Europe/Lisbon' })).toBeUndefined();
  });

  it('refuses, in this order: a zone outside the three, a non-admin, an open session, open drawers', () => {
    expect(codeOf({ ...hall, next: 'Europe/Madrid', admin: false, openSessionId: 1 })).toBe('TIME_ZONE_NOT_ALLOWED');
    expect(codeOf({ ...hall, admin: false, openSessionId: 1 })).toBe('TIME_ZONE_ADMIN_ONLY');
    expect(codeOf({ ...hall, openSessionId: 1, openDrawerTerminals: ['T1'] })).toBe('TIME_ZONE_SESSION_OPEN');
    expect(codeOf({ ...hall, openDrawerTerminals: ['T1', 'BALCAO2'] })).toBe('TIME_ZONE_DRAWERS_OPEN');
  });

  it('words each refusal in pt-PT and in English, naming the rule', async () => {
    const { errorMessage } = await import('../errors.js');
    expect(errorMessage('TIME_ZONE_DRAWERS_OPEN', { zone: 'Atlantic/Madeira', terminals: 'T1, BALCAO2' }, 'en')).toBe(
      'The time zone does not change while drawers are open (terminal(s) T1, BALCAO2): each shift\'s day and its Z are counted in it. Close the drawers, then change it to Madeira (Atlantic/Madeira). Nothing was changed.',
    );
    expect(errorMessage('TIME_ZONE_SESSION_OPEN', { zone: 'Atlantic/Azores', sessionId: 7 }, 'en')).toContain("days of operation (art. 10(2)) are counted in it");
    expect(errorMessage('TIME_ZONE_ADMIN_ONLY', { zone: 'Atlantic/Azores' }, 'en')).toBe(
      "Only an admin changes the hall's time zone (to Azores (Atlantic/Azores)): days of operation are counted in it. Nothing was changed.",
    );
    expect(errorMessage('TIME_ZONE_NOT_ALLOWED', { zone: 'UTC', allowed: 'Europe/Lisbon, Atlantic/Azores, Atlantic/Madeira' }, 'en')).toContain('Time zone "UTC" not allowed');
  });
});
