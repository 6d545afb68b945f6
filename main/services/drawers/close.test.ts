/**
 * The day's close: refused while a game is open or the end check of the
 * balls is missing (naming them), then the acta is final, nothing of the
 * session changes, what is owed is carried to the next day, a backup is taken.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BACKUP_DIR } from '../../../db/backup.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { confirmByHand, snapshot } from '../../../test/harness.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

const CLOSE_AT = '2026-12-01T02:00:00.000Z';

/** Time passes (operator sessions lock when idle): the manager and the cashier log in again. */
async function later(minutes: number): Promise<void> {
  t.h.clock.advanceMinutes(minutes);
  t.manager = await t.h.login('gerente', '2222');
  t.cashier = await t.h.login('caixa1', '3333');
}

/** Game 1 finished (line and bingo confirmed by hand, both unpaid), game 2 annulled (its 3 sales refundable). */
async function dayWithGames(): Promise<{ sessionId: number; finished: number; annulled: number }> {
  const { h, manager, cashier } = t;
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
  const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, manager);
  const finished = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
  await h.ok('sale.create', { gameId: finished, quantity: 10, payment: { method: 'cash', tenderedCents: 1000 } }, cashier);
  await h.ok('game.closeSale', { gameId: finished }, manager);
  for (const n of [5, 17, 23, 44, 61]) await h.ok('game.drawBall', { gameId: finished, number: n }, manager);
  await confirmByHand(h, manager, { gameId: finished, kind: 'line', seriesCode: 'A', card: 1 });
  await h.ok('game.closeClaims', { gameId: finished, kind: 'line' }, manager);
  for (const n of [1, 11, 21, 30, 31, 41, 50, 51, 70, 80]) await h.ok('game.drawBall', { gameId: finished, number: n }, manager);
  await confirmByHand(h, manager, { gameId: finished, kind: 'bingo', seriesCode: 'A', card: 2 });
  await h.ok('game.closeClaims', { gameId: finished, kind: 'bingo' }, manager);
  const annulled = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
  for (let i = 0; i < 3; i++) await h.ok('sale.create', { gameId: annulled, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier);
  await h.ok('game.suspend', { gameId: annulled }, manager);
  h.clock.advanceMinutes(15);
  await h.ok('game.annul', { gameId: annulled, reason: 'failure_before_draw' }, manager);
  return { sessionId: session.id, finished, annulled };
}

