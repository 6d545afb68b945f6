/**
 * sale.create and sale.voidLast on a real SQLite file (DN art. 12): serial
 * order, the second series, quantity, cash only, tender and change, the void.
 * Every refusal leaves the database exactly as it was.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import type { Channel, ChannelOutput } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';

const CLOSE_AT = '2026-12-01T02:00:00.000Z';

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});


// ---- helpers ----

const register = (code: string, size: number, priceCents = 100) => h.ok('series.register', { code, priceCents, size }, t.manager);

const openGame = (seriesCode: string, secondSeriesCode?: string) =>
  h.ok('game.open', secondSeriesCode ? { seriesCode, secondSeriesCode } : { seriesCode }, t.manager);

const sell = (gameId: number, quantity: number, priceCents = 100, tenderedCents = quantity * priceCents) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents } }, t.cashier);

const closeSale = (gameId: number) => h.ok('game.closeSale', { gameId }, t.manager);

const game = (gameId: number) => h.ok('game.get', { gameId }, t.manager);

async function seriesNamed(code: string): Promise<ChannelOutput<'series.list'>[number]> {
  const s = (await h.ok('series.list', {}, t.manager)).find((x) => x.code === code);
  if (!s) throw new Error(`no series ${code}`);
  return s;
}

/** Open a game on `code`, sell `quantity` in one sale, close its sale. */
async function playGame(code: string, quantity: number, priceCents = 100): Promise<number> {
  const g = await openGame(code);
  await sell(g.id, quantity, priceCents);
  await closeSale(g.id);
  return g.id;
}

/** The refusal, and the proof that not one row of any table changed. */
async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

const sale = (gameId: number, quantity: number, method: string, tenderedCents: number) => ({
  gameId,
  quantity,
  payment: { method, tenderedCents },
});

function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  return Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .sort();
}

// ---- serial order ----

describe('serial order (art. 12.2)', () => {
  it('sells contiguous numbers from 1, newest sale listed first', async () => {
    await register('A', 300);
    const g = await openGame('A');
    expect(g).toMatchObject({ number: 1, state: 'selling', priceCents: 100, cardsAvailable: 300, nextCard: { seriesCode: 'A', number: 1 } });
    expect(await sell(g.id, 3)).toEqual({
      saleId: 1,
      ranges: [{ seriesCode: 'A', from: 1, to: 3 }],
      quantity: 3,
      totalCents: 300,
      tenderedCents: 300,
      changeCents: 0,
    });
    expect(await sell(g.id, 2, 100, 500)).toEqual({
      saleId: 2,
      ranges: [{ seriesCode: 'A', from: 4, to: 5 }],
      quantity: 2,
      totalCents: 200,
      tenderedCents: 500,
      changeCents: 300,
    });
    expect(await game(g.id)).toMatchObject({
      cardsSold: 5,
      totalCents: 500,
      cardsAvailable: 295,
      nextCard: { seriesCode: 'A', number: 6 },
      firstSeries: { code: 'A', start: 1, nextNumber: 6, size: 300 },
    });
    const list = await h.ok('sale.list', { gameId: g.id }, t.cashier);
    expect(list).toEqual([
      {
        saleId: 2,
        gameId: g.id,
        quantity: 2,
        ranges: [{ seriesCode: 'A', from: 4, to: 5 }],
        unitPriceCents: 100,
        totalCents: 200,
        paymentMethod: 'cash',
        tenderedCents: 500,
        changeCents: 300,
        cashier: 'caixa1',
        terminalId: 'T1',
        createdAt: '2026-11-30T20:00:00.000Z',
        voided: false,
      },
      expect.objectContaining({ saleId: 1, ranges: [{ seriesCode: 'A', from: 1, to: 3 }], voided: false }),
    ]);
    expect(await h.ok('sale.list', { gameId: g.id, limit: 1 }, t.cashier)).toHaveLength(1);
    expect(await seriesNamed('A')).toMatchObject({ nextNumber: 6, cardsLeft: 295 });
  });

  it('continues in the next game where the previous one stopped', async () => {
    await register('A', 300);
    const g1 = await openGame('A');
    await sell(g1.id, 3);
    await sell(g1.id, 2);
    await closeSale(g1.id);
    const g2 = await openGame('A');
    expect(g2).toMatchObject({ number: 2, firstSeries: { code: 'A', start: 6, nextNumber: 6 }, nextCard: { seriesCode: 'A', number: 6 } });
    expect((await sell(g2.id, 1)).ranges).toEqual([{ seriesCode: 'A', from: 6, to: 6 }]);
    expect((await sell(g2.id, 4)).ranges).toEqual([{ seriesCode: 'A', from: 7, to: 10 }]);
    expect(await seriesNamed('A')).toMatchObject({ nextNumber: 11, cardsLeft: 290 });
  });

  it('continues across a restart (numbers are persisted, and so are the operators\' sessions)', async () => {
    await register('A', 300);
    const g1 = await openGame('A');
    await sell(g1.id, 5);
    await h.reopen();
    // Operator sessions are kept in the hall's file: a restart asks nobody for the PIN again.
    expect(await game(g1.id)).toMatchObject({ state: 'selling', cardsSold: 5, nextCard: { seriesCode: 'A', number: 6 } });
    expect((await sell(g1.id, 2)).ranges).toEqual([{ seriesCode: 'A', from: 6, to: 7 }]);
    await closeSale(g1.id);
    await h.reopen();
    const g2 = await openGame('A');
    expect(g2.firstSeries.start).toBe(8);
    expect((await sell(g2.id, 3)).ranges).toEqual([{ seriesCode: 'A', from: 8, to: 10 }]);
  });

  it('continues on a later day, in a later session', async () => {
    await register('A', 300);
    await playGame('A', 10);
    // The next day. (session.close comes with a later issue: end the session in the data.)
    h.kiosk.db.prepare(`UPDATE sessions SET closed_at = ? WHERE closed_at IS NULL`).run('2026-12-01T02:00:00.000Z');
    h.clock.advanceMinutes(24 * 60);
    t.manager = await h.login('gerente', '2222');
    t.cashier = await h.login('caixa1', '3333');
    const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-02T02:00:00.000Z' }, t.manager);
    expect(session).toMatchObject({ id: 2, openedAt: '2026-12-01T20:00:00.000Z' });
    const g = await openGame('A');
    expect(g).toMatchObject({ sessionId: 2, number: 1, firstSeries: { start: 11 } });
    expect(await sell(g.id, 2)).toMatchObject({ ranges: [{ seriesCode: 'A', from: 11, to: 12 }] });
  });
});

