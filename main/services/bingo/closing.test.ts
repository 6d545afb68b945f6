/**
 * The rules as an inspector tests them, with the clock moved (issue 20): one
 * draw at a time (DN art. 6.2, 7.1, 14.1), the last game at its draw and the
 * closing time (art. 14.5), and art. 16.1's 15 minutes. Every refusal leaves
 * the database as it was; the books hold after each scenario.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { expectBooksHold } from '../../../test/books.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { snapshot, type Harness } from '../../../test/harness.js';

/** The session closes an hour after the tests start. */
const CLOSE_AT = '2026-11-30T21:00:00.000Z';
/** A card's bingo as the manager reads it by hand (1 or 2 numbers in every column), and the balls that complete it. */
const BINGO = [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90];

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 30 * 86_400_000 });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, t.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, t.manager);
});

afterEach(() => {
  try {
    expectBooksHold(h.kiosk.db);
  } finally {
    h.close();
  }
});

/** Move the clock to `minutes` before the session's closing time (negative: after it). */
const toBeforeClose = (minutes: number) => {
  h.clock.current = new Date(new Date(CLOSE_AT).getTime() - minutes * 60_000);
};
const sell = (gameId: number, quantity: number) => h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);
/** A game opened on series A with `cards` sold and its sale closed. */
async function soldGame(cards: number, seriesCode = 'A') {
  const g = await h.ok('game.open', { seriesCode }, t.manager);
  await h.ok('sale.create', { gameId: g.id, quantity: cards, payment: { method: 'cash', tenderedCents: cards * (g.priceCents) } }, t.cashier);
  await h.ok('game.closeSale', { gameId: g.id }, t.manager);
  return g;
}
const ball = (gameId: number, number: number, lastGameAnnounced?: boolean) =>
  h.ok('game.drawBall', { gameId, number, ...(lastGameAnnounced === undefined ? {} : { lastGameAnnounced }) }, t.manager);
/** Draw the 15 balls of BINGO and award it to card 1 (read by hand): the game is finished. */
async function finish(gameId: number) {
  const board = await h.ok('game.board', { gameId }, t.manager);
  for (const n of BINGO) if (!board.balls.includes(n)) await ball(gameId, n);
  await h.ok('game.claim', { gameId, kind: 'bingo', seriesCode: 'A', card: board.claims.length + 1, confirmed: true, numbers: BINGO }, t.manager);
  return h.ok('game.closeClaims', { gameId, kind: 'bingo' }, t.manager);
}
async function refusedUnchanged(channel: Channel, input: unknown, token: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const e = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return e;
}
const game = (gameId: number) => h.ok('game.get', { gameId }, t.manager);
const ballsInFile = () => h.kiosk.db.prepare(`SELECT game_id AS gameId, number FROM balls ORDER BY id`).all();

