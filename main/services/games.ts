/** Games (jogadas): opening on a series, the view the screens show, close of sale (art. 13). */
import { availableInGame, cardsLeft, checkSecondSeries, secondSeriesCap, type GamePlan } from '../../core/bingo/allocation.js';
import { announcementText, closeSaleFigures } from '../../core/bingo/announcement.js';
import type { GameView } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import {
  appendActa,
  firstFreshSeries,
  gameById,
  gameSalesTotals,
  gameSoldRanges,
  openSession,
  seriesByCode,
  seriesById,
  sellingGame,
  type GameRow,
  type SeriesRow,
} from '../../db/bingo.js';
import { stmt, type Db } from '../../db/connection.js';
import { operatorOf, type Handler } from './context.js';

/** The game's series as the allocation rules see them (second series as fixed so far). */
export function planOf(db: Db, game: GameRow): GamePlan<SeriesRow> {
  return {
    first: seriesById(db, game.firstSeriesId),
    firstStart: game.firstStart,
    second: game.secondSeriesId ? seriesById(db, game.secondSeriesId) : null,
  };
}

export function requireGame(db: Db, gameId: number): GameRow {
  const game = gameById(db, gameId);
  if (!game) throw new KioskError('GAME_NOT_FOUND', { gameId });
  return game;
}

export function requireSelling(game: GameRow): void {
  if (game.state !== 'selling') throw new KioskError('GAME_NOT_SELLING', { number: game.number, state: game.state });
}

interface ClosureRow {
  announcement: string;
  linePrizeCents: number;
  bingoPrizeCents: number;
}

export function gameView(db: Db, game: GameRow): GameView {
  const plan = planOf(db, game);
  const totals = gameSalesTotals(db, game.id);
  const closure = stmt<[number], ClosureRow>(
    db,
    `SELECT announcement, line_prize_cents AS linePrizeCents, bingo_prize_cents AS bingoPrizeCents FROM game_closures WHERE game_id = ?`,
  ).get(game.id);
  const selling = game.state === 'selling';
  // While no second series is fixed, a sale running past the first takes over
  // the first registered fresh series of the same price (SPEC 3 decision, as
  // sale.create does): count it in what this game can still sell.
  const salePlan =
    selling && !plan.second && game.firstStart > 1
      ? { ...plan, second: firstFreshSeries(db, plan.first.priceCents, plan.first.id) ?? null }
      : plan;
  let nextCard: GameView['nextCard'] = null;
  if (selling) {
    if (cardsLeft(salePlan.first) > 0) nextCard = { seriesCode: salePlan.first.code, number: salePlan.first.nextNumber };
    else if (salePlan.second && availableInGame(salePlan) > 0) nextCard = { seriesCode: salePlan.second.code, number: salePlan.second.nextNumber };
  }
  return {
    id: game.id,
    sessionId: game.sessionId,
    number: game.number,
    state: game.state,
    priceCents: game.priceCents,
    firstSeries: { code: plan.first.code, start: game.firstStart, nextNumber: plan.first.nextNumber, size: plan.first.size },
    secondSeries: plan.second
      ? {
          code: plan.second.code,
          named: game.secondNamed === 1,
          nextNumber: plan.second.nextNumber,
          cap: secondSeriesCap(game.firstStart, plan.second),
        }
      : null,
    cardsSold: totals.cards,
    totalCents: totals.cents,
    cardsAvailable: selling ? availableInGame(salePlan) : 0,
    nextCard,
    openedAt: game.openedAt,
    saleClosedAt: game.saleClosedAt,
    announcement: closure?.announcement ?? null,
    linePrizeCents: closure?.linePrizeCents ?? null,
    bingoPrizeCents: closure?.bingoPrizeCents ?? null,
  };
}

