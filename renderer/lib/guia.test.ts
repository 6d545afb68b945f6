import { describe, expect, it } from 'vitest';
import { checkGuiaSplit, defaultCashCents } from './guia.js';
import { euroFieldText } from './money.js';

const cheque = (amount: string, number = '0012345', bank = 'CGD') => ({ amount, number, bank });

describe('a guia split typed at the caixa', () => {
  it('accepts cash and cheques adding up exactly, within the drawer', () => {
    expect(checkGuiaSplit(50_000, '100', [cheque('400')], { cashCents: 10_000 })).toEqual({
      ok: true,
      cashCents: 10_000,
      cheques: [{ amountCents: 40_000, number: '0012345', bank: 'CGD' }],
      remainingCents: 0,
    });
    expect(checkGuiaSplit(2_000, '', [cheque('20,00')], null)).toMatchObject({ ok: true, cashCents: 0 });
    expect(checkGuiaSplit(2_000, '20', [], { cashCents: 2_000 })).toMatchObject({ ok: true, cashCents: 2_000, cheques: [] });
  });

  it('says what is left or too much, and refuses what cannot be sent', () => {
    expect(checkGuiaSplit(50_000, '100', [cheque('300')], { cashCents: 10_000 })).toEqual({ ok: false, reason: 'under', remainingCents: 10_000 });
    expect(checkGuiaSplit(50_000, '200', [cheque('400')], { cashCents: 50_000 })).toEqual({ ok: false, reason: 'over', remainingCents: -10_000 });
    expect(checkGuiaSplit(50_000, 'abc', [], { cashCents: 50_000 })).toMatchObject({ ok: false, reason: 'cash' });
    expect(checkGuiaSplit(50_000, '100', [cheque('x')], { cashCents: 50_000 })).toMatchObject({ ok: false, reason: 'cheque' });
    expect(checkGuiaSplit(50_000, '100', [cheque('0')], { cashCents: 50_000 })).toMatchObject({ ok: false, reason: 'cheque' });
    expect(checkGuiaSplit(50_000, '100', [cheque('400', '')], { cashCents: 50_000 })).toMatchObject({ ok: false, reason: 'chequeFields' });
    // A cheque still blank: what is left is said first; once nothing is left, the blank cheque is refused.
    expect(checkGuiaSplit(50_000, '100', [cheque('')], { cashCents: 50_000 })).toEqual({ ok: false, reason: 'under', remainingCents: 40_000 });
    expect(checkGuiaSplit(50_000, '500', [cheque('')], { cashCents: 50_000 })).toEqual({ ok: false, reason: 'cheque', remainingCents: 0 });
    expect(checkGuiaSplit(50_000, '100', [cheque('400', '1', ' ')], { cashCents: 50_000 })).toMatchObject({ ok: false, reason: 'chequeFields' });
    expect(checkGuiaSplit(50_000, '500', [], { cashCents: 49_999 })).toEqual({ ok: false, reason: 'cashOverDrawer', remainingCents: 0 });
    expect(checkGuiaSplit(50_000, '500', [], null)).toEqual({ ok: false, reason: 'noDrawer', remainingCents: 0 });
    // The counter's drawer is blind: its cash is the kiosk's to check.
    expect(checkGuiaSplit(50_000, '500', [], { cashCents: null })).toMatchObject({ ok: true, cashCents: 50_000 });
  });

  it('offers the whole amount in cash when the drawer holds it, else the drawer’s cash', () => {
    expect(defaultCashCents(5_000, { cashCents: 10_000 })).toBe(5_000);
    expect(defaultCashCents(50_000, { cashCents: 10_000 })).toBe(10_000);
    expect(defaultCashCents(50_000, null)).toBe(0);
    expect(defaultCashCents(50_000, { cashCents: -200 })).toBe(0);
    expect(defaultCashCents(50_000, { cashCents: null })).toBe(50_000);
  });
});

describe('an amount in a euro field', () => {
  it('has two decimals and a comma, no € and no grouping', () => {
    expect([euroFieldText(10_000), euroFieldText(5), euroFieldText(0), euroFieldText(123_456)]).toEqual(['100,00', '0,05', '0,00', '1234,56']);
  });
});