describe('one draw at a time (art. 6.2, 7.1, 14.1)', () => {
  it("four games sold and closed: only one draw begins, the others wait for it, and the board shows the game drawn", async () => {
    toBeforeClose(40);
    const games = [];
    for (let i = 0; i < 4; i++) games.push(await soldGame(2 + i));
    await ball(games[0]!.id, 7);
    expect(await refusedUnchanged('game.drawBall', { gameId: games[1]!.id, number: 8 }, t.manager)).toEqual({
      code: 'DRAW_IN_PROGRESS',
      message:
        'A jogada n.º 1 está em extração: a sala tem um só mecanismo de extração e um só painel (art. 6.º, n.º 2, 7.º, n.º 1, e 14.º, n.º 1). A extração da jogada n.º 2 começa quando a da n.º 1 terminar.',
    });
    expect((await game(games[2]!.id)).drawWaitsFor).toBe(1);
    // Suspended with balls out, the draw is still under way: the drum is its own.
    await h.ok('game.suspend', { gameId: games[0]!.id }, t.manager);
    expect((await refusedUnchanged('game.drawBall', { gameId: games[3]!.id, number: 8 }, t.manager)).code).toBe('DRAW_IN_PROGRESS');
    await h.ok('game.resume', { gameId: games[0]!.id }, t.manager);
    const display = await h.ok('display.state', {}, t.manager);
    expect(display.game?.number).toBe(1);
    expect(display.balls).toEqual([7]);
    // Once the first is over, the next draw begins.
    await finish(games[0]!.id);
    expect((await game(games[1]!.id)).drawWaitsFor).toBeNull();
    await ball(games[1]!.id, 8);
    expect((await h.ok('display.state', {}, t.manager)).game?.number).toBe(2);
  });

  it('a burst of first balls on four closed games at once: one draw begins, three are refused, one ball in the file', async () => {
    toBeforeClose(40);
    const games = [];
    for (let i = 0; i < 4; i++) games.push(await soldGame(1));
    const answers = await Promise.all(games.flatMap((g) => [h.call('game.drawBall', { gameId: g.id, number: 33 }, t.manager), h.call('game.drawBall', { gameId: g.id, number: 44 }, t.manager)]));
    const ok = answers.filter((a) => a.ok);
    expect(ok).toHaveLength(2); // 33 then 44 of the same game: the first two calls
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.error.code))).toEqual(Array(6).fill('DRAW_IN_PROGRESS'));
    expect(ballsInFile()).toEqual([
      { gameId: games[0]!.id, number: 33 },
      { gameId: games[0]!.id, number: 44 },
    ]);
  });

  it('the database refuses a second draw however it is written', async () => {
    toBeforeClose(40);
    const g1 = await soldGame(1);
    const g2 = await soldGame(1);
    await ball(g1.id, 5);
    expect(() => h.kiosk.db.prepare(`UPDATE games SET state = 'drawing' WHERE id = ?`).run(g2.id)).toThrow('one draw at a time');
  });
});

