/** The rules of operators' PINs and sessions (issue #2; README, Decisions). */

/** Failed PINs before a lock-out, and how long it lasts. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 5;
/** An operator session left idle this long is locked. */
export const IDLE_LOCK_MINUTES = 15;

export function isValidPin(pin: string): boolean {
  return /^\d{4,8}$/.test(pin);
}
