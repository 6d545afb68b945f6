/**
 * prize.pay against the card handed in (art. 15.5, issue 13): typed (series
 * and number) or its sale's receipt QR read (sale id and check value); and
 * refund.pay with a scanned receipt's check value. Every refusal leaves the
 * file as it was.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { rangesOfSale, saleById } from '../../../db/bingo/sales.js';
import { hallRow } from '../../../db/people.js';
import { saleCheck } from '../../../printing/check.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { confirmByHand, snapshot, type Harness } from '../../../test/harness.js';

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('series.register', { code: 'B', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

const sell = (gameId: number, quantity: number) => h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);

async function refusedUnchanged(channel: Channel, input: unknown, token = t.cashier): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

/** The check value printed in the sale's receipt QR (printing/check.ts), from the sale as stored. */
function checkOf(saleId: number): string {
  const sale = saleById(h.kiosk.db, saleId)!;
  return saleCheck({
    licence: hallRow(h.kiosk.db)!.licence,
    saleId,
    gameId: sale.gameId,
    ranges: rangesOfSale(h.kiosk.db, saleId).map(({ seriesCode, from, to }) => ({ seriesCode, from, to })),
    unitPriceCents: sale.unitPriceCents,
    totalCents: sale.totalCents,
    createdAt: sale.createdAt,
  });
}

/** Another 8-hex value than `check`. */
const otherThan = (check: string) => (check === '00000000' ? '00000001' : '00000000');

/** Game 1: sales 1 (A 1-10) and 2 (A 11-30), the line awarded to A 12 (winner 1). */
async function gameWithLine() {
  const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
  const first = await sell(g.id, 10);
  const second = await sell(g.id, 20);
  await h.ok('game.closeSale', { gameId: g.id }, t.manager);
  for (const n of [4, 18, 27, 49, 63]) await h.ok('game.drawBall', { gameId: g.id, number: n }, t.manager);
  await confirmByHand(h, t.manager, { gameId: g.id, kind: 'line', seriesCode: 'A', card: 12 });
  const line = await h.ok('game.closeClaims', { gameId: g.id, kind: 'line' }, t.manager);
  return { gameId: g.id, first: first.saleId, second: second.saleId, winnerId: line.winners[0]!.winnerId };
}

describe('prize.pay against the card handed in', () => {
  it('pays the card typed as it is printed on it', async () => {
    const { winnerId } = await gameWithLine();
    const paid = await h.ok('prize.pay', { winnerId, card: { seriesCode: ' a ', number: 12 } }, t.cashier);
    expect(paid).toMatchObject({ winnerId, seriesCode: 'A', card: 12, status: 'paid' });
  });

  it('refuses another card typed, naming both and art. 15.5, and pays nothing', async () => {
    const { winnerId } = await gameWithLine();
    expect(await refusedUnchanged('prize.pay', { winnerId, card: { seriesCode: 'A', number: 21 } })).toEqual({
      code: 'PRIZE_CARD_MISMATCH',
      message: 'O cartão A 21 não é o cartão premiado (A 12): o prémio só é pago contra a entrega do cartão premiado (art. 15.º, n.º 5). Nada foi pago.',
    });
    expect((await refusedUnchanged('prize.pay', { winnerId, card: { seriesCode: 'B', number: 12 } })).code).toBe('PRIZE_CARD_MISMATCH');
    // No card at all: the contract asks for one.
    expect((await refusedUnchanged('prize.pay', { winnerId })).code).toBe('VALIDATION_FAILED');
    expect((await h.ok('prize.list', {}, t.cashier)).map((w) => w.status)).toEqual(['unpaid']);
  });

  it('pays against the receipt QR of the sale that sold the card', async () => {
    const { winnerId, second } = await gameWithLine();
    const paid = await h.ok('prize.pay', { winnerId, card: { saleId: second, check: checkOf(second) } }, t.cashier);
    expect(paid.status).toBe('paid');
  });

  it('refuses the receipt of another sale, a misread check value, an unknown sale and a voided sale', async () => {
    const { winnerId, first, second } = await gameWithLine();
    expect(await refusedUnchanged('prize.pay', { winnerId, card: { saleId: first, check: checkOf(first) } })).toEqual({
      code: 'PRIZE_RECEIPT_MISMATCH',
      message: `O talão da venda n.º ${first} não é do cartão premiado (A 12, jogada n.º 1): o prémio só é pago contra a entrega do cartão premiado (art. 15.º, n.º 5). Nada foi pago.`,
    });
    const wrong = otherThan(checkOf(second));
    expect(await refusedUnchanged('prize.pay', { winnerId, card: { saleId: second, check: wrong } })).toEqual({
      code: 'RECEIPT_CHECK_MISMATCH',
      message: `O código de controlo lido (${wrong}) não é o do talão da venda n.º ${second}: o talão não é desta venda ou foi mal lido. Nada foi pago.`,
    });
    expect((await refusedUnchanged('prize.pay', { winnerId, card: { saleId: 999, check: '00000000' } })).code).toBe('SALE_NOT_FOUND');
    expect((await refusedUnchanged('prize.pay', { winnerId, card: { saleId: second, check: 'XYZ' } })).code).toBe('VALIDATION_FAILED');
  });
});

describe('refund.pay with a scanned receipt', () => {
  async function annulledGame() {
    const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    const sale = await sell(g.id, 3);
    await h.ok('game.closeSale', { gameId: g.id }, t.manager);
    await h.ok('game.suspend', { gameId: g.id }, t.manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId: g.id, reason: 'failure_before_draw' }, t.manager);
    return sale.saleId;
  }

  it('refunds the sale whose receipt check value matches', async () => {
    const saleId = await annulledGame();
    expect(await h.ok('refund.pay', { saleId, check: checkOf(saleId) }, t.cashier)).toMatchObject({ saleId, amountCents: 300 });
  });

  it('refuses a check value that is not the sale’s, and refunds nothing', async () => {
    const saleId = await annulledGame();
    const wrong = otherThan(checkOf(saleId));
    expect(await refusedUnchanged('refund.pay', { saleId, check: wrong })).toEqual({
      code: 'RECEIPT_CHECK_MISMATCH',
      message: `O código de controlo lido (${wrong}) não é o do talão da venda n.º ${saleId}: o talão não é desta venda ou foi mal lido. Nada foi pago.`,
    });
    expect((await h.ok('refund.list', {}, t.cashier)).map((r) => r.refunded)).toEqual([false]);
  });
});
