/**
 * The caixa's chip exchange (SPEC 8; Portaria 1441/95, IX.6-9): face-value
 * chips sold and redeemed for cash. Only chips with face value are paid at the
 * caixa (IX.7); the tables' colour chips are exchanged at their table.
 */
import { KioskError } from '../errors.js';
import { formatCents } from '../money.js';

/**
 * The face values the caixa handles, in cents (decision: the usual casino
 * chips, 1 € to 1 000 €; the Portaria names none).
 */
export const FACE_VALUES = [100, 200, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 100_000] as const;

export interface ChipCount {
  valueCents: number;
  count: number;
}

/**
 * The total of a handful of chips, largest first. Refuses a chip without face
 * value (IX.7), a value the caixa does not hold, and a count that is not a
 * whole number from 1; the same value twice is added up.
 */
export function chipsTotal(chips: readonly (ChipCount & { faceValue?: boolean })[]): { chips: ChipCount[]; cents: number } {
  const byValue = new Map<number, number>();
  for (const c of chips) {
    if (c.faceValue === false) throw new KioskError('CHIPS_NO_FACE_VALUE', { value: formatCents(c.valueCents) });
    if (!(FACE_VALUES as readonly number[]).includes(c.valueCents)) {
      throw new KioskError('CHIP_VALUE_UNKNOWN', { value: formatCents(c.valueCents), values: FACE_VALUES.map((v) => formatCents(v)).join(', ') });
    }
    if (!Number.isSafeInteger(c.count) || c.count < 1 || c.count > 10_000) throw new KioskError('CHIP_COUNT_INVALID', { value: formatCents(c.valueCents), count: String(c.count) });
    byValue.set(c.valueCents, (byValue.get(c.valueCents) ?? 0) + c.count);
  }
  const list = [...byValue].map(([valueCents, count]) => ({ valueCents, count })).sort((a, b) => b.valueCents - a.valueCents);
  return { chips: list, cents: list.reduce((s, c) => s + c.valueCents * c.count, 0) };
}
