/** Suspension, annulment and refunds (DN art. 16); prize payouts (art. 15). */
import { KioskError } from '../../core/errors.js';
import { accounts } from '../../core/ledger.js';
import { SUSPENSION_ANNUL_MINUTES, WINNING_CARD_RETENTION_DAYS } from '../../core/settings.js';
import type { ANNUL_REASONS } from '../../core/contract.js';
import { appendActa, gameById, openSession, rangesOfSale, sessionById } from '../../db/bingo.js';
import { stmt, type Db } from '../../db/connection.js';
import { postTransaction } from '../../db/ledger.js';
import { activeBalls, addIncident, winnerById, winnersOfGame, winnersOfSession } from '../../db/play.js';
import { prizePayout, refundReceipt } from '../../printing/documents/index.js';
import { operatorOf, type Handler, type ServiceContext } from './context.js';
import { enqueue } from './printing.js';
import { gameView, requireGame } from './games.js';

const STATE_PT: Record<string, string> = {
  selling: 'em venda',
  sale_closed: 'venda fechada',
  drawing: 'em extração',
  finished: 'terminada',
  suspended: 'suspensa',
  annulled: 'anulada',
};

export const suspendGame: Handler<'game.suspend'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  if (game.state !== 'selling' && game.state !== 'sale_closed' && game.state !== 'drawing') {
    throw new KioskError('NOT_SUSPENDABLE', { number: game.number, state: game.state });
  }
  stmt(ctx.db, `UPDATE games SET state = 'suspended', suspended_at = ?, suspended_from = ? WHERE id = ?`).run(ctx.at, game.state, game.id);
  const operator = operatorOf(ctx);
  addIncident(ctx.db, {
    sessionId: game.sessionId,
    gameId: game.id,
    at: ctx.at,
    operatorId: operator.id,
    kind: 'suspension',
    text: `Jogada n.º ${game.number} suspensa (${STATE_PT[game.state]}) por falha ou avaria (art. 16.º).`,
  });
  ctx.audit.before = { state: game.state };
  ctx.audit.after = { state: 'suspended', suspendedAt: ctx.at };
  return gameView(ctx.db, requireGame(ctx.db, game.id));
};

export const resumeGame: Handler<'game.resume'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  if (game.state !== 'suspended' || !game.suspendedFrom) throw new KioskError('NOT_SUSPENDED', { number: game.number });
  if (game.suspendedFrom === 'selling') {
    const other = stmt<[number, number], { number: number }>(
      ctx.db,
      `SELECT number FROM games WHERE session_id = ? AND state = 'selling' AND id <> ?`,
    ).get(game.sessionId, game.id);
    if (other) throw new KioskError('GAME_ALREADY_SELLING', { number: other.number });
  }
  stmt(ctx.db, `UPDATE games SET state = suspended_from, suspended_at = NULL, suspended_from = NULL WHERE id = ?`).run(game.id);
  addIncident(ctx.db, {
    sessionId: game.sessionId,
    gameId: game.id,
    at: ctx.at,
    operatorId: operatorOf(ctx).id,
    kind: 'suspension',
    text: `Jogada n.º ${game.number} retomada (${STATE_PT[game.suspendedFrom]}).`,
  });
  ctx.audit.before = { state: 'suspended', suspendedAt: game.suspendedAt };
  ctx.audit.after = { state: game.suspendedFrom };
  return gameView(ctx.db, requireGame(ctx.db, game.id));
};

const REASON_TEXT: Record<(typeof ANNUL_REASONS)[number], string> = {
  failure_before_draw: 'falha ou avaria antes da primeira bola, não resolvida em 15 minutos (art. 16.º, n.º 1)',
  failure_during_draw: 'falha durante a extração sem possibilidade de continuar manualmente (art. 16.º, n.º 2)',
  announcement_error: 'erro no anúncio de um número que afeta substancialmente o jogo (art. 16.º, n.º 5)',
};

