/**
 * Sessions and games (SPEC 3): opening, one game selling at a time, and the
 * close of sale (art. 13) with its exact announcement, prizes and acta row.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { verifyAudit } from '../../../db/audit.js';
import { verifyLedger } from '../../../db/ledger.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';

const NOW = '2026-11-30T20:00:00.000Z';
const CLOSE_AT = '2026-12-01T02:00:00.000Z';

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall();
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
});

afterEach(() => {
  try {
    expect(verifyLedger(h.kiosk.db).balanced).toBe(true);
    expect(verifyAudit(h.kiosk.db).valid).toBe(true);
  } finally {
    h.close();
  }
});

const register = (code: string, size: number, priceCents = 100) => h.ok('series.register', { code, priceCents, size }, t.manager);
const openSession = (scheduledCloseAt = CLOSE_AT) => h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt }, t.manager);
const openGame = (seriesCode: string, secondSeriesCode?: string) =>
  h.ok('game.open', secondSeriesCode ? { seriesCode, secondSeriesCode } : { seriesCode }, t.manager);
const sell = (gameId: number, quantity: number, priceCents = 100) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * priceCents } }, t.cashier);
const closeSale = (gameId: number) => h.ok('game.closeSale', { gameId }, t.manager);

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

interface ActaRow {
  session_id: number;
  game_id: number | null;
  at: string;
  kind: string;
  data: string;
}
const acta = () => h.kiosk.db.prepare(`SELECT session_id, game_id, at, kind, data FROM acta_entries ORDER BY id`).all() as ActaRow[];

describe('session.open', () => {
  it('opens the day with its closing time and writes it in the acta', async () => {
    expect(await h.ok('session.current', {}, t.cashier)).toEqual({ session: null, games: [], startChecksMissing: [] });
    const s = await openSession();
    expect(s).toEqual({ id: 1, openedAt: NOW, scheduledCloseAt: CLOSE_AT, closedAt: null, openedBy: 'gerente', specialBalls: null });
    expect(await h.ok('session.current', {}, t.cashier)).toEqual({ session: s, games: [], startChecksMissing: [] });
    expect(acta()).toEqual([
      { session_id: 1, game_id: null, at: NOW, kind: 'session_opened', data: JSON.stringify({ scheduledCloseAt: CLOSE_AT, by: 'gerente', specialBalls: null }) },
      { session_id: 1, game_id: null, at: NOW, kind: 'check', data: JSON.stringify({ phase: 'start', kind: 'balls', by: 'gerente' }) },
      { session_id: 1, game_id: null, at: NOW, kind: 'check', data: JSON.stringify({ phase: 'start', kind: 'material', by: 'gerente' }) },
    ]);
  });

  it('records each start check once, however often it is named', async () => {
    await h.ok('session.open', { startChecks: ['material', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
    expect(acta().map((r) => [r.kind, r.data])).toEqual([
      ['session_opened', JSON.stringify({ scheduledCloseAt: CLOSE_AT, by: 'gerente', specialBalls: null })],
      ['check', JSON.stringify({ phase: 'start', kind: 'material', by: 'gerente' })],
    ]);
  });

  it('refuses a start check that is not one (art. 5.2 balls, art. 11.1 material)', async () => {
    expect((await refusedUnchanged('session.open', { startChecks: ['coffee'], scheduledCloseAt: CLOSE_AT }, t.manager)).code).toBe('VALIDATION_FAILED');
  });

  it('accepts a closing time with an offset and stores it in UTC', async () => {
    expect((await openSession('2026-12-01T02:00:00+01:00')).scheduledCloseAt).toBe('2026-12-01T01:00:00.000Z');
  });

  it('accepts a closing time exactly 24 hours ahead', async () => {
    expect((await openSession('2026-12-01T20:00:00.000Z')).scheduledCloseAt).toBe('2026-12-01T20:00:00.000Z');
  });

  it('refuses a second open session', async () => {
    await openSession();
    const e = await refusedUnchanged('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
    expect(e).toEqual({ code: 'SESSION_ALREADY_OPEN', message: 'Já existe uma sessão aberta (n.º 1); feche-a antes de abrir outra.' });
  });

  it.each([
    ['in the past', '2026-11-30T19:59:59.000Z'],
    ['now', NOW],
    ['more than 24 hours ahead', '2026-12-01T20:00:00.001Z'],
    ['days ahead', '2026-12-05T02:00:00.000Z'],
  ])('refuses a closing time %s', async (_label, scheduledCloseAt) => {
    const e = await refusedUnchanged('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt }, t.manager);
    expect(e).toEqual({
      code: 'CLOSE_TIME_INVALID',
      message: 'A hora de encerramento da sessão deve ser posterior à hora atual e nas próximas 24 horas.',
    });
  });

  it('refuses a closing time that is not an ISO date-time', async () => {
    expect((await refusedUnchanged('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: 'amanhã às 2h' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('session.open', {}, t.manager)).code).toBe('VALIDATION_FAILED');
  });

  it('is the manager’s: a cashier is refused', async () => {
    expect((await refusedUnchanged('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.cashier)).code).toBe('FORBIDDEN');
  });
});

describe('game.open', () => {
  it('refuses the first game until the start checks are in the acta (art. 5.2, 11.1), naming those missing', async () => {
    await register('A', 300);
    await h.ok('session.open', { scheduledCloseAt: CLOSE_AT }, t.manager);
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'SESSION_START_CHECK_MISSING',
      message:
        'Antes da primeira jogada registe as verificações do início da sessão em falta (bolas e material): todas as bolas passadas pelo mecanismo de extração (art. 5.º, n.º 2) e o material verificado (art. 11.º, n.º 1). Acta → Verificações → Início.',
    });
    expect((await h.ok('session.current', {}, t.cashier)).startChecksMissing).toEqual(['balls', 'material']);
    await h.ok('session.recordCheck', { phase: 'start', kind: 'balls' }, t.manager);
    expect((await h.ok('session.current', {}, t.cashier)).startChecksMissing).toEqual(['material']);
    // An end check does not stand for the start's.
    await h.ok('session.recordCheck', { phase: 'end', kind: 'material' }, t.manager);
    expect((await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).message).toContain('em falta (material)');
    await h.ok('session.recordCheck', { phase: 'start', kind: 'material' }, t.manager);
    expect((await openGame('A')).number).toBe(1);
  });

  it('refuses without an open session', async () => {
    await register('A', 300);
    const e = await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager);
    expect(e).toEqual({ code: 'NO_OPEN_SESSION', message: 'Não há sessão aberta: o gerente deve abrir a sessão.' });
  });

  it('opens game 1 on a series at its next number, with the series price', async () => {
    await openSession();
    await register('A', 300, 150);
    const g = await openGame('a'); // codes are upper-cased
    expect(g).toEqual({
      id: 1,
      sessionId: 1,
      number: 1,
      state: 'selling',
      priceCents: 150,
      firstSeries: { code: 'A', start: 1, nextNumber: 1, size: 300 },
      secondSeries: null,
      cardsSold: 0,
      totalCents: 0,
      soldRanges: [],
      cardsAvailable: 300,
      nextCard: { seriesCode: 'A', number: 1 },
      openedAt: NOW,
      saleClosedAt: null,
      announcement: null,
      linePrizeCents: null,
      bingoPrizeCents: null,
      isLast: false,
      becameLastAt: null,
      closeAt: CLOSE_AT,
      lastGameFrom: '2026-12-01T01:50:00.000Z',
      drawWaitsFor: null,
      unplayable: null,
      ballCount: 0,
      suspendedAt: null,
      suspendedFrom: null,
      manualDraw: false,
      double: null,
      annulReason: null,
      ballSet: { serial: 'BOLAS-1', gamesPlayed: 1, warning: false },
    });
    expect(acta().at(-1)).toEqual({
      session_id: 1,
      game_id: 1,
      at: NOW,
      kind: 'game_opened',
      data: JSON.stringify({ number: 1, priceCents: 150, firstSeries: 'A', firstStart: 1, secondSeries: null, ballSet: 'BOLAS-1', isLast: false }),
    });
    expect(await h.ok('session.current', {}, t.cashier)).toMatchObject({ session: { id: 1 }, games: [g] });
    expect(await h.ok('game.get', { gameId: 1 }, t.cashier)).toEqual(g);
  });

  it('refuses a second game while one is still selling', async () => {
    await openSession();
    await register('A', 300);
    await register('B', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    const e = await refusedUnchanged('game.open', { seriesCode: 'B' }, t.manager);
    expect(e).toEqual({
      code: 'GAME_ALREADY_SELLING',
      message: 'A jogada n.º 1 ainda está em venda: feche a venda antes de abrir a seguinte.',
    });
  });

  it('refuses an unknown series and a sold-out series', async () => {
    await openSession();
    expect(await refusedUnchanged('game.open', { seriesCode: 'Z' }, t.manager)).toEqual({
      code: 'SERIES_NOT_FOUND',
      message: 'A série Z não está registada.',
    });
    await register('A', 5);
    const g = await openGame('A');
    await sell(g.id, 5);
    await closeSale(g.id);
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'SERIES_EXHAUSTED',
      message: 'A série A está esgotada (vendida até ao n.º 5).',
    });
  });

  it('refuses a malformed series code', async () => {
    await openSession();
    expect((await refusedUnchanged('game.open', { seriesCode: 'A1' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('game.open', { seriesCode: 'ABCD' }, t.manager)).code).toBe('VALIDATION_FAILED');
  });

  it('is the manager’s: a cashier is refused', async () => {
    await openSession();
    await register('A', 300);
    expect((await refusedUnchanged('game.open', { seriesCode: 'A' }, t.cashier)).code).toBe('FORBIDDEN');
  });
});

describe('game.closeSale (art. 13)', () => {
  beforeEach(async () => {
    await openSession();
  });

  it('announces one series exactly and freezes the figures', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 10);
    await sell(g.id, 20);
    const announcement =
      'Venderam-se 30 cartões da série A, do n.º 1 ao n.º 30.\nPrémio de linha: 1,50 €.\nPrémio de bingo: 15,00 €.\nVai iniciar-se a extração.';
    h.clock.advanceMinutes(3);
    const closed = await closeSale(g.id);
    expect(closed).toEqual({
      gameId: g.id,
      announcement,
      cardsSold: 30,
      totalCents: 3000,
      linePrizeCents: 150,
      bingoPrizeCents: 1500,
      ranges: [{ seriesCode: 'A', from: 1, to: 30 }],
    });
    expect(await h.ok('game.get', { gameId: g.id }, t.cashier)).toMatchObject({
      state: 'sale_closed',
      saleClosedAt: '2026-11-30T20:03:00.000Z',
      announcement,
      cardsSold: 30,
      totalCents: 3000,
      linePrizeCents: 150,
      bingoPrizeCents: 1500,
      cardsAvailable: 0,
      nextCard: null,
    });
    const closure = h.kiosk.db.prepare(`SELECT * FROM game_closures WHERE game_id = ?`).get(g.id);
    expect(closure).toMatchObject({
      closed_at: '2026-11-30T20:03:00.000Z',
      cards_sold: 30,
      total_cents: 3000,
      line_prize_cents: 150,
      bingo_prize_cents: 1500,
      line_rounding_hundredths: 0,
      bingo_rounding_hundredths: 0,
      ranges: JSON.stringify([{ seriesCode: 'A', from: 1, to: 30 }]),
      announcement,
    });
    const row = acta().at(-1)!;
    expect(row).toMatchObject({ session_id: 1, game_id: g.id, at: '2026-11-30T20:03:00.000Z', kind: 'sale_closed' });
    expect(JSON.parse(row.data)).toEqual({
      number: 1,
      priceCents: 100,
      series: [{ order: 1, seriesCode: 'A', from: 1, to: 30 }],
      cardsSold: 30,
      totalCents: 3000,
      linePrizeCents: 150,
      bingoPrizeCents: 1500,
      lineRoundingHundredths: 0,
      bingoRoundingHundredths: 0,
      // 25 % of 30,00 € (the test hall's rate); no special prize.
      stampDutyCents: 750,
      stampDutyBasisPoints: 2500,
      specialShareCents: 0,
      isLast: false,
    });
  });

  it('announces two series exactly, the first series first', async () => {
    await register('A', 300);
    await register('B', 300);
    const g1 = await openGame('A');
    await sell(g1.id, 100);
    await sell(g1.id, 100);
    await sell(g1.id, 70);
    await closeSale(g1.id);
    const g2 = await openGame('A');
    await sell(g2.id, 25);
    await sell(g2.id, 25); // A 296..300 and B 1..20
    const closed = await closeSale(g2.id);
    expect(closed.announcement).toBe(
      'Venderam-se 50 cartões da série A, do n.º 271 ao n.º 300, e da série B, do n.º 1 ao n.º 20.\n' +
        'Prémio de linha: 2,50 €.\nPrémio de bingo: 25,00 €.\nVai iniciar-se a extração.',
    );
    expect(closed.ranges).toEqual([
      { seriesCode: 'A', from: 271, to: 300 },
      { seriesCode: 'B', from: 1, to: 20 },
    ]);
    expect(JSON.parse(acta().at(-1)!.data).series).toEqual([
      { order: 1, seriesCode: 'A', from: 271, to: 300 },
      { order: 2, seriesCode: 'B', from: 1, to: 20 },
    ]);
  });

  it("each game carries its own sold ranges: its sales while selling, its close of sale once closed, whatever later games sell", async () => {
    await register('A', 300);
    await register('B', 300);
    const ranges = async () =>
      Object.fromEntries((await h.ok('session.current', {}, t.cashier)).games.map((g) => [g.number, g.soldRanges]));
    const g1 = await openGame('A');
    expect(await ranges()).toEqual({ 1: [] });
    await sell(g1.id, 4);
    await sell(g1.id, 3);
    expect(await ranges()).toEqual({ 1: [{ seriesCode: 'A', from: 1, to: 7 }] });
    await closeSale(g1.id);
    const g2 = await openGame('A');
    expect(await ranges()).toEqual({ 1: [{ seriesCode: 'A', from: 1, to: 7 }], 2: [] });
    await sell(g2.id, 100);
    await sell(g2.id, 100);
    await sell(g2.id, 93); // A 8..300
    await sell(g2.id, 5); // B 1..5
    await sell(g2.id, 2); // B 6..7, voided below
    await h.ok('sale.voidLast', { gameId: g2.id, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    const selling = { 1: [{ seriesCode: 'A', from: 1, to: 7 }], 2: [{ seriesCode: 'A', from: 8, to: 300 }, { seriesCode: 'B', from: 1, to: 5 }] };
    expect(await ranges()).toEqual(selling);
    expect((await h.ok('game.get', { gameId: g1.id }, t.cashier)).soldRanges).toEqual([{ seriesCode: 'A', from: 1, to: 7 }]);
    await closeSale(g2.id);
    expect(await ranges()).toEqual(selling);
  });

  it('floors the prizes of an odd total: 7 cards of 0,15 € -> line 0,05 €, bingo 0,52 €', async () => {
    await register('A', 300, 15);
    const g = await openGame('A');
    await sell(g.id, 3, 15);
    await sell(g.id, 4, 15);
    const closed = await closeSale(g.id);
    expect(closed).toMatchObject({ cardsSold: 7, totalCents: 105, linePrizeCents: 5, bingoPrizeCents: 52 });
    expect(closed.announcement).toBe(
      'Venderam-se 7 cartões da série A, do n.º 1 ao n.º 7.\nPrémio de linha: 0,05 €.\nPrémio de bingo: 0,52 €.\nVai iniciar-se a extração.',
    );
    expect(h.kiosk.db.prepare(`SELECT line_rounding_hundredths AS l, bingo_rounding_hundredths AS b FROM game_closures`).get()).toEqual({
      l: 25,
      b: 50,
    });
    expect(JSON.parse(acta().at(-1)!.data)).toMatchObject({ lineRoundingHundredths: 25, bingoRoundingHundredths: 50 });
  });

  it('leaves out a voided sale', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 4);
    await sell(g.id, 6);
    await h.ok('sale.voidLast', { gameId: g.id, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    const closed = await closeSale(g.id);
    expect(closed).toMatchObject({ cardsSold: 4, totalCents: 400, linePrizeCents: 20, bingoPrizeCents: 200, ranges: [{ seriesCode: 'A', from: 1, to: 4 }] });
    expect(closed.announcement.split('\n')[0]).toBe('Venderam-se 4 cartões da série A, do n.º 1 ao n.º 4.');
  });

  it('nothing can be sold afterwards, nor the sale closed again', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 3);
    await closeSale(g.id);
    const e = await refusedUnchanged('sale.create', { gameId: g.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
    expect(e).toEqual({ code: 'GAME_NOT_SELLING', message: 'A jogada n.º 1 não está em venda (estado: sale_closed).' });
    expect((await refusedUnchanged('game.closeSale', { gameId: g.id }, t.manager)).code).toBe('GAME_NOT_SELLING');
  });

  it('the next game can be opened once the sale is closed, and numbers go on', async () => {
    await register('A', 300);
    const g1 = await openGame('A');
    await sell(g1.id, 3);
    expect((await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).code).toBe('GAME_ALREADY_SELLING');
    await closeSale(g1.id);
    const g2 = await openGame('A');
    expect(g2).toMatchObject({ number: 2, state: 'selling', firstSeries: { start: 4 } });
    const current = await h.ok('session.current', {}, t.cashier);
    expect(current.games.map((g) => [g.number, g.state])).toEqual([
      [1, 'sale_closed'],
      [2, 'selling'],
    ]);
  });

  it('refuses to close a game with no card sold', async () => {
    await register('A', 300);
    const g = await openGame('A');
    const e = await refusedUnchanged('game.closeSale', { gameId: g.id }, t.manager);
    expect(e).toEqual({ code: 'NO_CARDS_SOLD', message: 'Não é possível fechar a venda da jogada n.º 1: nenhum cartão foi vendido.' });
    // Nor when the only sale was voided.
    await sell(g.id, 2);
    await h.ok('sale.voidLast', { gameId: g.id, approval: { username: 'gerente', pin: '2222' } }, t.cashier);
    expect((await refusedUnchanged('game.closeSale', { gameId: g.id }, t.manager)).code).toBe('NO_CARDS_SOLD');
  });

  it('refuses an unknown game, and a cashier', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    expect(await refusedUnchanged('game.closeSale', { gameId: 42 }, t.manager)).toEqual({ code: 'GAME_NOT_FOUND', message: 'A jogada 42 não existe.' });
    expect((await refusedUnchanged('game.closeSale', { gameId: g.id }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('game.get', { gameId: 42 }, t.cashier)).code).toBe('GAME_NOT_FOUND');
  });

  it('is audited with the state before and after', async () => {
    await register('A', 300);
    const g = await openGame('A');
    await sell(g.id, 2);
    await closeSale(g.id);
    const row = h.kiosk.db.prepare(`SELECT outcome, before, after FROM audit_log WHERE channel = 'game.closeSale'`).get() as { outcome: string; before: string; after: string };
    expect(row.outcome).toBe('ok');
    expect(JSON.parse(row.before)).toEqual({ state: 'selling' });
    expect(JSON.parse(row.after)).toMatchObject({ state: 'sale_closed', cardsSold: 2, totalCents: 200, linePrizeCents: 10, bingoPrizeCents: 100 });
  });
});

describe('series.register and series.list', () => {
  it('registers a series and lists it with its next number and cards left', async () => {
    const s = await h.ok('series.register', { code: 'ab', priceCents: 250, size: 600, colour: 'azul', emission: '2026/1' }, t.manager);
    expect(s).toEqual({
      id: 1,
      code: 'AB',
      priceCents: 250,
      size: 600,
      colour: 'azul',
      emission: '2026/1',
      nextNumber: 1,
      cardsLeft: 600,
      registeredAt: NOW,
      hasFaces: false,
      double: false,
    });
    expect(await h.ok('series.list', {}, t.cashier)).toEqual([s]);
  });

  it('refuses a code already registered, and bad figures', async () => {
    await register('A', 300);
    expect(await refusedUnchanged('series.register', { code: 'A', priceCents: 100, size: 10 }, t.manager)).toEqual({
      code: 'SERIES_CODE_TAKEN',
      message: 'A série A já está registada.',
    });
    for (const bad of [
      { code: 'B', priceCents: 0, size: 10 },
      { code: 'B', priceCents: 1.5, size: 10 },
      { code: 'B', priceCents: 100, size: 0 },
      { code: 'B1', priceCents: 100, size: 10 },
    ]) {
      expect((await refusedUnchanged('series.register', bad, t.manager)).code).toBe('VALIDATION_FAILED');
    }
    expect((await refusedUnchanged('series.register', { code: 'B', priceCents: 100, size: 10 }, t.cashier)).code).toBe('FORBIDDEN');
  });
});
