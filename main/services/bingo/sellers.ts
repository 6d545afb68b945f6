/**
 * Roving sellers (issue 42; DN 80/85, art. 12.º, n.º 2, and 13.º): the caixa hands a person of the hall a block
 * of the game's next cards and collects its surplus before the close of sale. The cards sold from a block become
 * a sale of the game, made by the seller, its money into the drawer of the caixa who collects it, so the
 * announcement, the prizes, the acta and the books count them as every other card.
 */
import { blockReturn, gameOrder, orderState, sellerSettlement } from '../../../core/bingo/sellers.js';
import { countDenominations, toDenominationMap } from '../../../core/drawers/rules.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import { KioskError } from '../../../core/errors.js';
import type { ReadableDb } from '../../../db/connection.js';
import { fixSecondSeries } from '../../../db/bingo/games.js';
import { insertSale, insertSaleRange } from '../../../db/bingo/sales.js';
import { blockById, blocksOfGame, gameSaleRanges, insertBlock, insertBlockRange, insertReturn, settlementsOfSession, type BlockRow } from '../../../db/bingo/sellers.js';
import { sessionById } from '../../../db/bingo/sessions.js';
import { SELLER_SETTLEMENTS_CSV } from '../../../core/bingo/seller-exports.js';
import { csvFilename, toCsv } from '../../../core/csv.js';
import { softwareLabel } from '../../version.js';
import { seriesByCode } from '../../../db/bingo/series.js';
import { post } from '../../../db/ledger.js';
import { hallSettings, hallTimeZone, operatorById } from '../../../db/people.js';
import type { SellerBlockView } from '../../../core/bingo/sellers-contract.js';
import { sellerSettlementSlip } from '../../../printing/documents/index.js';
import { command, done, operatorOf, query, type HandlerSlice } from '../shared/context.js';
import { enqueue } from '../shared/print.js';
import { confirmCredentials, withApproval } from '../shared/credentials.js';
import { requireDrawerOf } from '../shared/drawer.js';
import { planOf, requireGame, requireSelling } from './games.js';
import { keepNextNumbers, nextCards, planForSale, requireSaleOpen, seriesFollowGame } from './order.js';

/** The most cards one block may hold: a seller's stack, never a whole series by a slip of the finger. */
const MAX_BLOCK = 200;

function blockView(b: BlockRow): SellerBlockView {
  return {
    blockId: b.id,
    gameId: b.gameId,
    seller: { id: b.sellerId, name: b.sellerName, username: b.sellerUsername },
    handedBy: b.handedBy,
    cards: b.cards,
    ranges: b.ranges,
    at: b.at,
    returned:
      b.returnedAt === null
        ? null
        : {
            at: b.returnedAt,
            soldCards: b.soldCards!,
            returnedCards: b.returnedCards!,
            saleId: b.saleId,
            owedCents: b.owedCents!,
            countedCents: b.countedCents!,
            differenceCents: b.differenceCents!,
            acceptedBy: b.acceptedBy,
          },
  };
}

function seriesIdOf(db: ReadableDb, code: string): number {
  const series = seriesByCode(db, code);
  if (!series) throw new KioskError('SERIES_NOT_FOUND', { code });
  return series.id;
}

