/**
 * The acta's figures recomputed from a session's rows (the inspector's check),
 * against values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { guiasByStatus } from '../caixa/guia-figures.js';
import { firstDifference, gameBalanceCents, recomputeActa, sessionPrizes, type ActaPrizeRow, type FigureGame } from './acta-figures.js';

const single = (number: number, state = 'finished', stampDutyBasisPoints: number | null = 2500): FigureGame => ({ number, state, double: null, doubleOfNumber: null, stampDutyBasisPoints });

/** A prize of card `winnerId` of series A (its card number is its id), won in `sessionId` (1 unless said). */
const prize = (winnerId: number, gameNumber: number, kind: ActaPrizeRow['kind'], prizeCents: number, status: ActaPrizeRow['status'], sessionId = 1): ActaPrizeRow => ({
  winnerId,
  sessionId,
  gameNumber,
  kind,
  seriesCode: 'A',
  card: winnerId,
  prizeCents,
  status,
});

describe('sessionPrizes (art. 17.3: awarded, paid and owed apart)', () => {
  it("the issue's day: 5 cards at 1,00 €, a line and a bingo won and paid the next day, a special prize never paid", () => {
    // Session 1, game 1: V = 5,00 €; line 5 % = 0,25 €, bingo 50 % = 2,50 €; nothing paid by the close.
    const day1 = [prize(1, 1, 'line', 25, 'unpaid'), prize(2, 1, 'bingo', 250, 'unpaid')];
    const first = sessionPrizes(1, day1);
    expect(first.games.get(1)).toEqual({ awarded: { line: 25, bingo: 250, special: 0 }, paid: { line: 0, bingo: 0, special: 0 } });
    expect(first.owed.map((p) => [p.gameNumber, p.kind, p.card, p.prizeCents])).toEqual([
      [1, 'line', 1, 25],
      [1, 'bingo', 2, 250],
    ]);
    expect(first.totals).toEqual({ prizesAwardedCents: 275, prizesPaidCents: 0, prizesOwedCents: 275, earlierPrizesPaidCents: 0 });
    // The balance is what the game leaves, paid or owed: 5,00 − 2,75 − stamp duty 25 % (1,25) = 1,00 €.
    expect(gameBalanceCents({ annulled: false, totalCents: 500, prizesAwardedCents: 275, stampDutyCents: 125 })).toBe(100);

    // Session 2 pays both (won in session 1, game 1); its own game 1 awards a special prize of 51,29 € never paid, and a
    // line paid; a void prize of an annulled game 2 is neither awarded nor owed.
    const second = sessionPrizes(2, [
      prize(1, 1, 'line', 25, 'paid'),
      prize(2, 1, 'bingo', 250, 'paid'),
      prize(3, 1, 'line', 40, 'paid', 2),
      prize(4, 1, 'special', 5_129, 'unpaid', 2),
      prize(5, 2, 'bingo', 300, 'void', 2),
    ]);
    expect(second.earlierPaid).toEqual([
      { winnerId: 1, sessionId: 1, gameNumber: 1, kind: 'line', seriesCode: 'A', card: 1, prizeCents: 25 },
      { winnerId: 2, sessionId: 1, gameNumber: 1, kind: 'bingo', seriesCode: 'A', card: 2, prizeCents: 250 },
    ]);
    expect(second.owed).toEqual([{ winnerId: 4, gameNumber: 1, kind: 'special', seriesCode: 'A', card: 4, prizeCents: 5_129 }]);
    expect(second.games.get(1)).toEqual({ awarded: { line: 40, bingo: 0, special: 5_129 }, paid: { line: 40, bingo: 0, special: 0 } });
    expect(second.games.get(2)).toEqual({ awarded: { line: 0, bingo: 0, special: 0 }, paid: { line: 0, bingo: 0, special: 0 } });
    expect(second.totals).toEqual({ prizesAwardedCents: 5_169, prizesPaidCents: 40, prizesOwedCents: 5_129, earlierPrizesPaidCents: 275 });
    // An annulled game counts nothing collected (its sales are refunded) and no stamp duty: only its prizes paid stand.
    expect(gameBalanceCents({ annulled: true, totalCents: 600, prizesAwardedCents: 0, stampDutyCents: 0 })).toBe(0);
  });
});