describe('session.close', () => {
  it('is refused while a game sells, naming it, and without the end check of the balls; nothing changes', async () => {
    const { h, manager, cashier } = t;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, manager);
    const gameId = (await h.ok('game.open', { seriesCode: 'A' }, manager)).id;
    await h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier);
    const before = snapshot(h.kiosk);
    expect(await h.refused('session.close', { sessionId: session.id }, manager)).toEqual({
      code: 'SESSION_GAMES_UNFINISHED',
      message: 'A sessão não pode ser encerrada: a(s) jogada(s) n.º 1 ainda não terminaram nem foram anuladas.',
    });
    await h.ok('game.suspend', { gameId }, manager);
    h.clock.advanceMinutes(15);
    await h.ok('game.annul', { gameId, reason: 'failure_before_draw' }, manager);
    const afterAnnul = snapshot(h.kiosk);
    expect(await h.refused('session.close', { sessionId: session.id }, manager)).toEqual({
      code: 'SESSION_DRAWERS_OPEN',
      message: 'A sessão não pode ser encerrada: a gaveta do(s) terminal(is) T1 ainda está aberta; feche-a com a contagem cega.',
    });
    expect(snapshot(h.kiosk)).toEqual(afterAnnul);
    // The float (100,00 €) and the one sale (1,00 €), counted blind.
    expect(await h.ok('drawer.close', { countedByDenomination: { '2000': 5, '100': 1 } }, cashier)).toMatchObject({ expectedCents: 10_100, varianceCents: 0 });
    const afterDrawer = snapshot(h.kiosk);
    expect((await h.refused('session.close', { sessionId: session.id }, manager)).code).toBe('SESSION_END_CHECK_MISSING');
    expect(snapshot(h.kiosk)).toEqual(afterDrawer);
    expect(before.sessions).toEqual(afterAnnul.sessions);
    expect((await h.refused('session.close', { sessionId: session.id }, cashier)).code).toBe('FORBIDDEN');
  });

  it('closes: the acta is final, the session frozen, prizes and refunds carried and payable the next day, a backup taken', async () => {
    const { h } = t;
    const { sessionId, finished, annulled } = await dayWithGames();
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    // Float 100,00 € + 10,00 € + 3 x 2,00 € sold, nothing paid out yet: 116,00 €.
    const drawer = await h.ok('drawer.close', { countedByDenomination: { '2000': 5, '1000': 1, '500': 1, '100': 1 } }, t.cashier);
    expect(drawer).toMatchObject({ expectedCents: 11_600, countedCents: 11_600, varianceCents: 0 });
    await later(30);
    const closed = await h.ok('session.close', { sessionId }, t.manager);
    expect(closed).toMatchObject({
      sessionId,
      closedAt: h.clock.now().toISOString(),
      carried: {
        // V = 10,00 €: line 5 % = 0,50 €, bingo 50 % = 5,00 €, both unpaid.
        prizes: [
          { gameNumber: 1, kind: 'line', seriesCode: 'A', card: 1, prizeCents: 50 },
          { gameNumber: 1, kind: 'bingo', seriesCode: 'A', card: 2, prizeCents: 500 },
        ],
        refunds: [
          { gameNumber: 2, amountCents: 200 },
          { gameNumber: 2, amountCents: 200 },
          { gameNumber: 2, amountCents: 200 },
        ],
      },
      backupError: null,
    });
    expect(closed.backup!.file).toMatch(/^kiosk-.*\.sqlite$/);
    expect(existsSync(join(h.dataDir, BACKUP_DIR, closed.backup!.file))).toBe(true);
    const acta = await h.ok('session.acta', { sessionId }, t.manager);
    expect(acta.closedAt).toBe(closed.closedAt);
    // The acta carries the chain's head at the close: the close's own audit row (issue 12).
    expect(acta.auditHead).toEqual(h.kiosk.db.prepare(`SELECT id AS seq, hash FROM audit_log WHERE channel = 'session.close' AND outcome = 'ok'`).get());

    // Nothing of the closed session changes.
    expect((await h.refused('session.close', { sessionId }, t.manager)).code).toBe('SESSION_CLOSED');
    expect((await h.refused('sale.create', { gameId: annulled, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier)).code).toBe(
      'GAME_NOT_SELLING',
    );
    expect((await h.refused('game.open', { seriesCode: 'A' }, t.manager)).code).toBe('NO_OPEN_SESSION');
    expect((await h.refused('incident.add', { text: 'tarde demais' }, t.manager)).code).toBe('NO_OPEN_SESSION');
    expect((await h.refused('game.drawBall', { gameId: finished, number: 9 }, t.manager)).code).toBe('DRAW_NOT_ALLOWED');

    // The next day lists what was carried and pays it; yesterday's acta stays as it was.
    await later(60 * 12);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-02T02:00:00.000Z' }, t.manager);
    await h.ok('drawer.open', { floatByDenomination: { '2000': 5 } }, t.cashier);
    const prizes = await h.ok('prize.list', {}, t.cashier);
    expect(prizes.filter((p) => p.status === 'unpaid').map((p) => [p.kind, p.card, p.prizeCents])).toEqual([
      ['line', 1, 50],
      ['bingo', 2, 500],
    ]);
    await h.ok('prize.pay', { winnerId: prizes[0]!.winnerId, card: { seriesCode: prizes[0]!.seriesCode, number: prizes[0]!.card } }, t.cashier);
    const refunds = await h.ok('refund.list', {}, t.cashier);
    expect(refunds.map((r) => [r.gameNumber, r.amountCents, r.refunded])).toEqual([
      [2, 200, false],
      [2, 200, false],
      [2, 200, false],
    ]);
    await h.ok('refund.pay', { saleId: refunds[0]!.saleId }, t.cashier);
    expect(await h.ok('session.acta', { sessionId }, t.manager)).toEqual(acta);
    expect(await h.ok('audit.verify', { anchor: acta.auditHead! }, t.manager)).toMatchObject({ valid: true, anchor: 'ok' });
  });

  it('no game opens after the scheduled closing time', async () => {
    const { h, manager } = t;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-11-30T21:00:00.000Z' }, manager);
    await later(61);
    expect(await h.refused('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'GAME_AFTER_CLOSING_TIME',
      message: 'Já passou a hora de encerramento da sessão (21:00): não se abrem mais jogadas; encerre a sessão.',
    });
  });
});