/**
 * Annul a game: every sale becomes refundable in full (art. 16.3); prizes
 * already paid stay paid, unpaid ones are void (SPEC 6 decision); the prize
 * provision still owed and the stamp duty go back to card revenue. The
 * special prize fund keeps its share: it is never reduced but by a win.
 */
export const annulGame: Handler<'game.annul'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  if (game.state === 'finished' || game.state === 'annulled') {
    throw new KioskError('ANNUL_NOT_ALLOWED', { number: game.number, state: game.state });
  }
  const balls = activeBalls(ctx.db, game.id).length;
  if (input.reason === 'failure_before_draw') {
    if (balls > 0) {
      throw new KioskError('ANNUL_REASON_MISMATCH', {
        detail: 'já saíram bolas: a extração continua à mão ou anula-se pelo art. 16.º, n.º 2.',
        detailEn: 'balls were already drawn: the draw goes on by hand or is annulled under art. 16(2).',
      });
    }
    if (game.state !== 'suspended' || !game.suspendedAt) {
      throw new KioskError('ANNUL_REASON_MISMATCH', {
        detail: 'suspenda primeiro a jogada; só se anula se a avaria não se resolver em 15 minutos (art. 16.º, n.º 1).',
        detailEn: 'suspend the game first; it is annulled only if the failure is not solved within 15 minutes (art. 16(1)).',
      });
    }
    const elapsedMs = ctx.now.getTime() - new Date(game.suspendedAt).getTime();
    const neededMs = SUSPENSION_ANNUL_MINUTES * 60_000;
    if (elapsedMs < neededMs) throw new KioskError('ANNUL_TOO_EARLY', { minutes: Math.ceil((neededMs - elapsedMs) / 60_000) });
  } else if (balls === 0) {
    throw new KioskError('ANNUL_REASON_MISMATCH', {
      detail: 'ainda não saiu nenhuma bola: suspenda a jogada e, passados 15 minutos, anule-a pelo art. 16.º, n.º 1.',
      detailEn: 'no ball was drawn yet: suspend the game and after 15 minutes annul it under art. 16(1).',
    });
  }
  const operator = operatorOf(ctx);
  stmt(ctx.db, `UPDATE games SET state = 'annulled', annulled_at = ?, annul_reason = ? WHERE id = ?`).run(ctx.at, input.reason, game.id);
  const unpaid = winnersOfGame(ctx.db, game.id).filter((w) => w.status === 'unpaid');
  const voidPrize = stmt(ctx.db, `INSERT INTO prize_voids (winner_id, voided_at, reason) VALUES (?, ?, ?)`);
  for (const w of unpaid) voidPrize.run(w.winnerId, ctx.at, input.reason);
  reverseProvisions(ctx, game.id);
  const text = `Jogada n.º ${game.number} anulada: ${REASON_TEXT[input.reason]}. Todas as vendas são reembolsáveis na totalidade.`;
  addIncident(ctx.db, { sessionId: game.sessionId, gameId: game.id, at: ctx.at, operatorId: operator.id, kind: 'annulment', text });
  appendActa(ctx.db, {
    sessionId: game.sessionId,
    gameId: game.id,
    at: ctx.at,
    kind: 'game_annulled',
    data: { number: game.number, reason: input.reason, balls, voidedPrizes: unpaid.map((w) => w.winnerId) },
  });
  ctx.audit.before = { state: game.state };
  ctx.audit.after = { state: 'annulled', reason: input.reason, voidedPrizes: unpaid.map((w) => w.winnerId) };
  return gameView(ctx.db, requireGame(ctx.db, game.id));
};