describe('recomputeActa', () => {
  it('gives a double pair each its half, the odd cent to the first, and floors each prize and the stamp duty', () => {
    // Sales of the pair's first game: 4,05 € and 1,35 €; the second's shares are floor(405/2) = 202 and floor(135/2) = 67.
    const figures = recomputeActa({
      sessionId: 1,
      games: [
        { number: 1, state: 'finished', double: 'first', doubleOfNumber: null, stampDutyBasisPoints: 2500, specialShareBasisPoints: 350 },
        { number: 2, state: 'finished', double: 'second', doubleOfNumber: 1, stampDutyBasisPoints: 2500, specialShareBasisPoints: 350 },
      ],
      sales: [
        { gameNumber: 1, quantity: 3, totalCents: 405, voided: false, operator: 'caixa1' },
        { gameNumber: 1, quantity: 1, totalCents: 135, voided: false, operator: 'ana' },
        { gameNumber: 1, quantity: 2, totalCents: 270, voided: true, operator: 'ana' },
      ],
      prizes: [
        prize(1, 1, 'line', 13, 'paid'),
        prize(2, 2, 'bingo', 134, 'unpaid'),
        prize(3, 2, 'special', 5_000, 'paid'),
      ],
      refunds: [],
    });
    // First: V = 540 - 269 = 271; line 5 % = 13,55 → 13 (55 hundredths dropped); bingo 50 % = 135,5 → 135 (50); stamp 25 % = 67,75 → 67.
    // Second: V = 269; line 13,45 → 13 (45); bingo 134,5 → 134 (50); stamp 67,25 → 67.
    // The special prize's 3,5 % of V: 271 → 9,485 → 9 cents; 269 → 9,415 → 9 cents.
    expect(figures.games).toEqual([
      {
        ...{ number: 1, cardsSold: 4, totalCents: 271, linePrizeCents: 13, bingoPrizeCents: 135, roundingHundredths: { line: 55, bingo: 50 }, stampDutyCents: 67 },
        ...{ lineAwardedCents: 13, bingoAwardedCents: 0, specialAwardedCents: 0, linePaidCents: 13, bingoPaidCents: 0, specialPaidCents: 0, refundedCents: 0, specialShareCents: 9 },
        // Cards per seller: Ana's voided sale left out; the pair's second game plays the same cards.
        cardsBySeller: [
          { username: 'ana', cards: 1 },
          { username: 'caixa1', cards: 3 },
        ],
      },
      {
        ...{ number: 2, cardsSold: 4, totalCents: 269, linePrizeCents: 13, bingoPrizeCents: 134, roundingHundredths: { line: 45, bingo: 50 }, stampDutyCents: 67 },
        ...{ lineAwardedCents: 0, bingoAwardedCents: 134, specialAwardedCents: 5_000, linePaidCents: 0, bingoPaidCents: 0, specialPaidCents: 5_000, refundedCents: 0, specialShareCents: 9 },
        cardsBySeller: [
          { username: 'ana', cards: 1 },
          { username: 'caixa1', cards: 3 },
        ],
      },
    ]);
    // Awarded 13 + 134 + 50,00 € = 51,47 €; paid 13 + 50,00 € = 50,13 €; owed the bingo's 1,34 €.
    expect(figures.totals).toEqual({
      cardsSold: 8,
      totalCents: 540,
      prizesAwardedCents: 5_147,
      prizesPaidCents: 5_013,
      prizesOwedCents: 134,
      earlierPrizesPaidCents: 0,
      stampDutyCents: 134,
      refundedCents: 0,
    });
    expect(figures.prizesOwed).toEqual([{ winnerId: 2, gameNumber: 2, kind: 'bingo', seriesCode: 'A', card: 2, prizeCents: 134 }]);
  });

  it('leaves an annulled game out of the totals but counts its refunds; one annulled while selling shows what it sold, with no prizes', () => {
    const figures = recomputeActa({
      sessionId: 1,
      games: [single(1), single(2, 'annulled'), single(3, 'annulled', null)],
      sales: [
        { gameNumber: 1, quantity: 10, totalCents: 1_000, voided: false, operator: 'caixa1' },
        { gameNumber: 2, quantity: 3, totalCents: 300, voided: false, operator: 'caixa1' },
        { gameNumber: 3, quantity: 1, totalCents: 100, voided: false, operator: 'caixa1' },
      ],
      prizes: [],
      refunds: [
        { gameNumber: 2, amountCents: 300 },
        { gameNumber: 3, amountCents: 100 },
      ],
    });
    expect(figures.games.map((g) => [g.number, g.cardsSold, g.totalCents, g.linePrizeCents, g.bingoPrizeCents, g.stampDutyCents, g.refundedCents])).toEqual([
      [1, 10, 1_000, 50, 500, 250, 0],
      // Annulled after its close of sale: the close's prizes stand in the acta, no stamp duty.
      [2, 3, 300, 15, 150, 0, 300],
      [3, 1, 100, 0, 0, 0, 100],
    ]);
    expect(figures.totals).toEqual({
      ...{ cardsSold: 10, totalCents: 1_000, prizesAwardedCents: 0, prizesPaidCents: 0, prizesOwedCents: 0, earlierPrizesPaidCents: 0 },
      ...{ stampDutyCents: 250, refundedCents: 400 },
    });
  });

  it('names the first figure an acta states otherwise, a rounding and a missing game included', () => {
    const figures = recomputeActa({
      sessionId: 2,
      games: [single(1)],
      sales: [
        { gameNumber: 1, quantity: 5, totalCents: 675, voided: false, operator: 'bruno' },
        { gameNumber: 1, quantity: 2, totalCents: 270, voided: false, operator: 'ana' },
      ],
      prizes: [prize(1, 1, 'bingo', 472, 'unpaid', 2), prize(9, 4, 'line', 25, 'paid', 1)],
      refunds: [],
    });
    // 9,45 €: line 47,25 → 47 (25 hundredths), bingo 472,5 → 472 (50), stamp 236,25 → 236.
    const stated = { games: [{ ...figures.games[0]! }], totals: { ...figures.totals }, prizesOwed: figures.prizesOwed, earlierPrizesPaid: figures.earlierPrizesPaid };
    expect(firstDifference(figures, stated)).toBeNull();
    expect(firstDifference(figures, { ...stated, games: [{ ...stated.games[0]!, roundingHundredths: { line: 20, bingo: 50 } }] })).toEqual({ game: 1, field: 'roundingHundredths.line', recomputed: 25, stated: 20 });
    expect(firstDifference(figures, { ...stated, totals: { ...stated.totals, stampDutyCents: 237 } })).toEqual({ game: null, field: 'stampDutyCents', recomputed: 236, stated: 237 });
    expect(firstDifference(figures, { ...stated, games: [] })).toEqual({ game: null, field: 'games', recomputed: 1, stated: 0 });
    // The prizes listed: one owed left out, one paid later said to be of another game.
    expect(firstDifference(figures, { ...stated, prizesOwed: [] })).toEqual({ game: null, field: 'prizesOwed', recomputed: 1, stated: 0 });
    expect(firstDifference(figures, { ...stated, earlierPrizesPaid: [{ ...figures.earlierPrizesPaid[0]!, gameNumber: 3 }] })).toEqual({
      game: 4,
      field: 'earlierPrizesPaid[0].gameNumber',
      recomputed: 4,
      stated: 3,
    });
    expect(firstDifference(figures, { ...stated, games: [{ ...stated.games[0]!, bingoAwardedCents: 0 }] })).toEqual({ game: 1, field: 'bingoAwardedCents', recomputed: 472, stated: 0 });
    // The cards per seller (issue 42): Ana 2, Bruno 5; a card moved from one to the other, or a seller left out, is named.
    expect(figures.games[0]!.cardsBySeller).toEqual([
      { username: 'ana', cards: 2 },
      { username: 'bruno', cards: 5 },
    ]);
    const moved = [
      { username: 'ana', cards: 3 },
      { username: 'bruno', cards: 4 },
    ];
    expect(firstDifference(figures, { ...stated, games: [{ ...stated.games[0]!, cardsBySeller: moved }] })).toEqual({ game: 1, field: 'cardsBySeller[0].cards', recomputed: 2, stated: 3 });
    expect(firstDifference(figures, { ...stated, games: [{ ...stated.games[0]!, cardsBySeller: [{ username: 'bruno', cards: 7 }] }] })).toEqual({
      game: 1,
      field: 'cardsBySeller',
      recomputed: 2,
      stated: 1,
    });
    // An acta of the previous release states none: nothing to compare. Stated, it must be a list of the sales' figures.
    const { cardsBySeller: _, ...older } = stated.games[0]!;
    expect(firstDifference(figures, { ...stated, games: [older] })).toBeNull();
    expect(firstDifference(figures, { ...stated, games: [{ ...older, cardsBySeller: null as never }] })).toEqual({ game: 1, field: 'cardsBySeller', recomputed: 2, stated: 'null' });
    expect(firstDifference(figures, { ...stated, games: [{ ...older, cardsBySeller: [null, 7] as never }] })).toEqual({ game: 1, field: 'cardsBySeller[0].username', recomputed: 'ana', stated: undefined });
    // Nor the prizes awarded apart, owed and earlier paid: not compared when left out, required otherwise.
    const { lineAwardedCents: _l, bingoAwardedCents: _b, specialAwardedCents: _s, ...release010 } = older;
    const { prizesAwardedCents: _a, prizesOwedCents: _o, earlierPrizesPaidCents: _e, ...totals010 } = stated.totals;
    expect(firstDifference(figures, { games: [release010], totals: totals010 })).toBeNull();
    expect(firstDifference(figures, { games: [{ ...release010, bingoAwardedCents: 471 }], totals: totals010 })).toEqual({ game: 1, field: 'bingoAwardedCents', recomputed: 472, stated: 471 });
    expect(firstDifference(figures, { games: [release010], totals: totals010, prizesOwed: null as never })).toEqual({ game: null, field: 'prizesOwed', recomputed: 1, stated: 'null' });
    const { stampDutyCents: _d, ...noStamp } = totals010;
    expect(firstDifference(figures, { games: [release010], totals: noStamp })).toEqual({ game: null, field: 'stampDutyCents', recomputed: 236, stated: undefined });
  });
});

describe('guiasByStatus', () => {
  it('counts and sums each status, a payment split into cash and cheques', () => {
    expect(
      guiasByStatus([
        { status: 'paid', amountCents: 4_000, cashCents: 1_500, cheques: [{ amountCents: 2_000 }, { amountCents: 500 }] },
        { status: 'paid', amountCents: 1_200, cashCents: 1_200, cheques: [] },
        { status: 'void', amountCents: 800, cashCents: 0, cheques: [] },
      ]),
    ).toEqual({
      paid: { count: 2, amountCents: 5_200, cashCents: 2_700, chequeCents: 2_500 },
      unpaid: { count: 0, amountCents: 0, cashCents: 0, chequeCents: 0 },
      void: { count: 1, amountCents: 800, cashCents: 0, chequeCents: 0 },
    });
  });
});
