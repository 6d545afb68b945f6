import { describe, expect, it } from 'vitest';
import { facesFormat, formatPercent, parsePercent, parseWhole } from './settings.js';

describe('parsePercent (basis points)', () => {
  it.each([
    ['25', 2500],
    ['25,5', 2550],
    ['25,50', 2550],
    ['25.5', 2550],
    ['2,75', 275],
    ['0', 0],
    ['0,01', 1],
    ['100', 10_000],
    [' 25 % ', 2500],
  ])('%j -> %d', (text, bp) => expect(parsePercent(text)).toBe(bp));
  it.each(['', ',5', '25,555', '100,01', '101', '-5', 'vinte', '25,5,1', '1.000'])('refuses %j', (text) =>
    expect(parsePercent(text)).toBeNull(),
  );
  it('round-trips through formatPercent', () => {
    for (const bp of [0, 1, 10, 275, 2500, 2550, 2525, 10_000]) expect(parsePercent(formatPercent(bp))).toBe(bp);
    expect(formatPercent(2550)).toBe('25,5');
    expect(formatPercent(2500)).toBe('25');
    expect(formatPercent(5)).toBe('0,05');
  });
});

describe('parseWhole and facesFormat', () => {
  it('reads whole numbers within bounds', () => {
    expect(parseWhole('12', 1, 90)).toBe(12);
    expect(parseWhole('0', 1, 90)).toBeNull();
    expect(parseWhole('91', 1, 90)).toBeNull();
    expect(parseWhole('1,5', 1, 90)).toBeNull();
  });
  it('takes the format from the file name', () => {
    expect(facesFormat('serie-A.json')).toBe('json');
    expect(facesFormat('SERIE_B.CSV')).toBe('csv');
    expect(facesFormat('faces.txt')).toBeNull();
    expect(facesFormat('json')).toBeNull();
  });
});
