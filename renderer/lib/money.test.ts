import { describe, expect, it } from 'vitest';
import { MAX_TENDERED_CENTS, applyKey, digitsToCents, parseEuroText, tenderedText } from './money.js';

describe('parseEuroText', () => {
  it.each([
    ['1,00', 100],
    ['1,5', 150],
    ['1,50', 150],
    ['0,05', 5],
    [',5', 50],
    ['12', 1200],
    ['1.234,56', 123456],
    ['12.345.678,90', 1234567890],
    ['1 234,56', 123456],
    ['1\u00a0234,56 €', 123456],
    ['  2,00 € ', 200],
    ['€3', 300],
    ['1.50', 150],
    ['1.5', 150],
    ['1.234', 123400],
    ['0', 0],
  ])('%j -> %i cents', (text, cents) => {
    expect(parseEuroText(text)).toBe(cents);
  });

  it.each(['', ' ', '€', 'abc', '-1,00', '1,234', '1,2,3', '1.23.4', '12.34,5.6', '1.2345', '1e3', '0x10', '1,00a'])(
    'refuses %j',
    (text) => {
      expect(parseEuroText(text)).toBeNull();
    },
  );

  it('never returns a float', () => {
    for (const t of ['0,10', '0,20', '0,30', '1,15', '4,35', '19,99']) {
      expect(Number.isInteger(parseEuroText(t))).toBe(true);
    }
    expect(parseEuroText('0,30')).toBe(30);
    expect(parseEuroText('4,35')).toBe(435);
  });
});

describe('cash-register entry', () => {
  it('digits shift in from the right', () => {
    let c = 0;
    for (const k of ['2', '0', '0', '0']) c = applyKey(c, k);
    expect(c).toBe(2000);
    expect(applyKey(c, '00')).toBe(200000);
    expect(applyKey(c, 'backspace')).toBe(200);
    expect(applyKey(c, 'clear')).toBe(0);
    expect(applyKey(0, 'backspace')).toBe(0);
    expect(applyKey(0, '0')).toBe(0);
    expect(applyKey(15, 'x')).toBe(15);
  });

  it('caps at the maximum instead of overflowing', () => {
    expect(applyKey(MAX_TENDERED_CENTS, '9')).toBe(MAX_TENDERED_CENTS);
    expect(digitsToCents('123456789012')).toBe(MAX_TENDERED_CENTS);
  });

  it('reads typed or pasted text as digits', () => {
    expect(digitsToCents('2000')).toBe(2000);
    expect(digitsToCents('20,00 €')).toBe(2000);
    expect(digitsToCents('20,005')).toBe(20005);
    expect(digitsToCents('20,0')).toBe(200);
    expect(digitsToCents('')).toBe(0);
    expect(digitsToCents('000')).toBe(0);
  });

  it('shows nothing for zero and pt-PT euros otherwise', () => {
    expect(tenderedText(0)).toBe('');
    expect(tenderedText(2000)).toBe('20,00 €');
    expect(tenderedText(5)).toBe('0,05 €');
  });
});