/** Give back to card revenue what the close of sale set aside and will not be paid. */
function reverseProvisions(ctx: ServiceContext, gameId: number): void {
  const closure = stmt<[number], { prizes: number; stamp: number }>(
    ctx.db,
    `SELECT line_prize_cents + bingo_prize_cents AS prizes, stamp_duty_cents AS stamp FROM game_closures WHERE game_id = ?`,
  ).get(gameId);
  if (!closure) return;
  const paidFromProvision = winnersOfGame(ctx.db, gameId)
    .filter((w) => w.status === 'paid' && w.kind !== 'special')
    .reduce((s, w) => s + w.prizeCents, 0);
  const prizes = closure.prizes - paidFromProvision;
  const postings = [
    { account: accounts.prizesPayable, amountCents: prizes },
    { account: accounts.stampDuty, amountCents: closure.stamp },
  ].filter((p) => p.amountCents !== 0);
  if (postings.length === 0) return;
  const total = postings.reduce((s, p) => s + p.amountCents, 0);
  postTransaction(ctx.db, {
    at: ctx.at,
    kind: 'game_annulled',
    operatorId: operatorOf(ctx).id,
    terminalId: ctx.terminalId,
    refType: 'game',
    refId: gameId,
    postings: [...postings, { account: accounts.cardSales, amountCents: -total }],
  });
}

interface SaleForRefund {
  id: number;
  gameId: number;
  totalCents: number;
  voided: number;
  refundedAt: string | null;
}

function saleForRefund(db: Db, saleId: number): SaleForRefund | undefined {
  return stmt<[number], SaleForRefund>(
    db,
    `SELECT s.id, s.game_id AS gameId, s.total_cents AS totalCents,
            EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id) AS voided,
            (SELECT paid_at FROM refunds r WHERE r.sale_id = s.id) AS refundedAt
       FROM sales s WHERE s.id = ?`,
  ).get(saleId);
}

export const payRefund: Handler<'refund.pay'> = (ctx, input) => {
  const sale = saleForRefund(ctx.db, input.saleId);
  if (!sale) throw new KioskError('SALE_NOT_FOUND', { saleId: input.saleId });
  const game = gameById(ctx.db, sale.gameId)!;
  if (game.state !== 'annulled') throw new KioskError('REFUND_NOT_ALLOWED', { number: game.number });
  if (sale.voided) throw new KioskError('SALE_VOIDED', { saleId: sale.id });
  if (sale.refundedAt) throw new KioskError('REFUND_ALREADY_PAID', { saleId: sale.id, paidAt: clock(sale.refundedAt) });
  const operator = operatorOf(ctx);
  stmt(ctx.db, `INSERT INTO refunds (sale_id, paid_at, operator_id, terminal_id, amount_cents) VALUES (?, ?, ?, ?, ?)`).run(
    sale.id,
    ctx.at,
    operator.id,
    ctx.terminalId,
    sale.totalCents,
  );
  // In full, with no deduction (art. 16.3), in cash.
  postTransaction(ctx.db, {
    at: ctx.at,
    kind: 'card_refund',
    operatorId: operator.id,
    terminalId: ctx.terminalId,
    refType: 'sale',
    refId: sale.id,
    postings: [
      { account: accounts.cardSales, amountCents: sale.totalCents },
      { account: accounts.cash(ctx.terminalId), amountCents: -sale.totalCents },
    ],
  });
  const ranges = rangesOfSale(ctx.db, sale.id).map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
  const result = { saleId: sale.id, gameId: game.id, amountCents: sale.totalCents, ranges, paidAt: ctx.at };
  enqueue(
    ctx,
    'receipts',
    (hall) =>
      refundReceipt({
        ...hall,
        saleId: sale.id,
        sessionId: game.sessionId,
        gameNumber: game.number,
        annulReason: game.annulReason,
        ranges,
        amountCents: sale.totalCents,
        paidBy: operator.name,
        terminalId: ctx.terminalId,
        paidAt: ctx.at,
      }),
    { type: 'refund', id: sale.id },
  );
  ctx.audit.after = result;
  return result;
};

function sessionOrCurrent(db: Db, sessionId: number | undefined): number | null {
  if (sessionId !== undefined) {
    if (!sessionById(db, sessionId)) throw new KioskError('SESSION_NOT_FOUND', { sessionId });
    return sessionId;
  }
  return openSession(db)?.id ?? null;
}

