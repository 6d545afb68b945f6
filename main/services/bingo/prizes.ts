/** Prize payouts at the counter (art. 15) and refunds of annulled games (art. 16.3). */
import { approves } from '../../../core/people/rules.js';
import { pairPrizesPayable, secondGameShare } from '../../../core/bingo/double.js';
import { WINNING_CARD_RETENTION_DAYS } from '../../../core/bingo/rules.js';
import { checkPayout } from '../../../core/drawers/rules.js';
import type { ChannelInput } from '../../../core/contract.js';
import { KioskError } from '../../../core/errors.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import type { ReadableDb } from '../../../db/connection.js';
import { drawerExpectedCash, type DrawerRow } from '../../../db/drawers.js';
import { requireDrawerOf } from '../shared/drawer.js';
import { carriedUnpaidWinners, insertPrizePayment, winnerById, winnersOfSession, winnersSharing } from '../../../db/bingo/draw.js';
import { gameById, secondGameOf, type GameRow } from '../../../db/bingo/games.js';
import { cardRefundsOfSale } from '../../../db/bingo/card-refunds.js';
import { carriedRefunds, insertRefund, rangesOfSale, refundableSales, saleById, saleForRefund } from '../../../db/bingo/sales.js';
import { openSession, sessionById } from '../../../db/bingo/sessions.js';
import { hallRow } from '../../../db/people.js';
import { post } from '../../../db/ledger.js';
import { saleCheck } from '../../../printing/check.js';
import { prizePayout, refundReceipt } from '../../../printing/documents/index.js';
import { command, done, operatorOf, query, type HandlerSlice, type Operator } from '../shared/context.js';
import { identifiedFor, recordIdentifiedAct, refusingBarredPerson } from '../shared/identification.js';
import { enqueue } from '../shared/print.js';
import { pairRoleOf } from './games.js';

function sessionOrCurrent(db: ReadableDb, sessionId: number | undefined): number | null {
  if (sessionId !== undefined) {
    if (!sessionById(db, sessionId)) throw new KioskError('SESSION_NOT_FOUND', { sessionId });
    return sessionId;
  }
  return openSession(db)?.id ?? null;
}

/**
 * The payer's own open drawer here for a cash payout, which must hold the
 * amount (SPEC 9). A payout of 0 cents moves no cash and needs no drawer.
 */
export function drawerForPayout(db: ReadableDb, terminalId: string, amountCents: number, operator: Operator): DrawerRow | null {
  if (amountCents === 0) return null;
  const drawer = requireDrawerOf(db, terminalId, operator);
  checkPayout(amountCents, drawerExpectedCash(db, drawer), !approves(operator.roles));
  return drawer;
}

/** A scanned receipt's check value against the sale as stored (printing/check.ts): a receipt of another sale, or misread, is refused. */
function checkReceipt(db: ReadableDb, saleId: number, check: string): void {
  const sale = saleById(db, saleId);
  if (!sale) throw new KioskError('SALE_NOT_FOUND', { saleId });
  const ranges = rangesOfSale(db, saleId).map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
  const expected = saleCheck({
    licence: hallRow(db)?.licence ?? null,
    saleId,
    gameId: sale.gameId,
    ranges,
    unitPriceCents: sale.unitPriceCents,
    totalCents: sale.totalCents,
    createdAt: sale.createdAt,
  });
  if (check.toUpperCase() !== expected) throw new KioskError('RECEIPT_CHECK_MISMATCH', { saleId, check });
}

/**
 * The card handed in must be the winning one (art. 15.5): typed, its series
 * and number; scanned, the receipt of a sale (not voided) of the winner's game
 * (or of the first game of its double pair) that sold that card.
 */
