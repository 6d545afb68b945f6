/** Card sales in serial order, cash only (DN art. 12), and the void of the last sale. */
import { approves } from '../../../core/people/rules.js';
import { checkTenderedNotTooLarge } from '../../../core/cash.js';
import { checkPayout } from '../../../core/drawers/rules.js';
import { KioskError } from '../../../core/errors.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import type { ReadableDb } from '../../../db/connection.js';
import { gameHasBlocks } from '../../../db/bingo/sellers.js';
import { drawerById, drawerExpectedCash, drawerExpectedChips, drawerOfLedgerRef } from '../../../db/drawers.js';
import { requireDrawerOf } from '../shared/drawer.js';
import { fixSecondSeries } from '../../../db/bingo/games.js';
import { insertSale, insertSaleRange, insertSaleVoid, lastSaleOfGame, rangesOfSale, saleViewOf, salesOfGame, type SaleRow } from '../../../db/bingo/sales.js';
import { moveNextNumber } from '../../../db/bingo/series.js';
import { post, postingsOf } from '../../../db/ledger.js';
import { hallSettings } from '../../../db/people.js';
import { saleReceipt, saleVoidSlip } from '../../../printing/documents/index.js';
import { command, done, operatorOf, query, type HandlerSlice } from '../shared/context.js';
import { checkPurchaseIdentified } from '../../../core/compliance/rules.js';
import { presentPerson, recordPresence } from '../shared/identification.js';
import { confirmCredentials, withApproval } from '../shared/credentials.js';
import { enqueue } from '../shared/print.js';
import { planOf, requireGame, requireSelling } from './games.js';
import { keepNextNumbers, nextCards, planForSale, requireSaleOpen } from './order.js';
import { checkSaleInStock, emissionsOfRanges } from './stock.js';

function checkPayment(chipsAllowed: boolean, method: string): 'cash' | 'chips' {
  if (method === 'cash') return 'cash';
  if (method === 'chips') {
    if (!chipsAllowed) throw new KioskError('CHIPS_NOT_ALLOWED');
    return 'chips';
  }
  throw new KioskError('PAYMENT_METHOD_NOT_ALLOWED', { method });
}

function saleView(db: ReadableDb, s: SaleRow) {
  return saleViewOf(s, rangesOfSale(db, s.id));
}