export const sellerHandlers: HandlerSlice<'seller.handOut' | 'seller.return' | 'seller.list' | 'export.sellerSettlements'> = {
  'seller.handOut': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    requireSelling(game);
    requireSaleOpen(ctx.db, ctx.now, game);
    // A hall that identifies its players at the purchase sells each card to an identified player at the counter (art. 76.º, n.º 5).
    if (hallSettings(ctx.db).identificationMoment === 'purchase') throw new KioskError('BLOCKS_NEED_COUNTER_PURCHASE');
    const quantity = input.quantity;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_BLOCK) throw new KioskError('QUANTITY_OUT_OF_RANGE', { max: MAX_BLOCK });
    const seller = operatorById(ctx.db, input.sellerId);
    if (!seller || !seller.active) throw new KioskError('USER_NOT_FOUND', { operatorId: input.sellerId });
    const { plan, takesOverSecond } = planForSale(ctx.db, game, quantity);
    const ranges = nextCards(ctx.db, game, plan, quantity);
    if (takesOverSecond && plan.second) fixSecondSeries(ctx.db, game.id, plan.second.id);
    const operator = operatorOf(ctx);
    const blockId = insertBlock(ctx.db, { gameId: game.id, sellerId: seller.id, handedBy: operator.id, terminalId: ctx.terminalId, cards: quantity, at: ctx.at });
    ranges.forEach((r, i) => insertBlockRange(ctx.db, blockId, i + 1, seriesIdOf(ctx.db, r.seriesCode), r.from, r.to));
    keepNextNumbers(ctx.db, game, plan);
    const view = blockView(blockById(ctx.db, blockId)!);
    return done(view, { before: null, after: { blockId, seller: seller.username, ranges } });
  }),

  /**
   * The block's return and the seller's cash, counted by denomination in front of them: what the cards sold owe
   * goes into the collecting caixa's drawer as their sale, the difference beside it; over the hall's threshold a
   * manager (never the caixa collecting) accepts the difference with a reason, else nothing is recorded.
   */
  'seller.return': withApproval(
    (ctx, input) => {
      // The cheap refusals first, so that no PIN is checked for nothing.
      countDenominations(input.countedByDenomination);
      if (!input.approval) return null;
      if (!input.reason) throw new KioskError('VARIANCE_REASON_REQUIRED');
      return input.approval;
    },
    (ctx, input, checked) => {
      const block = blockById(ctx.db, input.blockId);
      if (!block) throw new KioskError('SELLER_BLOCK_NOT_FOUND', { blockId: input.blockId });
      if (block.returnedAt !== null) throw new KioskError('SELLER_BLOCK_RETURNED', { blockId: block.id, seller: block.sellerName, at: block.returnedAt });
      const game = requireGame(ctx.db, block.gameId);
      // A game annulled while a seller held cards (art. 16.º): the block still comes back and its cards sold become a
      // sale, so that each one a player hands back is refunded by its number (refund.payCard).
      const annulled = game.state === 'annulled';
      if (!annulled) requireSelling(game);
      const { sold, returned } = blockReturn(block.ranges, input.firstUnsold, block.sellerName);
      // Whether the series still stand at this game's top (no later game took from them): only then a return at the top gives its cards back.
      const plan = planOf(ctx.db, game);
      const follows = !annulled || seriesFollowGame(ctx.db, game, plan);
      const count = countDenominations(input.countedByDenomination);
      const settlement = sellerSettlement({ sold, priceCents: game.priceCents, countedCents: count.cents, thresholdCents: hallSettings(ctx.db).drawerVarianceThresholdCents });
      const operator = operatorOf(ctx);
      const approver = checked ? confirmCredentials(ctx, checked) : null;
      if (settlement.needsAcceptance && !approver) {
        throw new KioskError('SELLER_DIFFERENCE_NEEDS_MANAGER', { seller: block.sellerName, owedCents: settlement.owedCents, countedCents: count.cents, differenceCents: settlement.differenceCents });
      }
      if (approver?.id === operator.id) throw new KioskError('APPROVER_IS_OPERATOR', { act: 'seller_return' });
      // The seller's money goes into the drawer of the caixa who collects it.
      const drawer = requireDrawerOf(ctx.db, ctx.terminalId, operator);
      const booking = { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, drawerId: drawer.id };
      let saleId: number | null = null;
      if (settlement.cardsSold > 0) {
        saleId = insertSale(ctx.db, {
          gameId: game.id,
          terminalId: ctx.terminalId,
          operatorId: block.sellerId,
          quantity: settlement.cardsSold,
          unitPriceCents: game.priceCents,
          totalCents: settlement.owedCents,
          method: 'cash',
          tenderedCents: settlement.owedCents,
          at: ctx.at,
        });
        sold.forEach((r, i) => insertSaleRange(ctx.db, saleId!, i + 1, seriesIdOf(ctx.db, r.seriesCode), r.from, r.to));
        post(ctx.db, ledger.cardSale(saleId, settlement.owedCents, 'cash', ctx.terminalId), booking);
      }
      const first = input.firstUnsold;
      insertReturn(ctx.db, {
        blockId: block.id,
        firstUnsold: first ? { seriesId: seriesIdOf(ctx.db, first.seriesCode), number: first.number } : null,
        soldCards: settlement.cardsSold,
        returnedCards: block.cards - settlement.cardsSold,
        saleId,
        owedCents: settlement.owedCents,
        counted: toDenominationMap(count.counts),
        countedCents: count.cents,
        acceptedBy: approver?.id ?? null,
        acceptanceReason: approver ? input.reason! : null,
        receivedBy: operator.id,
        terminalId: ctx.terminalId,
        at: ctx.at,
      });
      const difference = ledger.sellerDifference(block.id, settlement.differenceCents, ctx.terminalId);
      if (difference) post(ctx.db, difference, booking);
      // An annulled game's block gives its top back only while no later game took from its series.
      if (follows) keepNextNumbers(ctx.db, game, plan);
      // The settlement slip both sign, queued with the money it documents (reprinted as any job, print.reprint).
      enqueue(
        ctx,
        'receipts',
        (hall) =>
          sellerSettlementSlip({
            ...hall,
            blockId: block.id,
            sessionId: game.sessionId,
            gameNumber: game.number,
            terminalId: ctx.terminalId,
            seller: block.sellerName,
            ranges: block.ranges,
            firstUnsold: first,
            cardsSold: settlement.cardsSold,
            priceCents: game.priceCents,
            owedCents: settlement.owedCents,
            counted: count.counts,
            countedCents: count.cents,
            differenceCents: settlement.differenceCents,
            acceptedBy: approver?.name ?? null,
            acceptanceReason: approver ? input.reason! : null,
            receivedBy: operator.name,
            handedAt: block.at,
            at: ctx.at,
          }),
        { type: 'seller_return', id: block.id },
      );
      const view = blockView(blockById(ctx.db, block.id)!);
      return done(view, { before: { blockId: block.id, returned: false }, after: { blockId: block.id, sold, returned, saleId, ...settlement } });
    },
  ),

  'seller.list': query((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    const blocks = blocksOfGame(ctx.db, game.id);
    const order = gameOrder(planOf(ctx.db, game));
    const out = blocks.filter((b) => b.returnedAt === null).flatMap((b) => b.ranges);
    return { blocks: blocks.map(blockView), toSellFirst: orderState(order, gameSaleRanges(ctx.db, game.id), out).toSellFirst };
  }),

  'export.sellerSettlements': query((ctx, input) => {
    if (!sessionById(ctx.db, input.sessionId)) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
    const rows = settlementsOfSession(ctx.db, input.sessionId);
    const zone = hallTimeZone(ctx.db);
    return {
      filename: csvFilename('vendedores', 'sessao', input.sessionId),
      content: toCsv(SELLER_SETTLEMENTS_CSV, rows, zone, { software: softwareLabel(), madeAt: ctx.at }),
      rows: rows.length,
    };
  }),
};
