import { describe, expect, it } from 'vitest';
import { KioskError } from '../errors.js';
import {
  checkEdition,
  checkMove,
  checkSale,
  intersect,
  normalise,
  stockFigures,
  stockState,
  subtract,
  type StockMove,
  type StockSeries,
} from './stock.js';

function refusal(fn: () => unknown): KioskError {
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const A = (nextNumber = 1): StockSeries => ({ code: 'A', size: 600, nextNumber });
const mv = (kind: StockMove['kind'], from: number, to: number): StockMove => ({ kind, from, to });

describe('range arithmetic', () => {
  it('merges, intersects and subtracts', () => {
    expect(normalise([{ from: 5, to: 9 }, { from: 1, to: 4 }, { from: 20, to: 20 }])).toEqual([{ from: 1, to: 9 }, { from: 20, to: 20 }]);
    expect(intersect([{ from: 1, to: 10 }], [{ from: 5, to: 15 }, { from: 0, to: 2 }])).toEqual([{ from: 1, to: 2 }, { from: 5, to: 10 }]);
    expect(subtract([{ from: 1, to: 10 }], [{ from: 3, to: 4 }, { from: 9, to: 12 }])).toEqual([{ from: 1, to: 2 }, { from: 5, to: 8 }]);
  });
});

describe('the stock of a series (art. 3.º)', () => {
  // Two boxes of 300, 100 to the counters and 20 back, 250 sold, 10 destroyed.
  const moves = [mv('received', 1, 300), mv('received', 301, 600), mv('issued', 1, 100), mv('returned', 81, 100), mv('destroyed', 591, 600)];

  it('adds up: received = in stock + at counters + sold + destroyed', () => {
    const f = stockFigures(stockState(A(51), moves));
    // sold 1–50 (all at the counters), at counters 51–80, destroyed 591–600, in stock 81–590.
    expect(f).toEqual({ received: 600, inStock: 510, atCounters: 30, sold: 50, destroyed: 10, soldNotReceived: 0 });
    expect(f.inStock + f.atCounters + f.sold + f.destroyed).toBe(f.received);
  });

  it('counts cards sold beyond the counters from stock, and sales of a series never received apart', () => {
    const f = stockFigures(stockState(A(201), moves));
    expect(f).toEqual({ received: 600, inStock: 390, atCounters: 0, sold: 200, destroyed: 10, soldNotReceived: 0 });
    expect(stockFigures(stockState(A(11), []))).toEqual({ received: 0, inStock: 0, atCounters: 0, sold: 0, destroyed: 0, soldNotReceived: 10 });
  });

  it('accepts a box next to another, an issue from stock, its return, a destruction from stock', () => {
    const before = [mv('received', 1, 300)];
    expect(() => checkMove(A(), before, mv('received', 301, 600))).not.toThrow();
    expect(() => checkMove(A(), before, mv('issued', 1, 50))).not.toThrow();
    expect(() => checkMove(A(), [...before, mv('issued', 1, 50)], mv('returned', 41, 50))).not.toThrow();
    expect(() => checkMove(A(), before, mv('destroyed', 299, 300))).not.toThrow();
  });

  it('refuses a range outside the series', () => {
    const e = refusal(() => checkMove(A(), [], mv('received', 590, 601)));
    expect(e.code).toBe('STOCK_RANGE_INVALID');
    expect(e.message).toBe('Cartões 590 a 601 da série A: os cartões da série vão do n.º 1 ao n.º 600 (DN 80/85, art. 3.º, n.º 2). Nada foi registado.');
    expect(refusal(() => checkMove(A(), [], mv('received', 10, 9))).code).toBe('STOCK_RANGE_INVALID');
    expect(refusal(() => checkMove(A(), [], mv('received', 0, 9))).code).toBe('STOCK_RANGE_INVALID');
  });

  it('refuses a box overlapping one received, naming the cards', () => {
    const e = refusal(() => checkMove(A(), [mv('received', 1, 300)], mv('received', 251, 550)));
    expect(e.code).toBe('STOCK_ALREADY_RECEIVED');
    expect(e.message).toBe('Os cartões 251–300 da série A já foram recebidos noutra caixa: cada cartão da série entra uma só vez (DN 80/85, art. 3.º, n.º 2). Nada foi registado.');
  });

  it('refuses cards to the counters that were never received', () => {
    const e = refusal(() => checkMove(A(), [mv('received', 1, 300)], mv('issued', 290, 310)));
    expect(e.code).toBe('STOCK_NOT_RECEIVED');
    expect(e.params).toEqual({ code: 'A', from: 290, to: 310, cards: '301–310' });
  });

  it('refuses destroyed cards to the counters', () => {
    const e = refusal(() => checkMove(A(), [mv('received', 1, 300), mv('destroyed', 10, 12)], mv('issued', 1, 20)));
    expect(e.code).toBe('STOCK_CARDS_DESTROYED');
    expect(e.params.cards).toBe('10–12');
  });

  it('refuses to destroy or take back sold cards', () => {
    const moves = [mv('received', 1, 300), mv('issued', 1, 100)];
    expect(refusal(() => checkMove(A(31), moves, mv('destroyed', 1, 10))).code).toBe('STOCK_CARDS_SOLD');
    const e = refusal(() => checkMove(A(31), moves, mv('returned', 21, 100)));
    expect(e.code).toBe('STOCK_CARDS_SOLD');
    expect(e.params.cards).toBe('21–30');
  });

  it('refuses to destroy or issue again cards at the counters', () => {
    const moves = [mv('received', 1, 300), mv('issued', 1, 100)];
    expect(refusal(() => checkMove(A(), moves, mv('destroyed', 90, 110))).code).toBe('STOCK_AT_COUNTERS');
    expect(refusal(() => checkMove(A(), moves, mv('issued', 100, 100))).code).toBe('STOCK_AT_COUNTERS');
  });

  it('refuses a return of cards that never went out', () => {
    const e = refusal(() => checkMove(A(), [mv('received', 1, 300), mv('issued', 1, 100)], mv('returned', 95, 105)));
    expect(e.code).toBe('STOCK_NOT_AT_COUNTERS');
    expect(e.params.cards).toBe('101–105');
  });
});

describe('a sale against the stock', () => {
  it('sells a series not followed as before', () => {
    expect(() => checkSale(A(), [], { from: 1, to: 10 })).not.toThrow();
  });

  it('refuses cards of a followed series never received', () => {
    const e = refusal(() => checkSale(A(296), [mv('received', 1, 300)], { from: 296, to: 305 }));
    expect(e.code).toBe('SALE_CARDS_NOT_RECEIVED');
    expect(e.message).toBe(
      'Venda recusada: os cartões 301–305 da série A não foram recebidos na sala; só se usam cartões da edição autorizada (DN 80/85, art. 3.º, n.º 1). Registe a caixa que os trouxe.',
    );
  });

  it('refuses destroyed cards', () => {
    const e = refusal(() => checkSale(A(1), [mv('received', 1, 300), mv('destroyed', 5, 5)], { from: 1, to: 10 }));
    expect(e.code).toBe('SALE_CARDS_DESTROYED');
    expect(e.params.cards).toBe('5');
  });
});

describe('the edition (art. 3.º, n.º 1)', () => {
  const ok = { authorisationRef: 'SRIJ 123/2026', authorisationDate: '2026-03-02', emission: '2026/7' };
  it('accepts a real date up to today', () => {
    expect(() => checkEdition(ok, '2026-03-02')).not.toThrow();
  });
  it('refuses an impossible or future date', () => {
    expect(refusal(() => checkEdition({ ...ok, authorisationDate: '2026-02-30' }, '2026-12-01')).code).toBe('EDITION_DATE_INVALID');
    expect(refusal(() => checkEdition(ok, '2026-03-01')).code).toBe('EDITION_DATE_INVALID');
  });
  it('refuses a blank reference or emission', () => {
    expect(refusal(() => checkEdition({ ...ok, authorisationRef: ' ' }, '2026-12-01')).code).toBe('EDITION_REF_MISSING');
    expect(refusal(() => checkEdition({ ...ok, emission: '' }, '2026-12-01')).code).toBe('EDITION_EMISSION_MISSING');
  });
});
