import { describe, expect, it } from 'vitest';
import { closeSaleFigures } from './announcement.js';
import { pairPrizesPayable, secondGameAnnouncement, secondGameShare } from './double.js';

describe('double cards', () => {
  it('share each sale half and half, the odd cent to the first game', () => {
    expect([secondGameShare(1000), secondGameShare(1001), secondGameShare(1), secondGameShare(0)]).toEqual([500, 500, 0, 0]);
  });

  it('pay the prizes of both games only after the second (art. 14.3)', () => {
    expect(pairPrizesPayable(null, { state: 'drawing' }, null)).toBe(true);
    expect(pairPrizesPayable('first', { state: 'finished' }, null)).toBe(false);
    expect(pairPrizesPayable('first', { state: 'finished' }, { state: 'drawing' })).toBe(false);
    expect(pairPrizesPayable('second', { state: 'finished' }, { state: 'drawing' })).toBe(false);
    expect(pairPrizesPayable('first', { state: 'finished' }, { state: 'finished' })).toBe(true);
    expect(pairPrizesPayable('second', { state: 'finished' }, { state: 'annulled' })).toBe(true);
    expect(pairPrizesPayable('first', { state: 'annulled' }, null)).toBe(true);
  });

  it("announce the second game as the first's cards playing again", () => {
    const figures = { ...closeSaleFigures(10, 100), totalCents: 500, linePrizeCents: 25, bingoPrizeCents: 250 };
    expect(secondGameAnnouncement(3, [{ seriesCode: 'D', from: 1, to: 10 }], figures)).toBe(
      'Segunda jogada dos cartões da jogada dupla n.º 3.\nVenderam-se 10 cartões da série D, do n.º 1 ao n.º 10.\nPrémio de linha: 0,25 €.\nPrémio de bingo: 2,50 €.\nVai iniciar-se a extração.',
    );
  });
});
