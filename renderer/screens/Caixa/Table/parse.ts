/** What the fiscal types at the table, read: a number drawn, a count of chips, a bet's numbers. */
import { checkBet } from '../../../../core/roulette/rules.js';
import type { BetInput } from './types.js';

/** How many colour chips one bet may hold (core/roulette/contract.ts). */
export const MAX_CHIPS = 10_000;

/** `7` -> 7; anything but a whole number 0-36 -> null. */
export function parseNumber(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,2}$/.test(s)) return null;
  const n = Number(s);
  return n <= 36 ? n : null;
}

export const numbersText = (ns: readonly number[]) => ns.join('-');

/** `3` -> 3; anything but a whole number of chips 1-10 000 -> null. */
export function parseChips(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,5}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= MAX_CHIPS ? n : null;
}

/** The numbers a bet entered covers (its own, or a simple chance's 18); none if it is not legal (the kiosk will say why). */
export function checkBetQuietly(b: BetInput): number[] {
  try {
    return checkBet(b);
  } catch {
    return [];
  }
}
