import { describe, it, expect } from 'vitest';
import { cardSalePostings } from './bingo/money.js';
import { assertBalanced, reversal, UnbalancedPostingsError, type Posting } from './ledger.js';
import { accounts, ledger } from './money-registry.js';

describe('accounts', () => {
  it('has stable names', () => {
    expect(accounts.cash('T1')).toBe('cash:T1');
    expect(accounts.chips('T2')).toBe('chips:T2');
    expect(accounts.cardSales).toBe('revenue:cards');
  });
});

describe('assertBalanced', () => {
  it('accepts postings that sum to zero', () => {
    expect(() =>
      assertBalanced([
        { account: 'a', amountCents: 300 },
        { account: 'b', amountCents: -100 },
        { account: 'c', amountCents: -200 },
      ]),
    ).not.toThrow();
  });

  it('refuses postings that do not sum to zero, with the sum', () => {
    let error: unknown;
    try {
      assertBalanced([
        { account: 'a', amountCents: 300 },
        { account: 'b', amountCents: -299 },
      ]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnbalancedPostingsError);
    expect((error as UnbalancedPostingsError).sum).toBe(1);
    expect((error as Error).message).toBe('ledger postings do not sum to zero (sum 1)');
  });

  it('refuses a lone posting, an empty set, zero and non-integer amounts', () => {
    expect(() => assertBalanced([])).toThrow(UnbalancedPostingsError);
    expect(() => assertBalanced([{ account: 'a', amountCents: 0 }])).toThrow(UnbalancedPostingsError);
    expect(() =>
      assertBalanced([
        { account: 'a', amountCents: 0 },
        { account: 'b', amountCents: 0 },
      ]),
    ).toThrow(UnbalancedPostingsError);
    expect(() =>
      assertBalanced([
        { account: 'a', amountCents: 12.5 },
        { account: 'b', amountCents: -12.5 },
      ]),
    ).toThrow(UnbalancedPostingsError);
    expect(() =>
      assertBalanced([
        { account: 'a', amountCents: Number.NaN },
        { account: 'b', amountCents: 1 },
      ]),
    ).toThrow(UnbalancedPostingsError);
  });
});

describe('cardSalePostings', () => {
  it('debits the cash drawer and credits card sales', () => {
    expect(cardSalePostings(450, 'cash', 'T1')).toEqual([
      { account: 'cash:T1', amountCents: 450 },
      { account: 'revenue:cards', amountCents: -450 },
    ]);
  });

  it('debits the chips account when paid in chips', () => {
    expect(cardSalePostings(200, 'chips', 'T3')).toEqual([
      { account: 'chips:T3', amountCents: 200 },
      { account: 'revenue:cards', amountCents: -200 },
    ]);
  });

  it('is balanced', () => {
    expect(() => assertBalanced(cardSalePostings(105, 'cash', 'T1'))).not.toThrow();
  });
});

describe('reversal', () => {
  it('negates every posting and stays balanced', () => {
    const sale: Posting[] = cardSalePostings(450, 'cash', 'T1');
    const back = reversal(sale);
    expect(back).toEqual([
      { account: 'cash:T1', amountCents: -450 },
      { account: 'revenue:cards', amountCents: 450 },
    ]);
    expect(() => assertBalanced(back)).not.toThrow();
    // A sale and its reversal leave every account at zero.
    const net = new Map<string, number>();
    for (const p of [...sale, ...back]) net.set(p.account, (net.get(p.account) ?? 0) + p.amountCents);
    expect([...net.values()]).toEqual([0, 0]);
  });

  it('does not change the postings it reverses', () => {
    const sale = cardSalePostings(100, 'cash', 'T1');
    reversal(sale);
    expect(sale[0]).toEqual({ account: 'cash:T1', amountCents: 100 });
  });
});

describe('drawer movements by hand', () => {
  it('pay-in, pay-out and drop move the terminal cash against their own accounts, balanced', () => {
    expect(ledger.payIn(7, 2000, 'T1')).toEqual({
      kind: 'pay_in',
      ref: { type: 'drawer_movement', id: 7 },
      postings: [
        { account: 'cash:T1', amountCents: 2000 },
        { account: 'equity:pay_in', amountCents: -2000 },
      ],
    });
    expect(ledger.payOut(8, 750, 'T1').postings).toEqual([
      { account: 'expense:pay_out', amountCents: 750 },
      { account: 'cash:T1', amountCents: -750 },
    ]);
    expect(ledger.drop(9, 5000, 'T2').postings).toEqual([
      { account: 'cash:safe', amountCents: 5000 },
      { account: 'cash:T2', amountCents: -5000 },
    ]);
    for (const e of [ledger.payIn(1, 1, 'T1'), ledger.payOut(1, 1, 'T1'), ledger.drop(1, 1, 'T1')]) expect(() => assertBalanced(e.postings)).not.toThrow();
  });
});
