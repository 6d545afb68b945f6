/**
 * The drawer screen's count by denomination (SPEC 9): what the operator types
 * per note or coin, turned into the wire's map and the total. Integer cents only.
 */
import { COINS, DENOMINATIONS, NOTES } from '../../core/drawers/rules.js';

export { COINS, NOTES };

/** The count field's text per denomination (cents as a string key): digits only, empty for none. */
export type CountTexts = Readonly<Record<string, string>>;

/** The largest count a field takes (the kiosk refuses more than 100 000). */
const MAX_COUNT_DIGITS = 5;

/** Keep only digits, at most five, without leading zeros ("007" -> "7"; "0" stays "0"). */
export function cleanCount(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, MAX_COUNT_DIGITS);
  return digits.replace(/^0+(?=\d)/, '');
}

/** The count typed for a denomination (empty = 0). */
export function countOf(texts: CountTexts, denominationCents: number): number {
  const text = texts[String(denominationCents)] ?? '';
  return text === '' ? 0 : Number(text);
}

/** One step up or down on a count (the touch buttons), never below zero. */
export function stepCount(texts: CountTexts, denominationCents: number, step: 1 | -1): CountTexts {
  const next = Math.max(0, Math.min(10 ** MAX_COUNT_DIGITS - 1, countOf(texts, denominationCents) + step));
  return { ...texts, [String(denominationCents)]: next === 0 ? '' : String(next) };
}

/** The wire's map (non-zero counts only) and the total in cents; `values` are the euro's notes and coins, or the chips' face values. */
export function countTotal(texts: CountTexts, values: readonly number[] = DENOMINATIONS): { map: Record<string, number>; cents: number } {
  const map: Record<string, number> = {};
  let cents = 0;
  for (const d of values) {
    const n = countOf(texts, d);
    if (n > 0) {
      map[String(d)] = n;
      cents += n * d;
    }
  }
  return { map, cents };
}