// ---- the second series ----

describe('second series (art. 12.3)', () => {
  it('a roving seller\'s block takes the cards in the one order and over into the second series, within the same cap (issue 42)', async () => {
    await register('A', 10);
    await register('B', 10);
    await playGame('A', 6);
    const g = await openGame('A');
    const admin = await h.login('admin', '1111');
    const ana = (await h.ok('users.create', { username: 'ana', name: 'Ana Lopes', roles: ['cashier'], pin: '5678' }, admin)).id;
    // S = 7: A 7..10 and B 1..6. A block of 8 takes the rest of A and B 1..4; the counter's sale goes on from B 5.
    expect((await h.ok('seller.handOut', { gameId: g.id, sellerId: ana, quantity: 8 }, t.cashier)).ranges).toEqual([
      { seriesCode: 'A', from: 7, to: 10 },
      { seriesCode: 'B', from: 1, to: 4 },
    ]);
    expect(await refusedUnchanged('seller.handOut', { gameId: g.id, sellerId: ana, quantity: 3 }, t.cashier)).toMatchObject({
      code: 'NOT_ENOUGH_CARDS',
      message: 'Só restam 2 cartões nesta jogada e foram pedidos 3. A segunda série só pode ser vendida até ao n.º 6 (art. 12.º, n.º 3).',
    });
    expect((await sell(g.id, 2)).ranges).toEqual([{ seriesCode: 'B', from: 5, to: 6 }]);
  });

  it('takes over exactly when the first runs out, from 1 up to S - 1', async () => {
    await register('A', 10);
    await register('B', 10);
    await playGame('A', 6); // game 1 sells A 1..6
    const g = await openGame('A');
    // S = 7: the rest of A (4) and B 1..6 (6).
    expect(g).toMatchObject({ firstSeries: { code: 'A', start: 7, nextNumber: 7 }, secondSeries: null, cardsAvailable: 10, nextCard: { seriesCode: 'A', number: 7 } });
    expect((await sell(g.id, 2)).ranges).toEqual([{ seriesCode: 'A', from: 7, to: 8 }]);
    expect(await sell(g.id, 5)).toMatchObject({
      ranges: [
        { seriesCode: 'A', from: 9, to: 10 },
        { seriesCode: 'B', from: 1, to: 3 },
      ],
      quantity: 5,
      totalCents: 500,
    });
    expect(await game(g.id)).toMatchObject({
      secondSeries: { code: 'B', named: false, nextNumber: 4, cap: 6 },
      cardsSold: 7,
      cardsAvailable: 3,
      nextCard: { seriesCode: 'B', number: 4 },
    });
    // The S - 1 cap.
    const e = await refusedUnchanged('sale.create', sale(g.id, 4, 'cash', 400), t.cashier);
    expect(e).toEqual({
      code: 'NOT_ENOUGH_CARDS',
      message:
        'Só restam 3 cartões nesta jogada e foram pedidos 4. A segunda série só pode ser vendida até ao n.º 6 (art. 12.º, n.º 3).',
      details: { available: 3, requested: 4 },
    });
    expect((await sell(g.id, 3)).ranges).toEqual([{ seriesCode: 'B', from: 4, to: 6 }]);
    expect(await game(g.id)).toMatchObject({ cardsAvailable: 0, nextCard: null });
    const none = await refusedUnchanged('sale.create', sale(g.id, 1, 'cash', 100), t.cashier);
    expect(none.code).toBe('NOT_ENOUGH_CARDS');
    expect(none.message).toBe('Esgotado: já não há cartões para vender nesta jogada.');
    const closed = await closeSale(g.id);
    expect(closed.announcement).toBe(
      'Venderam-se 10 cartões da série A, do n.º 7 ao n.º 10, e da série B, do n.º 1 ao n.º 6.\n' +
        'Prémio de linha: 0,50 €.\nPrémio de bingo: 5,00 €.\nVai iniciar-se a extração.',
    );
    expect(await seriesNamed('A')).toMatchObject({ nextNumber: 11, cardsLeft: 0 });
    expect(await seriesNamed('B')).toMatchObject({ nextNumber: 7, cardsLeft: 4 });
    // After the game, the second series' next number is where the next game starts.
    const g3 = await openGame('B');
    expect(g3.firstSeries.start).toBe(7);
  });

  it('a sale that ends the first series exactly leaves the takeover to the next sale', async () => {
    await register('A', 10);
    await register('B', 10);
    await playGame('A', 6);
    const g = await openGame('A');
    expect((await sell(g.id, 4)).ranges).toEqual([{ seriesCode: 'A', from: 7, to: 10 }]);
    // No second series is fixed yet, but the next sale can take one over.
    expect(await game(g.id)).toMatchObject({ secondSeries: null, cardsAvailable: 6, nextCard: { seriesCode: 'B', number: 1 } });
    expect((await sell(g.id, 1)).ranges).toEqual([{ seriesCode: 'B', from: 1, to: 1 }]);
    expect(await game(g.id)).toMatchObject({ secondSeries: { code: 'B', named: false, nextNumber: 2, cap: 6 }, cardsAvailable: 5 });
  });

  it('a whole sale can come from the second series when it alone fits', async () => {
    await register('A', 10);
    await register('B', 100);
    await playGame('A', 9);
    const g = await openGame('A');
    // S = 10: A 10 and B 1..9.
    expect(g.cardsAvailable).toBe(1 + 9);
    expect((await sell(g.id, 9)).ranges).toEqual([
      { seriesCode: 'A', from: 10, to: 10 },
      { seriesCode: 'B', from: 1, to: 8 },
    ]);
  });

  it('is not possible when S = 1: the game ends with the first series', async () => {
    await register('A', 5);
    await register('B', 10);
    const g = await openGame('A');
    expect(g.cardsAvailable).toBe(5);
    const e = await refusedUnchanged('sale.create', sale(g.id, 6, 'cash', 600), t.cashier);
    expect(e.code).toBe('NOT_ENOUGH_CARDS');
    expect(e.message).toContain('Só restam 5 cartões nesta jogada e foram pedidos 6');
    expect((await sell(g.id, 5)).ranges).toEqual([{ seriesCode: 'A', from: 1, to: 5 }]);
    expect(await game(g.id)).toMatchObject({ cardsAvailable: 0, nextCard: null, secondSeries: null });
    expect((await refusedUnchanged('sale.create', sale(g.id, 1, 'cash', 100), t.cashier)).code).toBe('NOT_ENOUGH_CARDS');
    expect(await seriesNamed('B')).toMatchObject({ nextNumber: 1 });
  });

  it('without a name, takes the first registered fresh series of the same price', async () => {
    await register('A', 10);
    await register('P', 10, 200); // another price
    await register('C', 10); // sold from below: not fresh
    await register('D', 10); // the first fresh one of 1,00 €
    await register('B', 10);
    await playGame('C', 2);
    await playGame('A', 6);
    const g = await openGame('A');
    expect((await sell(g.id, 6)).ranges).toEqual([
      { seriesCode: 'A', from: 7, to: 10 },
      { seriesCode: 'D', from: 1, to: 2 },
    ]);
  });

  it('the series named at game.open is the one taken over', async () => {
    await register('A', 10);
    await register('C', 10); // registered first, fresh, same price
    await register('B', 10);
    await playGame('A', 6);
    const g = await openGame('A', 'B');
    expect(g.secondSeries).toEqual({ code: 'B', named: true, nextNumber: 1, cap: 6 });
    expect(g.cardsAvailable).toBe(10);
    expect((await sell(g.id, 6)).ranges).toEqual([
      { seriesCode: 'A', from: 7, to: 10 },
      { seriesCode: 'B', from: 1, to: 2 },
    ]);
    expect(await seriesNamed('C')).toMatchObject({ nextNumber: 1 });
  });

  it('refuses a named second series that breaks art. 12.3, changing nothing', async () => {
    await register('A', 10);
    await register('B', 10);
    await register('E', 10, 200);
    await register('D', 10);
    await register('F', 10);
    await playGame('A', 6);
    await playGame('D', 3);

    const price = await refusedUnchanged('game.open', { seriesCode: 'A', secondSeriesCode: 'E' }, t.manager);
    expect(price).toEqual({
      code: 'SECOND_SERIES_PRICE_MISMATCH',
      message: 'A série E não pode ser a segunda série: o preço tem de ser igual ao da primeira (100), art. 12.º, n.º 3.',
    });
    const fresh = await refusedUnchanged('game.open', { seriesCode: 'A', secondSeriesCode: 'D' }, t.manager);
    expect(fresh).toEqual({
      code: 'SECOND_SERIES_NOT_FRESH',
      message: 'A série D não pode ser a segunda série: tem de começar no n.º 1 e já foi vendida até ao n.º 3 (art. 12.º, n.º 3).',
    });
    const same = await refusedUnchanged('game.open', { seriesCode: 'A', secondSeriesCode: 'A' }, t.manager);
    expect(same).toEqual({ code: 'SECOND_SERIES_SAME_AS_FIRST', message: 'A segunda série tem de ser diferente da primeira (art. 12.º, n.º 3).' });
    const s1 = await refusedUnchanged('game.open', { seriesCode: 'F', secondSeriesCode: 'B' }, t.manager);
    expect(s1).toEqual({
      code: 'SECOND_SERIES_NOT_ALLOWED',
      message: 'Não pode haver segunda série: a série F começa no n.º 1 nesta jogada (art. 12.º, n.º 3).',
    });
    const unknown = await refusedUnchanged('game.open', { seriesCode: 'A', secondSeriesCode: 'Z' }, t.manager);
    expect(unknown).toEqual({ code: 'SERIES_NOT_FOUND', message: 'A série Z não está registada.' });
    // And a valid one is accepted afterwards.
    expect((await openGame('A', 'B')).secondSeries).toMatchObject({ code: 'B', named: true });
  });

  it('with no fresh series of the same price, a sale beyond the first series is refused', async () => {
    await register('A', 10);
    await register('E', 10, 200); // fresh but another price
    await register('C', 10); // same price, not fresh
    await playGame('C', 1);
    await playGame('A', 6);
    const g = await openGame('A');
    expect(g.cardsAvailable).toBe(4);
    const e = await refusedUnchanged('sale.create', sale(g.id, 5, 'cash', 500), t.cashier);
    expect(e.code).toBe('NOT_ENOUGH_CARDS');
    expect(e.message).toContain('Só restam 4 cartões nesta jogada e foram pedidos 5');
    expect((await sell(g.id, 4)).ranges).toEqual([{ seriesCode: 'A', from: 7, to: 10 }]);
    expect(await game(g.id)).toMatchObject({ cardsAvailable: 0, nextCard: null });
  });
});

