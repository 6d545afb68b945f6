/** The rules of operators' PINs and sessions (docs/decisions/pin-lock-out.md). */
import { KioskError } from '../refusal.js';
import { APPROVER_ROLES, type Role } from '../roles.js';
import { HALL_TIME_ZONES, isHallTimeZone, type HallTimeZone } from '../time.js';

/** An operator session left idle this long is locked. */
export const IDLE_LOCK_MINUTES = 15;

/** The digits a manager's or admin's PIN has at least where the hall requires long PINs (longManagerPins). */
export const LONG_PIN_DIGITS = 6;

/** Whether these roles approve other people's acts (their PIN is typed at the counter). */
export function approves(roles: readonly Role[]): boolean {
  return roles.some((r) => APPROVER_ROLES.includes(r));
}

/** Whether a PIN of `digits` is too short for these roles. */
export function needsLongPin(required: boolean, roles: readonly Role[], digits: number): boolean {
  return required && approves(roles) && digits < LONG_PIN_DIGITS;
}

export function isValidPin(pin: string): boolean {
  return /^\d{4,8}$/.test(pin);
}

/** What a change of the hall's time zone is judged on: the hall as it stands. */
export interface TimeZoneChange {
  /** The zone now. */
  current: HallTimeZone;
  /** The zone asked for, as typed (unchecked). */
  next: string | undefined;
  /** Whether the operator asking is an admin. */
  admin: boolean;
  /** The open bingo session, if any. */
  openSessionId: number | null;
  /** The terminals whose drawer is open. */
  openDrawerTerminals: readonly string[];
}

/**
 * The zone asked for, or undefined when it does not change. Days of operation
 * (art. 10.º, n.º 2) are counted in it: changed while a session or a drawer is
 * open, the day in course would move under the acta, the N of the special
 * prize and the shift's Z, so it changes only with both closed, and by an admin.
 */
export function checkTimeZoneChange(c: TimeZoneChange): HallTimeZone | undefined {
  if (c.next === undefined) return undefined;
  if (!isHallTimeZone(c.next)) throw new KioskError('TIME_ZONE_NOT_ALLOWED', { zone: c.next.slice(0, 64), allowed: HALL_TIME_ZONES.join(', ') });
  if (c.next === c.current) return undefined;
  if (!c.admin) throw new KioskError('TIME_ZONE_ADMIN_ONLY', { zone: c.next });
  if (c.openSessionId !== null) throw new KioskError('TIME_ZONE_SESSION_OPEN', { zone: c.next, sessionId: c.openSessionId });
  if (c.openDrawerTerminals.length > 0) throw new KioskError('TIME_ZONE_DRAWERS_OPEN', { zone: c.next, terminals: c.openDrawerTerminals.join(', ') });
  return c.next;
}