describe('the last game (art. 14.5)', () => {
  it('a game opened earlier becomes the last when its draw begins within the last 10 minutes, announced aloud first', async () => {
    toBeforeClose(20);
    const g1 = await soldGame(3);
    const g2 = await soldGame(2);
    toBeforeClose(9);
    expect((await game(g1.id)).unplayable).toBeNull();
    expect(await refusedUnchanged('game.drawBall', { gameId: g1.id, number: 12 }, t.manager)).toEqual({
      code: 'LAST_GAME_ANNOUNCE_FIRST',
      message:
        'Faltam menos de 10 minutos para o encerramento: a jogada n.º 1 passa a ser a última da sessão. Anuncie em voz alta «Última jogada da sessão.» antes da primeira bola e confirme (art. 14.º, n.º 5).',
    });
    const first = await ball(g1.id, 12, true);
    expect(first.becameLast).toBe(true);
    const view = await game(g1.id);
    expect(view).toMatchObject({ isLast: true, becameLastAt: h.clock.current.toISOString() });
    expect(view.announcement).toBe(
      'Última jogada da sessão.\nVenderam-se 3 cartões da série A, do n.º 1 ao n.º 3.\nPrémio de linha: 0,15 €.\nPrémio de bingo: 1,50 €.\nVai iniciar-se a extração.',
    );
    // The board says it: the game is the last and its announcement begins so.
    const display = await h.ok('display.state', {}, t.manager);
    expect(display.game).toMatchObject({ number: 1, isLast: true });
    expect(display.announcement?.startsWith('Última jogada da sessão.\n')).toBe(true);
    expect(display.session?.lastGameOpened).toBe(true);
    // The acta records when, and the announcement is printed for the hall.
    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta.games.map((g) => [g.number, g.isLast, g.becameLastAt])).toEqual([
      [1, true, h.clock.current.toISOString()],
      [2, false, null],
    ]);
    // No other game opens, and the one sold before can no longer be played.
    // The refusal gives the real reason: opened before the 10 minutes, it became the last at its first ball (issue 41).
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'LAST_GAME_PLAYED',
      message:
        'A jogada n.º 1 é a última desta sessão: nos 10 minutos antes do encerramento (21:00) só se realiza mais uma jogada, e esta, aberta antes, passou a ser a última ao começar a extração às 20:51; não se pode abrir outra (DN 80/85, art. 14.º, n.º 5).',
    });
    expect((await game(g2.id)).unplayable).toEqual({ reason: 'last_game_held', lastGame: 1 });
    await finish(g1.id);
    expect(await refusedUnchanged('game.drawBall', { gameId: g2.id, number: 1 }, t.manager)).toEqual({
      code: 'LAST_GAME_HELD',
      message:
        'A jogada n.º 1 é a última da sessão (art. 14.º, n.º 5): a jogada n.º 2 já não se pode realizar; anule-a com o motivo «hora de encerramento», que devolve todas as vendas por inteiro (art. 16.º, n.º 3).',
    });
    // Annulled for the closing time: both of its sales' 2,00 € are refunded in full (art. 16.3).
    const annulled = await h.ok('game.annul', { gameId: g2.id, reason: 'closing_time' }, t.manager);
    expect(annulled).toMatchObject({ state: 'annulled', annulReason: 'closing_time' });
    const refunds = await h.ok('refund.list', {}, t.cashier);
    expect(refunds.map((r) => [r.gameNumber, r.amountCents])).toEqual([[2, 200]]);
    const paid = await h.ok('refund.pay', { saleId: refunds[0]!.saleId }, t.cashier);
    expect(paid.amountCents).toBe(200);
  });

  it('refuses "closing time" for a game that can still be played, or whose draw has begun', async () => {
    toBeforeClose(20);
    const g1 = await soldGame(3);
    expect(await refusedUnchanged('game.annul', { gameId: g1.id, reason: 'closing_time' }, t.manager)).toEqual({
      code: 'ANNUL_NOT_CLOSING_TIME',
      message: 'A jogada n.º 1 ainda se pode realizar antes do encerramento (21:00): o motivo «hora de encerramento» é só para uma jogada que já não se pode jogar (art. 14.º, n.º 5).',
    });
    await ball(g1.id, 4);
    toBeforeClose(-5);
    expect((await refusedUnchanged('game.annul', { gameId: g1.id, reason: 'closing_time' }, t.manager)).code).toBe('ANNUL_CLOSING_TIME_DRAW_BEGUN');
    // A draw begun before the closing time goes on after it.
    expect((await ball(g1.id, 5)).ballCount).toBe(2);
  });

  it('a game opened within the last 10 minutes is the one more game: refused while one opened before waits for its draw', async () => {
    toBeforeClose(15);
    const g1 = await soldGame(2);
    toBeforeClose(8);
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'LAST_GAME_WAITING',
      message:
        'Faltam menos de 10 minutos para o encerramento e a jogada n.º 1 ainda não começou a extração: será ela a última da sessão quando a extração começar; não se abre outra (art. 14.º, n.º 5).',
    });
    await ball(g1.id, 9, true);
    expect((await game(g1.id)).isLast).toBe(true);
  });

  it('a selling game that can no longer be played sells nothing more', async () => {
    toBeforeClose(20);
    const g1 = await soldGame(2);
    const g2 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g2.id, 1);
    toBeforeClose(5);
    await ball(g1.id, 9, true);
    expect(await refusedUnchanged('sale.create', { gameId: g2.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier)).toEqual({
      code: 'SALE_GAME_NOT_PLAYABLE',
      message:
        'A jogada n.º 2 já não se pode realizar antes do encerramento (art. 14.º, n.º 5): não vende mais cartões; o gerente anula-a e as vendas feitas são devolvidas por inteiro.',
    });
    expect((await refusedUnchanged('game.closeSale', { gameId: g2.id }, t.manager)).code).toBe('LAST_GAME_HELD');
    await h.ok('game.annul', { gameId: g2.id, reason: 'closing_time' }, t.manager);
  });

  it('after the closing time: no card sold, no sale closed, no draw begun; the game is annulled and refunded in full', async () => {
    toBeforeClose(30);
    const g1 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g1.id, 4);
    toBeforeClose(0);
    expect(await refusedUnchanged('sale.create', { gameId: g1.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier)).toEqual({
      code: 'SALE_AFTER_CLOSING_TIME',
      message: 'Já passou a hora de encerramento da sessão (21:00): não se vendem mais cartões (art. 14.º, n.º 5).',
    });
    expect((await refusedUnchanged('game.closeSale', { gameId: g1.id }, t.manager)).code).toBe('DRAW_AFTER_CLOSING_TIME');
    expect((await game(g1.id)).unplayable).toEqual({ reason: 'closing_time_passed', lastGame: null });
    await h.ok('game.annul', { gameId: g1.id, reason: 'closing_time' }, t.manager);
    const refunds = await h.ok('refund.list', {}, t.cashier);
    expect(refunds.map((r) => r.amountCents)).toEqual([400]);
  });

  it('a sale closed before the closing time does not begin its draw after it', async () => {
    toBeforeClose(30);
    const g1 = await soldGame(2);
    toBeforeClose(-1);
    expect(await refusedUnchanged('game.drawBall', { gameId: g1.id, number: 3, lastGameAnnounced: true }, t.manager)).toEqual({
      code: 'DRAW_AFTER_CLOSING_TIME',
      message:
        'Já passou a hora de encerramento da sessão (21:00): a extração da jogada n.º 1 não pode começar; anule-a com o motivo «hora de encerramento», que devolve todas as vendas por inteiro (art. 14.º, n.º 5, e 16.º, n.º 3).',
    });
  });

  it('a double first whose draw would begin within the last 10 minutes is not played (its second could not follow)', async () => {
    await h.ok('series.register', { code: 'D', priceCents: 100, size: 100, double: true }, t.manager);
    toBeforeClose(20);
    const g1 = await soldGame(2, 'D');
    toBeforeClose(10);
    expect((await refusedUnchanged('game.drawBall', { gameId: g1.id, number: 3, lastGameAnnounced: true }, t.manager)).code).toBe('DOUBLE_LAST_AT_DRAW');
    await h.ok('game.annul', { gameId: g1.id, reason: 'closing_time' }, t.manager);
  });
});

