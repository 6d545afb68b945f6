/** Games (jogadas): opening on a series, the view the screens show, close of sale (art. 13). */
import { availableInGame, cardsLeft, checkSecondSeries, secondSeriesCap, type GamePlan } from '../../core/bingo/allocation.js';
import { announcementText, closeSaleFigures } from '../../core/bingo/announcement.js';
import { specialPrizeShare, stampDuty } from '../../core/bingo/prizes.js';
import { closeSalePostings } from '../../core/ledger.js';
import { BALL_SET_MAX_GAMES, BALL_SET_WARN_GAMES, LAST_GAME_MINUTES } from '../../core/settings.js';
import { postTransaction } from '../../db/ledger.js';
import { activeBalls, currentBallSet } from '../../db/play.js';
import { announcementSlip } from '../../printing/documents/index.js';
import { enqueue } from './printing.js';
import { hallSettings } from './settings.js';
import type { GameView } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import {
  appendActa,
  firstFreshSeries,
  gameById,
  gameSalesTotals,
  gameSoldRanges,
  gamesOfSession,
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
    isLast: game.isLast === 1,
    ballCount: activeBalls(db, game.id).length,
    suspendedAt: game.suspendedAt,
    annulReason: game.annulReason,
    ballSet: ballSetOfGame(db, game.ballSetId),
  };
}

function ballSetOfGame(db: Db, ballSetId: number | null): GameView['ballSet'] {
  if (ballSetId === null) return null;
  const set = stmt<[number], { serial: string; gamesPlayed: number }>(
    db,
    `SELECT serial, (SELECT COUNT(*) FROM games g WHERE g.ball_set_id = b.id) AS gamesPlayed FROM ball_sets b WHERE id = ?`,
  ).get(ballSetId)!;
  return { ...set, warning: set.gamesPlayed >= BALL_SET_WARN_GAMES };
}

export const openGame: Handler<'game.open'> = (ctx, input) => {
  const session = openSession(ctx.db);
  if (!session) throw new KioskError('NO_OPEN_SESSION');
  const busy = sellingGame(ctx.db, session.id);
  if (busy) throw new KioskError('GAME_ALREADY_SELLING', { number: busy.number });
  const games = gamesOfSession(ctx.db, session.id);
  const suspendedSale = games.find((g) => g.state === 'suspended' && g.suspendedFrom === 'selling');
  if (suspendedSale) throw new KioskError('GAME_SUSPENDED_PENDING', { number: suspendedSale.number });
  const last = games.find((g) => g.isLast === 1);
  if (last) throw new KioskError('LAST_GAME_PLAYED', { number: last.number });
  if (hallSettings(ctx.db).stampDutyBasisPoints === null) throw new KioskError('STAMP_DUTY_NOT_SET');
  const ballSet = currentBallSet(ctx.db);
  if (!ballSet) throw new KioskError('NO_BALL_SET');
  if (ballSet.gamesPlayed >= BALL_SET_MAX_GAMES) throw new KioskError('BALL_SET_WORN_OUT', { serial: ballSet.serial, games: ballSet.gamesPlayed });
  const isLast = ctx.now.getTime() >= new Date(session.scheduledCloseAt).getTime() - LAST_GAME_MINUTES * 60_000;
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
      `INSERT INTO games (session_id, number, state, price_cents, first_series_id, first_start, second_series_id, second_named,
         opened_at, opened_by, ball_set_id, is_last)
       VALUES (?, ?, 'selling', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      session.id,
      number,
      first.priceCents,
      first.id,
      first.nextNumber,
      secondId,
      secondId ? 1 : 0,
      ctx.at,
      operatorOf(ctx).id,
      ballSet.id,
      isLast ? 1 : 0,
    ).lastInsertRowid,
  );
  const view = gameView(ctx.db, requireGame(ctx.db, id));
  appendActa(ctx.db, {
    sessionId: session.id,
    gameId: id,
    at: ctx.at,
    kind: 'game_opened',
    data: {
      number,
      priceCents: first.priceCents,
      firstSeries: first.code,
      firstStart: first.nextNumber,
      secondSeries: input.secondSeriesCode ?? null,
      ballSet: ballSet.serial,
      isLast,
    },
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
  const settings = hallSettings(ctx.db);
  const stampDutyBasisPoints = settings.stampDutyBasisPoints ?? 0;
  const stampDutyCents = stampDuty(figures.totalCents, stampDutyBasisPoints);
  const specialShareCents = specialPrizeShare(figures.totalCents, settings.specialPrize);
  const announcement = announcementText(ranges, figures, { isLast: game.isLast === 1 });
  const operator = operatorOf(ctx);
  stmt(
    ctx.db,
    `INSERT INTO game_closures (game_id, closed_at, closed_by, cards_sold, total_cents, line_prize_cents, bingo_prize_cents,
       line_rounding_hundredths, bingo_rounding_hundredths, ranges, announcement, stamp_duty_cents, stamp_duty_basis_points,
      special_share_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
    stampDutyCents,
    stampDutyBasisPoints,
    specialShareCents,
  );
  const postings = closeSalePostings({
    prizesCents: figures.linePrizeCents + figures.bingoPrizeCents,
    specialShareCents,
    stampDutyCents,
  });
  if (postings.length > 0) {
    postTransaction(ctx.db, {
      at: ctx.at,
      kind: 'game_sale_closed',
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      refType: 'game',
      refId: game.id,
      postings,
    });
  }
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
      stampDutyCents,
      stampDutyBasisPoints,
      specialShareCents,
      isLast: game.isLast === 1,
    },
  });
  // The announcement slip goes to the reports printer, when the hall has one.
  enqueue(
    ctx,
    'reports',
    (hall) => announcementSlip({ hallName: hall.hallName, sessionId: game.sessionId, gameNumber: game.number, text: announcement, at: ctx.at, isLast: game.isLast === 1 }),
    { type: 'game', id: game.id },
  );
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
