/**
 * The acta's figures recomputed from a session's rows (the inspector's check),
 * against values worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { guiasByStatus } from '../caixa/guia-figures.js';
import { firstDifference, recomputeActa, type FigureGame } from './acta-figures.js';

const single = (number: number, state = 'finished', stampDutyBasisPoints: number | null = 2500): FigureGame => ({ number, state, double: null, doubleOfNumber: null, stampDutyBasisPoints });

describe('recomputeActa', () => {
  it('gives a double pair each its half, the odd cent to the first, and floors each prize and the stamp duty', () => {
    // Sales of the pair's first game: 4,05 € and 1,35 €; the second's shares are floor(405/2) = 202 and floor(135/2) = 67.
    const figures = recomputeActa({
      games: [
        { number: 1, state: 'finished', double: 'first', doubleOfNumber: null, stampDutyBasisPoints: 2500, specialShareBasisPoints: 350 },
        { number: 2, state: 'finished', double: 'second', doubleOfNumber: 1, stampDutyBasisPoints: 2500, specialShareBasisPoints: 350 },
      ],
      sales: [
        { gameNumber: 1, quantity: 3, totalCents: 405, voided: false },
        { gameNumber: 1, quantity: 1, totalCents: 135, voided: false },
        { gameNumber: 1, quantity: 2, totalCents: 270, voided: true },
      ],
      prizes: [
        { gameNumber: 1, kind: 'line', prizeCents: 13, paid: true },
        { gameNumber: 2, kind: 'bingo', prizeCents: 134, paid: false },
        { gameNumber: 2, kind: 'special', prizeCents: 5_000, paid: true },
      ],
      refunds: [],
    });
    // First: V = 540 - 269 = 271; line 5 % = 13,55 → 13 (55 hundredths dropped); bingo 50 % = 135,5 → 135 (50); stamp 25 % = 67,75 → 67.
    // Second: V = 269; line 13,45 → 13 (45); bingo 134,5 → 134 (50); stamp 67,25 → 67.
    // The special prize's 3,5 % of V: 271 → 9,485 → 9 cents; 269 → 9,415 → 9 cents.
    expect(figures.games).toEqual([
      { number: 1, cardsSold: 4, totalCents: 271, linePrizeCents: 13, bingoPrizeCents: 135, roundingHundredths: { line: 55, bingo: 50 }, stampDutyCents: 67, linePaidCents: 13, bingoPaidCents: 0, specialPaidCents: 0, refundedCents: 0, specialShareCents: 9 },
      { number: 2, cardsSold: 4, totalCents: 269, linePrizeCents: 13, bingoPrizeCents: 134, roundingHundredths: { line: 45, bingo: 50 }, stampDutyCents: 67, linePaidCents: 0, bingoPaidCents: 0, specialPaidCents: 5_000, refundedCents: 0, specialShareCents: 9 },
    ]);
    expect(figures.totals).toEqual({ cardsSold: 8, totalCents: 540, prizesPaidCents: 5_013, stampDutyCents: 134, refundedCents: 0 });
  });

  it('leaves an annulled game out of the totals but counts its refunds; one annulled while selling shows what it sold, with no prizes', () => {
    const figures = recomputeActa({
      games: [single(1), single(2, 'annulled'), single(3, 'annulled', null)],
      sales: [
        { gameNumber: 1, quantity: 10, totalCents: 1_000, voided: false },
        { gameNumber: 2, quantity: 3, totalCents: 300, voided: false },
        { gameNumber: 3, quantity: 1, totalCents: 100, voided: false },
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
    expect(figures.totals).toEqual({ cardsSold: 10, totalCents: 1_000, prizesPaidCents: 0, stampDutyCents: 250, refundedCents: 400 });
  });

  it('names the first figure an acta states otherwise, a rounding and a missing game included', () => {
    const figures = recomputeActa({ games: [single(1)], sales: [{ gameNumber: 1, quantity: 7, totalCents: 945, voided: false }], prizes: [], refunds: [] });
    // 9,45 €: line 47,25 → 47 (25 hundredths), bingo 472,5 → 472 (50), stamp 236,25 → 236.
    const stated = { games: [{ ...figures.games[0]! }], totals: { ...figures.totals } };
    expect(firstDifference(figures, stated)).toBeNull();
    expect(firstDifference(figures, { ...stated, games: [{ ...stated.games[0]!, roundingHundredths: { line: 20, bingo: 50 } }] })).toEqual({ game: 1, field: 'roundingHundredths.line', recomputed: 25, stated: 20 });
    expect(firstDifference(figures, { ...stated, totals: { ...stated.totals, stampDutyCents: 237 } })).toEqual({ game: null, field: 'stampDutyCents', recomputed: 236, stated: 237 });
    expect(firstDifference(figures, { ...stated, games: [] })).toEqual({ game: null, field: 'games', recomputed: 1, stated: 0 });
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
