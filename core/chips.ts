/**
 * Face-value gaming chips (SPEC 8; Portaria 1441/95, IX.6-9), shared by the
 * caixa's chip exchange (roulette domain), the chip float of a drawer
 * (drawers domain) and cards paid in chips (art. 19). Only chips with face
 * value are paid at the caixa (IX.7); the tables' colour chips are exchanged
 * at their table. Integer cents only.
 */
import { KioskError } from './refusal.js';

/**
 * The face values the caixa handles, in cents (decision: the usual casino
 * chips, 1 € to 1 000 €; the Portaria names none).
 */
export const FACE_VALUES = [100, 200, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 100_000] as const;

export interface ChipCount {
  valueCents: number;
  count: number;
}

const MAX_COUNT = 10_000;

/** A value the caixa does not hold: `shown` is the value in cents, or the key as typed when it is no number of cents. */
function checkValue(valueCents: number, shown: number | string): void {
  if (!(FACE_VALUES as readonly number[]).includes(valueCents)) {
    throw new KioskError('CHIP_VALUE_UNKNOWN', { ...(typeof shown === 'number' ? { valueCents: shown } : { value: shown }), values: FACE_VALUES.join(',') });
  }
}

const byValueDescending = (a: ChipCount, b: ChipCount) => b.valueCents - a.valueCents;
const centsOf = (chips: readonly ChipCount[]) => chips.reduce((s, c) => s + c.valueCents * c.count, 0);

/**
 * The total of a handful of chips, largest first. Refuses a chip without face
 * value (IX.7), a value the caixa does not hold, and a count that is not a
 * whole number from 1; the same value twice is added up.
 */
export function chipsTotal(chips: readonly (ChipCount & { faceValue?: boolean })[]): { chips: ChipCount[]; cents: number } {
  const byValue = new Map<number, number>();
  for (const c of chips) {
    if (c.faceValue === false) throw new KioskError('CHIPS_NO_FACE_VALUE', { valueCents: c.valueCents });
    checkValue(c.valueCents, c.valueCents);
    if (!Number.isSafeInteger(c.count) || c.count < 1 || c.count > MAX_COUNT) throw new KioskError('CHIP_COUNT_INVALID', { valueCents: c.valueCents, count: String(c.count), min: 1 });
    byValue.set(c.valueCents, (byValue.get(c.valueCents) ?? 0) + c.count);
  }
  const list = [...byValue].map(([valueCents, count]) => ({ valueCents, count })).sort(byValueDescending);
  return { chips: list, cents: centsOf(list) };
}

/**
 * A count of chips by value as the drawer forms send it: the face value in
 * cents as a canonical decimal key ("2500") to a count, zero allowed (and
 * dropped). Refuses an unknown value and a count that is not a whole number
 * from 0 to 100 000, naming the value.
 */
export function countChips(map: Readonly<Record<string, number>>): { chips: ChipCount[]; cents: number } {
  const chips: ChipCount[] = [];
  for (const [key, count] of Object.entries(map)) {
    const value = /^[1-9]\d{0,6}$/.test(key) ? Number(key) : NaN;
    checkValue(value, key.slice(0, 20));
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || count > MAX_COUNT) {
      throw new KioskError('CHIP_COUNT_INVALID', { valueCents: value, count: String(count).slice(0, 20), min: 0 });
    }
    if (count > 0) chips.push({ valueCents: value, count });
  }
  chips.sort(byValueDescending);
  return { chips, cents: centsOf(chips) };
}

/** The chips back to the wire's map (a float as recorded). */
export function toChipMap(chips: readonly ChipCount[]): Record<string, number> {
  return Object.fromEntries(chips.map((c) => [String(c.valueCents), c.count]));
}

/** Chips into (+1) or out of (-1) a caixa's float: an exchange, a fill from the vault, a credit to it. */
export interface ChipFlow {
  sign: 1 | -1;
  chips: readonly ChipCount[];
}

/**
 * The chips a caixa should hold, by value: its float at the opening plus
 * every flow since (chips redeemed and fills in, chips sold and credits out).
 * Chips taken in payment of bingo cards (art. 19) are recorded by amount,
 * not by value, so they are not in this count (decision: a sale of chips
 * never counts on them).
 */
export function chipStock(float: readonly ChipCount[], flows: readonly ChipFlow[]): Map<number, number> {
  const stock = new Map<number, number>();
  const add = (chips: readonly ChipCount[], sign: number) => {
    for (const c of chips) stock.set(c.valueCents, (stock.get(c.valueCents) ?? 0) + sign * c.count);
  };
  add(float, 1);
  for (const f of flows) add(f.chips, f.sign);
  return stock;
}

/** Chips leaving the caixa (a sale, a credit to the vault) must be in it, value by value. */
export function checkChipsInStock(stock: ReadonlyMap<number, number>, leaving: readonly ChipCount[]): void {
  for (const c of leaving) {
    const have = Math.max(0, stock.get(c.valueCents) ?? 0);
    if (c.count > have) throw new KioskError('CHIPS_NOT_IN_FLOAT', { valueCents: c.valueCents, have, wanted: c.count });
  }
}

/** A cheque as the caixa records it: its amount, number and bank. */
export interface ChequeParts {
  amountCents: number;
  number: string;
  bank: string;
}

/** How chips are paid for: cash with its change, a bank card, or the player's cheque, each for the whole amount. */
export type ChipPayment = { method: 'cash'; tenderedCents: number } | { method: 'card' } | { method: 'cheque'; number: string; bank: string };

/** What an exchange took or paid outside the drawer's cash: a card's amount, and the cheques (the player's, or the house's). */
export interface ChipSplit {
  cashCents: number;
  cardCents: number;
  chequeCents: number;
  cheques: ChequeParts[];
  /** A sale paid in cash: what was handed over (the whole amount for a card or a cheque: no change). */
  tenderedCents: number;
}

/**
 * A sale's tender (Lei n.º 83/2017, art. 76.º, n.º 4 counts chips bought by card or cheque): cash must cover the
 * chips (the change is given back); a card or the player's cheque is taken for the whole amount.
 */
export function saleSplit(totalCents: number, payment: ChipPayment): ChipSplit {
  if (payment.method === 'card') return { cashCents: 0, cardCents: totalCents, chequeCents: 0, cheques: [], tenderedCents: totalCents };
  if (payment.method === 'cheque') {
    const cheque = { amountCents: totalCents, number: payment.number, bank: payment.bank };
    return { cashCents: 0, cardCents: 0, chequeCents: totalCents, cheques: [cheque], tenderedCents: totalCents };
  }
  if (payment.tenderedCents < totalCents) throw new KioskError('CHIPS_TENDERED_SHORT', { tenderedCents: payment.tenderedCents, totalCents });
  return { cashCents: totalCents, cardCents: 0, chequeCents: 0, cheques: [], tenderedCents: payment.tenderedCents };
}

/** A redemption paid partly by the house's cheques: they never pass the chips' amount; the rest is cash from the drawer. */
export function redemptionSplit(totalCents: number, cheques: readonly ChequeParts[]): ChipSplit {
  const chequeCents = cheques.reduce((s, c) => s + c.amountCents, 0);
  if (chequeCents > totalCents) throw new KioskError('CHIP_CHEQUES_OVER_TOTAL', { chequeCents, totalCents });
  return { cashCents: totalCents - chequeCents, cardCents: 0, chequeCents, cheques: [...cheques], tenderedCents: 0 };
}
