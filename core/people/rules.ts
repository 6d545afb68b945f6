/** The rules of operators' PINs and sessions (issue #2; README, Decisions). */
import { APPROVER_ROLES, type Role } from '../roles.js';

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
