import { describe, expect, it } from 'vitest';
import { formatRange, formatRanges } from './ranges.js';

describe('formatRanges', () => {
  it('one range with an en dash', () => {
    expect(formatRanges([{ seriesCode: 'A', from: 271, to: 275 }])).toBe('A 271–275');
    expect(formatRanges([{ seriesCode: 'A', from: 271, to: 275 }])).toBe('A 271\u2013275');
  });
  it('a single card', () => {
    expect(formatRange({ seriesCode: 'A', from: 5, to: 5 })).toBe('A 5');
  });
  it('two series joined with +', () => {
    expect(
      formatRanges([
        { seriesCode: 'A', from: 2999, to: 3000 },
        { seriesCode: 'B', from: 1, to: 3 },
      ]),
    ).toBe('A 2999–3000 + B 1–3');
    expect(
      formatRanges([
        { seriesCode: 'A', from: 3000, to: 3000 },
        { seriesCode: 'B', from: 1, to: 1 },
      ]),
    ).toBe('A 3000 + B 1');
  });
  it('nothing', () => {
    expect(formatRanges([])).toBe('');
  });
});
