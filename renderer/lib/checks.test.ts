import { describe, expect, it } from 'vitest';
import { mainAccounts, parseAnchor, postingsText } from './checks.js';

const HASH = 'ab'.repeat(32);

describe('the anchor typed from a Z report or the acta', () => {
  it('takes N and the 64-hex hash, as printed', () => {
    expect(parseAnchor('123', HASH)).toEqual({ ok: true, anchor: { seq: 123, hash: HASH } });
    expect(parseAnchor(' n.º 123 ', `${HASH.slice(0, 32).toUpperCase()}\n${HASH.slice(32)}`)).toEqual({ ok: true, anchor: { seq: 123, hash: HASH } });
    expect(parseAnchor('7', `Cadeia: ${HASH}`)).toEqual({ ok: true, anchor: { seq: 7, hash: HASH } });
  });
  it('no anchor when both are empty; else names the wrong field', () => {
    expect(parseAnchor('', ' ')).toEqual({ ok: true, anchor: undefined });
    expect(parseAnchor('', HASH)).toEqual({ ok: false, field: 'seq' });
    expect(parseAnchor('0', HASH)).toEqual({ ok: false, field: 'seq' });
    expect(parseAnchor('12', HASH.slice(1))).toEqual({ ok: false, field: 'hash' });
    expect(parseAnchor('12', `${HASH.slice(1)}g`)).toEqual({ ok: false, field: 'hash' });
  });
});

describe('postings in words', () => {
  const money = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;
  it('each account with its signed amount in euros', () => {
    expect(postingsText([{ account: 'cash:T1', amountCents: 5000 }, { account: 'equity:pay_in', amountCents: -5000 }], money)).toBe('cash:T1 +50,00 €; equity:pay_in −50,00 €');
    expect(postingsText([{ account: 'cash:T1', amountCents: 5 }], money, (a) => a.toUpperCase())).toBe('CASH:T1 +0,05 €');
    expect(postingsText(null, money)).toBe('—');
    expect(postingsText([], money)).toBe('—');
  });
});

describe('the accounts a chart compares', () => {
  it('the largest balances by size, none at zero', () => {
    expect(mainAccounts({ 'cash:T1': 12000, 'revenue:cards': -2000, 'liability:prizes': 0, 'cash:safe': 500 }, 2)).toEqual([
      { account: 'cash:T1', cents: 12000 },
      { account: 'revenue:cards', cents: -2000 },
    ]);
    expect(mainAccounts({})).toEqual([]);
  });
});