describe('art. 16.1: a failure not solved within 15 minutes', () => {
  it('a game suspended before its first ball resumes within 15 minutes, not after: it is annulled and refunded', async () => {
    toBeforeClose(50);
    const g1 = await soldGame(3);
    await h.ok('game.suspend', { gameId: g1.id }, t.manager);
    h.clock.advanceMinutes(14);
    await h.ok('game.resume', { gameId: g1.id }, t.manager);
    await h.ok('game.suspend', { gameId: g1.id }, t.manager);
    h.clock.advanceMinutes(45);
    expect(await refusedUnchanged('game.resume', { gameId: g1.id }, t.manager)).toEqual({
      code: 'RESUME_TOO_LATE',
      message:
        'A jogada n.º 1 está suspensa desde as 20:24: a avaria não se resolveu em 15 minutos, a jogada já não se retoma; anule-a e o preço dos cartões é devolvido (art. 16.º, n.º 1).',
    });
    expect((await refusedUnchanged('game.drawBall', { gameId: g1.id, number: 1 }, t.manager)).code).toBe('DRAW_NOT_ALLOWED');
    await h.ok('game.annul', { gameId: g1.id, reason: 'failure_before_draw' }, t.manager);
    expect((await h.ok('refund.list', {}, t.cashier)).map((r) => r.amountCents)).toEqual([300]);
  });

  it('exactly 15 minutes is too late; a draw suspended with balls out goes on by hand only within them (art. 16.2)', async () => {
    toBeforeClose(50);
    const g1 = await soldGame(3);
    await ball(g1.id, 20);
    await h.ok('game.suspend', { gameId: g1.id }, t.manager);
    h.clock.advanceMinutes(15);
    expect((await refusedUnchanged('game.resume', { gameId: g1.id }, t.manager)).code).toBe('RESUME_TOO_LATE');
    expect((await refusedUnchanged('game.manualDraw', { gameId: g1.id }, t.manager)).code).toBe('RESUME_TOO_LATE');
    await h.ok('game.annul', { gameId: g1.id, reason: 'failure_during_draw' }, t.manager);
  });
});