export const listRefunds: Handler<'refund.list'> = (ctx, input) => {
  const sessionId = sessionOrCurrent(ctx.db, input.sessionId);
  if (sessionId === null) return [];
  return stmt<[number], { saleId: number; gameId: number; gameNumber: number; amountCents: number; refundedAt: string | null }>(
    ctx.db,
    `SELECT s.id AS saleId, s.game_id AS gameId, g.number AS gameNumber, s.total_cents AS amountCents,
            (SELECT paid_at FROM refunds r WHERE r.sale_id = s.id) AS refundedAt
       FROM sales s JOIN games g ON g.id = s.game_id
      WHERE g.session_id = ? AND g.state = 'annulled' AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      ORDER BY refundedAt IS NOT NULL, s.id`,
  )
    .all(sessionId)
    .map((r) => ({
      ...r,
      ranges: rangesOfSale(ctx.db, r.saleId).map(({ seriesCode, from, to }) => ({ seriesCode, from, to })),
      refunded: r.refundedAt !== null,
    }));
};

const clock = (iso: string) => new Date(iso).toLocaleTimeString('pt-PT', { hour: '2-digit', minute: '2-digit' });

export const payPrize: Handler<'prize.pay'> = (ctx, input) => {
  const winner = winnerById(ctx.db, input.winnerId);
  if (!winner) throw new KioskError('WINNER_NOT_FOUND', { winnerId: input.winnerId });
  if (winner.status === 'paid') {
    throw new KioskError('PRIZE_ALREADY_PAID', { seriesCode: winner.seriesCode, card: winner.card, paidAt: clock(winner.paidAt!) });
  }
  if (winner.status === 'void') {
    throw new KioskError('PRIZE_VOID', { seriesCode: winner.seriesCode, card: winner.card, number: winner.gameNumber });
  }
  const operator = operatorOf(ctx);
  const retainUntil = new Date(ctx.now.getTime() + WINNING_CARD_RETENTION_DAYS * 86_400_000).toISOString();
  stmt(
    ctx.db,
    `INSERT INTO prize_payments (winner_id, paid_at, operator_id, terminal_id, amount_cents, retain_until) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(winner.winnerId, ctx.at, operator.id, ctx.terminalId, winner.prizeCents, retainUntil);
  if (winner.prizeCents > 0) {
    postTransaction(ctx.db, {
      at: ctx.at,
      kind: 'prize_paid',
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      refType: 'winner',
      refId: winner.winnerId,
      postings: [
        { account: accounts.prizesPayable, amountCents: winner.prizeCents },
        { account: accounts.cash(ctx.terminalId), amountCents: -winner.prizeCents },
      ],
    });
  }
  const paid = winnerById(ctx.db, winner.winnerId)!;
  const sharedBy = stmt<[number, string, number], { n: number }>(
    ctx.db,
    `SELECT COUNT(*) AS n FROM winners WHERE game_id = ? AND kind = ? AND ball_count = ?`,
  ).get(winner.gameId, winner.kind, winner.ballCount)!.n;
  enqueue(
    ctx,
    'receipts',
    (hall) =>
      prizePayout({
        ...hall,
        payoutId: winner.winnerId,
        sessionId: gameById(ctx.db, winner.gameId)!.sessionId,
        gameNumber: winner.gameNumber,
        seriesCode: winner.seriesCode,
        cardNumber: winner.card,
        kind: winner.kind,
        amountCents: winner.prizeCents,
        sharedBy: sharedBy > 1 ? sharedBy : null,
        paidBy: operator.name,
        terminalId: ctx.terminalId,
        paidAt: ctx.at,
        retainUntil,
      }),
    { type: 'winner', id: winner.winnerId },
  );
  ctx.audit.before = { status: winner.status };
  ctx.audit.after = paid;
  return paid;
};

export const listPrizes: Handler<'prize.list'> = (ctx, input) => {
  const sessionId = sessionOrCurrent(ctx.db, input.sessionId);
  if (sessionId === null) return [];
  const order = { unpaid: 0, paid: 1, void: 2 } as const;
  return winnersOfSession(ctx.db, sessionId).sort((a, b) => order[a.status] - order[b.status] || a.winnerId - b.winnerId);
};
