/**
 * Refunds by the card presented (issue 42, item 4; DN 80/85, art. 16.º, n.º 3): after a game's annulment a
 * player hands back a card and is paid its price, once, against its number in what the game sold, whoever sold
 * it (a counter's sale or a roving seller's block, which became the seller's sale). Beside the refund of a whole
 * sale by its receipt (refund.pay, prizes.ts): a sale refunded whole refunds its cards, and a sale with a card
 * refunded is refunded card by card.
 */
import { cardRefundCents, checkCardRefund } from '../../../core/bingo/sellers.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import { KioskError } from '../../../core/errors.js';
import { cardRefundsOfSale, cardsRefunded, insertCardRefund, saleOfCard } from '../../../db/bingo/card-refunds.js';
import { gameSaleRanges } from '../../../db/bingo/sellers.js';
import { post } from '../../../db/ledger.js';
import { cardRefundReceipt } from '../../../printing/documents/index.js';
import { command, done, operatorOf, type HandlerSlice } from '../shared/context.js';
import { enqueue } from '../shared/print.js';
import { requireGame } from './games.js';
import { drawerForPayout } from './prizes.js';

export const cardRefundHandlers: HandlerSlice<'refund.payCard'> = {
  'refund.payCard': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    if (game.state !== 'annulled') throw new KioskError('REFUND_NOT_ALLOWED', { number: game.number });
    // The second game of a double pair plays its first's cards: the card was sold in the first's sales.
    const salesGameId = game.doubleOf ?? game.id;
    const card = { seriesCode: input.seriesCode, number: input.number };
    const sale = saleOfCard(ctx.db, salesGameId, card.seriesCode, card.number);
    // A card of a sale refunded whole (refund.pay) was refunded with it.
    const refunded = [...cardsRefunded(ctx.db, game.id), ...(sale?.refundedWhole ? [card] : [])];
    checkCardRefund({ card, sold: gameSaleRanges(ctx.db, salesGameId), refunded, gameNumber: game.number });
    // checkCardRefund found it sold in a sale not voided: saleOfCard found that sale.
    const { saleId, seriesId } = sale!;
    // In full, with no deduction (art. 16.3): the card's price; a pair's second game, its share of the sale's half.
    const amountCents = cardRefundCents({ totalCents: sale!.totalCents, quantity: sale!.quantity, refundedBefore: cardRefundsOfSale(ctx.db, saleId), secondOfPair: game.doubleOf !== null });
    const operator = operatorOf(ctx);
    const drawer = drawerForPayout(ctx.db, ctx.terminalId, amountCents, operator);
    const refundId = insertCardRefund(ctx.db, { gameId: game.id, saleId, seriesId, number: card.number, amountCents, operatorId: operator.id, terminalId: ctx.terminalId, at: ctx.at });
    post(ctx.db, ledger.cardRefundByCard(refundId, amountCents, ctx.terminalId), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, drawerId: drawer?.id ?? null });
    const result = { refundId, gameId: game.id, gameNumber: game.number, saleId, seriesCode: card.seriesCode, number: card.number, amountCents, paidAt: ctx.at };
    enqueue(
      ctx,
      'receipts',
      (hall) =>
        cardRefundReceipt({
          ...hall,
          refundId,
          saleId,
          sessionId: game.sessionId,
          gameNumber: game.number,
          annulReason: game.annulReason,
          seriesCode: card.seriesCode,
          cardNumber: card.number,
          amountCents,
          paidBy: operator.name,
          terminalId: ctx.terminalId,
          paidAt: ctx.at,
        }),
      { type: 'refund_by_card', id: refundId },
    );
    return done(result, { after: result });
  }),
};
