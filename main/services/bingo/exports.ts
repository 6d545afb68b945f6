/**
 * The bingo books an inspector takes away (issue 20): a session's sales a
 * page at a time (sale.page, keyset paging) and as a CSV file (export.sales,
 * built in a worker thread on one snapshot, with progress).
 */
import { KioskError } from '../../../core/errors.js';
import { pageLimit, pageOf } from '../../../core/paging.js';
import { sessionById } from '../../../db/bingo/sessions.js';
import { sessionSales, sessionSalesCount, sessionSaleViewOf } from '../../../db/bingo/sales.js';
import type { ReadableDb } from '../../../db/connection.js';
import { query, queryWaiting, type HandlerSlice } from '../shared/context.js';
import { requireGame } from './games.js';

/** The session asked for, and the game when one is named: it must be of that session. */
function requireSessionGame(db: ReadableDb, sessionId: number, gameId: number | undefined): number | null {
  if (!sessionById(db, sessionId)) throw new KioskError('SESSION_NOT_FOUND', { sessionId });
  if (gameId === undefined) return null;
  const game = requireGame(db, gameId);
  if (game.sessionId !== sessionId) {
    throw new KioskError('GAME_NOT_IN_SESSION', { gameId, number: game.number, gameSessionId: game.sessionId, sessionId });
  }
  return game.id;
}

export const bingoExportHandlers: HandlerSlice<'sale.page' | 'export.sales'> = {
  'sale.page': query((ctx, input) => {
    const limit = pageLimit(input.limit);
    const gameId = requireSessionGame(ctx.db, input.sessionId, input.gameId);
    const rows = sessionSales(ctx.db, { sessionId: input.sessionId, gameId, after: input.cursor ?? null, limit: limit + 1 });
    const page = pageOf(rows, limit, (s) => s.id);
    return {
      sales: page.items.map(sessionSaleViewOf),
      nextCursor: page.nextCursor,
      total: sessionSalesCount(ctx.db, input.sessionId, gameId),
    };
  }),

  // 100 000 sales take a second or two: off the main thread, on one snapshot, with progress (task 'export').
  'export.sales': queryWaiting(async (ctx, input) => {
    const gameId = requireSessionGame(ctx.db, input.sessionId, input.gameId);
    return ctx.io.exportSales({ sessionId: input.sessionId, gameId, madeAt: ctx.at });
  }),
};