export const saleHandlers: HandlerSlice<'sale.create' | 'sale.voidLast' | 'sale.list'> = {
  // Where the hall identifies its players at the purchase of cards, a sale names its player (Lei n.º 83/2017, art. 76.º,
  // n.º 5). No prepare step on the counter's busiest path: a barred player is refused inside the transaction (the
  // refusal the manager reads was recorded when the identification found them on the list).
  'sale.create': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    requireSelling(game);
    requireSaleOpen(ctx.db, ctx.now, game);
    const settings = hallSettings(ctx.db);
    const quantity = input.quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > settings.maxCardsPerSale) {
      throw new KioskError('QUANTITY_OUT_OF_RANGE', { max: settings.maxCardsPerSale });
    }
    const method = checkPayment(settings.chipsAllowed, input.payment.method);
    const { plan, takesOverSecond } = planForSale(ctx.db, game, quantity);
    const ranges = nextCards(ctx.db, game, plan, quantity);
    // A series whose stock is followed sells only cards received and not destroyed (art. 3.º, n.º 1).
    for (const r of ranges) checkSaleInStock(ctx.db, r.seriesCode === plan.first.code ? plan.first : plan.second!, r);
    const totalCents = quantity * game.priceCents;
    const tenderedCents = input.payment.tenderedCents;
    checkTenderedNotTooLarge(tenderedCents, totalCents);
    if (tenderedCents < totalCents) {
      throw new KioskError('TENDERED_INSUFFICIENT', { tenderedCents, totalCents });
    }
    checkPurchaseIdentified(settings.identificationMoment, input.personId !== undefined, totalCents);
    const player = input.personId === undefined ? null : presentPerson(ctx, input.personId);
    const operator = operatorOf(ctx);
    // Cash, or chips taken for the cards (art. 19.º), go into the seller's own open drawer here (SPEC 9; issue 41):
    // chips are held there, counted at its close and handed to the caixa from it (chips.handover).
    const drawer = requireDrawerOf(ctx.db, ctx.terminalId, operator);
    if (takesOverSecond && plan.second) fixSecondSeries(ctx.db, game.id, plan.second.id);
    const withBlocks = gameHasBlocks(ctx.db, game.id);
    const saleId = insertSale(ctx.db, {
      gameId: game.id,
      terminalId: ctx.terminalId,
      operatorId: operator.id,
      quantity,
      unitPriceCents: game.priceCents,
      totalCents,
      method,
      tenderedCents,
      at: ctx.at,
    });
    ranges.forEach((r, i) => {
      const series = r.seriesCode === plan.first.code ? plan.first : plan.second!;
      insertSaleRange(ctx.db, saleId, i + 1, series.id, r.from, r.to);
      if (!withBlocks) moveNextNumber(ctx.db, series.id, r.from, r.to + 1);
    });
    // Once sellers hold blocks, the cards may come from the middle of the order: the series follow its top.
    if (withBlocks) keepNextNumbers(ctx.db, game, plan);
    // The player kept with the sale, apart from the books; never on the receipt.
    if (player) recordPresence(ctx, player, 'card_purchase', saleId);
    post(ctx.db, ledger.cardSale(saleId, totalCents, method, ctx.terminalId), {
      at: ctx.at,
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      drawerId: drawer.id,
    });
    const result = { saleId, ranges, quantity, totalCents, tenderedCents, changeCents: tenderedCents - totalCents };
    enqueue(
      ctx,
      'receipts',
      (hall) =>
        saleReceipt({
          ...hall,
          saleId,
          sessionId: game.sessionId,
          gameId: game.id,
          gameNumber: game.number,
          terminalId: ctx.terminalId,
          ranges,
          emissions: emissionsOfRanges(ctx.db, ranges),
          quantity,
          unitPriceCents: game.priceCents,
          totalCents,
          paymentMethod: method,
          tenderedCents,
          changeCents: result.changeCents,
          cashier: operator.name,
          createdAt: ctx.at,
        }),
      { type: 'sale', id: saleId },
    );
    return done(result, {
      before: { next: ranges.map((r) => ({ seriesCode: r.seriesCode, nextNumber: r.from })) },
      after: { ...result, next: ranges.map((r) => ({ seriesCode: r.seriesCode, nextNumber: r.to + 1 })) },
    });
  }),

  /**
   * Void (SPEC 3 decision): only the game's most recent sale, while it still
   * sells, with a manager's approval. Its numbers go back to their series, so
   * serial order keeps no gap; the money goes back out of the drawer.
   */
  'sale.voidLast': withApproval(
    (ctx, input) => {
      requireSelling(requireGame(ctx.db, input.gameId));
      return input.approval;
    },
    (ctx, input, checked) => {
      const game = requireGame(ctx.db, input.gameId);
      requireSelling(game);
      const approver = confirmCredentials(ctx, checked!);
      const sale = lastSaleOfGame(ctx.db, game.id);
      if (!sale) throw new KioskError('NOTHING_TO_VOID', { number: game.number });
      // The manager approved the sale the dialog named: a sale made meanwhile at another terminal is not it.
      if (input.saleId !== undefined && input.saleId !== sale.id) throw new KioskError('VOID_NOT_LAST_SALE', { saleId: input.saleId, lastSaleId: sale.id });
      if (sale.voided) throw new KioskError('SALE_ALREADY_VOIDED', { saleId: sale.id });
      if (sale.terminalId !== ctx.terminalId) throw new KioskError('VOID_AT_SALE_TERMINAL', { saleId: sale.id, terminal: sale.terminalId });
      // Separation of duties: the approver is neither the one voiding nor the one who sold (a user may hold both roles).
      const operator = operatorOf(ctx);
      if (approver.id === operator.id || approver.username === sale.cashier) {
        throw new KioskError('VOID_SELF_APPROVAL', { saleId: sale.id, approver: approver.username });
      }
      const ranges = rangesOfSale(ctx.db, sale.id);
      // Give the numbers back, last range first (the second series before the first); once sellers hold
      // blocks, the series follow the top of the game's order after the void is written (below).
      const withBlocks = gameHasBlocks(ctx.db, game.id);
      if (!withBlocks) for (const r of [...ranges].reverse()) moveNextNumber(ctx.db, r.seriesId, r.to + 1, r.from);
      // The money goes back out of the drawer the sale went into (SPEC 9), while it is still open.
      const drawerId = drawerOfLedgerRef(ctx.db, { type: 'sale', id: sale.id }, 'card_sale');
      if (drawerId !== null) {
        const drawer = drawerById(ctx.db, drawerId)!;
        if (drawer.closed) throw new KioskError('DRAWER_CLOSED_FOR_VOID', { saleId: sale.id, drawerId });
        // Chips go back out of the chips the drawer holds, cash out of its cash.
        const held = sale.paymentMethod === 'chips' ? drawerExpectedChips(ctx.db, drawer) : drawerExpectedCash(ctx.db, drawer);
        checkPayout(sale.totalCents, held, !approves(operator.roles));
      }
      insertSaleVoid(ctx.db, { saleId: sale.id, at: ctx.at, operatorId: operator.id, approvedBy: approver.id });
      if (withBlocks) keepNextNumbers(ctx.db, game, planOf(ctx.db, game));
      post(ctx.db, ledger.cardSaleVoid(sale.id, postingsOf(ctx.db, { type: 'sale', id: sale.id }, 'card_sale')), {
        at: ctx.at,
        operatorId: operator.id,
        terminalId: ctx.terminalId,
        drawerId,
      });
      const plain = ranges.map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
      // On paper too, as the sale was: the slip that opens the drawer for the money going back names the sale, its cards and who allowed it.
      enqueue(
        ctx,
        'receipts',
        (hall) =>
          saleVoidSlip({
            ...hall,
            saleId: sale.id,
            sessionId: game.sessionId,
            gameNumber: game.number,
            terminalId: sale.terminalId,
            ranges: plain,
            amountCents: sale.totalCents,
            paymentMethod: sale.paymentMethod,
            soldBy: sale.cashierName,
            voidedBy: operator.name,
            approvedBy: approver.name,
            soldAt: sale.createdAt,
            voidedAt: ctx.at,
          }),
        { type: 'sale', id: sale.id },
      );
      return done(
        { saleId: sale.id, ranges: plain, refundCents: sale.totalCents },
        { before: { saleId: sale.id, voided: false }, after: { saleId: sale.id, voided: true, approvedBy: approver.username, ranges: plain } },
      );
    },
  ),

  'sale.list': query((ctx, input) => {
    requireGame(ctx.db, input.gameId);
    return salesOfGame(ctx.db, input.gameId, input.limit ?? 20).map((s) => saleView(ctx.db, s));
  }),
};
