import { describe, expect, it } from 'vitest';
import { KioskError } from '../errors.js';
import type { CardRange } from './allocation.js';
import { announcedRanges, blockReturn, cardRefundCents, checkCardRefund, closeOfSale, gameOrder, nextNumbers, orderState, sellerSettlement, takeNext } from './sellers.js';

const r = (seriesCode: string, from: number, to: number): CardRange => ({ seriesCode, from, to });
const refusal = (f: () => unknown): KioskError => {
  try {
    f();
  } catch (e) {
    if (e instanceof KioskError) return e;
    throw e;
  }
  throw new Error('not refused');
};

// Series A of 300 cards started at n.º 201 (the day before sold 1-200); series B of 300 as second series: up to n.º 200 (art. 12.º, n.º 3, c)).
const plan = { first: { code: 'A', priceCents: 100, size: 300, nextNumber: 201 }, firstStart: 201, second: { code: 'B', priceCents: 100, size: 300, nextNumber: 1 } };
const order = gameOrder(plan);

describe('the one order of a game (DN 80/85, art. 12.º, n.os 2 and 3)', () => {
  it('runs through the first series from where it started, then the second up to its cap', () => {
    expect(order).toEqual([r('A', 201, 300), r('B', 1, 200)]);
    expect(gameOrder({ ...plan, firstStart: 1, second: null })).toEqual([r('A', 1, 300)]);
  });

  it('three sellers and a counter: blocks in order, a block returned from the middle sold again first, one range per series announced', () => {
    // Ana takes 40 (A 201-240), Bruno 40 (A 241-280), the counter sells 5 (A 281-285), Carla 40 (A 286-300 then B 1-25).
    const ana = takeNext(order, [], [], 40);
    expect(ana).toEqual([r('A', 201, 240)]);
    const bruno = takeNext(order, [], ana, 40);
    expect(bruno).toEqual([r('A', 241, 280)]);
    const counter1 = takeNext(order, [], [...ana, ...bruno], 5);
    expect(counter1).toEqual([r('A', 281, 285)]);
    const carla = takeNext(order, counter1, [...ana, ...bruno], 40);
    expect(carla).toEqual([r('A', 286, 300), r('B', 1, 25)]);

    // Ana sold 33 and hands back 7 from A 234: in the middle of the order, so sold again first.
    const anaBack = blockReturn(ana, { seriesCode: 'A', number: 234 }, 'Ana');
    expect(anaBack).toEqual({ sold: [r('A', 201, 233)], returned: [r('A', 234, 240)] });
    let sold = [...counter1, ...anaBack.sold];
    let out = [...bruno, ...carla];
    expect(orderState(order, sold, out)).toEqual({ top: 125, toSellFirst: [r('A', 234, 240)], above: 175, sold: 38, out: 80 });

    // The counter's next sale of 10: the seven returned, then three from the top (B 26-28).
    const counter2 = takeNext(order, sold, out, 10);
    expect(counter2).toEqual([r('A', 234, 240), r('B', 26, 28)]);
    sold = [...sold, ...counter2];

    // Bruno sold all; Carla hands back from B 11: at the top of the order? No: B 26-28 were sold after, so B 11-25 are in the middle.
    sold = [...sold, ...blockReturn(bruno, null).sold];
    const carlaBack = blockReturn(carla, { seriesCode: 'B', number: 11 }, 'Carla');
    expect(carlaBack).toEqual({ sold: [r('A', 286, 300), r('B', 1, 10)], returned: [r('B', 11, 25)] });
    sold = [...sold, ...carlaBack.sold];
    out = [];
    // The close of sale shows the gap and refuses.
    const gap = refusal(() => closeOfSale(order, sold, []));
    expect(gap.code).toBe('SALE_CLOSE_CARDS_TO_RESELL');
    expect(gap.message).toBe(
      'A venda não pode fechar: os cartões B 11-25 ficaram por vender no meio da ordem; venda-os ou entregue-os a um vendedor (DN 80/85, art. 12.º, n.º 2: os cartões vendem-se pelo número de ordem; art. 13.º: anuncia-se do n.º ... ao n.º ...).',
    );
    // Handed to Ana again (15 cards, the gap exactly), all sold: one range per series.
    const anaAgain = takeNext(order, sold, out, 15);
    expect(anaAgain).toEqual([r('B', 11, 25)]);
    sold = [...sold, ...blockReturn(anaAgain, null).sold];
    expect(closeOfSale(order, sold, [{ seller: 'Ana', cards: [] }])).toEqual([r('A', 201, 300), r('B', 1, 28)]);
    // 100 + 28 cards sold: 128.
    expect(orderState(order, sold, []).sold).toBe(128);
  });

  it('a block handed back at the top of the order gives its cards back to the top: no gap, the series read again from there', () => {
    const block = takeNext(order, [], [], 50);
    const back = blockReturn(block, { seriesCode: 'A', number: 231 });
    expect(back.returned).toEqual([r('A', 231, 250)]);
    const state = orderState(order, back.sold, []);
    expect(state).toEqual({ top: 30, toSellFirst: [], above: 270, sold: 30, out: 0 });
    expect(nextNumbers(order, state.top)).toEqual({ A: 231, B: 1 });
    expect(closeOfSale(order, back.sold, [])).toEqual([r('A', 201, 230)]);
    expect(nextNumbers(order, 100)).toEqual({ A: 301, B: 1 });
    expect(nextNumbers(order, 107)).toEqual({ A: 301, B: 8 });
  });

  it('refuses the close while a seller holds a block, naming the seller', () => {
    const block = takeNext(order, [], [], 10);
    const e = refusal(() => closeOfSale(order, [], [{ seller: 'Bruno', cards: block }]));
    expect(e.code).toBe('SALE_CLOSE_BLOCKS_OUT');
    expect(e.message).toBe('A venda não pode fechar: Bruno ainda não entregou os cartões excedentes; terminada a venda, o caixa recolhe os cartões excedentes (DN 80/85, art. 13.º).');
  });

  it('refuses a return read on a card of another block, and a block larger than what is left', () => {
    const e = refusal(() => blockReturn([r('A', 201, 240)], { seriesCode: 'A', number: 241 }, 'Ana'));
    expect(e.code).toBe('SELLER_RETURN_NOT_IN_BLOCK');
    expect(e.message).toBe('O cartão A 241 não é do bloco entregue a Ana (A 201-240): leia o primeiro cartão por vender do bloco (DN 80/85, art. 13.º). Nada foi registado.');
    expect(blockReturn([r('A', 201, 240)], { seriesCode: 'A', number: 201 })).toEqual({ sold: [], returned: [r('A', 201, 240)] });
    const big = refusal(() => takeNext(order, [], [r('A', 201, 290)], 211, 200));
    expect(big.code).toBe('NOT_ENOUGH_CARDS');
    expect(big.params).toMatchObject({ available: 210, requested: 211 });
  });

  it('refuses cards outside the order and cards given twice', () => {
    expect(refusal(() => orderState(order, [r('A', 150, 160)], [])).code).toBe('CARDS_OUTSIDE_ORDER');
    expect(refusal(() => orderState(order, [r('B', 190, 210)], [])).code).toBe('CARDS_OUTSIDE_ORDER');
    const twice = refusal(() => orderState(order, [r('A', 201, 210)], [r('A', 210, 220)]));
    expect(twice.code).toBe('CARDS_GIVEN_TWICE');
  });

  it('announces what was sold joined into ranges, split at the series', () => {
    expect(announcedRanges(order, [r('A', 221, 300), r('A', 201, 220), r('B', 1, 4)])).toEqual([r('A', 201, 300), r('B', 1, 4)]);
  });
});