function checkPresentedCard(db: ReadableDb, winner: NonNullable<ReturnType<typeof winnerById>>, game: GameRow, card: PrizePayInput['card']): void {
  if ('seriesCode' in card) {
    if (card.seriesCode !== winner.seriesCode || card.number !== winner.card) {
      throw new KioskError('PRIZE_CARD_MISMATCH', { seriesCode: winner.seriesCode, card: winner.card, givenSeries: card.seriesCode, givenCard: card.number });
    }
    return;
  }
  checkReceipt(db, card.saleId, card.check);
  const sale = saleForRefund(db, card.saleId)!;
  const ofGame = sale.gameId === game.id || (game.doubleOf !== null && sale.gameId === game.doubleOf);
  const sold = rangesOfSale(db, card.saleId).some((r) => r.seriesCode === winner.seriesCode && r.from <= winner.card && winner.card <= r.to);
  if (!ofGame || !sold || sale.voided) {
    throw new KioskError('PRIZE_RECEIPT_MISMATCH', { saleId: card.saleId, seriesCode: winner.seriesCode, card: winner.card, number: winner.gameNumber });
  }
}

type PrizePayInput = ChannelInput<'prize.pay'>;

/**
 * What a sale's refund would be, or why there is none (art. 16.3, 16.4): the
 * same for the check the counter shows before paying and for the payment.
 */
function refundOf(db: ReadableDb, input: { saleId: number; check?: string | undefined }) {
  const sale = saleForRefund(db, input.saleId);
  if (!sale) throw new KioskError('SALE_NOT_FOUND', { saleId: input.saleId });
  if (input.check !== undefined) checkReceipt(db, input.saleId, input.check);
  const own = gameById(db, sale.gameId)!;
  // Double cards: the second game annulled gives back the sale's second half (core/bingo/double.ts).
  const game = own.state !== 'annulled' && sale.annulledSecondId !== null ? gameById(db, sale.annulledSecondId)! : own;
  if (game.state !== 'annulled') throw new KioskError('REFUND_NOT_ALLOWED', { number: game.number });
  if (sale.voided) throw new KioskError('SALE_VOIDED', { saleId: sale.id });
  if (sale.refundedAt) throw new KioskError('REFUND_ALREADY_PAID', { saleId: sale.id, paidAt: sale.refundedAt });
  // Cards of it refunded one by one (refund.payCard): the rest is refunded by card too, never the whole again.
  const byCard = cardRefundsOfSale(db, sale.id);
  if (byCard > 0) throw new KioskError('REFUND_SALE_CARDS_REFUNDED', { saleId: sale.id, cards: byCard });
  return { sale, game, amountCents: game === own ? sale.totalCents : secondGameShare(sale.totalCents) };
}

