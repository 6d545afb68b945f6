/**
 * Prize arithmetic in exact cents (DN art. 9.2, 10, 15.2, 17.3): the equal
 * split with the leftover cents to the first verified winners, the awards when
 * a claims window closes (line, bingo, line-with-bingo, special prize), the
 * special prize's N from day to day, and the stamp duty floor.
 */
import { describe, it, expect } from 'vitest';
import {
  awardsAtClose,
  basisPointsFloor,
  specialPrizeBalls,
  specialPrizeShare,
  splitPrize,
  stampDuty,
  winsSpecialPrize,
  type Award,
} from './prizes.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('splitPrize (art. 9.2)', () => {
  it('gives one winner the whole prize', () => {
    expect(splitPrize(155, 1)).toEqual([155]);
    expect(splitPrize(0, 1)).toEqual([0]);
    expect(splitPrize(1, 1)).toEqual([1]);
  });

  it('gives the leftover cents one each to the first verified winners', () => {
    expect(splitPrize(100, 3)).toEqual([34, 33, 33]);
    expect(splitPrize(155, 2)).toEqual([78, 77]);
    expect(splitPrize(101, 4)).toEqual([26, 25, 25, 25]);
    expect(splitPrize(103, 4)).toEqual([26, 26, 26, 25]);
  });

  it('splits an exact prize evenly', () => {
    expect(splitPrize(150, 3)).toEqual([50, 50, 50]);
    expect(splitPrize(1500, 2)).toEqual([750, 750]);
  });

  it('with more winners than cents, the first ones get a cent each and the rest nothing', () => {
    expect(splitPrize(5, 7)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    expect(splitPrize(0, 3)).toEqual([0, 0, 0]);
  });

  it('always pays the whole prize, never differing by more than a cent, larger shares first', () => {
    for (let prize = 0; prize <= 400; prize += 7) {
      for (let k = 1; k <= 13; k++) {
        const shares = splitPrize(prize, k);
        expect(shares).toHaveLength(k);
        expect(sum(shares)).toBe(prize);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        expect([...shares].sort((a, b) => b - a)).toEqual(shares);
        expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
      }
    }
  });

  it('refuses fractional or negative cents and fewer than one winner', () => {
    expect(() => splitPrize(10.5, 2)).toThrow(RangeError);
    expect(() => splitPrize(-1, 2)).toThrow(RangeError);
    expect(() => splitPrize(10, 0)).toThrow(RangeError);
    expect(() => splitPrize(10, 1.5)).toThrow(RangeError);
  });
});

describe('awardsAtClose', () => {
  const base = {
    linePrizeCents: 155,
    bingoPrizeCents: 1550,
    lineAwarded: false,
    specialFundCents: 0,
    specialWon: false,
  };

  it('line: the valid line claims share the line prize', () => {
    expect(awardsAtClose({ ...base, kind: 'line', claims: 1 })).toEqual<Award[]>([{ claim: 0, kind: 'line', prizeCents: 155 }]);
    expect(awardsAtClose({ ...base, kind: 'line', claims: 2 })).toEqual<Award[]>([
      { claim: 0, kind: 'line', prizeCents: 78 },
      { claim: 1, kind: 'line', prizeCents: 77 },
    ]);
  });

  it('line: never pays the bingo or the special prize, even with a fund won', () => {
    expect(awardsAtClose({ ...base, kind: 'line', claims: 1, specialFundCents: 900, specialWon: true })).toEqual<Award[]>([
      { claim: 0, kind: 'line', prizeCents: 155 },
    ]);
  });

  it('bingo after the line was awarded: the bingo prize only', () => {
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 1, lineAwarded: true })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 1550 },
    ]);
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 3, lineAwarded: true })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 517 },
      { claim: 1, kind: 'bingo', prizeCents: 517 },
      { claim: 2, kind: 'bingo', prizeCents: 516 },
    ]);
  });

  it('bingo with no line awarded: the bingo winners also share the line prize (SPEC 4 decision)', () => {
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 1 })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 1550 },
      { claim: 0, kind: 'line', prizeCents: 155 },
    ]);
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 2 })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 775 },
      { claim: 1, kind: 'bingo', prizeCents: 775 },
      { claim: 0, kind: 'line', prizeCents: 78 },
      { claim: 1, kind: 'line', prizeCents: 77 },
    ]);
  });

  it('special prize won: the winners share the whole fund on top of the bingo', () => {
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 1, lineAwarded: true, specialFundCents: 930, specialWon: true })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 1550 },
      { claim: 0, kind: 'special', prizeCents: 930 },
    ]);
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 2, specialFundCents: 931, specialWon: true })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 775 },
      { claim: 1, kind: 'bingo', prizeCents: 775 },
      { claim: 0, kind: 'line', prizeCents: 78 },
      { claim: 1, kind: 'line', prizeCents: 77 },
      { claim: 0, kind: 'special', prizeCents: 466 },
      { claim: 1, kind: 'special', prizeCents: 465 },
    ]);
  });

  it('special prize not won (bingo after N balls): no special award, the fund stays', () => {
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 1, lineAwarded: true, specialFundCents: 930, specialWon: false })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 1550 },
    ]);
  });

  it('special prize won with an empty fund: no zero-cent award', () => {
    expect(awardsAtClose({ ...base, kind: 'bingo', claims: 1, lineAwarded: true, specialFundCents: 0, specialWon: true })).toEqual<Award[]>([
      { claim: 0, kind: 'bingo', prizeCents: 1550 },
    ]);
  });

  it('the awards of a close add up to the prizes exactly', () => {
    for (let claims = 1; claims <= 9; claims++) {
      const awards = awardsAtClose({ ...base, kind: 'bingo', claims, specialFundCents: 1001, specialWon: true });
      const by = (kind: string) => sum(awards.filter((a) => a.kind === kind).map((a) => a.prizeCents));
      expect([by('bingo'), by('line'), by('special')]).toEqual([1550, 155, 1001]);
    }
  });
});

