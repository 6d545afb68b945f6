/** Card sales in serial order, cash only (DN art. 12), and the void of the last sale. */
import { allocate, cardsLeft, checkSecondSeries, type GamePlan } from '../../core/bingo/allocation.js';
import { KioskError } from '../../core/errors.js';
import { cardSalePostings, reversal } from '../../core/ledger.js';
import { formatCents } from '../../core/money.js';
import {
  firstFreshSeries,
  lastSaleOfGame,
  moveNextNumber,
  rangesOfSale,
  salesOfGame,
  type GameRow,
  type SaleRow,
  type SeriesRow,
} from '../../db/bingo.js';
import { stmt, type Db } from '../../db/connection.js';
import { postingsOf, postTransaction } from '../../db/ledger.js';
import { saleReceipt } from '../../printing/documents/index.js';
import { approve } from './auth.js';
import { enqueue } from './printing.js';
import { operatorOf, Refusal, type Handler } from './context.js';
import { planOf, requireGame, requireSelling } from './games.js';
import { hallSettings } from './settings.js';

/**
 * The plan for a sale of `quantity`: when the first series cannot cover it and
 * no second series is fixed yet, the SPEC 3 decision picks the first
 * registered fresh series of the same price (art. 12.3).
 */
function planForSale(db: Db, game: GameRow, quantity: number): { plan: GamePlan<SeriesRow>; takesOverSecond: boolean } {
  const plan = planOf(db, game);
  if (plan.second || quantity <= cardsLeft(plan.first) || plan.firstStart <= 1) return { plan, takesOverSecond: false };
  const candidate = firstFreshSeries(db, plan.first.priceCents, plan.first.id);
  if (!candidate) return { plan, takesOverSecond: false };
  checkSecondSeries(plan.first, plan.firstStart, candidate);
  return { plan: { ...plan, second: candidate }, takesOverSecond: true };
}

function checkPayment(db: Db, method: string): 'cash' | 'chips' {
  if (method === 'cash') return 'cash';
  if (method === 'chips') {
    if (!hallSettings(db).chipsAllowed) throw new KioskError('CHIPS_NOT_ALLOWED');
    return 'chips';
  }
  throw new KioskError('PAYMENT_METHOD_NOT_ALLOWED', { method });
}

export const createSale: Handler<'sale.create'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  requireSelling(game);
  const { maxCardsPerSale } = hallSettings(ctx.db);
  const quantity = input.quantity;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxCardsPerSale) {
    throw new KioskError('QUANTITY_OUT_OF_RANGE', { max: maxCardsPerSale });
  }
  const method = checkPayment(ctx.db, input.payment.method);
  const { plan, takesOverSecond } = planForSale(ctx.db, game, quantity);
  const ranges = allocate(plan, quantity);
  const totalCents = quantity * game.priceCents;
  const tenderedCents = input.payment.tenderedCents;
  if (tenderedCents < totalCents) {
    throw new KioskError('TENDERED_INSUFFICIENT', { tendered: formatCents(tenderedCents), total: formatCents(totalCents) });
  }
  const operator = operatorOf(ctx);

  if (takesOverSecond && plan.second) {
    stmt(ctx.db, `UPDATE games SET second_series_id = ? WHERE id = ? AND second_series_id IS NULL`).run(plan.second.id, game.id);
  }
  const saleId = Number(
    stmt(
      ctx.db,
      `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(game.id, ctx.terminalId, operator.id, quantity, game.priceCents, totalCents, method, tenderedCents, tenderedCents - totalCents, ctx.at)
      .lastInsertRowid,
  );
  const insertRange = stmt(ctx.db, `INSERT INTO sale_ranges (sale_id, position, series_id, from_number, to_number) VALUES (?, ?, ?, ?, ?)`);
  ranges.forEach((r, i) => {
    const series = r.seriesCode === plan.first.code ? plan.first : plan.second!;
    insertRange.run(saleId, i + 1, series.id, r.from, r.to);
    moveNextNumber(ctx.db, series.id, r.from, r.to + 1);
  });
  postTransaction(ctx.db, {
    at: ctx.at,
    kind: 'card_sale',
    operatorId: operator.id,
    terminalId: ctx.terminalId,
    refType: 'sale',
    refId: saleId,
    postings: cardSalePostings(totalCents, method, ctx.terminalId),
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
  ctx.audit.before = { next: ranges.map((r) => ({ seriesCode: r.seriesCode, nextNumber: r.from })) };
  ctx.audit.after = { ...result, next: ranges.map((r) => ({ seriesCode: r.seriesCode, nextNumber: r.to + 1 })) };
  return result;
};

/**
 * Void (SPEC 3 decision): only the game's most recent sale, while it still
 * sells, with a manager's approval. Its numbers go back to their series, so
 * serial order keeps no gap; the money goes back out of the drawer.
 */
export const voidLastSale: Handler<'sale.voidLast'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  requireSelling(game);
  const approver = approve(ctx, input.approval);
  if (approver instanceof Refusal) return approver;
  const sale = lastSaleOfGame(ctx.db, game.id);
  if (!sale) throw new KioskError('NOTHING_TO_VOID', { number: game.number });
  if (sale.voided) throw new KioskError('SALE_ALREADY_VOIDED', { saleId: sale.id });
  const ranges = rangesOfSale(ctx.db, sale.id);
  // Give the numbers back, last range first (the second series before the first).
  for (const r of [...ranges].reverse()) moveNextNumber(ctx.db, r.seriesId, r.to + 1, r.from);
  const operator = operatorOf(ctx);
  stmt(ctx.db, `INSERT INTO sale_voids (sale_id, voided_at, operator_id, approved_by) VALUES (?, ?, ?, ?)`).run(
    sale.id,
    ctx.at,
    operator.id,
    approver.id,
  );
  postTransaction(ctx.db, {
    at: ctx.at,
    kind: 'card_sale_void',
    operatorId: operator.id,
    terminalId: ctx.terminalId,
    refType: 'sale',
    refId: sale.id,
    postings: reversal(postingsOf(ctx.db, 'sale', sale.id, 'card_sale')),
  });
  const plain = ranges.map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
  ctx.audit.before = { saleId: sale.id, voided: false };
  ctx.audit.after = { saleId: sale.id, voided: true, approvedBy: approver.username, ranges: plain };
  return { saleId: sale.id, ranges: plain, refundCents: sale.totalCents };
};

function saleView(db: Db, s: SaleRow) {
  return {
    saleId: s.id,
    gameId: s.gameId,
    quantity: s.quantity,
    ranges: rangesOfSale(db, s.id).map(({ seriesCode, from, to }) => ({ seriesCode, from, to })),
    unitPriceCents: s.unitPriceCents,
    totalCents: s.totalCents,
    paymentMethod: s.paymentMethod,
    tenderedCents: s.tenderedCents,
    changeCents: s.changeCents,
    cashier: s.cashier,
    terminalId: s.terminalId,
    createdAt: s.createdAt,
    voided: s.voided === 1,
  };
}

export const listSales: Handler<'sale.list'> = (ctx, input) => {
  requireGame(ctx.db, input.gameId);
  return salesOfGame(ctx.db, input.gameId, input.limit ?? 20).map((s) => saleView(ctx.db, s));
};
