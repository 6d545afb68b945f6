/** Games (jogadas): opening on a series, the view the screens show, close of sale (art. 13), suspension and annulment (art. 16). */
import { closeOfSale, gameOrder } from '../../../core/bingo/sellers.js';
import { blocksOfGame, gameHasBlocks, gameSaleRanges, sellersHoldingBlocks } from '../../../db/bingo/sellers.js';
import { availableInGame, cardsLeft, checkSecondSeries, secondSeriesCap, type GamePlan } from '../../../core/bingo/allocation.js';
import { announcementText, figuresOfValue, withLastGameNotice, type SaleClosure } from '../../../core/bingo/announcement.js';
import type { CardRange } from '../../../core/bingo/allocation.js';
import { DOUBLE_FIRST_NOTICE, secondGameAnnouncement, type PairRole } from '../../../core/bingo/double.js';
import { saleOpeningText } from '../../../core/bingo/display.js';
import { openBlock } from '../../../core/bingo/opening.js';
import type { ANNUL_REASONS, GameView } from '../../../core/bingo/contract.js';
import { specialPrizeShare, stampDuty } from '../../../core/bingo/prizes.js';
import { checkOpenInLastMinutes, checkResumable, closingBlock, isDrawing, lastGameFrom, lastOf, type CandidateGame, type ClosingBlock, type SessionGame } from '../../../core/bingo/closing.js';
import { BALL_SET_MAX_GAMES, BALL_SET_WARN_GAMES, LAST_GAME_MINUTES, missingStartChecks, SUSPENSION_ANNUL_MINUTES } from '../../../core/bingo/rules.js';
import { KioskError } from '../../../core/errors.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import type { ReadableDb } from '../../../db/connection.js';
import { activeBalls, insertPrizeVoid, winnersOfGame } from '../../../db/bingo/draw.js';
import {
  ballSetById,
  closureOf,
  currentBallSet,
  gameById,
  gamesOfSession,
  insertClosure,
  insertGame,
  markAnnulled,
  markResumed,
  markSaleClosed,
  markSuspended,
  nextGameNumber,
  otherLastGame,
  otherSellingGame,
  salesGameId,
  secondGameOf,
  secondSharesOfSales,
  type GameRow,
} from '../../../db/bingo/games.js';
import { gameSalesTotals, gameSoldRanges } from '../../../db/bingo/sales.js';
import { gameSold } from './sold.js';
import { firstFreshSeries, seriesByCode, seriesById, type SeriesRow } from '../../../db/bingo/series.js';
import { manualDrawOf } from '../../../db/bingo/display.js';
import { addIncident, appendActa, checksOfSession, openSession, sessionById } from '../../../db/bingo/sessions.js';
import { post } from '../../../db/ledger.js';
import { hallSettings } from '../../../db/people.js';
import { announcementSlip } from '../../../printing/documents/index.js';
import { command, done, finishAfterCommit, operatorOf, query, type CommandContext, type HandlerSlice } from '../shared/context.js';
import { warmBoard } from './board.js';
import { enqueue } from '../shared/print.js';

/** The game's series as the allocation rules see them (second series as fixed so far). */
export function planOf(db: ReadableDb, game: GameRow): GamePlan<SeriesRow> {
  return {
    first: seriesById(db, game.firstSeriesId),
    firstStart: game.firstStart,
    second: game.secondSeriesId ? seriesById(db, game.secondSeriesId) : null,
  };
}

export function requireGame(db: ReadableDb, gameId: number): GameRow {
  const game = gameById(db, gameId);
  if (!game) throw new KioskError('GAME_NOT_FOUND', { gameId });
  return game;
}

export function requireSelling(game: GameRow): void {
  if (game.state !== 'selling') throw new KioskError('GAME_NOT_SELLING', { number: game.number, state: game.state });
}

/** The games of a session as the closing rules see them (core/bingo/closing.ts). */
export function sessionGames(db: ReadableDb, sessionId: number): SessionGame[] {
  return gamesOfSession(db, sessionId).map(asSessionGame);
}

