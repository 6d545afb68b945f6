/**
 * The acta of a session and the incident book (DN art. 5.2, 11.1, 17; SPEC 5):
 * after a session with a game played to its end, a two-series game annulled
 * during its draw and refunded, a ball recall, a new ball set and the
 * manager's own entries, session.acta holds every figure exactly.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { verifyAudit } from '../../../db/audit.js';
import { verifyLedger } from '../../../db/ledger.js';
import { createTestHall } from '../../../test/fixtures/faces.js';
import { confirmByHand, type Harness, snapshot } from '../../../test/harness.js';

const NOW = '2026-11-30T20:00:00.000Z';
const CLOSE_AT = '2026-12-01T02:00:00.000Z';
const APPROVAL = { username: 'gerente', pin: '2222' };

let h: Harness;
let t: { manager: string; cashier: string };

beforeEach(async () => {
  const hall = await createTestHall({ idleMs: 86_400_000 });
  h = hall.h;
  t = { manager: hall.manager, cashier: hall.cashier };
});

afterEach(() => {
  try {
    const ledger = verifyLedger(h.kiosk.db);
    expect(ledger.balanced).toBe(true);
    expect(verifyAudit(h.kiosk.db)).toMatchObject({ valid: true, brokenAt: null });
    const one = (sql: string) => h.kiosk.db.prepare(sql).pluck().get() as number;
    expect(ledger.balances['cash:T1'] ?? 0).toBe(
      one(`SELECT COALESCE(SUM(total_cents), 0) FROM sales s WHERE NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)`) -
        one(`SELECT COALESCE(SUM(amount_cents), 0) FROM refunds`) -
        one(`SELECT COALESCE(SUM(amount_cents), 0) FROM prize_payments`),
    );
  } finally {
    h.close();
  }
});

const iso = (minutesFromStart: number) => new Date(Date.parse(NOW) + minutesFromStart * 60_000).toISOString();
const sell = (gameId: number, quantity: number) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);
const drawAll = async (gameId: number, balls: number[]) => {
  for (const number of balls) await h.ok('game.drawBall', { gameId, number }, t.manager);
};
const confirmed = (gameId: number, kind: 'line' | 'bingo', card: number) =>
  confirmByHand(h, t.manager, { gameId, kind, seriesCode: 'A', card });

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

describe('session.acta', () => {
  it('holds every game, its figures, the checks and the incidents of the session', async () => {
    // Series without faces (claims confirmed by hand): A of 40 cards, then B of the same price.
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 40, emission: '2026/1' }, t.manager);
    await h.ok('series.register', { code: 'B', priceCents: 100, size: 60 }, t.manager);
    await h.ok('session.open', { scheduledCloseAt: CLOSE_AT }, t.manager);
    expect(await h.ok('session.recordCheck', { phase: 'start', kind: 'material' }, t.manager)).toEqual({ at: NOW, phase: 'start', kind: 'material' });
    await h.ok('session.recordCheck', { phase: 'start', kind: 'balls' }, t.manager);

    // Game 1: A 1..31, played to the end. V = 31,00 €: line 1,55 €, bingo 15,50 €, stamp duty 7,75 €.
    h.clock.advanceMinutes(5); // 20:05
    const g1 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g1.id, 10);
    await sell(g1.id, 21);
    h.clock.advanceMinutes(5); // 20:10
    await h.ok('game.closeSale', { gameId: g1.id }, t.manager);
    await drawAll(g1.id, [7, 21, 33]);
    h.clock.advanceMinutes(1); // 20:11: a typing error, recalled
    await h.ok('game.recallBall', { gameId: g1.id, approval: APPROVAL }, t.manager);
    await drawAll(g1.id, [34, 45, 52]);
    await confirmed(g1.id, 'line', 12);
    await h.ok('game.closeClaims', { gameId: g1.id, kind: 'line' }, t.manager);
    // Incident 1 is the template hall's first ball set, registered before any session.
    expect(await h.ok('incident.add', { gameId: g1.id, text: '  Um jogador reclamou que não ouviu a bola 45.  ' }, t.manager)).toEqual({
      id: 3,
      at: iso(11),
      gameNumber: 1,
      author: 'gerente',
      kind: 'manual',
      text: 'Um jogador reclamou que não ouviu a bola 45.',
    });
    await drawAll(g1.id, [60, 61, 25, 70, 80, 90, 1, 2, 38, 11, 13]);
    await confirmed(g1.id, 'bingo', 30);
    h.clock.advanceMinutes(9); // 20:20
    await h.ok('game.closeClaims', { gameId: g1.id, kind: 'bingo' }, t.manager);
    for (const w of (await h.ok('prize.list', {}, t.cashier)).filter((x) => x.winnerId <= 2)) {
      await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: w.seriesCode, number: w.card } }, t.cashier);
    }

    // Game 2: A 32..40 then B 1..1 (second series, art. 12.3), annulled during its draw.
    h.clock.advanceMinutes(5); // 20:25
    const g2 = await h.ok('game.open', { seriesCode: 'A' }, t.manager);
    await sell(g2.id, 4);
    await sell(g2.id, 6);
    h.clock.advanceMinutes(5); // 20:30
    const closed = await h.ok('game.closeSale', { gameId: g2.id }, t.manager);
    expect(closed.ranges).toEqual([
      { seriesCode: 'A', from: 32, to: 40 },
      { seriesCode: 'B', from: 1, to: 1 },
    ]);
    await drawAll(g2.id, [5, 50]);
    h.clock.advanceMinutes(1); // 20:31
    await h.ok('game.suspend', { gameId: g2.id }, t.manager);
    // It cannot go on by hand (art. 16.2): as in n.º 1, annulled after 15 minutes of suspension.
    h.clock.advanceMinutes(15); // 20:46
    await h.ok('game.annul', { gameId: g2.id, reason: 'failure_during_draw' }, t.manager);
    await h.ok('refund.pay', { saleId: 3 }, t.cashier);
    await h.ok('refund.pay', { saleId: 4 }, t.cashier);

    // A new ball set, another entry, the closing checks.
    h.clock.advanceMinutes(5); // 20:51
    await h.ok('ballSet.register', { serial: 'BOLAS-2' }, t.manager);
    await h.ok('incident.add', { text: 'Substituído o jogo de bolas por desgaste visível.' }, t.manager);
    await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, t.manager);

    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta).toEqual({
      hallName: 'Sala de Teste',
      licence: null,
      timeZone: 'Europe/Lisbon',
      sessionId: 1,
      openedAt: NOW,
      scheduledCloseAt: CLOSE_AT,
      closedAt: null,
      // While the session is open, the head now (the last command's row).
      auditHead: h.kiosk.db.prepare(`SELECT id AS seq, hash FROM audit_log ORDER BY id DESC LIMIT 1`).get(),
      // Open: no checkpoint yet, and the key in use that will sign the close's.
      checkpoint: null,
      hallKey: h.kiosk.db.prepare(`SELECT key_id AS keyId, verifier_key AS verifierKey FROM hall_keys ORDER BY id DESC LIMIT 1`).get(),
      specialBalls: null,
      specialFundStarts: [],
      specialFundCarried: [],
      checks: [
        { at: NOW, phase: 'start', kind: 'material', by: 'gerente' },
        { at: NOW, phase: 'start', kind: 'balls', by: 'gerente' },
        { at: iso(51), phase: 'end', kind: 'balls', by: 'gerente' },
      ],
      // Each series sold with its emission number (art. 3.º, n.º 2); B has none on record.
      emissions: [
        { seriesCode: 'A', emission: '2026/1' },
        { seriesCode: 'B', emission: null },
      ],
      games: [
        {
          number: 1,
          state: 'finished',
          isLast: false,
          becameLastAt: null,
          priceCents: 100,
          series: [{ order: 1, seriesCode: 'A', from: 1, to: 31 }],
          cardsSold: 31,
          totalCents: 3100,
          linePrizeCents: 155,
          bingoPrizeCents: 1550,
          lineAwardedCents: 155,
          bingoAwardedCents: 1550,
          specialAwardedCents: 0,
          linePaidCents: 155,
          bingoPaidCents: 1550,
          specialPaidCents: 0,
          stampDutyCents: 775,
          roundingHundredths: { line: 0, bingo: 0 },
          ballSet: 'BOLAS-1',
          balls: 16,
          openedAt: iso(5),
          saleClosedAt: iso(10),
          endedAt: iso(20),
          annulReason: null,
          refundedCents: 0,
          // Cards per seller (issue 42): all sold at the counter.
          cardsBySeller: [{ username: 'caixa1', name: 'Caixa Um', cards: 31 }],
        },
        {
          number: 2,
          state: 'annulled',
          isLast: false,
          becameLastAt: null,
          priceCents: 100,
          series: [
            { order: 1, seriesCode: 'A', from: 32, to: 40 },
            { order: 2, seriesCode: 'B', from: 1, to: 1 },
          ],
          cardsSold: 10,
          totalCents: 1000,
          linePrizeCents: 50,
          bingoPrizeCents: 500,
          lineAwardedCents: 0,
          bingoAwardedCents: 0,
          specialAwardedCents: 0,
          linePaidCents: 0,
          bingoPaidCents: 0,
          specialPaidCents: 0,
          stampDutyCents: 0,
          roundingHundredths: { line: 0, bingo: 0 },
          ballSet: 'BOLAS-1',
          balls: 2,
          openedAt: iso(25),
          saleClosedAt: iso(30),
          endedAt: iso(46),
          annulReason: 'failure_during_draw',
          refundedCents: 1000,
          cardsBySeller: [{ username: 'caixa1', name: 'Caixa Um', cards: 10 }],
        },
      ],
      // Both prizes of game 1 were paid while the session is open: nothing owed.
      prizesOwed: [],
      earlierPrizesPaid: [],
      // The annulled game counts for its refunds, not its sales or stamp duty.
      totals: {
        ...{ cardsSold: 31, totalCents: 3100, prizesAwardedCents: 1705, prizesPaidCents: 1705, prizesOwedCents: 0, earlierPrizesPaidCents: 0 },
        ...{ stampDutyCents: 775, refundedCents: 1000 },
      },
      incidents: [
        {
          id: 2,
          at: iso(11),
          gameNumber: 1,
          author: 'gerente',
          kind: 'ball_recall',
          text: 'Bola 33 (3.ª extraída) anulada por erro de registo, com autorização de gerente.',
        },
        { id: 3, at: iso(11), gameNumber: 1, author: 'gerente', kind: 'manual', text: 'Um jogador reclamou que não ouviu a bola 45.' },
        {
          id: 4,
          at: iso(31),
          gameNumber: 2,
          author: 'gerente',
          kind: 'suspension',
          text: 'Jogada n.º 2 suspensa (em extração) por falha ou avaria (art. 16.º).',
        },
        {
          id: 5,
          at: iso(46),
          gameNumber: 2,
          author: 'gerente',
          kind: 'annulment',
          text: 'Jogada n.º 2 anulada: falha durante a extração sem possibilidade de continuar manualmente (art. 16.º, n.º 2). Todas as vendas são reembolsáveis na totalidade.',
        },
        {
          id: 6,
          at: iso(51),
          gameNumber: null,
          author: 'gerente',
          kind: 'ball_set',
          text: 'Novo jogo de bolas BOLAS-2 em substituição do jogo BOLAS-1 (2 jogadas) (art. 5.º, n.º 3).',
        },
        { id: 7, at: iso(51), gameNumber: null, author: 'gerente', kind: 'manual', text: 'Substituído o jogo de bolas por desgaste visível.' },
      ],
    });
    // Prizes paid: line 1,55 € and bingo 15,50 €; the drawer: sales - refunds - prizes.
    expect(verifyLedger(h.kiosk.db).balances['cash:T1']).toBe(3100 + 1000 - 1000 - 1705);
    // The entries behind it, written as the games went.
    expect(h.kiosk.db.prepare(`SELECT kind FROM acta_entries ORDER BY id`).pluck().all()).toEqual([
      'session_opened',
      'check',
      'check',
      'game_opened',
      'sale_closed',
      'line_awarded',
      'bingo_awarded',
      'game_opened',
      'sale_closed',
      'game_annulled',
      'ball_set',
      'check',
    ]);
  });

  it('refusals: an unknown session, a cashier; entries and checks need an open session and a game of it', async () => {
    expect(await refusedUnchanged('session.acta', { sessionId: 9 }, t.manager)).toEqual({ code: 'SESSION_NOT_FOUND', message: 'A sessão n.º 9 não existe.' });
    expect((await refusedUnchanged('incident.add', { text: 'x' }, t.manager)).code).toBe('NO_OPEN_SESSION');
    expect((await refusedUnchanged('session.recordCheck', { phase: 'start', kind: 'balls' }, t.manager)).code).toBe('NO_OPEN_SESSION');
    await h.ok('session.open', { scheduledCloseAt: CLOSE_AT }, t.manager);
    expect((await refusedUnchanged('session.acta', { sessionId: 1 }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('incident.add', { text: 'x' }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('incident.add', { text: '   ' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('incident.add', { text: 'x'.repeat(2001) }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect(await refusedUnchanged('incident.add', { text: 'x', gameId: 7 }, t.manager)).toEqual({ code: 'GAME_NOT_FOUND', message: 'A jogada 7 não existe.' });
    expect((await refusedUnchanged('session.recordCheck', { phase: 'middle', kind: 'balls' }, t.manager)).code).toBe('VALIDATION_FAILED');
    // An empty session's acta.
    expect(await h.ok('session.acta', { sessionId: 1 }, t.manager)).toMatchObject({
      checks: [],
      games: [],
      totals: { cardsSold: 0, totalCents: 0, prizesAwardedCents: 0, prizesPaidCents: 0, prizesOwedCents: 0, earlierPrizesPaidCents: 0, stampDutyCents: 0, refundedCents: 0 },
      incidents: [],
    });
  });
});
