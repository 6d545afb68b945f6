import { describe, expect, it } from 'vitest';
import { checkChipsInStock, chipStock, chipsTotal, countChips, toChipMap } from './chips.js';
import { KioskError } from './errors.js';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof KioskError) return [e.code, e.params];
    throw e;
  }
  return null;
};

describe('face-value chips', () => {
  it('adds up a handful, the same value twice once, largest first', () => {
    expect(chipsTotal([{ valueCents: 500, count: 3 }, { valueCents: 2_500, count: 2 }, { valueCents: 500, count: 1 }])).toEqual({
      chips: [{ valueCents: 2_500, count: 2 }, { valueCents: 500, count: 4 }],
      cents: 7_000,
    });
  });

  it('refuses colour chips (IX.7), unknown values and counts outside 1..10 000', () => {
    expect(codeOf(() => chipsTotal([{ valueCents: 500, count: 1, faceValue: false }]))).toEqual(['CHIPS_NO_FACE_VALUE', { valueCents: 500 }]);
    expect(codeOf(() => chipsTotal([{ valueCents: 300, count: 1 }]))).toEqual(['CHIP_VALUE_UNKNOWN', { valueCents: 300, values: '100,200,500,1000,2500,5000,10000,50000,100000' }]);
    expect(codeOf(() => chipsTotal([{ valueCents: 500, count: 0 }]))).toEqual(['CHIP_COUNT_INVALID', { valueCents: 500, count: '0', min: 1 }]);
    expect(codeOf(() => chipsTotal([{ valueCents: 500, count: 10_001 }]))?.[0]).toBe('CHIP_COUNT_INVALID');
    expect(codeOf(() => chipsTotal([{ valueCents: 500, count: 1.5 }]))?.[0]).toBe('CHIP_COUNT_INVALID');
  });

  it('counts a float by value from the form map: zeros dropped, canonical keys only', () => {
    expect(countChips({ '500': 20, '2500': 10, '100': 0, '100000': 1 })).toEqual({
      chips: [{ valueCents: 100_000, count: 1 }, { valueCents: 2_500, count: 10 }, { valueCents: 500, count: 20 }],
      cents: 135_000,
    });
    expect(countChips({})).toEqual({ chips: [], cents: 0 });
    for (const key of ['0500', '5e2', '500.0', ' 500', '-500', '300']) expect(codeOf(() => countChips({ [key]: 1 }))?.[0]).toBe('CHIP_VALUE_UNKNOWN');
    expect(codeOf(() => countChips({ '5e2': 1 }))).toEqual(['CHIP_VALUE_UNKNOWN', { value: '5e2', values: '100,200,500,1000,2500,5000,10000,50000,100000' }]);
    expect(codeOf(() => countChips({ '500': -1 }))).toEqual(['CHIP_COUNT_INVALID', { valueCents: 500, count: '-1', min: 0 }]);
    expect(toChipMap(countChips({ '500': 2, '2500': 1 }).chips)).toEqual({ '2500': 1, '500': 2 });
  });

  it('keeps the stock by value: float plus chips in, less chips out', () => {
    const stock = chipStock(
      [{ valueCents: 2_500, count: 10 }, { valueCents: 500, count: 20 }],
      [
        { sign: -1, chips: [{ valueCents: 2_500, count: 3 }] },
        { sign: 1, chips: [{ valueCents: 10_000, count: 1 }, { valueCents: 2_500, count: 1 }] },
        { sign: -1, chips: [{ valueCents: 500, count: 20 }] },
      ],
    );
    expect(Object.fromEntries(stock)).toEqual({ 2500: 8, 500: 0, 10000: 1 });
    expect(() => checkChipsInStock(stock, [{ valueCents: 2_500, count: 8 }, { valueCents: 10_000, count: 1 }])).not.toThrow();
    expect(codeOf(() => checkChipsInStock(stock, [{ valueCents: 2_500, count: 9 }]))).toEqual(['CHIPS_NOT_IN_FLOAT', { valueCents: 2_500, have: 8, wanted: 9 }]);
    expect(codeOf(() => checkChipsInStock(stock, [{ valueCents: 500, count: 1 }]))).toEqual(['CHIPS_NOT_IN_FLOAT', { valueCents: 500, have: 0, wanted: 1 }]);
    expect(codeOf(() => checkChipsInStock(stock, [{ valueCents: 100, count: 1 }]))).toEqual(['CHIPS_NOT_IN_FLOAT', { valueCents: 100, have: 0, wanted: 1 }]);
  });
});
