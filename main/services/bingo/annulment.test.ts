/**
 * Suspensions, annulments and refunds (DN art. 16; SPEC 6) on a real SQLite
 * file: the 15-minute rule on the clock, the reasons that fit, refunds in full
 * per sale and only after an annulment, paid prizes kept and unpaid ones
 * voided. The series here have no faces: claims are confirmed by hand. Every
 * refusal leaves the database as it was; after every scenario the ledger
 * balances, the drawer holds sales - refunds - prizes paid, and the audit
 * chain verifies.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import type { Channel } from '../../../core/contract.js';
import type { ErrorBody } from '../../../core/errors.js';
import { verifyLedger } from '../../../db/ledger.js';
import { expectBooksHold } from '../../../test/books.js';
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


// ---- helpers ----

const openGame = () => h.ok('game.open', { seriesCode: 'A' }, t.manager);
const sell = (gameId: number, quantity: number) =>
  h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 100 } }, t.cashier);
const closeSale = (gameId: number) => h.ok('game.closeSale', { gameId }, t.manager);
const draw = (gameId: number, number: number) => h.ok('game.drawBall', { gameId, number }, t.manager);
const suspend = (gameId: number) => h.ok('game.suspend', { gameId }, t.manager);
const resume = (gameId: number) => h.ok('game.resume', { gameId }, t.manager);
const annul = (gameId: number, reason: 'failure_before_draw' | 'failure_during_draw' | 'announcement_error') =>
  h.ok('game.annul', { gameId, reason }, t.manager);
const refund = (saleId: number) => h.ok('refund.pay', { saleId }, t.cashier);
const confirmed = (gameId: number, kind: 'line' | 'bingo', card: number) =>
  confirmByHand(h, t.manager, { gameId, kind, seriesCode: 'A', card });
const balances = () => verifyLedger(h.kiosk.db).balances;
const iso = (minutesFromStart: number) => new Date(Date.parse(NOW) + minutesFromStart * 60_000).toISOString();
const lastIncident = () => h.kiosk.db.prepare(`SELECT game_id, at, kind, text FROM incidents ORDER BY id DESC LIMIT 1`).get();

async function refusedUnchanged(channel: Channel, input: unknown, token?: string): Promise<ErrorBody> {
  const before = snapshot(h.kiosk);
  const error = await h.refused(channel, input, token);
  expect(snapshot(h.kiosk)).toEqual(before);
  return error;
}

/** Game 1 with these sales (sale ids 1..n) and its sale closed. */
async function closedGame(sales: number[]): Promise<number> {
  const g = await openGame();
  for (const q of sales) await sell(g.id, q);
  await closeSale(g.id);
  return g.id;
}

// ---- a failure before the first ball (art. 16.1) ----