function asSessionGame(g: GameRow): SessionGame {
  return { id: g.id, number: g.number, state: g.state, suspendedFrom: g.suspendedFrom, isLast: g.isLast === 1 };
}

export function candidateOf(db: ReadableDb, game: GameRow, first?: Pick<SeriesRow, 'double'>): CandidateGame {
  return { ...asSessionGame(game), double: pairRoleOf(db, game, first) };
}

/** The number of the session's last game other than this one, or null (art. 14.5). */
export function otherLastNumber(db: ReadableDb, game: GameRow): number | null {
  return otherLastGame(db, game.sessionId, game.id)?.number ?? null;
}

/** The session's scheduled closing time (every game has its session). */
export function closeAtOf(db: ReadableDb, game: GameRow): string {
  const session = sessionById(db, game.sessionId);
  if (!session) throw new Error(`game ${game.id}: session ${game.sessionId} not found`);
  return session.scheduledCloseAt;
}

const UNPLAYABLE: Record<ClosingBlock['code'], NonNullable<GameView['unplayable']>['reason']> = {
  LAST_GAME_HELD: 'last_game_held',
  DRAW_AFTER_CLOSING_TIME: 'closing_time_passed',
  DOUBLE_LAST_AT_DRAW: 'double_as_last',
};

/** The ranges a close of sale stored (JSON), as the contract carries them. */
function closureRanges(json: string): CardRange[] {
  return (JSON.parse(json) as CardRange[]).map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
}

/** What every game of one session shares for its view: the closing time and the session's games (read once for a list of views). */
interface SessionOfGames {
  closeAt: string;
  games: SessionGame[];
}

export function sessionOfGames(db: ReadableDb, sessionId: number, scheduledCloseAt: string): SessionOfGames {
  return { closeAt: scheduledCloseAt, games: sessionGames(db, sessionId) };
}

/** `memo`: the kiosk's, from a query only (its sold figures carried forward between reads, sold.ts). */
export function gameView(db: ReadableDb, game: GameRow, now: Date, session?: SessionOfGames, memo?: object): GameView {
  const plan = planOf(db, game);
  const closeAt = session?.closeAt ?? closeAtOf(db, game);
  const others = session?.games ?? sessionGames(db, game.sessionId);
  const ballCountNow = activeBalls(db, game.id).length;
  // The closing rules weigh only a game whose draw has not begun (a draw begun before the closing time may finish).
  const waiting = ballCountNow === 0 && game.state !== 'finished' && game.state !== 'annulled';
  const block = waiting ? closingBlock(now, closeAt, candidateOf(db, game, plan.first), lastOf(others, game.id)) : null;
  // The second game of a double pair plays the first's cards.
  const closure = closureOf(db, game.id);
  const sold = gameSold(db, salesGameId(game), memo);
  const totals = sold;
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
  const ballSet = game.ballSetId === null ? undefined : ballSetById(db, game.ballSetId);
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
    // A closed game counts its own value (a double pair shares the sales between its two games).
    totalCents: closure?.totalCents ?? totals.cents,
    // Frozen at the close of sale (what was announced); before it, what its sales took so far.
    soldRanges: closure ? closureRanges(closure.ranges) : sold.ranges,
    cardsAvailable: selling ? availableInGame(salePlan) : 0,
    nextCard,
    openedAt: game.openedAt,
    saleClosedAt: game.saleClosedAt,
    // A game that became the last at its draw was announced as such then (art. 14.5).
    announcement: closure ? (game.becameLastAt ? withLastGameNotice(closure.announcement) : closure.announcement) : null,
    linePrizeCents: closure?.linePrizeCents ?? null,
    bingoPrizeCents: closure?.bingoPrizeCents ?? null,
    isLast: game.isLast === 1,
    becameLastAt: game.becameLastAt,
    closeAt,
    lastGameFrom: lastGameFrom(closeAt).toISOString(),
    drawWaitsFor: waiting ? (others.find((g) => g.id !== game.id && isDrawing(g))?.number ?? null) : null,
    unplayable: block ? { reason: UNPLAYABLE[block.code], lastGame: block.code === 'LAST_GAME_HELD' ? block.params.last : null } : null,
    ballCount: ballCountNow,
    suspendedAt: game.suspendedAt,
    suspendedFrom: game.suspendedFrom,
    manualDraw: manualDrawOf(db, game.id),
    // The plan already holds the first series: no second read of it.
    double: pairRoleOf(db, game, plan.first),
    annulReason: game.annulReason,
    ballSet: ballSet ? { serial: ballSet.serial, gamesPlayed: ballSet.gamesPlayed, warning: ballSet.gamesPlayed >= BALL_SET_WARN_GAMES } : null,
  };
}

