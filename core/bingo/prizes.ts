/**
 * Prize arithmetic (DN art. 9.2, 10, 15.2, 17): proportional shares in whole
 * cents, the accumulated special prize, stamp duty. All integer cents.
 */
import { KioskError } from '../refusal.js';
import type { SpecialPrizeSettings } from '../settings.js';

/**
 * Split a prize among k winners (art. 9.2): floor(prize / k) each, and the
 * leftover cents one each to the winners in the order their claims were
 * verified, so the whole prize is always paid out.
 */
export function splitPrize(prizeCents: number, winners: number): number[] {
  if (!Number.isSafeInteger(prizeCents) || prizeCents < 0) throw new RangeError(`prize must be whole cents: ${prizeCents}`);
  if (!Number.isInteger(winners) || winners < 1) throw new RangeError(`at least one winner is needed: ${winners}`);
  const base = Math.floor(prizeCents / winners);
  const leftover = prizeCents - base * winners;
  return Array.from({ length: winners }, (_, i) => base + (i < leftover ? 1 : 0));
}

/** floor(value x basisPoints / 10 000) and the dropped part, in 1/10 000 of a cent. */
export function basisPointsFloor(valueCents: number, basisPoints: number): { cents: number; remainder: number } {
  const product = valueCents * basisPoints;
  return { cents: Math.floor(product / 10_000), remainder: product % 10_000 };
}

/** Stamp duty of a game (DN art. 17.3; the rate is a hall setting in basis points of V). */
export function stampDuty(valueCents: number, basisPoints: number): number {
  return basisPointsFloor(valueCents, basisPoints).cents;
}

/** The share of a game's V that feeds the accumulated special prize fund. */
export function specialPrizeShare(valueCents: number, settings: SpecialPrizeSettings | null): number {
  if (!settings?.enabled) return 0;
  return basisPointsFloor(valueCents, settings.shareBasisPoints).cents;
}

/**
 * Where the accumulated special prize's fund stands (art. 10): played while
 * the prize is on; frozen once it is off and the fund still holds the
 * players' money (it is never reduced but by a win, and a manager's recorded
 * decision carries it to a new prize); none otherwise.
 */
type SpecialFundState = 'active' | 'frozen' | 'none';

export function specialFundState(settings: SpecialPrizeSettings | null, heldCents: number): SpecialFundState {
  if (settings?.enabled) return 'active';
  return heldCents > 0 ? 'frozen' : 'none';
}

/**
 * A change of the special prize's settings: switching it off freezes the
 * fund; switching it on again while the fund holds money is a new prize, for
 * which a manager records a decision (specialPrize.carry), not a setting.
 */
export function checkSpecialPrizeChange(before: SpecialPrizeSettings | null, next: SpecialPrizeSettings | null | undefined, heldCents: number): void {
  if (next?.enabled && specialFundState(before, heldCents) === 'frozen') {
    throw new KioskError('SPECIAL_FUND_FROZEN', { amountCents: heldCents });
  }
}

/**
 * N for a session (art. 10.2): the base on the first day of operation and after
 * a win, one more for each further day of operation.
 * `previous` is the N of the last session of an earlier day (null when none
 * since the last reset); `sameDay` when the last session was on this day.
 */
export function specialPrizeBalls(baseBalls: number, previous: number | null, sameDay: boolean): number {
  if (previous === null) return baseBalls;
  return sameDay ? previous : previous + 1;
}

/** A bingo wins the special prize when made within N balls (art. 10.1). */
export function winsSpecialPrize(ballsDrawn: number, balls: number | null): boolean {
  return balls !== null && ballsDrawn <= balls;
}

export type PrizeKind = 'line' | 'bingo' | 'special';

export interface Award {
  /** Index in the list of verified claims given. */
  claim: number;
  kind: PrizeKind;
  prizeCents: number;
}

/**
 * The awards when a claims window closes. Line: the valid line claims at this
 * ball share the line prize. Bingo: the valid bingo claims share the bingo
 * prize; if no line was awarded they also share the line prize (SPEC 4
 * decision); if the bingo came within N balls they share the special fund.
 */
export function awardsAtClose(args: {
  kind: 'line' | 'bingo';
  claims: number;
  linePrizeCents: number;
  bingoPrizeCents: number;
  lineAwarded: boolean;
  specialFundCents: number;
  specialWon: boolean;
}): Award[] {
  const { claims } = args;
  const shares = (kind: PrizeKind, total: number): Award[] =>
    splitPrize(total, claims).map((prizeCents, claim) => ({ claim, kind, prizeCents }));
  if (args.kind === 'line') return shares('line', args.linePrizeCents);
  const awards = shares('bingo', args.bingoPrizeCents);
  if (!args.lineAwarded) awards.push(...shares('line', args.linePrizeCents));
  if (args.specialWon && args.specialFundCents > 0) awards.push(...shares('special', args.specialFundCents));
  return awards;
}
