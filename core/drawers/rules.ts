/**
 * Cash drawers (SPEC 9): the euro's notes and coins, the count of a drawer
 * by denomination, the cash a drawer should hold and the variance of a blind
 * count. Integer cents only.
 */
import { KioskError } from '../refusal.js';

/** Notes from 500 € to 5 € (cents). */
export const NOTES = [50000, 20000, 10000, 5000, 2000, 1000, 500] as const;
/** Coins from 2 € to 1 cent (cents). */
export const COINS = [200, 100, 50, 20, 10, 5, 2, 1] as const;
/** Every denomination, largest first. */
export const DENOMINATIONS: readonly number[] = [...NOTES, ...COINS];

/** What the operator types: a denomination in cents as a string ("2000") to a count of notes or coins. */
type DenominationMap = Readonly<Record<string, number>>;

export interface DenominationCount {
  denominationCents: number;
  count: number;
}

export interface Count {
  /** Non-zero counts, largest denomination first. */
  counts: DenominationCount[];
  cents: number;
}

/**
 * Count a map of denominations to cents. Refuses a key that is not one of
 * the euro's notes or coins, and a count that is not a non-negative integer,
 * naming the denomination; zero counts are dropped.
 */
export function countDenominations(map: DenominationMap): Count {
  const counts: DenominationCount[] = [];
  for (const [key, count] of Object.entries(map)) {
    // The key must be the canonical decimal spelling ("2000", not "2e3" or "02000").
    const denomination = /^[1-9]\d{0,5}$/.test(key) ? Number(key) : NaN;
    if (!DENOMINATIONS.includes(denomination)) throw new KioskError('DENOMINATION_UNKNOWN', { denomination: key.slice(0, 20) });
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0 || count > 100_000) {
      throw new KioskError('DENOMINATION_COUNT_INVALID', { denominationCents: denomination, count: String(count).slice(0, 20) });
    }
    if (count > 0) counts.push({ denominationCents: denomination, count });
  }
  counts.sort((a, b) => b.denominationCents - a.denominationCents);
  return { counts, cents: counts.reduce((sum, c) => sum + c.denominationCents * c.count, 0) };
}

/** The counts back to the wire's map (the float as recorded). */
export function toDenominationMap(counts: readonly DenominationCount[]): Record<string, number> {
  return Object.fromEntries(counts.map((c) => [String(c.denominationCents), c.count]));
}

/** The kinds of cash movement an operator records by hand, and their sign in the drawer. */
export const MOVEMENT_KINDS = ['pay_in', 'pay_out', 'drop'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const movementSign = (kind: MovementKind): 1 | -1 => (kind === 'pay_in' ? 1 : -1);

/** The cash a drawer should hold: its float plus the net cash moved through it (sales in, payouts out). */
export function expectedCents(floatCents: number, netMovementsCents: number): number {
  return floatCents + netMovementsCents;
}

/** Counted minus expected: negative when cash is missing. */
export function varianceCents(countedCents: number, expected: number): number {
  return countedCents - expected;
}

/**
 * Whether two counts by denomination (or chip value) are the same count: a
 * count recorded as final is only taken again as it was (zero rows aside).
 */
export function sameCount(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const held = (m: Readonly<Record<string, number>>) => Object.entries(m).filter(([, n]) => n > 0);
  const x = held(a);
  const y = new Map(held(b));
  return x.length === y.size && x.every(([k, n]) => y.get(k) === n);
}

/** A variance beyond the hall's threshold, either way, needs a manager's acceptance with a reason. */
export function needsAcceptance(variance: number, thresholdCents: number): boolean {
  return Math.abs(variance) > thresholdCents;
}

/** A payout (prize, refund, pay-out, drop, void) larger than the drawer's cash is refused (SPEC 9). */
export function checkPayout(amountCents: number, cashCents: number, blind: boolean): void {
  if (amountCents > cashCents) {
    // The counter closes blind: its refusal never says what the drawer holds.
    if (blind) throw new KioskError('PAYOUT_EXCEEDS_DRAWER', { amountCents });
    throw new KioskError('PAYOUT_EXCEEDS_CASH', { amountCents, cashCents: Math.max(0, cashCents) });
  }
}

/**
 * The drawer's cash as these roles may see it before their count is recorded:
 * the counter's close is blind, so a counter role never learns what the drawer
 * should hold (null); a manager sees it.
 */
export function drawerCashShown(cashCents: number, blind: boolean): number | null {
  return blind ? null : cashCents;
}

/** An open drawer as far as who may use it: who opened it. */
interface OpenDrawerOwner {
  openedById: number;
  openedByName: string;
}

/**
 * The drawer an operator's cash goes through on this terminal (SPEC 9: a
 * drawer belongs to its terminal, its operator and a shift; on a terminal
 * shared by a cashier and the caixa neither pays out of the other's): their
 * own open drawer. A manager (`supervises`) without one of his own supervises the
 * terminal's only open drawer (its X, its close, a pay-out), as the drawers
 * screen lets him. Null when none is open; someone else's drawer is refused
 * (DRAWER_NOT_YOURS), naming whose it is, so that nothing moves.
 */
export function drawerOfOperator<D extends OpenDrawerOwner>(open: readonly D[], operator: { id: number; supervises: boolean }): D | null {
  const own = open.find((d) => d.openedById === operator.id);
  if (own) return own;
  if (open.length === 0) return null;
  if (open.length === 1 && operator.supervises) return open[0]!;
  throw new KioskError('DRAWER_NOT_YOURS', { operator: open.map((d) => d.openedByName).join(', ') });
}