describe("a seller's cash", () => {
  it('owes cards sold x price; the difference counted and whether a manager must accept it', () => {
    // 33 + 7 cards at 1,50 €: 60,00 € owed; 59,50 € counted, threshold 1,00 €: 0,50 € short, within it.
    expect(sellerSettlement({ sold: [r('A', 201, 233), r('B', 1, 7)], priceCents: 150, countedCents: 5_950, thresholdCents: 100 })).toEqual({
      cardsSold: 40,
      owedCents: 6_000,
      countedCents: 5_950,
      differenceCents: -50,
      needsAcceptance: false,
    });
    expect(sellerSettlement({ sold: [r('A', 201, 233)], priceCents: 150, countedCents: 4_800, thresholdCents: 100 })).toMatchObject({ owedCents: 4_950, differenceCents: -150, needsAcceptance: true });
  });
});

describe('a refund by the card presented, after an annulment', () => {
  const sold = [r('A', 201, 233), r('A', 281, 285)];
  it('is paid once against a card sold, whoever sold it', () => {
    expect(() => checkCardRefund({ card: { seriesCode: 'A', number: 233 }, sold, refunded: [], gameNumber: 4 })).not.toThrow();
    const twice = refusal(() => checkCardRefund({ card: { seriesCode: 'A', number: 233 }, sold, refunded: [{ seriesCode: 'A', number: 233 }], gameNumber: 4 }));
    expect(twice.code).toBe('CARD_ALREADY_REFUNDED');
    expect(twice.message).toBe(
      'O cartão A 233 da jogada n.º 4 já foi reembolsado: cada cartão é reembolsado uma só vez (DN 80/85, art. 16.º, n.º 3: a devolução integral do preço do cartão). Nada foi pago.',
    );
    const unsold = refusal(() => checkCardRefund({ card: { seriesCode: 'A', number: 240 }, sold, refunded: [], gameNumber: 4 }));
    expect(unsold.code).toBe('CARD_REFUND_NOT_SOLD');
    expect(unsold.message).toBe('O cartão A 240 não foi vendido na jogada n.º 4: só se reembolsa um cartão vendido na jogada anulada (DN 80/85, art. 16.º, n.º 3). Nada foi pago.');
  });
});

describe('a card refunded by its number', () => {
  it("gives back its price; a double pair's second game, the sale's half shared, the odd cents to the last cards refunded", () => {
    expect([0, 1, 2].map((n) => cardRefundCents({ totalCents: 405, quantity: 3, refundedBefore: n, secondOfPair: false }))).toEqual([135, 135, 135]);
    // 4 cards at 1,01 €: the second game's half is floor(404 / 2) = 202 = 50 + 50 + 51 + 51.
    expect([0, 1, 2, 3].map((n) => cardRefundCents({ totalCents: 404, quantity: 4, refundedBefore: n, secondOfPair: true }))).toEqual([50, 50, 51, 51]);
    // 3 cards: floor(303 / 2) = 151 = 50 + 50 + 51.
    expect([0, 1, 2].map((n) => cardRefundCents({ totalCents: 303, quantity: 3, refundedBefore: n, secondOfPair: true }))).toEqual([50, 50, 51]);
  });
});
