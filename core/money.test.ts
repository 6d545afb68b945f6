import { describe, it, expect } from 'vitest';
import { formatCents, formatCentsEn, isCents, percentFloor } from './money.js';

describe('formatCents', () => {
  it('writes euro cents the pt-PT way with a plain space before the euro sign', () => {
    expect(formatCents(1250)).toBe('12,50 €');
    expect(formatCents(150)).toBe('1,50 €');
    expect(formatCents(1500)).toBe('15,00 €');
    expect(formatCents(5)).toBe('0,05 €');
    expect(formatCents(0)).toBe('0,00 €');
    expect(formatCents(52)).toBe('0,52 €');
    expect(formatCents(-1250)).toBe('-12,50 €');
  });

  it('groups thousands from four digits on, with a plain space ("8 000,00 €" beside "10 000,00 €")', () => {
    expect(formatCents(123456)).toBe('1 234,56 €');
    expect(formatCents(800_000)).toBe('8 000,00 €');
    expect(formatCents(1234567)).toBe('12 345,67 €');
    expect(formatCents(100_000_000)).toBe('1 000 000,00 €');
  });

  it('never leaves a no-break space (receipts print on plain code pages)', () => {
    for (const v of [0, 1, 99, 1250, 1234567, 100_000_000, -1234567]) {
      expect(formatCents(v)).not.toMatch(/[\u00a0\u202f]/);
    }
  });

  it('formats in another locale on request', () => {
    expect(formatCents(1250, 'en-IE')).toBe('€12.50');
  });
});

describe('formatCentsEn', () => {
  it('writes euro cents the English way: the sign first, a decimal point, commas between thousands', () => {
    expect(formatCentsEn(5000)).toBe('€50.00');
    expect(formatCentsEn(5)).toBe('€0.05');
    expect(formatCentsEn(0)).toBe('€0.00');
    expect(formatCentsEn(123456)).toBe('€1,234.56');
    expect(formatCentsEn(100_000_000)).toBe('€1,000,000.00');
    expect(formatCentsEn(-1250)).toBe('-€12.50');
  });
});

describe('percentFloor', () => {
  it('floors v x pct / 100 and reports the dropped hundredths of a cent', () => {
    expect(percentFloor(105, 5)).toEqual({ cents: 5, remainderHundredths: 25 });
    expect(percentFloor(105, 50)).toEqual({ cents: 52, remainderHundredths: 50 });
    expect(percentFloor(3000, 5)).toEqual({ cents: 150, remainderHundredths: 0 });
    expect(percentFloor(3000, 50)).toEqual({ cents: 1500, remainderHundredths: 0 });
    expect(percentFloor(19, 5)).toEqual({ cents: 0, remainderHundredths: 95 });
    expect(percentFloor(0, 50)).toEqual({ cents: 0, remainderHundredths: 0 });
    expect(percentFloor(1, 50)).toEqual({ cents: 0, remainderHundredths: 50 });
  });

  it('stays exact where floating point would not (0.07 x 100 = 7.000000000000001)', () => {
    expect(percentFloor(7, 100)).toEqual({ cents: 7, remainderHundredths: 0 });
    expect(percentFloor(29, 50)).toEqual({ cents: 14, remainderHundredths: 50 });
    // A large game: 1 000 000 cards of 10,00 €.
    expect(percentFloor(1_000_000_000, 5)).toEqual({ cents: 50_000_000, remainderHundredths: 0 });
  });

  it('always gives back cents * 100 + remainder = v * pct', () => {
    for (let v = 0; v < 500; v += 7) {
      for (const pct of [5, 50]) {
        const r = percentFloor(v, pct);
        expect(Number.isInteger(r.cents)).toBe(true);
        expect(r.cents * 100 + r.remainderHundredths).toBe(v * pct);
        expect(r.remainderHundredths).toBeGreaterThanOrEqual(0);
        expect(r.remainderHundredths).toBeLessThan(100);
      }
    }
  });
});

describe('isCents', () => {
  it('accepts safe integers only', () => {
    expect(isCents(0)).toBe(true);
    expect(isCents(1250)).toBe(true);
    expect(isCents(-5)).toBe(true);
    expect(isCents(12.5)).toBe(false);
    expect(isCents(Number.NaN)).toBe(false);
    expect(isCents(Number.POSITIVE_INFINITY)).toBe(false);
    expect(isCents(2 ** 53)).toBe(false);
    expect(isCents('1250')).toBe(false);
    expect(isCents(null)).toBe(false);
  });
});