describe('the accumulated special prize (art. 10)', () => {
  const settings = { enabled: true, shareBasisPoints: 1000, baseBalls: 40, startingCents: 0 };

  it('N: the base on the first day and after a win, the same within a day, one more each later day', () => {
    expect(specialPrizeBalls(40, null, false)).toBe(40);
    expect(specialPrizeBalls(40, null, true)).toBe(40);
    expect(specialPrizeBalls(40, 40, true)).toBe(40);
    expect(specialPrizeBalls(40, 40, false)).toBe(41);
    expect(specialPrizeBalls(40, 45, false)).toBe(46);
    expect(specialPrizeBalls(40, 45, true)).toBe(45);
  });

  it('won by a bingo within N balls, N included; never without an N', () => {
    expect(winsSpecialPrize(15, 40)).toBe(true);
    expect(winsSpecialPrize(40, 40)).toBe(true);
    expect(winsSpecialPrize(41, 40)).toBe(false);
    expect(winsSpecialPrize(15, null)).toBe(false);
  });

  it('the fund takes floor(V x share / 10 000) of each game, nothing when off', () => {
    expect(specialPrizeShare(3100, settings)).toBe(310);
    expect(specialPrizeShare(105, settings)).toBe(10);
    expect(specialPrizeShare(3100, { ...settings, shareBasisPoints: 333 })).toBe(103);
    expect(specialPrizeShare(3100, { ...settings, enabled: false })).toBe(0);
    expect(specialPrizeShare(3100, null)).toBe(0);
  });
});

describe('stamp duty and basis points (art. 17.3)', () => {
  it('basisPointsFloor: floor(value x bp / 10 000) and the dropped part in 1/10 000 of a cent', () => {
    expect(basisPointsFloor(3100, 2500)).toEqual({ cents: 775, remainder: 0 });
    expect(basisPointsFloor(3100, 333)).toEqual({ cents: 103, remainder: 2300 });
    expect(basisPointsFloor(105, 2500)).toEqual({ cents: 26, remainder: 2500 });
    expect(basisPointsFloor(1, 9999)).toEqual({ cents: 0, remainder: 9999 });
    expect(basisPointsFloor(12345, 10_000)).toEqual({ cents: 12345, remainder: 0 });
    expect(basisPointsFloor(12345, 0)).toEqual({ cents: 0, remainder: 0 });
  });

  it('stampDuty is the floor, for every value and rate tried', () => {
    expect(stampDuty(3000, 2500)).toBe(750);
    expect(stampDuty(3100, 333)).toBe(103);
    expect(stampDuty(99, 100)).toBe(0);
    for (const v of [1, 7, 99, 105, 3100, 123_457, 10_000_000]) {
      for (const bp of [0, 1, 333, 2500, 9999, 10_000]) {
        const { cents, remainder } = basisPointsFloor(v, bp);
        expect(stampDuty(v, bp)).toBe(cents);
        expect(cents * 10_000 + remainder).toBe(v * bp);
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(remainder).toBeLessThan(10_000);
      }
    }
  });
});
