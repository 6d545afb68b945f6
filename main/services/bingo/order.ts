/**
 * The one order of a game's cards as the counters and the roving sellers take from it (DN 80/85, art. 12.º):
 * the plan a sale or a block takes (a second series taken over when the first cannot cover it), whether the
 * game may still sell, the next cards, and the series' next numbers kept to the order.
 *
 * A game that never handed out a block sells as it always did, from the series' next numbers (allocate); once
 * a block went out, the cards come from the order read from what was sold and what is out (core/bingo/sellers.ts),
 * handed-back cards from the middle first, and the series' next numbers follow its top.
 */
import { allocate, cardsLeft, checkSecondSeries, secondSeriesCap, type CardRange, type GamePlan } from '../../../core/bingo/allocation.js';
import { closingBlock } from '../../../core/bingo/closing.js';
import { gameOrder, nextNumbers, orderState, takeNext } from '../../../core/bingo/sellers.js';
import { KioskError } from '../../../core/errors.js';
import type { ReadableDb, WritableDb } from '../../../db/connection.js';
import type { GameRow } from '../../../db/bingo/games.js';
import { blocksOfGame, gameHasBlocks, gameSaleRanges } from '../../../db/bingo/sellers.js';
import { firstFreshSeries, moveNextNumber, seriesById, type SeriesRow } from '../../../db/bingo/series.js';
import { candidateOf, closeAtOf, otherLastNumber, planOf } from './games.js';

/**
 * The plan for `quantity` cards: when the first series cannot cover it and no second series is fixed yet,
 * the SPEC 3 decision picks the first registered fresh series of the same price (art. 12.3).
 */
export function planForSale(db: ReadableDb, game: GameRow, quantity: number): { plan: GamePlan<SeriesRow>; takesOverSecond: boolean } {
  const plan = planOf(db, game);
  if (plan.second || quantity <= cardsLeft(plan.first) || plan.firstStart <= 1) return { plan, takesOverSecond: false };
  const candidate = firstFreshSeries(db, plan.first.priceCents, plan.first.id);
  if (!candidate) return { plan, takesOverSecond: false };
  checkSecondSeries(plan.first, plan.firstStart, candidate);
  return { plan: { ...plan, second: candidate }, takesOverSecond: true };
}

/** No card leaves for a game that can no longer be played, nor after the closing time (art. 14.5). */
export function requireSaleOpen(db: ReadableDb, now: Date, game: GameRow): void {
  const block = closingBlock(now, closeAtOf(db, game), candidateOf(db, game), otherLastNumber(db, game));
  if (block?.code === 'DRAW_AFTER_CLOSING_TIME') throw new KioskError('SALE_AFTER_CLOSING_TIME', { closeAt: block.params.closeAt });
  if (block) throw new KioskError('SALE_GAME_NOT_PLAYABLE', { number: game.number });
}

/** The cards the game has sold (not voided) and those in sellers' hands (blocks not returned). */
function cardsOfGame(db: ReadableDb, gameId: number): { sold: CardRange[]; out: CardRange[] } {
  const out = blocksOfGame(db, gameId)
    .filter((b) => b.returnedAt === null)
    .flatMap((b) => b.ranges);
  return { sold: gameSaleRanges(db, gameId), out };
}

/** The next `quantity` cards of the game's order, for a sale or a block (refused as NOT_ENOUGH_CARDS when fewer are left). */
export function nextCards(db: ReadableDb, game: GameRow, plan: GamePlan, quantity: number): CardRange[] {
  if (!gameHasBlocks(db, game.id)) return allocate(plan, quantity);
  const { sold, out } = cardsOfGame(db, game.id);
  return takeNext(gameOrder(plan), sold, out, quantity, plan.second ? secondSeriesCap(plan.firstStart, plan.second) : 0);
}

/**
 * After a write that changed what the game sold or has out (inside its transaction): each series' next number
 * set to the top of the game's order, so that a block handed back at the top gives its cards back to the series.
 */
export function keepNextNumbers(db: WritableDb, game: GameRow, plan: GamePlan<SeriesRow>): void {
  const order = gameOrder(plan);
  const { sold, out } = cardsOfGame(db, game.id);
  const next = nextNumbers(order, orderState(order, sold, out).top);
  for (const series of [plan.first, plan.second]) {
    if (!series || next[series.code] === undefined) continue;
    const current = seriesById(db, series.id).nextNumber;
    if (current !== next[series.code]) moveNextNumber(db, series.id, current, next[series.code]!);
  }
}

/** Whether each series of the game's order stands at the order's top (no later game took from it since). */
export function seriesFollowGame(db: ReadableDb, game: GameRow, plan: GamePlan<SeriesRow>): boolean {
  const order = gameOrder(plan);
  const { sold, out } = cardsOfGame(db, game.id);
  const next = nextNumbers(order, orderState(order, sold, out).top);
  return [plan.first, plan.second].every((series) => !series || next[series.code] === undefined || seriesById(db, series.id).nextNumber === next[series.code]);
}