/**
 * What a game sells (art. 11.2): its first series from its start to its last
 * card, and the second series it would take (named, or the first fresh one of
 * the same price, SPEC 3) from 1 to one before the first's start.
 */
export function saleOpeningOf(db: ReadableDb, game: GameRow): string {
  const plan = planOf(db, game);
  const second = plan.second ?? (game.firstStart > 1 ? firstFreshSeries(db, plan.first.priceCents, plan.first.id) : undefined);
  return saleOpeningText({
    number: game.number,
    priceCents: game.priceCents,
    first: { code: plan.first.code, from: game.firstStart, to: plan.first.size },
    second: second ? { code: second.code, from: 1, to: secondSeriesCap(game.firstStart, second) } : null,
    isLast: game.isLast === 1,
  });
}

const STATE_PT: Record<string, string> = {
  selling: 'em venda',
  sale_closed: 'venda fechada',
  drawing: 'em extração',
  finished: 'terminada',
  suspended: 'suspensa',
  annulled: 'anulada',
};

const REASON_TEXT: Record<(typeof ANNUL_REASONS)[number], string> = {
  failure_before_draw: 'falha ou avaria antes da primeira bola, não resolvida em 15 minutos (art. 16.º, n.º 1)',
  failure_during_draw: 'falha durante a extração sem possibilidade de continuar manualmente (art. 16.º, n.º 2)',
  announcement_error: 'erro no anúncio de um número que afeta substancialmente o jogo (art. 16.º, n.º 5)',
  closing_time: 'hora de encerramento da sessão: a jogada já não se pode realizar (art. 14.º, n.º 5)',
};

/** The announcement with a line added before its last one ("Vai iniciar-se a extração."). */
function withNotice(text: string, notice: string | null): string {
  if (notice === null) return text;
  const lines = text.split('\n');
  return [...lines.slice(0, -1), notice, ...lines.slice(-1)].join('\n');
}

/**
 * The close of sale written in one go (art. 13, 17): the closure with its
 * figures, the ledger's provisions, the state, the acta row and the
 * announcement slip. Shared by a game's own close and by the second game of a
 * double pair, which has no sale of its own.
 */