// ---- quantity, payment, tender ----

describe('quantity (hall setting, 100 by default)', () => {
  it.each([0, -1, 2.5, 101])('refuses %s cards with QUANTITY_OUT_OF_RANGE', async (quantity) => {
    await register('A', 300);
    const g = await openGame('A');
    const e = await refusedUnchanged('sale.create', sale(g.id, quantity, 'cash', 100_000), t.cashier);
    expect(e).toEqual({ code: 'QUANTITY_OUT_OF_RANGE', message: 'A quantidade tem de ser um número inteiro de 1 a 100 cartões por venda.' });
  });

  it('accepts 1 and the maximum, and follows settings.update', async () => {
    await register('A', 300);
    const g = await openGame('A');
    expect((await sell(g.id, 1)).ranges).toEqual([{ seriesCode: 'A', from: 1, to: 1 }]);
    expect((await sell(g.id, 100)).ranges).toEqual([{ seriesCode: 'A', from: 2, to: 101 }]);
    expect(await h.ok('settings.update', { maxCardsPerSale: 10 }, t.manager)).toMatchObject({ maxCardsPerSale: 10, chipsAllowed: false });
    const e = await refusedUnchanged('sale.create', sale(g.id, 11, 'cash', 1100), t.cashier);
    expect(e).toEqual({ code: 'QUANTITY_OUT_OF_RANGE', message: 'A quantidade tem de ser um número inteiro de 1 a 10 cartões por venda.' });
    expect((await sell(g.id, 10)).ranges).toEqual([{ seriesCode: 'A', from: 102, to: 111 }]);
  });

  it('a quantity that is not a number is malformed input', async () => {
    await register('A', 300);
    const g = await openGame('A');
    expect((await refusedUnchanged('sale.create', { ...sale(g.id, 3, 'cash', 300), quantity: '3' }, t.cashier)).code).toBe('VALIDATION_FAILED');
  });
});