export const prizeHandlers: HandlerSlice<'prize.pay' | 'prize.list' | 'refund.check' | 'refund.pay' | 'refund.list'> = {
  'prize.pay': refusingBarredPerson((input) => input.personId, command((ctx, input) => {
    const winner = winnerById(ctx.db, input.winnerId);
    if (!winner) throw new KioskError('WINNER_NOT_FOUND', { winnerId: input.winnerId });
    if (winner.status === 'paid') {
      throw new KioskError('PRIZE_ALREADY_PAID', { seriesCode: winner.seriesCode, card: winner.card, paidAt: winner.paidAt! });
    }
    if (winner.status === 'void') {
      throw new KioskError('PRIZE_VOID', { seriesCode: winner.seriesCode, card: winner.card, number: winner.gameNumber });
    }
    // Double cards: the prizes of both games are paid after the second (art. 14.3).
    const game = gameById(ctx.db, winner.gameId)!;
    const role = pairRoleOf(ctx.db, game);
    const first = role === 'second' ? gameById(ctx.db, game.doubleOf!)! : game;
    const second = role === 'second' ? game : (secondGameOf(ctx.db, game.id) ?? null);
    if (!pairPrizesPayable(role, first, second)) throw new KioskError('PRIZE_DOUBLE_PENDING', { seriesCode: winner.seriesCode, card: winner.card });
    checkPresentedCard(ctx.db, winner, game, input.card);
    // Lei n.º 83/2017, art. 76.º: the winner identified where the hall identifies at a prize's delivery, and from the threshold.
    const winnerPerson = identifiedFor(ctx, { act: 'prize_payment', cents: winner.prizeCents, personId: input.personId, chequeCents: 0, chequeCount: 0 });
    const operator = operatorOf(ctx);
    const drawer = drawerForPayout(ctx.db, ctx.terminalId, winner.prizeCents, operator);
    const retainUntil = new Date(ctx.now.getTime() + WINNING_CARD_RETENTION_DAYS * 86_400_000).toISOString();
    insertPrizePayment(ctx.db, { winnerId: winner.winnerId, at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, amountCents: winner.prizeCents, retainUntil });
    recordIdentifiedAct(ctx, winnerPerson, { act: 'prize_payment', refId: winner.winnerId, cashCents: winner.prizeCents, chequeCents: 0, cardCents: 0 });
    post(ctx.db, ledger.prizePaid(winner.winnerId, winner.prizeCents, ctx.terminalId), {
      at: ctx.at,
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      drawerId: drawer?.id ?? null,
    });
    const paid = winnerById(ctx.db, winner.winnerId)!;
    const sharedBy = winnersSharing(ctx.db, winner.gameId, winner.kind, winner.ballCount);
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
    return done(paid, { before: { status: winner.status }, after: paid });
  })),

  'prize.list': query((ctx, input) => {
    const sessionId = sessionOrCurrent(ctx.db, input.sessionId);
    if (sessionId === null) return [];
    const order = { unpaid: 0, paid: 1, void: 2 } as const;
    // The open session also lists what earlier sessions left unpaid (carried at their close).
    const carried = input.sessionId === undefined ? carriedUnpaidWinners(ctx.db, sessionId) : [];
    return [...carried, ...winnersOfSession(ctx.db, sessionId)].sort((a, b) => order[a.status] - order[b.status] || a.winnerId - b.winnerId);
  }),

  'refund.check': query((ctx, input) => {
    const { sale, game, amountCents } = refundOf(ctx.db, input);
    const ranges = rangesOfSale(ctx.db, sale.id).map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
    return { saleId: sale.id, gameId: game.id, gameNumber: game.number, ranges, amountCents };
  }),

  'refund.pay': command((ctx, input) => {
    const { sale, game, amountCents } = refundOf(ctx.db, input);
    const operator = operatorOf(ctx);
    const drawer = drawerForPayout(ctx.db, ctx.terminalId, amountCents, operator);
    insertRefund(ctx.db, { saleId: sale.id, at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, amountCents });
    // In full, with no deduction (art. 16.3), in cash.
    post(ctx.db, ledger.cardRefund(sale.id, amountCents, ctx.terminalId), {
      at: ctx.at,
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      drawerId: drawer?.id ?? null,
    });
    const ranges = rangesOfSale(ctx.db, sale.id).map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
    const result = { saleId: sale.id, gameId: game.id, amountCents, ranges, paidAt: ctx.at };
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
          amountCents,
          paidBy: operator.name,
          terminalId: ctx.terminalId,
          paidAt: ctx.at,
        }),
      { type: 'refund', id: sale.id },
    );
    return done(result, { after: result });
  }),

  'refund.list': query((ctx, input) => {
    const sessionId = sessionOrCurrent(ctx.db, input.sessionId);
    if (sessionId === null) return [];
    const carried = input.sessionId === undefined ? carriedRefunds(ctx.db, sessionId) : [];
    return [...carried, ...refundableSales(ctx.db, sessionId)].map((r) => ({
      ...r,
      ranges: rangesOfSale(ctx.db, r.saleId).map(({ seriesCode, from, to }) => ({ seriesCode, from, to })),
      refunded: r.refundedAt !== null,
      cardsRefunded: cardRefundsOfSale(ctx.db, r.saleId),
    }));
  }),
};
