import { describe, expect, it } from 'vitest';
import { boardColumns, minutesLeft, parseBall, recentBalls } from './board.js';

describe('the 1-90 board', () => {
  it('has 9 columns of 10 rows holding every number once, 1-10 first and 81-90 last', () => {
    const cols = boardColumns();
    expect(cols).toHaveLength(9);
    for (const c of cols) expect(c).toHaveLength(10);
    expect(cols[0]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(cols[8]).toEqual([81, 82, 83, 84, 85, 86, 87, 88, 89, 90]);
    expect(cols.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  });
});

describe('parseBall', () => {
  it.each([
    ['1', 1],
    ['07', 7],
    [' 90 ', 90],
    ['45', 45],
  ])('%s -> %d', (text, n) => expect(parseBall(text)).toBe(n));
  it.each(['', '0', '00', '91', '100', '4.5', '-3', 'x', '1 2'])('refuses %j', (text) => expect(parseBall(text)).toBeNull());
});

describe('recentBalls and minutesLeft', () => {
  it('lists the newest balls first', () => {
    expect(recentBalls([4, 17, 90, 33], 3)).toEqual([33, 90, 17]);
    expect(recentBalls([], 3)).toEqual([]);
  });
  it('counts the minutes left up to the rule, rounded up, never negative', () => {
    const from = '2026-01-10T21:00:00.000Z';
    expect(minutesLeft(from, 15, new Date('2026-01-10T21:08:30.000Z'))).toBe(7);
    expect(minutesLeft(from, 15, new Date('2026-01-10T21:15:00.000Z'))).toBe(0);
    expect(minutesLeft(from, 15, new Date('2026-01-10T22:00:00.000Z'))).toBe(0);
  });
});