function closeWith(ctx: CommandContext, game: GameRow, figures: SaleClosure, ranges: CardRange[], announcement: string, doubleOf: number | null) {
  const settings = hallSettings(ctx.db);
  const stampDutyBasisPoints = settings.stampDutyBasisPoints ?? 0;
  const stampDutyCents = stampDuty(figures.totalCents, stampDutyBasisPoints);
  const specialShareCents = specialPrizeShare(figures.totalCents, settings.specialPrize);
  const operator = operatorOf(ctx);
  insertClosure(ctx.db, {
    gameId: game.id,
    at: ctx.at,
    closedBy: operator.id,
    cardsSold: figures.cardsSold,
    totalCents: figures.totalCents,
    linePrizeCents: figures.linePrizeCents,
    bingoPrizeCents: figures.bingoPrizeCents,
    lineRoundingHundredths: figures.lineRoundingHundredths,
    bingoRoundingHundredths: figures.bingoRoundingHundredths,
    ranges,
    announcement,
    stampDutyCents,
    stampDutyBasisPoints,
    specialShareCents,
    specialShareBasisPoints: settings.specialPrize?.enabled ? settings.specialPrize.shareBasisPoints : 0,
  });
  post(
    ctx.db,
    ledger.gameSaleClosed(game.id, { prizesCents: figures.linePrizeCents + figures.bingoPrizeCents, specialShareCents, stampDutyCents }),
    { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId },
  );
  markSaleClosed(ctx.db, game.id, ctx.at);
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
      ...(doubleOf !== null ? { doubleOf } : {}),
    },
  });
  // The announcement slip goes to the reports printer, when the hall has one.
  enqueue(
    ctx,
    'reports',
    (hall) => announcementSlip({ hallName: hall.hallName, timeZone: hall.timeZone, software: hall.software, sessionId: game.sessionId, gameNumber: game.number, text: announcement, at: ctx.at, isLast: game.isLast === 1 }),
    { type: 'game', id: game.id },
  );
  return {
    gameId: game.id,
    announcement,
    cardsSold: figures.cardsSold,
    totalCents: figures.totalCents,
    linePrizeCents: figures.linePrizeCents,
    bingoPrizeCents: figures.bingoPrizeCents,
    ranges,
  };
}

/** Where a game stands in a double pair (art. 3.5): the second names its first; a first is a game on a double series. */
export function pairRoleOf(db: ReadableDb, game: GameRow, first?: Pick<SeriesRow, 'double'>): PairRole {
  if (game.doubleOf !== null) return 'second';
  return (first ?? seriesById(db, game.firstSeriesId)).double === 1 ? 'first' : null;
}

/** The session's double first game still waiting for its second (not annulled, no second opened), if any. */
function pendingDoubleFirst(db: ReadableDb, games: readonly GameRow[]): GameRow | undefined {
  return games.find((g) => g.state !== 'annulled' && pairRoleOf(db, g) === 'first' && !secondGameOf(db, g.id));
}

/** Art. 16.1 (and 16.2 through it): a suspended game is annulled for a failure only after 15 minutes; `article` the one applied ('16.1', '16.2'). */
function requireSuspendedLongEnough(now: Date, suspendedAt: string, article: '16.1' | '16.2'): void {
  const elapsedMs = now.getTime() - new Date(suspendedAt).getTime();
  const neededMs = SUSPENSION_ANNUL_MINUTES * 60_000;
  if (elapsedMs < neededMs) throw new KioskError('ANNUL_TOO_EARLY', { minutes: Math.ceil((neededMs - elapsedMs) / 60_000), article });
}

/** Give back to card revenue what the close of sale set aside and will not be paid. */
function reverseProvisions(ctx: CommandContext, gameId: number): void {
  const closure = closureOf(ctx.db, gameId);
  if (!closure) return;
  const paidFromProvision = winnersOfGame(ctx.db, gameId)
    .filter((w) => w.status === 'paid' && w.kind !== 'special')
    .reduce((s, w) => s + w.prizeCents, 0);
  const entry = ledger.gameAnnulled(gameId, {
    unpaidPrizesCents: closure.linePrizeCents + closure.bingoPrizeCents - paidFromProvision,
    stampDutyCents: closure.stampDutyCents,
  });
  post(ctx.db, entry, { at: ctx.at, operatorId: operatorOf(ctx).id, terminalId: ctx.terminalId });
}

/**
 * The second game of a double pair (art. 3.5): opened once the first has
 * finished, on the same series, with the first's cards and no sale of its
 * own; its sale is closed at once on its half of what was sold.
 */