describe('session.overview (the night view)', () => {
  it('gives sales per game, each drawer’s cash, prizes and refunds paid and unpaid, and names what blocks the close', async () => {
    const { h } = t;
    const { sessionId } = await dayWithGames();
    // One prize and one refund paid: 0,50 € and 2,00 € out of the drawer.
    const prizes = await h.ok('prize.list', {}, t.cashier);
    const linePrize = prizes.find((p) => p.kind === 'line')!;
    await h.ok('prize.pay', { winnerId: linePrize.winnerId, card: { seriesCode: linePrize.seriesCode, number: linePrize.card } }, t.cashier);
    const refunds = await h.ok('refund.list', {}, t.cashier);
    await h.ok('refund.pay', { saleId: refunds[0]!.saleId }, t.cashier);
    const open = await h.ok('session.overview', { sessionId }, t.manager);
    expect(open).toMatchObject({
      sessionId,
      closedAt: null,
      games: [
        { number: 1, state: 'finished', isLast: false, cardsSold: 10, totalCents: 1000 },
        { number: 2, state: 'annulled', isLast: false, cardsSold: 6, totalCents: 600 },
      ],
      // Float 100,00 € + 16,00 € sold - 0,50 € prize - 2,00 € refund.
      drawers: [{ terminalId: 'T1', operator: 'caixa1', floatCents: 10_000, closedAt: null, cashCents: 11_350, countedCents: null, varianceCents: null, zNumber: null }],
      prizes: { paid: { count: 1, cents: 50 }, unpaid: { count: 1, cents: 500 }, carriedIn: { count: 0, cents: 0 } },
      refunds: { paid: { count: 1, cents: 200 }, unpaid: { count: 2, cents: 400 }, carriedIn: { count: 0, cents: 0 } },
      guiasUnpaid: { count: 0, cents: 0 },
      specialFundCents: null,
      blockers: [{ kind: 'drawer', terminalId: 'T1', operator: 'caixa1' }, { kind: 'end_check' }],
    });

    // Counted 1,50 € short: under the threshold, closed by the cashier.
    await h.ok('drawer.close', { countedByDenomination: { '2000': 5, '1000': 1, '200': 1 } }, t.cashier);
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);
    const ready = await h.ok('session.overview', { sessionId }, t.manager);
    expect(ready.blockers).toEqual([]);
    expect(ready.drawers).toEqual([
      expect.objectContaining({ cashCents: 11_350, countedCents: 11_200, varianceCents: -150, zNumber: 1, closedAt: h.clock.now().toISOString() }),
    ]);

    // After the close, the next session sees what was carried in; the closed one keeps its figures.
    await later(30);
    await h.ok('session.close', { sessionId }, t.manager);
    await later(60 * 12);
    const next = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-02T02:00:00.000Z' }, t.manager);
    expect(await h.ok('session.overview', { sessionId: next.id }, t.manager)).toMatchObject({
      games: [],
      drawers: [],
      prizes: { paid: { count: 0, cents: 0 }, unpaid: { count: 0, cents: 0 }, carriedIn: { count: 1, cents: 500 } },
      refunds: { paid: { count: 0, cents: 0 }, unpaid: { count: 0, cents: 0 }, carriedIn: { count: 2, cents: 400 } },
      blockers: [{ kind: 'end_check' }],
    });
    const closed = await h.ok('session.overview', { sessionId }, t.manager);
    expect(closed).toMatchObject({ blockers: [], drawers: [expect.objectContaining({ zNumber: 1 })], prizes: ready.prizes });
  });

  it('names a game still selling as blocking; refuses an unknown session and a cashier', async () => {
    const { h, manager } = t;
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: CLOSE_AT }, manager);
    await h.ok('game.open', { seriesCode: 'A' }, manager);
    expect((await h.ok('session.overview', { sessionId: session.id }, manager)).blockers).toEqual([
      { kind: 'game', number: 1, state: 'selling' },
      { kind: 'drawer', terminalId: 'T1', operator: 'caixa1' },
      { kind: 'end_check' },
    ]);
    expect(await h.refused('session.overview', { sessionId: 99 }, manager)).toEqual({ code: 'SESSION_NOT_FOUND', message: 'A sessão n.º 99 não existe.' });
    expect((await h.refused('session.overview', { sessionId: session.id }, t.cashier)).code).toBe('FORBIDDEN');
  });
});