describe('a failure before the first ball', () => {
  it('suspends; annulment refused at 14 minutes, accepted at 15; every sale refunded in full', async () => {
    const gameId = await closedGame([3, 5, 7]); // 15,00 €
    const suspended = await suspend(gameId);
    expect(suspended).toMatchObject({ state: 'suspended', suspendedAt: NOW, annulReason: null });
    expect(lastIncident()).toEqual({
      game_id: gameId,
      at: NOW,
      kind: 'suspension',
      text: 'Jogada n.º 1 suspensa (venda fechada) por falha ou avaria (art. 16.º).',
    });
    expect((await refusedUnchanged('game.drawBall', { gameId, number: 5 }, t.manager)).code).toBe('DRAW_NOT_ALLOWED');
    expect(await refusedUnchanged('game.suspend', { gameId }, t.manager)).toEqual({
      code: 'NOT_SUSPENDABLE',
      message: 'A jogada n.º 1 não pode ser suspensa (estado: suspended).',
    });

    h.clock.advanceMinutes(14);
    expect(await refusedUnchanged('game.annul', { gameId, reason: 'failure_before_draw' }, t.manager)).toEqual({
      code: 'ANNUL_TOO_EARLY',
      message: 'Só se pode anular por avaria antes da primeira bola depois de 15 minutos de suspensão; faltam 1 min (art. 16.º, n.º 1).',
    });
    h.clock.advanceMinutes(0.5);
    expect((await refusedUnchanged('game.annul', { gameId, reason: 'failure_before_draw' }, t.manager)).message).toContain('faltam 1 min');
    h.clock.advanceMinutes(0.5);
    const annulled = await annul(gameId, 'failure_before_draw');
    expect(annulled).toMatchObject({ state: 'annulled', annulReason: 'failure_before_draw', totalCents: 1500 });
    expect(lastIncident()).toEqual({
      game_id: gameId,
      at: iso(15),
      kind: 'annulment',
      text: 'Jogada n.º 1 anulada: falha ou avaria antes da primeira bola, não resolvida em 15 minutos (art. 16.º, n.º 1). Todas as vendas são reembolsáveis na totalidade.',
    });
    const acta = h.kiosk.db.prepare(`SELECT at, data FROM acta_entries WHERE kind = 'game_annulled'`).get() as { at: string; data: string };
    expect({ ...acta, data: JSON.parse(acta.data) as unknown }).toEqual({
      at: iso(15),
      data: { number: 1, reason: 'failure_before_draw', balls: 0, voidedPrizes: [] },
    });
    // The provisions go back: nothing owed in prizes or stamp duty for this game.
    expect(balances()).toMatchObject({ 'liability:prizes': 0, 'liability:stamp_duty': 0, 'cash:T1': 1500 });
    expect(await refusedUnchanged('game.annul', { gameId, reason: 'failure_before_draw' }, t.manager)).toEqual({
      code: 'ANNUL_NOT_ALLOWED',
      message: 'A jogada n.º 1 não pode ser anulada (estado: annulled).',
    });
    expect((await refusedUnchanged('game.resume', { gameId }, t.manager)).code).toBe('NOT_SUSPENDED');

    // Refunds, per sale, in full (art. 16.3).
    const pending = await h.ok('refund.list', {}, t.cashier);
    expect(pending).toEqual([
      { saleId: 1, gameId, gameNumber: 1, amountCents: 300, ranges: [{ seriesCode: 'A', from: 1, to: 3 }], refunded: false, refundedAt: null, cardsRefunded: 0 },
      { saleId: 2, gameId, gameNumber: 1, amountCents: 500, ranges: [{ seriesCode: 'A', from: 4, to: 8 }], refunded: false, refundedAt: null, cardsRefunded: 0 },
      { saleId: 3, gameId, gameNumber: 1, amountCents: 700, ranges: [{ seriesCode: 'A', from: 9, to: 15 }], refunded: false, refundedAt: null, cardsRefunded: 0 },
    ]);
    h.clock.advanceMinutes(1);
    // What the counter shows before paying: the refund as it will be, changing nothing.
    expect(await h.ok('refund.check', { saleId: 2 }, t.cashier)).toEqual({ saleId: 2, gameId, gameNumber: 1, ranges: [{ seriesCode: 'A', from: 4, to: 8 }], amountCents: 500 });
    const paid = [];
    for (const s of pending) paid.push(await refund(s.saleId));
    expect(paid[1]).toEqual({ saleId: 2, gameId, amountCents: 500, ranges: [{ seriesCode: 'A', from: 4, to: 8 }], paidAt: iso(16) });
    expect(paid.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1500);
    const again = await refusedUnchanged('refund.pay', { saleId: 2 }, t.cashier);
    expect(again.code).toBe('REFUND_ALREADY_PAID');
    // The check refuses as the payment would, in the same words.
    expect(await h.refused('refund.check', { saleId: 2 }, t.cashier)).toEqual(again);
    expect(await h.refused('refund.check', { saleId: 99 }, t.cashier)).toEqual({ code: 'SALE_NOT_FOUND', message: 'A venda n.º 99 não existe.' });
    expect(again.message).toMatch(/^A venda n\.º 2 já foi devolvida às \d\d:\d\d\.$/);
    expect((await refusedUnchanged('refund.pay', { saleId: 1 }, t.manager)).code).toBe('FORBIDDEN');
    expect(await refusedUnchanged('refund.pay', { saleId: 99 }, t.cashier)).toEqual({ code: 'SALE_NOT_FOUND', message: 'A venda n.º 99 não existe.' });
    expect((await h.ok('refund.list', {}, t.cashier)).map((r) => [r.saleId, r.refunded, r.refundedAt])).toEqual([
      [1, true, iso(16)],
      [2, true, iso(16)],
      [3, true, iso(16)],
    ]);
    expect(balances()).toMatchObject({ 'cash:T1': 0, 'revenue:cards': 0, 'liability:prizes': 0, 'liability:stamp_duty': 0 });
  });

  it('the 15 minutes count from the latest suspension; a game suspended during its sale can be annulled and refunded', async () => {
    const g = await openGame();
    await sell(g.id, 2);
    await sell(g.id, 4);
    await suspend(g.id);
    expect(lastIncident()).toMatchObject({ text: 'Jogada n.º 1 suspensa (em venda) por falha ou avaria (art. 16.º).' });
    expect((await refusedUnchanged('sale.create', { gameId: g.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier)).code).toBe(
      'GAME_NOT_SELLING',
    );
    h.clock.advanceMinutes(10);
    expect(await resume(g.id)).toMatchObject({ state: 'selling', suspendedAt: null });
    await suspend(g.id);
    h.clock.advanceMinutes(10);
    expect((await refusedUnchanged('game.annul', { gameId: g.id, reason: 'failure_before_draw' }, t.manager)).message).toContain('faltam 5 min');
    h.clock.advanceMinutes(5);
    await annul(g.id, 'failure_before_draw');
    expect((await refund(1)).amountCents).toBe(200);
    expect((await refund(2)).amountCents).toBe(400);
    // No close of sale: nothing was set aside, nothing goes back.
    expect(balances()).toMatchObject({ 'cash:T1': 0, 'revenue:cards': 0 });
    expect(balances()['liability:prizes']).toBeUndefined();
    // The next game may be opened.
    expect((await openGame()).number).toBe(2);
  });
});

describe('annulment reasons', () => {
  it('refuses a reason that does not fit the game', async () => {
    const gameId = await closedGame([5]);
    expect(await refusedUnchanged('game.annul', { gameId, reason: 'failure_before_draw' }, t.manager)).toEqual({
      code: 'ANNUL_REASON_MISMATCH',
      message:
        'Motivo de anulação inadequado: suspenda primeiro a jogada; só se anula se a avaria não se resolver em 15 minutos (art. 16.º, n.º 1).',
    });
    for (const reason of ['failure_during_draw', 'announcement_error']) {
      expect(await refusedUnchanged('game.annul', { gameId, reason }, t.manager)).toEqual({
        code: 'ANNUL_REASON_MISMATCH',
        message:
          'Motivo de anulação inadequado: ainda não saiu nenhuma bola: suspenda a jogada e, passados 15 minutos, anule-a pelo art. 16.º, n.º 1.',
      });
    }
    await draw(gameId, 33);
    await suspend(gameId);
    h.clock.advanceMinutes(30);
    expect(await refusedUnchanged('game.annul', { gameId, reason: 'failure_before_draw' }, t.manager)).toEqual({
      code: 'ANNUL_REASON_MISMATCH',
      message: 'Motivo de anulação inadequado: já saíram bolas: a extração continua à mão ou anula-se pelo art. 16.º, n.º 2.',
    });
    expect((await refusedUnchanged('game.annul', { gameId, reason: 'whim' }, t.manager)).code).toBe('VALIDATION_FAILED');
    expect((await refusedUnchanged('game.annul', { gameId, reason: 'failure_during_draw' }, t.cashier)).code).toBe('FORBIDDEN');
    expect((await refusedUnchanged('game.annul', { gameId: 42, reason: 'failure_during_draw' }, t.manager)).code).toBe('GAME_NOT_FOUND');
  });

  it('a finished game cannot be annulled', async () => {
    const gameId = await closedGame([5]);
    for (const n of [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90]) await draw(gameId, n);
    await confirmed(gameId, 'bingo', 2);
    await h.ok('game.closeClaims', { gameId, kind: 'bingo' }, t.manager);
    expect(await refusedUnchanged('game.annul', { gameId, reason: 'announcement_error' }, t.manager)).toEqual({
      code: 'ANNUL_NOT_ALLOWED',
      message: 'A jogada n.º 1 não pode ser anulada (estado: finished).',
    });
    expect((await refusedUnchanged('game.suspend', { gameId }, t.manager)).code).toBe('NOT_SUSPENDABLE');
    expect((await refusedUnchanged('refund.pay', { saleId: 1 }, t.cashier)).code).toBe('REFUND_NOT_ALLOWED');
  });
});

describe('refunds only after an annulment (art. 16.3, 16.4)', () => {
  it('refuses a refund of a game that was not annulled, and of a voided sale', async () => {
    const g = await openGame();
    await sell(g.id, 2);
    expect(await refusedUnchanged('refund.pay', { saleId: 1 }, t.cashier)).toEqual({
      code: 'REFUND_NOT_ALLOWED',
      message: 'Devolução recusada: a jogada n.º 1 não foi anulada; a saída de um jogador não dá direito a devolução (art. 16.º, n.º 4).',
    });
    await sell(g.id, 4);
    await h.ok('sale.voidLast', { gameId: g.id, approval: APPROVAL }, t.cashier);
    await sell(g.id, 3); // sale 3: A 3..5 again
    await closeSale(g.id);
    await draw(g.id, 10);
    expect((await refusedUnchanged('refund.pay', { saleId: 3 }, t.cashier)).message).toContain('art. 16.º, n.º 4');
    await annul(g.id, 'announcement_error');
    expect(await refusedUnchanged('refund.pay', { saleId: 2 }, t.cashier)).toEqual({
      code: 'SALE_VOIDED',
      message: 'A venda n.º 2 foi anulada no balcão: o dinheiro já foi devolvido.',
    });
    // The voided sale is not listed; the others add up to the game's total.
    const list = await h.ok('refund.list', {}, t.cashier);
    expect(list.map((r) => [r.saleId, r.amountCents])).toEqual([
      [1, 200],
      [3, 300],
    ]);
    const total = (await h.ok('game.get', { gameId: g.id }, t.cashier)).totalCents;
    let refunded = 0;
    for (const r of list) refunded += (await refund(r.saleId)).amountCents;
    expect([refunded, total]).toEqual([500, 500]);
    expect(balances()['cash:T1']).toBe(0);
  });
});

// ---- annulment during the draw (art. 16.2, 16.5) ----

describe.each([
  ['failure_during_draw', true, 'falha durante a extração sem possibilidade de continuar manualmente (art. 16.º, n.º 2)'],
  ['announcement_error', false, 'erro no anúncio de um número que afeta substancialmente o jogo (art. 16.º, n.º 5)'],
] as const)('annulment during the draw: %s', (reason, suspendFirst, reasonText) => {
  it('keeps the paid line paid, voids the unpaid prizes, and owes nothing more for the game', async () => {
    // A 1..31: V = 31,00 €, line 1,55 €, bingo 15,50 €, stamp duty 7,75 €.
    const gameId = await closedGame([10, 10, 11]);
    // Two lines at the same ball, read by hand: two cards never share a line (art. 3.4).
    for (const n of [4, 18, 27, 49, 63, 5, 15, 25, 45, 65]) await draw(gameId, n);
    await confirmed(gameId, 'line', 3);
    await confirmed(gameId, 'line', 8);
    const line = await h.ok('game.closeClaims', { gameId, kind: 'line' }, t.manager);
    expect(line.winners.map((w) => [w.winnerId, w.card, w.prizeCents, w.status])).toEqual([
      [1, 3, 78, 'unpaid'],
      [2, 8, 77, 'unpaid'],
    ]);
    h.clock.advanceMinutes(1);
    await h.ok('prize.pay', { winnerId: 1, card: { seriesCode: 'A', number: 3 } }, t.cashier);
    await draw(gameId, 71);
    if (suspendFirst) {
      expect((await suspend(gameId)).state).toBe('suspended');
      expect((await refusedUnchanged('game.claim', { gameId, kind: 'bingo', seriesCode: 'A', card: 3, confirmed: true }, t.manager)).code).toBe(
        'CLAIM_NOT_ALLOWED',
      );
    }
    // Art. 16.2: with balls out, a failure is annulled only as in n.º 1, after 15 minutes of suspension.
    const annulAt = suspendFirst ? 16 : 2;
    if (suspendFirst) {
      h.clock.advanceMinutes(14);
      expect(await refusedUnchanged('game.annul', { gameId, reason }, t.manager)).toEqual({
        code: 'ANNUL_TOO_EARLY',
        message: 'Sem poder continuar a extração à mão, só se anula depois de 15 minutos de suspensão; faltam 1 min (art. 16.º, n.º 2 e n.º 1).',
      });
    }
    h.clock.advanceMinutes(annulAt - (suspendFirst ? 15 : 1));
    const annulled = await annul(gameId, reason);
    expect(annulled).toMatchObject({ state: 'annulled', annulReason: reason, ballCount: 11 });
    expect(lastIncident()).toEqual({
      game_id: gameId,
      at: iso(annulAt),
      kind: 'annulment',
      text: `Jogada n.º 1 anulada: ${reasonText}. Todas as vendas são reembolsáveis na totalidade.`,
    });

    // The paid line stays paid; the unpaid one is void.
    const prizes = await h.ok('prize.list', {}, t.cashier);
    expect(prizes.map((w) => [w.winnerId, w.card, w.prizeCents, w.status, w.paidAt])).toEqual([
      [1, 3, 78, 'paid', iso(1)],
      [2, 8, 77, 'void', null],
    ]);
    expect(h.kiosk.db.prepare(`SELECT winner_id, voided_at, reason FROM prize_voids`).all()).toEqual([{ winner_id: 2, voided_at: iso(annulAt), reason }]);
    expect(await refusedUnchanged('prize.pay', { winnerId: 2, card: { seriesCode: 'A', number: 8 } }, t.cashier)).toEqual({
      code: 'PRIZE_VOID',
      message: 'O prémio do cartão A 8 não é pagável: a jogada n.º 1 foi anulada (art. 16.º).',
    });
    expect((await refusedUnchanged('prize.pay', { winnerId: 1, card: { seriesCode: 'A', number: 3 } }, t.cashier)).code).toBe('PRIZE_ALREADY_PAID');
    expect((await refusedUnchanged('game.drawBall', { gameId, number: 80 }, t.manager)).code).toBe('DRAW_NOT_ALLOWED');
    expect(JSON.parse(h.kiosk.db.prepare(`SELECT data FROM acta_entries WHERE kind = 'game_annulled'`).pluck().get() as string)).toEqual({
      number: 1,
      reason,
      balls: 11,
      voidedPrizes: [2],
    });
    // Nothing more is owed for this game: prizes and stamp duty back to zero.
    expect(balances()).toMatchObject({ 'liability:prizes': 0, 'liability:stamp_duty': 0, 'cash:T1': 3100 - 78 });

    // Every sale refunded in full: the refunds add up to the game's total.
    let refunded = 0;
    for (const saleId of [1, 2, 3]) refunded += (await refund(saleId)).amountCents;
    expect(refunded).toBe(3100);
    expect(balances()).toMatchObject({ 'cash:T1': -78, 'revenue:cards': 78, 'liability:prizes': 0 });
    const acta = await h.ok('session.acta', { sessionId: 1 }, t.manager);
    expect(acta.games[0]).toMatchObject({
      state: 'annulled',
      annulReason: reason,
      cardsSold: 31,
      totalCents: 3100,
      linePaidCents: 78,
      bingoPaidCents: 0,
      stampDutyCents: 0,
      refundedCents: 3100,
      balls: 11,
      endedAt: iso(annulAt),
    });
  });
});

// ---- suspend and resume ----

describe('resume', () => {
  it('returns the game to the state it was suspended from: selling, sale closed, drawing', async () => {
    const g = await openGame();
    await sell(g.id, 5);
    await suspend(g.id);
    // Nothing else opens while a sale is suspended.
    expect(await refusedUnchanged('game.open', { seriesCode: 'A' }, t.manager)).toEqual({
      code: 'GAME_SUSPENDED_PENDING',
      message: 'A jogada n.º 1 está suspensa: retome-a ou anule-a antes de abrir outra.',
    });
    h.clock.advanceMinutes(3);
    expect(await resume(g.id)).toMatchObject({ state: 'selling', suspendedAt: null });
    expect(lastIncident()).toEqual({ game_id: g.id, at: iso(3), kind: 'suspension', text: 'Jogada n.º 1 retomada (em venda).' });
    await sell(g.id, 1);
    await closeSale(g.id);

    await suspend(g.id);
    expect((await resume(g.id)).state).toBe('sale_closed');
    await draw(g.id, 12);
    expect((await suspend(g.id)).state).toBe('suspended');
    expect((await refusedUnchanged('game.drawBall', { gameId: g.id, number: 13 }, t.manager)).code).toBe('DRAW_NOT_ALLOWED');
    expect((await refusedUnchanged('game.claim', { gameId: g.id, kind: 'line', seriesCode: 'A', card: 1, confirmed: true }, t.manager)).code).toBe(
      'CLAIM_NOT_ALLOWED',
    );
    const back = await resume(g.id);
    expect(back).toMatchObject({ state: 'drawing', ballCount: 1, suspendedAt: null });
    expect(await draw(g.id, 13)).toMatchObject({ ball: 13, ballCount: 2, state: 'drawing' });
    expect((await h.ok('game.board', { gameId: g.id }, t.manager)).balls).toEqual([12, 13]);
    expect(await refusedUnchanged('game.resume', { gameId: g.id }, t.manager)).toEqual({
      code: 'NOT_SUSPENDED',
      message: 'A jogada n.º 1 não está suspensa.',
    });
    expect((await refusedUnchanged('game.suspend', { gameId: g.id }, t.cashier)).code).toBe('FORBIDDEN');
    expect(h.kiosk.db.prepare(`SELECT text FROM incidents WHERE kind = 'suspension' ORDER BY id`).pluck().all()).toEqual([
      'Jogada n.º 1 suspensa (em venda) por falha ou avaria (art. 16.º).',
      'Jogada n.º 1 retomada (em venda).',
      'Jogada n.º 1 suspensa (venda fechada) por falha ou avaria (art. 16.º).',
      'Jogada n.º 1 retomada (venda fechada).',
      'Jogada n.º 1 suspensa (em extração) por falha ou avaria (art. 16.º).',
      'Jogada n.º 1 retomada (em extração).',
    ]);
  });
});

describe('the acta of a game annulled while still selling', () => {
  it('shows what was sold and what was refunded, and leaves it out of the totals', async () => {
    const g = await openGame();
    const s1 = await sell(g.id, 3);
    await sell(g.id, 2);
    await suspend(g.id);
    h.clock.advanceMinutes(15);
    await annul(g.id, 'failure_before_draw');
    await refund(s1.saleId);
    const session = (await h.ok('session.current', {}, t.manager)).session!;
    const acta = await h.ok('session.acta', { sessionId: session.id }, t.manager);
    expect(acta.games[0]).toMatchObject({
      number: 1,
      state: 'annulled',
      series: [{ order: 1, seriesCode: 'A', from: 1, to: 5 }],
      cardsSold: 5,
      totalCents: 500,
      stampDutyCents: 0,
      annulReason: 'failure_before_draw',
      refundedCents: 300,
    });
    expect(acta.totals).toEqual({ cardsSold: 0, totalCents: 0, prizesAwardedCents: 0, prizesPaidCents: 0, prizesOwedCents: 0, earlierPrizesPaidCents: 0, stampDutyCents: 0, refundedCents: 300 });
  });
});
