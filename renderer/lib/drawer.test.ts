import { describe, expect, it } from 'vitest';
import { cleanCount, countOf, countTotal, stepCount } from './drawer.js';

describe('drawer count', () => {
  it('keeps digits only, at most five, without leading zeros', () => {
    expect(cleanCount('12a3')).toBe('123');
    expect(cleanCount('007')).toBe('7');
    expect(cleanCount('0')).toBe('0');
    expect(cleanCount('1234567')).toBe('12345');
    expect(cleanCount('-3')).toBe('3');
  });
  it('totals the counts in integer cents and sends only non-zero counts', () => {
    expect(countTotal({ '2000': '4', '1000': '1', '1': '3', '50': '' , '200': '0' })).toEqual({ map: { '2000': 4, '1000': 1, '1': 3 }, cents: 9003 });
    expect(countTotal({})).toEqual({ map: {}, cents: 0 });
  });
  it('steps a count up and down, never below zero', () => {
    expect(stepCount({}, 500, 1)).toEqual({ '500': '1' });
    expect(stepCount({ '500': '1' }, 500, -1)).toEqual({ '500': '' });
    expect(stepCount({}, 500, -1)).toEqual({ '500': '' });
    expect(countOf(stepCount({ '10': '9' }, 10, 1), 10)).toBe(10);
  });
});
