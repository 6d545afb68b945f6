/**
 * The screens' sold figures carried forward between queries (sold.ts): after
 * each sale, across two series, after a void of the last sale and after more
 * sales, session.current and game.get answer exactly what reading every sale
 * again answers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameSalesTotals, gameSoldRanges } from '../../../db/bingo/sales.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { rangesOf } from './sold.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const APPROVAL = { username: 'gerente', pin: '2222' };
let t: TestHall;
let gameId: number;

beforeEach(async () => {
  t = await createTestHall({ idleMs: 86_400_000 });
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 30 }, t.manager);
    await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
  gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
});

afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const sell = (quantity: number) => t.h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);

/** What the screens are told, and what reading every sale again says. */
async function shown() {
  const current = (await t.h.ok('session.current', {}, t.cashier)).games.find((g) => g.id === gameId)!;
  const got = await t.h.ok('game.get', { gameId }, t.cashier);
  const whole = gameSalesTotals(t.h.kiosk.db, gameId);
  expect({ cardsSold: current.cardsSold, totalCents: current.totalCents, soldRanges: current.soldRanges }).toEqual({
    cardsSold: whole.cards,
    totalCents: whole.cents,
    soldRanges: gameSoldRanges(t.h.kiosk.db, gameId),
  });
  expect({ cardsSold: got.cardsSold, totalCents: got.totalCents, soldRanges: got.soldRanges }).toEqual({
    cardsSold: current.cardsSold,
    totalCents: current.totalCents,
    soldRanges: current.soldRanges,
  });
  return { cards: current.cardsSold, cents: current.totalCents, ranges: current.soldRanges };
}

describe("a game's sold figures on the screens", () => {
  it('are carried forward sale by sale, and read whole again after a void', async () => {
    expect(await shown()).toEqual({ cards: 0, cents: 0, ranges: [] });
    await sell(10);
    expect(await shown()).toEqual({ cards: 10, cents: 1_000, ranges: [{ seriesCode: 'A', from: 1, to: 10 }] });
    await sell(15);
    expect(await shown()).toEqual({ cards: 25, cents: 2_500, ranges: [{ seriesCode: 'A', from: 1, to: 25 }] });
    const last = await sell(3);
    expect(await shown()).toEqual({ cards: 28, cents: 2_800, ranges: [{ seriesCode: 'A', from: 1, to: 28 }] });
    // The last sale voided: its numbers go back, and the figures are read whole again.
    await t.h.ok('sale.voidLast', { gameId, saleId: last.saleId, approval: APPROVAL }, t.cashier);
    expect(await shown()).toEqual({ cards: 25, cents: 2_500, ranges: [{ seriesCode: 'A', from: 1, to: 25 }] });
    await sell(2);
    expect(await shown()).toEqual({ cards: 27, cents: 2_700, ranges: [{ seriesCode: 'A', from: 1, to: 27 }] });
    // Shown twice with nothing new: the same.
    expect(await shown()).toEqual({ cards: 27, cents: 2_700, ranges: [{ seriesCode: 'A', from: 1, to: 27 }] });
  });
});

describe('the sold ranges of several series', () => {
  it("put the game's first series first, then the others by their registration", () => {
    const series = new Map([
      [7, { seriesCode: 'C', from: 1, to: 4 }],
      [9, { seriesCode: 'A', from: 250, to: 300 }],
      [3, { seriesCode: 'B', from: 1, to: 2 }],
    ]);
    expect(rangesOf(9, series)).toEqual([
      { seriesCode: 'A', from: 250, to: 300 },
      { seriesCode: 'B', from: 1, to: 2 },
      { seriesCode: 'C', from: 1, to: 4 },
    ]);
  });
});