function openSecondGame(
  ctx: CommandContext,
  first: GameRow,
  input: { seriesCode: string; secondSeriesCode?: string | undefined },
  at: { sessionId: number; ballSetId: number; ballSetSerial: string; isLast: boolean },
) {
  const series = seriesById(ctx.db, first.firstSeriesId);
  if (first.state !== 'finished') throw new KioskError('DOUBLE_FIRST_NOT_FINISHED', { number: first.number, code: series.code });
  if (input.seriesCode !== series.code || input.secondSeriesCode) throw new KioskError('DOUBLE_SECOND_PENDING', { number: first.number, code: series.code });
  const number = nextGameNumber(ctx.db, at.sessionId);
  const id = insertGame(ctx.db, {
    sessionId: at.sessionId,
    number,
    priceCents: first.priceCents,
    firstSeriesId: first.firstSeriesId,
    firstStart: first.firstStart,
    secondSeriesId: first.secondSeriesId,
    at: ctx.at,
    openedBy: operatorOf(ctx).id,
    ballSetId: at.ballSetId,
    isLast: at.isLast,
    doubleOf: first.id,
  });
  appendActa(ctx.db, {
    sessionId: at.sessionId,
    gameId: id,
    at: ctx.at,
    kind: 'game_opened',
    data: { number, priceCents: first.priceCents, firstSeries: series.code, firstStart: first.firstStart, secondSeries: null, ballSet: at.ballSetSerial, isLast: at.isLast, doubleOf: first.number },
  });
  const game = requireGame(ctx.db, id);
  const cards = gameSalesTotals(ctx.db, first.id).cards;
  const ranges = gameSoldRanges(ctx.db, first.id);
  const figures = figuresOfValue(cards, secondSharesOfSales(ctx.db, first.id));
  closeWith(ctx, game, figures, ranges, secondGameAnnouncement(first.number, ranges, figures, { isLast: at.isLast }), first.number);
  const view = gameView(ctx.db, requireGame(ctx.db, id), ctx.now);
  return finishAfterCommit(
    (read) => {
      warmBoard(read.db, read.memo, id);
      return view;
    },
    { after: view },
  );
}

