/** Cash handed over at a counter (SPEC 3, 8): what a cashier may type as tendered. */
import { KioskError } from './refusal.js';

/** The largest euro note (cents): no one hands over more than the total and one of these. */
const LARGEST_NOTE_CENTS = 50_000;

/**
 * Tendered is at least the total (checked by each sale, with its own message)
 * and at most the total plus the largest note: more is a typing slip (an extra
 * zero) that would be recorded as change and counted short at the close.
 */
export function checkTenderedNotTooLarge(tenderedCents: number, totalCents: number): void {
  const max = totalCents + LARGEST_NOTE_CENTS;
  if (tenderedCents > max) {
    throw new KioskError('TENDERED_TOO_LARGE', { tenderedCents: Math.min(tenderedCents, Number.MAX_SAFE_INTEGER), totalCents, maxCents: max });
  }
}
