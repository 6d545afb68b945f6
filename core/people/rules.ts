/** The rules of operators' PINs and sessions (issue #2; README, Decisions). */

/** Failed PINs before a lock-out, and how long it lasts. */
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 5;
/** An operator session left idle this long is locked. */
export const IDLE_LOCK_MINUTES = 15;

/** The longest a lock-out grows to (each one after the first lasts twice the one before). */
export const PIN_LOCK_MAX_MINUTES = 240;

/** The n-th lock-out in a row (0 for the first) lasts 5, 10, 20, 40… minutes, at most 4 hours. */
export function lockMinutes(lockCount: number): number {
  return Math.min(PIN_LOCK_MINUTES * 2 ** Math.min(lockCount, 16), PIN_LOCK_MAX_MINUTES);
}

/**
 * Wrong approval PINs at a terminal (a manager's username and PIN typed at a
 * cashier's counter) never lock the manager's own login: the terminal's
 * approvals pause instead, from the third wrong one in a row, for 30 s, then
 * twice as long each time, at most 15 minutes.
 */
export const APPROVAL_FREE_FAILURES = 2;
export function approvalPauseSeconds(failures: number): number {
  if (failures <= APPROVAL_FREE_FAILURES) return 0;
  return Math.min(30 * 2 ** Math.min(failures - APPROVAL_FREE_FAILURES - 1, 16), 15 * 60);
}

export function isValidPin(pin: string): boolean {
  return /^\d{4,8}$/.test(pin);
}
