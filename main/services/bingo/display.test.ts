/**
 * The hall board's state (DN art. 7.1, 10.3, 11.2, 13, 14.5, 16.2) after each
 * step of a game on a real SQLite file: open, sale, close of sale, balls,
 * claims and their windows, winners, a suspension, the draw by hand, the
 * special prize and the last game; and the slip announcing the sale.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall({ idleMs: 30 * 86_400_000 });
});
afterEach(() => {
  try {
    expectBooksHold(t.h.kiosk.db);
  } finally {
    t.h.close();
  }
});

const state = () => t.h.ok('display.state', {});

describe('display.state', () => {
  it('follows a game step by step, as the players must see it', async () => {
    const h = t.h;
    // No session yet: nothing to show but the hall.
    expect(await state()).toMatchObject({ hallName: 'Sala de Teste', session: null, game: null, balls: [], ballCount: 0, lastBall: null, announcement: null, claimWindow: null, winners: [] });

    await h.ok('printer.configure', { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9, codepage: 'cp858', widthMm: 80 }, t.manager);
    await h.ok('settings.update', { specialPrize: { enabled: true, shareBasisPoints: 1000, baseBalls: 40 } }, t.manager);
    await h.ok('series.register', { code: 'B', priceCents: 100, size: 50 }, t.manager);
    // Open at 20:00, closing at 20:05: the first game is the last one (art. 14.5).
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-11-30T20:05:00.000Z' }, t.manager);
    expect(await state()).toMatchObject({ session: { checks: { startBalls: true, startMaterial: true, endBalls: false }, lastGameOpened: false }, game: null });

    // Opened: the series, the number of cards and the price (art. 11.2), on the board and on paper.
    const g = await h.ok('game.open', { seriesCode: 'B' }, t.manager);
    const opening = 'Última jogada da sessão.\nJogada n.º 1: vendem-se cartões da série B, do n.º 1 ao n.º 50 (50 cartões).\nPreço de cada cartão: 1,00 €.';
    expect((await state()).game).toEqual({
      id: g.id,
      number: 1,
      state: 'selling',
      priceCents: 100,
      cardsSold: 0,
      linePrizeCents: 0,
      bingoPrizeCents: 0,
      isLast: true,
      manualDraw: false,
      suspendedAt: null,
      saleOpening: opening,
    });
    expect((await state()).session?.lastGameOpened).toBe(true);
    const slip = h.kiosk.db.prepare(`SELECT title, document FROM print_jobs WHERE kind = 'announcement'`).get() as { title: string; document: string };
    expect(slip.title).toBe('Anúncio da venda da jogada n.º 1');
    expect(slip.document).toContain('ANÚNCIO (art. 11.º, n.º 2)');
    expect(slip.document).toContain('do n.º 1 ao n.º 50 (50 cartões)');

    // Sold: cards and the prizes as the sale stands (art. 15.2).
    await h.ok('sale.create', { gameId: g.id, quantity: 20, payment: { method: 'cash', tenderedCents: 2000 } }, t.cashier);
    expect(await state()).toMatchObject({ game: { cardsSold: 20, linePrizeCents: 100, bingoPrizeCents: 1000 }, announcement: null });

    // Closed: the art. 13 announcement.
    const closed = await h.ok('game.closeSale', { gameId: g.id }, t.manager);
    expect(await state()).toMatchObject({ game: { state: 'sale_closed', saleOpening: null, linePrizeCents: 100, bingoPrizeCents: 1000 }, announcement: closed.announcement });
    expect(closed.announcement).toContain('Venderam-se 20 cartões da série B, do n.º 1 ao n.º 20.');

    // Balls, in the order drawn; the special prize with its ball number and amount (art. 10.3).
    for (const n of [5, 15, 25, 35, 45]) await h.ok('game.drawBall', { gameId: g.id, number: n }, t.manager);
    expect(await state()).toMatchObject({ game: { state: 'drawing' }, balls: [5, 15, 25, 35, 45], ballCount: 5, lastBall: 45, special: { balls: 40, amountCents: 200, eligible: true } });

    // A valid claim opens "Mais alguma linha?"; its close names the winner.
    await h.ok('game.claim', { gameId: g.id, kind: 'line', seriesCode: 'B', card: 4, confirmed: true, numbers: [5, 15, 25, 35, 45] }, t.manager);
    expect((await state()).claimWindow).toBe('line');
    await h.ok('game.closeClaims', { gameId: g.id, kind: 'line' }, t.manager);
    expect(await state()).toMatchObject({ claimWindow: null, winners: [{ kind: 'line', seriesCode: 'B', card: 4, prizeCents: 100, ballCount: 5 }] });

    // The mechanism fails: suspended, then the draw goes on by hand (art. 16.2).
    h.clock.advanceMinutes(1);
    await h.ok('game.suspend', { gameId: g.id }, t.manager);
    expect((await state()).game).toMatchObject({ state: 'suspended', suspendedAt: '2026-11-30T20:01:00.000Z', manualDraw: false });
    await h.ok('game.manualDraw', { gameId: g.id }, t.manager);
    expect((await state()).game).toMatchObject({ state: 'drawing', suspendedAt: null, manualDraw: true });

    // The bingo at the 15th ball wins the special prize too (within 40 balls).
    const more = [1, 11, 21, 31, 41, 50, 51, 60, 70, 80];
    for (const n of more) await h.ok('game.drawBall', { gameId: g.id, number: n }, t.manager);
    await h.ok('game.claim', { gameId: g.id, kind: 'bingo', seriesCode: 'B', card: 9, confirmed: true, numbers: [5, 15, 25, 35, 45, ...more] }, t.manager);
    expect(await state()).toMatchObject({ claimWindow: 'bingo', ballCount: 15, lastBall: 80 });
    await h.ok('game.closeClaims', { gameId: g.id, kind: 'bingo' }, t.manager);
    const end = await state();
    expect(end).toMatchObject({ game: { state: 'finished', isLast: true }, claimWindow: null });
    expect(end.winners.map((w) => [w.kind, w.card, w.prizeCents])).toEqual([
      ['line', 4, 100],
      ['bingo', 9, 1000],
      ['special', 9, 200],
    ]);
    // The end check of the balls.
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    expect((await state()).session?.checks.endBalls).toBe(true);
  });

  it('shows the game being drawn while the next one sells, and that one as the sale on the side', async () => {
    const h = t.h;
    await h.ok('series.register', { code: 'A', priceCents: 200, size: 100 }, t.manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const g1 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await h.ok('sale.create', { gameId: g1.id, quantity: 10, payment: { method: 'cash', tenderedCents: 2000 } }, t.cashier);
    await h.ok('game.closeSale', { gameId: g1.id }, t.manager);
    await h.ok('game.drawBall', { gameId: g1.id, number: 90 }, t.manager);
    const g2 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await h.ok('sale.create', { gameId: g2.id, quantity: 3, payment: { method: 'cash', tenderedCents: 600 } }, t.cashier);
    expect(await state()).toMatchObject({
      game: { number: 1, state: 'drawing', cardsSold: 10 },
      lastBall: 90,
      selling: { number: 2, priceCents: 200, cardsSold: 3, saleOpening: 'Jogada n.º 2: vendem-se cartões da série A, do n.º 11 ao n.º 100 (90 cartões).\nPreço de cada cartão: 2,00 €.' },
    });
  });

  it('is public to read (no operator), and the manual draw is refused before any ball, and twice', async () => {
    const h = t.h;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 100 }, t.manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
    const g = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await h.ok('sale.create', { gameId: g.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
    await h.ok('game.closeSale', { gameId: g.id }, t.manager);
    expect(await h.refused('game.manualDraw', { gameId: g.id }, t.manager)).toEqual({
      code: 'MANUAL_DRAW_NOT_ALLOWED',
      message: 'A extração manual (art. 16.º, n.º 2) é para uma falha depois de saírem bolas: a jogada n.º 1 está venda fechada.',
    });
    await h.ok('game.drawBall', { gameId: g.id, number: 7 }, t.manager);
    await h.ok('game.manualDraw', { gameId: g.id }, t.manager);
    expect((await h.refused('game.manualDraw', { gameId: g.id }, t.manager)).code).toBe('MANUAL_DRAW_ALREADY');
    expect((await h.refused('game.manualDraw', { gameId: g.id }, t.cashier)).code).toBe('FORBIDDEN');
    // The acta and the incident book show the step.
    expect(h.kiosk.db.prepare(`SELECT kind, json_extract(data, '$.ballCount') AS balls FROM acta_entries WHERE kind = 'manual_draw'`).all()).toEqual([{ kind: 'manual_draw', balls: 1 }]);
    expect(h.kiosk.db.prepare(`SELECT text FROM incidents ORDER BY id DESC LIMIT 1`).pluck().get()).toBe(
      'Jogada n.º 1: falha do mecanismo de extração depois da 1.ª bola; a extração continua manualmente (art. 16.º, n.º 2).',
    );
    expect((await state()).game?.manualDraw).toBe(true);
  });
});
