/**
 * Double cards (DN art. 3.5, 14.3) on a real SQLite file: a series sold once
 * plays two consecutive games; each game's prizes come from its half of the
 * sales; prizes of both are paid only after the second; the second game
 * annulled gives back each sale's second half. The books hold after each.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOUBLE_FIRST_NOTICE } from '../../../core/bingo/double.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';

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

/** Balls whose first five are a line and all fifteen a card, as a manager reads them by hand (art. 3.4). */
const BALLS_1 = [1, 10, 20, 30, 40, 2, 11, 21, 31, 41, 50, 60, 70, 80, 90];
const BALLS_2 = [3, 13, 23, 33, 43, 4, 14, 24, 34, 44, 53, 63, 73, 83, 84];

/** Series D of double cards at 1,01 € (odd amounts), E a single series; a session; game 1 on D with two sales (3 and 4 cards). */
async function firstGame() {
  const h = t.h;
  expect((await h.ok('series.register', { code: 'D', priceCents: 101, size: 100, double: true }, t.manager)).double).toBe(true);
  await h.ok('series.register', { code: 'E', priceCents: 100, size: 100 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  const g1 = await h.ok('game.open', { seriesCode: 'D' }, t.manager);
  expect(g1.double).toBe('first');
  for (const quantity of [3, 4]) await h.ok('sale.create', { gameId: g1.id, quantity, payment: { method: 'cash', tenderedCents: quantity * 101 } }, t.cashier);
  return g1;
}

const play = async (gameId: number, balls: number[], line: number, bingo: number) => {
  const h = t.h;
  for (const n of balls) await h.ok('game.drawBall', { gameId, number: n }, t.manager);
  await h.ok('game.claim', { gameId, kind: 'line', seriesCode: 'D', card: line, confirmed: true, numbers: balls.slice(0, 5) }, t.manager);
  const l = await h.ok('game.closeClaims', { gameId, kind: 'line' }, t.manager);
  await h.ok('game.claim', { gameId, kind: 'bingo', seriesCode: 'D', card: bingo, confirmed: true, numbers: balls.slice(0, 15) }, t.manager);
  const b = await h.ok('game.closeClaims', { gameId, kind: 'bingo' }, t.manager);
  return [...l.winners, ...b.winners];
};

describe('double cards', () => {
  it('play two games with the cards sold once, each on its half; the prizes of both are paid after the second', async () => {
    const h = t.h;
    const g1 = await firstGame();
    // 303 + 404 = 707 cents: the second game's half is 151 + 202 = 353, the first's 354 (the odd cents to the first).
    const closed = await h.ok('game.closeSale', { gameId: g1.id }, t.manager);
    expect(closed).toMatchObject({ cardsSold: 7, totalCents: 354, linePrizeCents: 17, bingoPrizeCents: 177 });
    expect(closed.announcement.split('\n').slice(-2)).toEqual([DOUBLE_FIRST_NOTICE, 'Vai iniciar-se a extração.']);

    // Nothing else opens while the pair is under way.
    const before = snapshot(h.kiosk);
    expect(await h.refused('game.open', { seriesCode: 'E' }, t.manager)).toEqual({
      code: 'DOUBLE_FIRST_NOT_FINISHED',
      message: 'A jogada n.º 1 é a primeira de uma jogada dupla (série D): a jogada seguinte é a segunda, com os mesmos cartões, e abre-se quando aquela terminar (art. 3.º, n.º 5).',
    });
    expect(snapshot(h.kiosk)).toEqual(before);

    const first = await play(g1.id, BALLS_1, 1, 2);
    expect(first.map((w) => [w.kind, w.card, w.prizeCents])).toEqual([
      ['line', 1, 17],
      ['bingo', 2, 177],
    ]);
    // Art. 14.3: not before the second game.
    expect(await h.refused('prize.pay', { winnerId: first[0]!.winnerId, card: { seriesCode: 'D', number: first[0]!.card } }, t.cashier)).toEqual({
      code: 'PRIZE_DOUBLE_PENDING',
      message: 'O prémio do cartão D 1 é de uma jogada dupla: os prémios das duas jogadas pagam-se depois da segunda (art. 14.º, n.º 3).',
    });
    expect((await h.refused('game.open', { seriesCode: 'E' }, t.manager)).code).toBe('DOUBLE_SECOND_PENDING');
    // The day cannot close with the cards owed their second game, even once the closing time has passed.
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    // 100,00 € of float and 7,07 € of cards.
    await h.ok('drawer.close', { countedByDenomination: { '2000': 5, '500': 1, '200': 1, '5': 1, '2': 1 } }, t.cashier);
    expect((await h.ok('session.overview', { sessionId: 1 }, t.manager)).blockers).toEqual([{ kind: 'double_pending', number: 1 }]);
    expect(await h.refused('session.close', { sessionId: 1 }, t.manager)).toEqual({
      code: 'SESSION_DOUBLE_PENDING',
      message: 'A sessão não pode ser encerrada: os cartões da jogada dupla n.º 1 ainda não jogaram a segunda jogada (art. 3.º, n.º 5); abra-a e jogue-a no ecrã Jogo.',
    });
    h.clock.advanceMinutes(7 * 60);
    await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, t.cashier);

    // The second game: the same cards, no sale, its sale closed at once on its half.
    const g2 = await h.ok('game.open', { seriesCode: 'D' }, t.manager);
    expect(g2).toMatchObject({ number: 2, state: 'sale_closed', double: 'second', isLast: true, cardsSold: 7, totalCents: 353, linePrizeCents: 17, bingoPrizeCents: 176 });
    expect(g2.announcement).toBe(
      'Segunda jogada dos cartões da jogada dupla n.º 1.\nÚltima jogada da sessão.\nVenderam-se 7 cartões da série D, do n.º 1 ao n.º 7.\nPrémio de linha: 0,17 €.\nPrémio de bingo: 1,76 €.\nVai iniciar-se a extração.',
    );
    expect((await h.refused('sale.create', { gameId: g2.id, quantity: 1, payment: { method: 'cash', tenderedCents: 101 } }, t.cashier)).code).toBe('GAME_NOT_SELLING');
    await h.ok('game.drawBall', { gameId: g2.id, number: 20 }, t.manager);
    expect((await h.refused('game.claim', { gameId: g2.id, kind: 'line', seriesCode: 'D', card: 8, confirmed: true, numbers: [20] }, t.manager)).code).toBe('CARD_NOT_SOLD');
    const second = await play(g2.id, BALLS_2, 3, 7);
    expect(second.map((w) => [w.kind, w.card, w.prizeCents])).toEqual([
      ['line', 3, 17],
      ['bingo', 7, 176],
    ]);
    // Now all four are paid.
    for (const w of [...first, ...second]) expect((await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: w.seriesCode, number: w.card } }, t.cashier)).status).toBe('paid');
    // The acta: each game with the cards and its half, adding up to what was sold.
    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta.games.map((g) => [g.number, g.cardsSold, g.totalCents, g.linePrizeCents, g.bingoPrizeCents])).toEqual([
      [1, 7, 354, 17, 177],
      [2, 7, 353, 17, 176],
    ]);
    // The pair is over, and it was the last game, played past the closing time: no game opens now.
    expect((await h.refused('game.open', { seriesCode: 'D' }, t.manager)).code).toBe('LAST_GAME_PLAYED');
  });

  it('the second game annulled gives back each sale its second half; the first stands and its prizes are paid', async () => {
    const h = t.h;
    const g1 = await firstGame();
    await h.ok('game.closeSale', { gameId: g1.id }, t.manager);
    const first = await play(g1.id, BALLS_1, 1, 2);
    const g2 = await h.ok('game.open', { seriesCode: 'D' }, t.manager);
    await h.ok('game.drawBall', { gameId: g2.id, number: 40 }, t.manager);
    await h.ok('game.suspend', { gameId: g2.id }, t.manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId: g2.id, reason: 'failure_during_draw' }, t.manager);
    const refunds = await h.ok('refund.list', {}, t.cashier);
    expect(refunds.map((r) => [r.saleId, r.gameNumber, r.amountCents, r.refunded])).toEqual([
      [1, 2, 151, false],
      [2, 2, 202, false],
    ]);
    expect(await h.ok('refund.pay', { saleId: 1 }, t.cashier)).toMatchObject({ saleId: 1, gameId: g2.id, amountCents: 151 });
    expect((await h.refused('refund.pay', { saleId: 1 }, t.cashier)).code).toBe('REFUND_ALREADY_PAID');
    // Sale 2's four cards (D 4-7) handed back one by one (issue 42): its half, 202, as 50 + 50 + 51 + 51.
    const byCard = [];
    for (const n of [4, 5, 6, 7]) byCard.push((await h.ok('refund.payCard', { gameId: g2.id, seriesCode: 'D', number: n }, t.cashier)).amountCents);
    expect(byCard).toEqual([50, 50, 51, 51]);
    // Sale 1's cards went back with it.
    expect((await h.refused('refund.payCard', { gameId: g2.id, seriesCode: 'D', number: 2 }, t.cashier)).code).toBe('CARD_ALREADY_REFUNDED');
    for (const w of first) expect((await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: w.seriesCode, number: w.card } }, t.cashier)).status).toBe('paid');
    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta.games.map((g) => [g.number, g.state, g.totalCents, g.refundedCents])).toEqual([
      [1, 'finished', 354, 0],
      [2, 'annulled', 353, 353],
    ]);
  });

  it("a double series cannot open the session's last game: its second would not be played", async () => {
    const h = t.h;
    await h.ok('series.register', { code: 'D', priceCents: 100, size: 100, double: true }, t.manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-11-30T20:05:00.000Z' }, t.manager);
    const before = snapshot(h.kiosk);
    expect(await h.refused('game.open', { seriesCode: 'D' }, t.manager)).toEqual({
      code: 'DOUBLE_AS_LAST_GAME',
      message: 'A série D é de cartões duplos: a última jogada da sessão não pode ser a primeira de uma jogada dupla, porque a segunda não se jogaria (art. 3.º, n.º 5, e 14.º, n.º 5).',
    });
    expect(snapshot(h.kiosk)).toEqual(before);
  });
});
