import { describe, expect, it } from 'vitest';
import { KioskError } from '../errors.js';
import {
  checkPayout,
  COINS,
  countDenominations,
  DENOMINATIONS,
  drawerOfOperator,
  expectedCents,
  movementSign,
  needsAcceptance,
  NOTES,
  toDenominationMap,
  varianceCents,
} from './rules.js';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return e.code;
    throw e;
  }
  throw new Error('not refused');
};

describe('denominations', () => {
  it('are the euro notes 500 € to 5 € and coins 2 € to 1 cent, largest first', () => {
    expect(NOTES).toEqual([50000, 20000, 10000, 5000, 2000, 1000, 500]);
    expect(COINS).toEqual([200, 100, 50, 20, 10, 5, 2, 1]);
    expect(DENOMINATIONS).toHaveLength(15);
  });
});

describe('countDenominations', () => {
  it('counts to exact cents, largest first, dropping zeros', () => {
    expect(countDenominations({ '1': 3, '2000': 5, '50': 0, '50000': 1, '5': 7 })).toEqual({
      counts: [
        { denominationCents: 50000, count: 1 },
        { denominationCents: 2000, count: 5 },
        { denominationCents: 5, count: 7 },
        { denominationCents: 1, count: 3 },
      ],
      cents: 50000 + 10000 + 35 + 3,
    });
    expect(countDenominations({})).toEqual({ counts: [], cents: 0 });
  });
  it('refuses an unknown denomination, in any spelling', () => {
    for (const key of ['300', '0', '-100', '2e3', '02000', '20.00', '100000', 'abc', ' 2000']) {
      expect(refusal(() => countDenominations({ [key]: 1 })), key).toBe('DENOMINATION_UNKNOWN');
    }
  });
  it('refuses a count that is not a non-negative whole number', () => {
    for (const count of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1e9]) {
      expect(refusal(() => countDenominations({ '100': count })), String(count)).toBe('DENOMINATION_COUNT_INVALID');
    }
  });
  it('round-trips to the wire map', () => {
    expect(toDenominationMap(countDenominations({ '500': 2, '10000': 1 }).counts)).toEqual({ '10000': 1, '500': 2 });
  });
});

describe('expected cash and variance', () => {
  it('expected = float + net movements; variance = counted - expected', () => {
    expect(expectedCents(10000, 2550 - 700)).toBe(11850);
    expect(varianceCents(11800, 11850)).toBe(-50);
    expect(varianceCents(11850, 11850)).toBe(0);
    expect(movementSign('pay_in')).toBe(1);
    expect(movementSign('pay_out')).toBe(-1);
    expect(movementSign('drop')).toBe(-1);
  });
  it('a variance beyond the threshold, either way, needs acceptance; at the threshold it does not', () => {
    expect(needsAcceptance(500, 500)).toBe(false);
    expect(needsAcceptance(-500, 500)).toBe(false);
    expect(needsAcceptance(501, 500)).toBe(true);
    expect(needsAcceptance(-501, 500)).toBe(true);
    expect(needsAcceptance(1, 0)).toBe(true);
    expect(needsAcceptance(0, 0)).toBe(false);
  });
  it('refuses a payout larger than the cash, to the cent; to the counter without saying the cash (the blind close)', () => {
    expect(() => checkPayout(1000, 1000, false)).not.toThrow();
    expect(refusal(() => checkPayout(1001, 1000, false))).toBe('PAYOUT_EXCEEDS_CASH');
    expect(() => checkPayout(1000, 1000, true)).not.toThrow();
    expect(refusal(() => checkPayout(1001, 1000, true))).toBe('PAYOUT_EXCEEDS_DRAWER');
  });
});

describe('whose drawer', () => {
  const cashier = { openedById: 3, openedByName: 'Caixa Um' };
  const caixa = { openedById: 4, openedByName: 'Caixa Dois' };
  const notYours = (open: (typeof cashier)[], operator: { id: number; supervises: boolean }): unknown => {
    try {
      drawerOfOperator(open, operator);
    } catch (e) {
      if (e instanceof KioskError) return { code: e.code, params: e.params };
      throw e;
    }
    throw new Error('not refused');
  };
  it("each operator's own drawer on a shared terminal, none when none is open", () => {
    expect(drawerOfOperator([cashier, caixa], { id: 4, supervises: false })).toBe(caixa);
    expect(drawerOfOperator([cashier, caixa], { id: 3, supervises: false })).toBe(cashier);
    expect(drawerOfOperator([], { id: 4, supervises: false })).toBeNull();
    expect(drawerOfOperator([], { id: 1, supervises: true })).toBeNull();
  });
  it("a counter role never uses another's drawer; a manager without one of his own supervises the only one open", () => {
    expect(notYours([cashier], { id: 4, supervises: false })).toEqual({ code: 'DRAWER_NOT_YOURS', params: { operator: 'Caixa Um' } });
    expect(drawerOfOperator([cashier], { id: 1, supervises: true })).toBe(cashier);
    // Two open: not his to choose between.
    expect(notYours([cashier, caixa], { id: 1, supervises: true })).toEqual({ code: 'DRAWER_NOT_YOURS', params: { operator: 'Caixa Um, Caixa Dois' } });
  });
});