export const gameHandlers: HandlerSlice<'game.open' | 'game.get' | 'game.closeSale' | 'game.suspend' | 'game.resume' | 'game.manualDraw' | 'game.annul'> = {
  'game.open': command((ctx, input) => {
    const session = openSession(ctx.db);
    if (!session) throw new KioskError('NO_OPEN_SESSION');
    const games = gamesOfSession(ctx.db, session.id);
    // One game sells at a time; one suspended during its sale is resumed or annulled first (core/bingo/opening.ts).
    const blocked = openBlock(games.map(asSessionGame));
    if (blocked) throw new KioskError(blocked.code, blocked.params);
    // A block still out from an earlier game (one annulled during its sale): collected first, or its unsold cards
    // would stay a gap in the series' order once the next game sells past them.
    const holding = sellersHoldingBlocks(ctx.db, games.map((g) => g.id));
    if (holding.length > 0) throw new KioskError('GAME_OPEN_BLOCKS_OUT', { sellers: holding.join(', ') });
    // Double cards (art. 3.5): the game after a double first is its second, played with the same cards.
    const pendingFirst = pendingDoubleFirst(ctx.db, games);
    const last = games.find((g) => g.isLast === 1);
    if (last && !pendingFirst) {
      // Art. 14.5: the last opened within the 10 minutes, or an earlier one whose draw began within them (the reason said as it happened).
      const becameLast = last.becameLastAt ? 'draw' : 'opened';
      throw new KioskError('LAST_GAME_PLAYED', { number: last.number, becameLast, at: last.becameLastAt ?? last.openedAt, closeAt: session.scheduledCloseAt });
    }
    const missing = missingStartChecks(checksOfSession(ctx.db, session.id));
    if (missing.length > 0) throw new KioskError('SESSION_START_CHECK_MISSING', { missing: missing.join(',') });
    if (hallSettings(ctx.db).stampDutyBasisPoints === null) throw new KioskError('STAMP_DUTY_NOT_SET');
    const ballSet = currentBallSet(ctx.db);
    if (!ballSet) throw new KioskError('NO_BALL_SET');
    if (ballSet.gamesPlayed >= BALL_SET_MAX_GAMES) throw new KioskError('BALL_SET_WORN_OUT', { serial: ballSet.serial, games: ballSet.gamesPlayed });
    const isLast = ctx.now.getTime() >= new Date(session.scheduledCloseAt).getTime() - LAST_GAME_MINUTES * 60_000;
    // The second game of a pair is owed to the cards sold: it is played even past the closing time.
    if (pendingFirst) return openSecondGame(ctx, pendingFirst, input, { sessionId: session.id, ballSetId: ballSet.id, ballSetSerial: ballSet.serial, isLast });
    if (ctx.now.getTime() >= new Date(session.scheduledCloseAt).getTime()) {
      throw new KioskError('GAME_AFTER_CLOSING_TIME', { closeAt: session.scheduledCloseAt });
    }
    // Within the last 10 minutes this game is the one more game: none opened before may still wait for its draw (art. 14.5).
    checkOpenInLastMinutes(ctx.now, session.scheduledCloseAt, games.map(asSessionGame));
    const first = seriesByCode(ctx.db, input.seriesCode);
    if (!first) throw new KioskError('SERIES_NOT_FOUND', { code: input.seriesCode });
    if (cardsLeft(first) === 0) throw new KioskError('SERIES_EXHAUSTED', { code: first.code, size: first.size });
    // Its second game could not be played after the last one (art. 14.5).
    if (first.double === 1 && isLast) throw new KioskError('DOUBLE_AS_LAST_GAME', { code: first.code });
    let secondId: number | null = null;
    if (input.secondSeriesCode) {
      const second = seriesByCode(ctx.db, input.secondSeriesCode);
      if (!second) throw new KioskError('SERIES_NOT_FOUND', { code: input.secondSeriesCode });
      checkSecondSeries(first, first.nextNumber, second);
      secondId = second.id;
    }
    const number = nextGameNumber(ctx.db, session.id);
    const id = insertGame(ctx.db, {
      sessionId: session.id,
      number,
      priceCents: first.priceCents,
      firstSeriesId: first.id,
      firstStart: first.nextNumber,
      secondSeriesId: secondId,
      at: ctx.at,
      openedBy: operatorOf(ctx).id,
      ballSetId: ballSet.id,
      isLast,
    });
    const view = gameView(ctx.db, requireGame(ctx.db, id), ctx.now);
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
    // Art. 11.2: the series, the number of cards and the price, announced before the sale (the board shows it too).
    const opening = saleOpeningOf(ctx.db, requireGame(ctx.db, id));
    enqueue(
      ctx,
      'receipts',
      (hall) => announcementSlip({ hallName: hall.hallName, timeZone: hall.timeZone, software: hall.software, sessionId: session.id, gameNumber: number, text: opening, at: ctx.at, isLast, article: 'art. 11.º, n.º 2' }),
      { type: 'game', id },
    );
    return done(view, { after: view });
  }),

  'game.get': query((ctx, input) => gameView(ctx.db, requireGame(ctx.db, input.gameId), ctx.now, undefined, ctx.memo)),

  'game.closeSale': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    requireSelling(game);
    // The caixa collects the sellers' surplus first, and no card is left unsold in the middle of the order (art. 13.º).
    if (gameHasBlocks(ctx.db, game.id)) {
      const out = blocksOfGame(ctx.db, game.id).filter((b) => b.returnedAt === null);
      closeOfSale(gameOrder(planOf(ctx.db, game)), gameSaleRanges(ctx.db, game.id), out.map((b) => ({ seller: b.sellerName, cards: b.ranges })));
    }
    const totals = gameSalesTotals(ctx.db, game.id);
    if (totals.cards === 0) throw new KioskError('NO_CARDS_SOLD', { number: game.number });
    // The announcement ends "Vai iniciar-se a extração.": not for a game whose draw can no longer begin (art. 14.5).
    const block = closingBlock(ctx.now, closeAtOf(ctx.db, game), candidateOf(ctx.db, game), otherLastNumber(ctx.db, game));
    if (block) throw new KioskError(block.code, block.params);
    if (totals.cards * game.priceCents !== totals.cents) throw new Error(`game ${game.id}: sales total ${totals.cents} != ${totals.cards} x ${game.priceCents}`);
    const ranges = gameSoldRanges(ctx.db, game.id);
    // A double first game counts its half of the sales; the second game the other (core/bingo/double.ts).
    const double = pairRoleOf(ctx.db, game) === 'first';
    const figures = figuresOfValue(totals.cards, double ? totals.cents - secondSharesOfSales(ctx.db, game.id) : totals.cents);
    const announcement = withNotice(announcementText(ranges, figures, { isLast: game.isLast === 1 }), double ? DOUBLE_FIRST_NOTICE : null);
    const result = closeWith(ctx, game, figures, ranges, announcement, null);
    // The cards sold are fixed now: the board reads their faces once, after the
    // commit, so that the first ball finds it ready (never inside a ball's write).
    return finishAfterCommit(
      (read) => {
        warmBoard(read.db, read.memo, game.id);
        return result;
      },
      { before: { state: 'selling' }, after: { state: 'sale_closed', ...result, ...figures } },
    );
  }),

  'game.suspend': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    if (game.state !== 'selling' && game.state !== 'sale_closed' && game.state !== 'drawing') {
      throw new KioskError('NOT_SUSPENDABLE', { number: game.number, state: game.state });
    }
    markSuspended(ctx.db, game.id, ctx.at, game.state);
    addIncident(ctx.db, {
      sessionId: game.sessionId,
      gameId: game.id,
      at: ctx.at,
      operatorId: operatorOf(ctx).id,
      kind: 'suspension',
      text: `Jogada n.º ${game.number} suspensa (${STATE_PT[game.state]}) por falha ou avaria (art. 16.º).`,
    });
    return done(gameView(ctx.db, requireGame(ctx.db, game.id), ctx.now), { before: { state: game.state }, after: { state: 'suspended', suspendedAt: ctx.at } });
  }),

  /**
   * Art. 16.2: after balls were drawn, a failure of the mechanism does not end
   * the game: the draw goes on by hand if it can. Recorded in the acta and the
   * incident book; a game suspended for the failure resumes at once.
   */
  'game.manualDraw': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    const from = game.state === 'suspended' ? game.suspendedFrom : game.state;
    const balls = activeBalls(ctx.db, game.id).length;
    if (from !== 'drawing' || balls === 0) throw new KioskError('MANUAL_DRAW_NOT_ALLOWED', { number: game.number, state: game.state });
    if (manualDrawOf(ctx.db, game.id)) throw new KioskError('MANUAL_DRAW_ALREADY', { number: game.number });
    if (game.state === 'suspended') {
      // Art. 16.2 "sem o que se procederá como no n.º 1": 15 minutes suspended, the failure was not solved.
      checkResumable(ctx.now, game);
      markResumed(ctx.db, game.id);
    }
    const operator = operatorOf(ctx);
    const text = `Jogada n.º ${game.number}: falha do mecanismo de extração depois da ${balls}.ª bola; a extração continua manualmente (art. 16.º, n.º 2).`;
    addIncident(ctx.db, { sessionId: game.sessionId, gameId: game.id, at: ctx.at, operatorId: operator.id, kind: 'suspension', text });
    appendActa(ctx.db, { sessionId: game.sessionId, gameId: game.id, at: ctx.at, kind: 'manual_draw', data: { number: game.number, ballCount: balls, by: operator.username } });
    return done(gameView(ctx.db, requireGame(ctx.db, game.id), ctx.now), { before: { state: game.state }, after: { state: 'drawing', manualDraw: true, ballCount: balls } });
  }),

  'game.resume': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    if (game.state !== 'suspended' || !game.suspendedFrom) throw new KioskError('NOT_SUSPENDED', { number: game.number });
    // Art. 16.1 (and 16.2 through it): after 15 minutes the failure was not solved; the game is annulled, not resumed.
    checkResumable(ctx.now, game);
    if (game.suspendedFrom === 'selling') {
      const other = otherSellingGame(ctx.db, game.sessionId, game.id);
      if (other) throw new KioskError('GAME_ALREADY_SELLING', { number: other.number });
    }
    if (game.suspendedFrom === 'drawing') {
      // One drum: a file from before the rule may hold another draw begun meanwhile.
      const drawing = sessionGames(ctx.db, game.sessionId).find((g) => g.id !== game.id && isDrawing(g));
      if (drawing) throw new KioskError('DRAW_IN_PROGRESS', { number: game.number, drawing: drawing.number });
    }
    markResumed(ctx.db, game.id);
    addIncident(ctx.db, {
      sessionId: game.sessionId,
      gameId: game.id,
      at: ctx.at,
      operatorId: operatorOf(ctx).id,
      kind: 'suspension',
      text: `Jogada n.º ${game.number} retomada (${STATE_PT[game.suspendedFrom]}).`,
    });
    return done(gameView(ctx.db, requireGame(ctx.db, game.id), ctx.now), {
      before: { state: 'suspended', suspendedAt: game.suspendedAt },
      after: { state: game.suspendedFrom },
    });
  }),

  /**
   * Annul a game: every sale becomes refundable in full (art. 16.3); prizes
   * already paid stay paid, unpaid ones are void (SPEC 6 decision); the prize
   * provision still owed and the stamp duty go back to card revenue. The
   * special prize fund keeps its share: it is never reduced but by a win.
   */
  'game.annul': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    if (game.state === 'finished' || game.state === 'annulled') {
      throw new KioskError('ANNUL_NOT_ALLOWED', { number: game.number, state: game.state });
    }
    const balls = activeBalls(ctx.db, game.id).length;
    if (input.reason === 'closing_time') {
      // Art. 14.5: only a game whose draw has not begun and can no longer begin; a draw begun before the closing time may finish.
      if (balls > 0) throw new KioskError('ANNUL_CLOSING_TIME_DRAW_BEGUN', { number: game.number, balls });
      const closeAt = closeAtOf(ctx.db, game);
      if (!closingBlock(ctx.now, closeAt, candidateOf(ctx.db, game), otherLastNumber(ctx.db, game))) {
        throw new KioskError('ANNUL_NOT_CLOSING_TIME', { number: game.number, closeAt });
      }
    } else if (input.reason === 'failure_before_draw') {
      if (balls > 0) {
        throw new KioskError('ANNUL_REASON_MISMATCH', { reason: input.reason, problem: 'balls_drawn' });
      }
      if (game.state !== 'suspended' || !game.suspendedAt) {
        throw new KioskError('ANNUL_REASON_MISMATCH', { reason: input.reason, problem: 'not_suspended' });
      }
      requireSuspendedLongEnough(ctx.now, game.suspendedAt, '16.1');
    } else if (balls === 0) {
      throw new KioskError('ANNUL_REASON_MISMATCH', { reason: input.reason, problem: 'no_ball_drawn' });
    } else if (input.reason === 'failure_during_draw') {
      // Art. 16.2: the draw goes on by hand if it can; if not, "proceder-se-á como no n.º 1": suspended, then 15 minutes.
      if (game.state !== 'suspended' || !game.suspendedAt) {
        throw new KioskError('ANNUL_REASON_MISMATCH', { reason: input.reason, problem: 'draw_goes_on_by_hand' });
      }
      requireSuspendedLongEnough(ctx.now, game.suspendedAt, '16.2');
    }
    const operator = operatorOf(ctx);
    markAnnulled(ctx.db, game.id, ctx.at, input.reason);
    const unpaid = winnersOfGame(ctx.db, game.id).filter((w) => w.status === 'unpaid');
    for (const w of unpaid) insertPrizeVoid(ctx.db, { winnerId: w.winnerId, at: ctx.at, reason: input.reason });
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
    return done(gameView(ctx.db, requireGame(ctx.db, game.id), ctx.now), {
      before: { state: game.state },
      after: { state: 'annulled', reason: input.reason, voidedPrizes: unpaid.map((w) => w.winnerId) },
    });
  }),
};