describe('payment (art. 12.4: cash only)', () => {
  it.each(['cheque', 'card', 'credit', 'mbway'])('refuses %s with PAYMENT_METHOD_NOT_ALLOWED citing art. 12.º, n.º 4', async (method) => {
    await register('A', 300);
    const g = await openGame('A');
    const e = await refusedUnchanged('sale.create', sale(g.id, 2, method, 200), t.cashier);
    expect(e.code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    expect(e.message).toContain('art. 12.º, n.º 4');
    expect(e.message).toContain(`Pagamento recusado (${method})`);
  });

  it('refuses chips unless the hall allows them', async () => {
    await register('A', 300);
    const g = await openGame('A');
    const e = await refusedUnchanged('sale.create', sale(g.id, 2, 'chips', 200), t.cashier);
    expect(e).toEqual({
      code: 'CHIPS_NOT_ALLOWED',
      message:
        'Pagamento em fichas recusado: esta sala não está autorizada a aceitar fichas de jogo (art. 19.º); pague em numerário (art. 12.º, n.º 4).',
    });
    await h.ok('settings.update', { chipsAllowed: true }, t.manager);
    expect(await h.ok('sale.create', sale(g.id, 2, 'chips', 500), t.cashier)).toMatchObject({
      ranges: [{ seriesCode: 'A', from: 1, to: 2 }],
      totalCents: 200,
      changeCents: 300,
    });
    await sell(g.id, 1);
    const [last, chips] = await h.ok('sale.list', { gameId: g.id }, t.cashier);
    expect(last!.paymentMethod).toBe('cash');
    expect(chips!.paymentMethod).toBe('chips');
    expect((await h.ok('ledger.verify', {}, t.manager)).balances).toEqual({ 'cash:T1': 100, 'chips:T1': 200, 'revenue:cards': -300 });
  });

  it('an empty method is malformed input', async () => {
    await register('A', 300);
    const g = await openGame('A');
    expect((await refusedUnchanged('sale.create', sale(g.id, 1, '', 100), t.cashier)).code).toBe('VALIDATION_FAILED');
  });
});

describe('tender and change', () => {
  it('refuses less than the total', async () => {
    await register('A', 300, 150);
    const g = await openGame('A');
    const e = await refusedUnchanged('sale.create', sale(g.id, 2, 'cash', 299), t.cashier);
    expect(e).toEqual({ code: 'TENDERED_INSUFFICIENT', message: 'Valor entregue insuficiente: 2,99 € para um total de 3,00 €.' });
    expect((await refusedUnchanged('sale.create', sale(g.id, 1, 'cash', 0), t.cashier)).code).toBe('TENDERED_INSUFFICIENT');
  });

  it('refuses more than the total plus a 500 € note (a typing slip, not change), and takes exactly that', async () => {
    await register('A', 300, 150);
    const g = await openGame('A');
    expect(await refusedUnchanged('sale.create', sale(g.id, 2, 'cash', 50_301), t.cashier)).toEqual({
      code: 'TENDERED_TOO_LARGE',
      message: 'Valor entregue improvável: 503,01 € para pagar 3,00 €. Entregue no máximo o total mais uma nota de 500 € (503,00 €); corrija o valor.',
    });
    expect((await refusedUnchanged('sale.create', sale(g.id, 1, 'cash', Number.MAX_SAFE_INTEGER), t.cashier)).code).toBe('TENDERED_TOO_LARGE');
    expect(await sell(g.id, 2, 150, 50_300)).toMatchObject({ totalCents: 300, changeCents: 50_000 });
  });

  it('gives the exact change, and the drawer receives the total', async () => {
    await register('A', 300, 150);
    const g = await openGame('A');
    expect(await sell(g.id, 3, 150, 2000)).toMatchObject({ totalCents: 450, tenderedCents: 2000, changeCents: 1550 });
    expect(await sell(g.id, 2, 150, 300)).toMatchObject({ totalCents: 300, tenderedCents: 300, changeCents: 0 });
    expect(await sell(g.id, 7, 150, 1051)).toMatchObject({ totalCents: 1050, changeCents: 1 });
    const ledger = await h.ok('ledger.verify', {}, t.manager);
    expect(ledger).toEqual({ balanced: true, transactions: 3, unbalanced: [], balances: { 'cash:T1': 1800, 'revenue:cards': -1800 } });
    expect((await h.ok('audit.verify', {}, t.manager)).valid).toBe(true);
  });

  it('a negative or fractional tender is malformed input', async () => {
    await register('A', 300);
    const g = await openGame('A');
    expect((await refusedUnchanged('sale.create', sale(g.id, 1, 'cash', -100), t.cashier)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('sale.create', sale(g.id, 1, 'cash', 100.5), t.cashier)).code).toBe('VALIDATION_FAILED');
  });
});

describe('game state', () => {
  it('refuses a sale in a game that is not selling, or does not exist', async () => {
    await register('A', 300);
    const gameId = await playGame('A', 3);
    const e = await refusedUnchanged('sale.create', sale(gameId, 1, 'cash', 100), t.cashier);
    expect(e).toEqual({ code: 'GAME_NOT_SELLING', message: 'A jogada n.º 1 não está em venda (estado: sale_closed).' });
    expect(await refusedUnchanged('sale.create', sale(99, 1, 'cash', 100), t.cashier)).toEqual({
      code: 'GAME_NOT_FOUND',
      message: 'A jogada 99 não existe.',
    });
  });
});

// ---- void ----

describe('void of the last sale (with a manager approval)', () => {
  const approval = (username = 'gerente', pin = '2222') => ({ username, pin });

  it('voids the last sale; its numbers go back and the next sale reuses them', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 3);
    const second = await sell(g.id, 2);
    const voided = await h.ok('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier);
    expect(voided).toEqual({ saleId: second.saleId, ranges: [{ seriesCode: 'A', from: 4, to: 5 }], refundCents: 200 });
    expect(await game(g.id)).toMatchObject({ cardsSold: 3, totalCents: 300, nextCard: { seriesCode: 'A', number: 4 } });
    expect((await h.ok('sale.list', { gameId: g.id }, t.cashier)).map((s) => [s.saleId, s.voided])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect((await sell(g.id, 2)).ranges).toEqual([{ seriesCode: 'A', from: 4, to: 5 }]);
    const ledger = await h.ok('ledger.verify', {}, t.manager);
    expect(ledger).toEqual({ balanced: true, transactions: 4, unbalanced: [], balances: { 'cash:T1': 500, 'revenue:cards': -500 } });
    // Who voided, who approved.
    const row = h.kiosk.db.prepare(`SELECT sale_id, operator_id, approved_by FROM sale_voids`).get();
    const ids = Object.fromEntries(
      (h.kiosk.db.prepare(`SELECT username, id FROM operators`).all() as { username: string; id: number }[]).map((o) => [o.username, o.id]),
    );
    expect(row).toEqual({ sale_id: 2, operator_id: ids.caixa1, approved_by: ids.gerente });
    const audit = h.kiosk.db.prepare(`SELECT operator_id, outcome, input, after FROM audit_log WHERE channel = 'sale.voidLast'`).get() as { operator_id: number; outcome: string; input: string; after: string };
    expect(audit.operator_id).toBe(ids.caixa1);
    expect(audit.outcome).toBe('ok');
    expect(JSON.parse(audit.input)).toEqual({ gameId: g.id, approval: { username: 'gerente', pin: '***' } });
    expect(JSON.parse(audit.after)).toEqual({ saleId: 2, voided: true, approvedBy: 'gerente', ranges: [{ seriesCode: 'A', from: 4, to: 5 }] });
  });

  it('voids only the sale the dialog named: a sale made meanwhile is refused and nothing changes', async () => {
    await register('A', 300);
    const g = await openGame('A');
    const shown = await sell(g.id, 2);
    // Another terminal sells while the manager types the PIN.
    const meanwhile = await sell(g.id, 3);
    expect(await refusedUnchanged('sale.voidLast', { gameId: g.id, saleId: shown.saleId, approval: approval() }, t.cashier)).toEqual({
      code: 'VOID_NOT_LAST_SALE',
      message: `A venda n.º ${shown.saleId} já não é a última da jogada: entretanto foi feita a venda n.º ${meanwhile.saleId}. Nada foi anulado; só se pode anular a venda mais recente.`,
    });
    expect(await h.ok('sale.voidLast', { gameId: g.id, saleId: meanwhile.saleId, approval: approval() }, t.cashier)).toEqual({
      saleId: meanwhile.saleId,
      ranges: [{ seriesCode: 'A', from: 3, to: 5 }],
      refundCents: 300,
    });
  });

  it('an admin may approve too', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 1);
    expect((await h.ok('sale.voidLast', { gameId: g.id, approval: approval('admin', '1111') }, t.cashier)).refundCents).toBe(100);
  });

  it('is never approved by the one who sold or the one voiding, even holding the manager role (separation of duties)', async () => {
    await register('A', 300);
    const g = await openGame('A');
    // A user who is both cashier and manager sells, then asks to void with their own PIN.
    await h.ok('users.create', { username: 'ambos', name: 'Caixa e Gerente', roles: ['cashier', 'manager'], pin: '4444' }, await h.login('admin', '1111'));
    const both = await h.login('ambos', '4444');
    await sell(g.id, 1);
    await h.ok('sale.create', { gameId: g.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, both);
    expect(await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval('ambos', '4444') }, t.cashier)).toEqual({
      code: 'VOID_SELF_APPROVAL',
      message: 'A anulação da venda n.º 2 tem de ser autorizada por outro gerente: ambos vendeu ou está a anular esta venda e não a pode autorizar.',
    });
    expect((await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval('ambos', '4444') }, both)).code).toBe('VOID_SELF_APPROVAL');
    expect((await h.ok('sale.voidLast', { gameId: g.id, approval: approval() }, both)).saleId).toBe(2);
  });

  it('a void of a sale spanning both series gives both back', async () => {
    await register('A', 10);
    await register('B', 10);
    await playGame('A', 6);
    const g = await openGame('A');
    await sell(g.id, 2);
    await sell(g.id, 5);
    expect(await h.ok('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier)).toEqual({
      saleId: 3,
      ranges: [
        { seriesCode: 'A', from: 9, to: 10 },
        { seriesCode: 'B', from: 1, to: 3 },
      ],
      refundCents: 500,
    });
    expect(await seriesNamed('A')).toMatchObject({ nextNumber: 9 });
    expect(await seriesNamed('B')).toMatchObject({ nextNumber: 1 });
    expect(await game(g.id)).toMatchObject({ cardsSold: 2, cardsAvailable: 8, nextCard: { seriesCode: 'A', number: 9 } });
    expect((await sell(g.id, 5)).ranges).toEqual([
      { seriesCode: 'A', from: 9, to: 10 },
      { seriesCode: 'B', from: 1, to: 3 },
    ]);
  });

  it('a wrong PIN is refused; only the audit log changes (the manager\'s own login is not counted)', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    const before = snapshot(h.kiosk);
    const e = await h.refused('sale.voidLast', { gameId: g.id, approval: approval('gerente', '9999') }, t.cashier);
    expect(e).toEqual({ code: 'APPROVAL_INVALID', message: 'Autorização do gerente recusada: utilizador ou PIN incorretos.' });
    const after = snapshot(h.kiosk);
    expect(changedTables(before, after)).toEqual(['audit_log', 'pin_budgets']);
    expect(after.audit_log!.slice(0, before.audit_log!.length)).toEqual(before.audit_log);
    expect(after.audit_log).toHaveLength(before.audit_log!.length + 1);
    const row = after.audit_log!.at(-1) as Record<string, string | number>;
    const cashierId = (h.kiosk.db.prepare(`SELECT id FROM operators WHERE username = 'caixa1'`).pluck().get() as number);
    expect(row).toMatchObject({ channel: 'sale.voidLast', outcome: 'refused', operator_id: cashierId });
    expect(JSON.parse(String(row.input))).toEqual({ gameId: g.id, approval: { username: 'gerente', pin: '***' } });
    expect(JSON.parse(String(row.after))).toEqual({
      approver: 'gerente',
      budgets: { 'approvals@T1': { failures: 1, blockedUntil: null }, 'account:2@T1': { failures: 1, blockedUntil: null } },
      refused: 'APPROVAL_INVALID',
    });
    // A second wrong PIN counts on, at the terminal and for the manager there.
    await h.refused('sale.voidLast', { gameId: g.id, approval: approval('gerente', '0000') }, t.cashier);
    expect(JSON.parse(h.kiosk.db.prepare(`SELECT after FROM audit_log ORDER BY id DESC LIMIT 1`).pluck().get() as string).budgets).toEqual({
      'approvals@T1': { failures: 2, blockedUntil: null },
      'account:2@T1': { failures: 2, blockedUntil: null },
    });
    // The sale was not voided; a right PIN still works.
    expect((await h.ok('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier)).saleId).toBe(1);
  });

  it('an unknown approver is refused; only the audit log changes', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    const before = snapshot(h.kiosk);
    const e = await h.refused('sale.voidLast', { gameId: g.id, approval: approval('ninguem', '2222') }, t.cashier);
    expect(e.code).toBe('APPROVAL_INVALID');
    // The terminal's approvals count it (no account to count it for).
    expect(changedTables(before, snapshot(h.kiosk))).toEqual(['audit_log', 'pin_budgets']);
  });

  it('a cashier cannot approve (APPROVER_NOT_MANAGER), changing nothing', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    const e = await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval('caixa1', '3333') }, t.cashier);
    expect(e).toEqual({ code: 'APPROVER_NOT_MANAGER', message: 'Autorização do gerente recusada: "caixa1" não é gerente.' });
  });

  it('a voided sale cannot be voided again, nor the one before it', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 3);
    await sell(g.id, 2);
    await h.ok('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier);
    const e = await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier);
    expect(e).toEqual({
      code: 'SALE_ALREADY_VOIDED',
      message: 'A última venda da jogada (n.º 2) já foi anulada; só a venda mais recente pode ser anulada.',
    });
  });

  it('nothing to void in a game without sales', async () => {
    await register('A', 300);
    const g = await openGame('A');
    const e = await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier);
    expect(e).toEqual({ code: 'NOTHING_TO_VOID', message: 'Não há venda a anular na jogada n.º 1.' });
  });

  it('no void once the sale is closed', async () => {
    await register('A', 300);
    const gameId = await playGame('A', 4);
    const e = await refusedUnchanged('sale.voidLast', { gameId, approval: approval() }, t.cashier);
    expect(e).toEqual({ code: 'GAME_NOT_SELLING', message: 'A jogada n.º 1 não está em venda (estado: sale_closed).' });
  });

  it('wrong approval PINs pause the terminal\'s approvals, never lock the manager out (issue 12)', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    const wrong = { gameId: g.id, approval: approval('gerente', '9999') };
    for (let i = 0; i < 2; i++) expect((await h.refused('sale.voidLast', wrong, t.cashier)).code).toBe('APPROVAL_INVALID');
    // The third in a row pauses approvals here for 30 s: even the right PIN waits.
    expect(await h.refused('sale.voidLast', wrong, t.cashier)).toEqual({
      code: 'APPROVALS_PAUSED',
      message: expect.stringMatching(/^3 PIN de gerente errados seguidos neste terminal: as autorizações aqui estão em pausa até às \d\d:\d\d\. Noutro terminal o gerente entra e autoriza normalmente; fica registado na auditoria\.$/),
      details: { pausedUntil: '2026-11-30T20:00:30.000Z' },
    });
    expect((await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier)).code).toBe('APPROVALS_PAUSED');
    // The manager is not blocked anywhere: 3 of the 5 wrong PINs his account may have at this terminal.
    const gerenteHere = () => h.kiosk.db.prepare(`SELECT failures, blocked_until FROM pin_budgets WHERE scope = 'account:2@T1'`).get();
    expect(gerenteHere()).toEqual({ failures: 3, blocked_until: null });
    // Each wrong PIN recorded in the audit log, with the terminal's count.
    const audit = h.kiosk.db.prepare(`SELECT after FROM audit_log WHERE channel = 'sale.voidLast' AND outcome = 'refused' ORDER BY id`).pluck().all() as string[];
    expect(audit.map((a) => JSON.parse(a).budgets['approvals@T1'].failures)).toEqual([1, 2, 3]);
    // A fourth wrong one after the pause: twice as long.
    h.clock.advanceSeconds(30);
    expect((await h.refused('sale.voidLast', wrong, t.cashier)).details).toEqual({ pausedUntil: '2026-11-30T20:01:30.000Z' });
    h.clock.advanceSeconds(60);
    // The right PIN then approves, and the count starts again.
    expect((await h.ok('sale.voidLast', { gameId: g.id, approval: approval() }, t.cashier)).refundCents).toBe(200);
    await sell(g.id, 1);
    expect((await h.refused('sale.voidLast', wrong, t.cashier)).code).toBe('APPROVAL_INVALID');
    // The sale stands.
    expect((await h.ok('sale.list', { gameId: g.id }, t.cashier))[0]!.voided).toBe(false);
  });

  it('only a cashier calls the void; a manager calling it directly is refused', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    const e = await refusedUnchanged('sale.voidLast', { gameId: g.id, approval: approval() }, t.manager);
    expect(e.code).toBe('FORBIDDEN');
  });
});