export const openGame: Handler<'game.open'> = (ctx, input) => {
  const session = openSession(ctx.db);
  if (!session) throw new KioskError('NO_OPEN_SESSION');
  const busy = sellingGame(ctx.db, session.id);
  if (busy) throw new KioskError('GAME_ALREADY_SELLING', { number: busy.number });
  const first = seriesByCode(ctx.db, input.seriesCode);
  if (!first) throw new KioskError('SERIES_NOT_FOUND', { code: input.seriesCode });
  if (cardsLeft(first) === 0) throw new KioskError('SERIES_EXHAUSTED', { code: first.code, size: first.size });
  let secondId: number | null = null;
  if (input.secondSeriesCode) {
    const second = seriesByCode(ctx.db, input.secondSeriesCode);
    if (!second) throw new KioskError('SERIES_NOT_FOUND', { code: input.secondSeriesCode });
    checkSecondSeries(first, first.nextNumber, second);
    secondId = second.id;
  }
  const number =
    (stmt<[number], { n: number }>(ctx.db, `SELECT COALESCE(MAX(number), 0) AS n FROM games WHERE session_id = ?`).get(session.id)!.n) + 1;
  const id = Number(
    stmt(
      ctx.db,
      `INSERT INTO games (session_id, number, state, price_cents, first_series_id, first_start, second_series_id, second_named, opened_at, opened_by)
       VALUES (?, ?, 'selling', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(session.id, number, first.priceCents, first.id, first.nextNumber, secondId, secondId ? 1 : 0, ctx.at, operatorOf(ctx).id)
      .lastInsertRowid,
  );
  const view = gameView(ctx.db, requireGame(ctx.db, id));
  appendActa(ctx.db, {
    sessionId: session.id,
    gameId: id,
    at: ctx.at,
    kind: 'game_opened',
    data: { number, priceCents: first.priceCents, firstSeries: first.code, firstStart: first.nextNumber, secondSeries: input.secondSeriesCode ?? null },
  });
  ctx.audit.after = view;
  return view;
};

export const getGame: Handler<'game.get'> = (ctx, input) => gameView(ctx.db, requireGame(ctx.db, input.gameId));

export const closeSale: Handler<'game.closeSale'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  requireSelling(game);
  const totals = gameSalesTotals(ctx.db, game.id);
  if (totals.cards === 0) throw new KioskError('NO_CARDS_SOLD', { number: game.number });
  const ranges = gameSoldRanges(ctx.db, game.id);
  const figures = closeSaleFigures(totals.cards, game.priceCents);
  if (figures.totalCents !== totals.cents) throw new Error(`game ${game.id}: sales total ${totals.cents} != ${figures.totalCents}`);
  const announcement = announcementText(ranges, figures);
  const operator = operatorOf(ctx);
  stmt(
    ctx.db,
    `INSERT INTO game_closures (game_id, closed_at, closed_by, cards_sold, total_cents, line_prize_cents, bingo_prize_cents,
       line_rounding_hundredths, bingo_rounding_hundredths, ranges, announcement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    game.id,
    ctx.at,
    operator.id,
    figures.cardsSold,
    figures.totalCents,
    figures.linePrizeCents,
    figures.bingoPrizeCents,
    figures.lineRoundingHundredths,
    figures.bingoRoundingHundredths,
    JSON.stringify(ranges),
    announcement,
  );
  stmt(ctx.db, `UPDATE games SET state = 'sale_closed', sale_closed_at = ? WHERE id = ? AND state = 'selling'`).run(ctx.at, game.id);
  // The acta row of the game (DN art. 17): series in order, price, ranges, totals, prizes.
  appendActa(ctx.db, {
    sessionId: game.sessionId,
    gameId: game.id,
    at: ctx.at,
    kind: 'sale_closed',
    data: {
      number: game.number,
      priceCents: game.priceCents,
      series: ranges.map((r, i) => ({ order: i + 1, ...r })),
      ...figures,
    },
  });
  const result = { gameId: game.id, announcement, ranges, ...figures };
  ctx.audit.before = { state: 'selling' };
  ctx.audit.after = { state: 'sale_closed', ...result };
  return {
    gameId: game.id,
    announcement,
    cardsSold: figures.cardsSold,
    totalCents: figures.totalCents,
    linePrizeCents: figures.linePrizeCents,
    bingoPrizeCents: figures.bingoPrizeCents,
    ranges,
  };
};
