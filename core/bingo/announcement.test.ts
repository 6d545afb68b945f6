import { describe, it, expect } from 'vitest';
import { announcementInEnglish, announcementText, BINGO_PRIZE_PERCENT, closeSaleFigures, LINE_PRIZE_PERCENT } from './announcement.js';

describe('closeSaleFigures (art. 15.2)', () => {
  it('uses 5% for the line and 50% for the bingo', () => {
    expect(LINE_PRIZE_PERCENT).toBe(5);
    expect(BINGO_PRIZE_PERCENT).toBe(50);
  });

  it('computes the total and the prizes of a round total', () => {
    expect(closeSaleFigures(30, 100)).toEqual({
      cardsSold: 30,
      totalCents: 3000,
      linePrizeCents: 150,
      bingoPrizeCents: 1500,
      lineRoundingHundredths: 0,
      bingoRoundingHundredths: 0,
    });
  });

  it('floors the prizes of an odd total and reports what was dropped', () => {
    // 7 cards of 0,15 € = 1,05 €: line 5,25 cents -> 5, bingo 52,5 cents -> 52.
    expect(closeSaleFigures(7, 15)).toEqual({
      cardsSold: 7,
      totalCents: 105,
      linePrizeCents: 5,
      bingoPrizeCents: 52,
      lineRoundingHundredths: 25,
      bingoRoundingHundredths: 50,
    });
    expect(closeSaleFigures(1, 19)).toMatchObject({ totalCents: 19, linePrizeCents: 0, bingoPrizeCents: 9, lineRoundingHundredths: 95, bingoRoundingHundredths: 50 });
  });
});

describe('announcementText (art. 13)', () => {
  it('announces one series exactly', () => {
    expect(announcementText([{ seriesCode: 'A', from: 1, to: 30 }], closeSaleFigures(30, 100))).toBe(
      'Venderam-se 30 cartões da série A, do n.º 1 ao n.º 30.\nPrémio de linha: 1,50 €.\nPrémio de bingo: 15,00 €.\nVai iniciar-se a extração.',
    );
  });

  it('announces two series exactly, the first one first', () => {
    expect(
      announcementText(
        [
          { seriesCode: 'A', from: 271, to: 300 },
          { seriesCode: 'B', from: 1, to: 20 },
        ],
        closeSaleFigures(50, 100),
      ),
    ).toBe(
      'Venderam-se 50 cartões da série A, do n.º 271 ao n.º 300, e da série B, do n.º 1 ao n.º 20.\n' +
        'Prémio de linha: 2,50 €.\nPrémio de bingo: 25,00 €.\nVai iniciar-se a extração.',
    );
  });

  it('shows floored prizes of an odd total', () => {
    expect(announcementText([{ seriesCode: 'AB', from: 8, to: 14 }], closeSaleFigures(7, 15))).toBe(
      'Venderam-se 7 cartões da série AB, do n.º 8 ao n.º 14.\nPrémio de linha: 0,05 €.\nPrémio de bingo: 0,52 €.\nVai iniciar-se a extração.',
    );
  });

  it('uses the singular for one card', () => {
    expect(announcementText([{ seriesCode: 'C', from: 5, to: 5 }], closeSaleFigures(1, 200))).toBe(
      'Vendeu-se 1 cartão da série C, do n.º 5 ao n.º 5.\nPrémio de linha: 0,10 €.\nPrémio de bingo: 1,00 €.\nVai iniciar-se a extração.',
    );
  });

  it('ends with the start of the draw, one sentence a line', () => {
    const text = announcementText([{ seriesCode: 'A', from: 1, to: 2 }], closeSaleFigures(2, 100));
    const lines = text.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('Vai iniciar-se a extração.');
  });

  it('needs at least one range', () => {
    expect(() => announcementText([], closeSaleFigures(0, 100))).toThrow('announcement needs at least one range');
  });
});

describe('announcementInEnglish (what an English-speaking manager reads beside the Portuguese text)', () => {
  const figures = closeSaleFigures(50, 100);
  const ranges = [
    { seriesCode: 'A', from: 271, to: 300 },
    { seriesCode: 'B', from: 1, to: 20 },
  ];

  it('renders the announcement line for line', () => {
    expect(announcementInEnglish({ ranges, ...figures })).toBe(
      '50 cards sold of series A, nos. 271 to 300, and of series B, nos. 1 to 20.\nLine prize: 2,50 €.\nBingo prize: 25,00 €.\nThe draw is about to begin.',
    );
    expect(announcementInEnglish({ ranges, ...figures }).split('\n')).toHaveLength(announcementText(ranges, figures).split('\n').length);
  });

  it('says one card, the last game, and both halves of a double pair where the Portuguese text does', () => {
    expect(announcementInEnglish({ ranges: [{ seriesCode: 'C', from: 5, to: 5 }], ...closeSaleFigures(1, 200), isLast: true })).toBe(
      'Last game of the session.\n1 card sold of series C, nos. 5 to 5.\nLine prize: 0,10 €.\nBingo prize: 1,00 €.\nThe draw is about to begin.',
    );
    const first = announcementInEnglish({ ranges: [ranges[0]!], ...closeSaleFigures(30, 100), double: 'first' }).split('\n');
    expect(first.at(-2)).toBe('Double game: these cards also play the next game (art. 3(5)); the prizes of both games are paid after the second (art. 14(3)).');
    const second = announcementInEnglish({ ranges: [ranges[0]!], ...closeSaleFigures(30, 100), double: 'second', pairFirstNumber: 4 }).split('\n');
    expect(second[0]).toBe('Second game of the cards of double game no. 4.');
  });
});
