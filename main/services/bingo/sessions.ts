/** Sessions: opening with the special prize's N, the acta and its PDFs, checks and the incident book (DN art. 10, 11, 17). */
import { prizesOfGame, sessionPrizes } from '../../../core/bingo/acta-figures.js';
import type { ActaGame } from '../../../core/bingo/contract.js';
import { specialPrizeBalls } from '../../../core/bingo/prizes.js';
import { MAX_SESSION_HOURS, missingStartChecks } from '../../../core/bingo/rules.js';
import type { ChannelOutput } from '../../../core/contract.js';
import { auditHead, auditHeadAt } from '../../../db/audit.js';
import { KioskError } from '../../../core/errors.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import { hallDay } from '../../../core/time.js';
import type { ReadableDb } from '../../../db/connection.js';
import { actaPrizeRows, activeBalls } from '../../../db/bingo/draw.js';
import { ballSetById, closuresOfSession, gamesOfSession } from '../../../db/bingo/games.js';
import { gameSalesTotals, gameSoldRanges, refundedByGame } from '../../../db/bingo/sales.js';
import { cardsBySellerOfGame } from '../../../db/bingo/sellers.js';
import {
  addIncident,
  appendActa,
  checksOfSession,
  fundCarriedOfSession,
  fundStartsOfSession,
  incidentsOfSession,
  insertSession,
  lastSession,
  openSession,
  sessionById,
  specialPrizeWonSince,
  type SessionRow,
} from '../../../db/bingo/sessions.js';
import { specialFundDecisionSince } from '../../../db/bingo/special.js';
import { everPosted, post } from '../../../db/ledger.js';
import { hallRow, hallSettings, hallTimeZone } from '../../../db/people.js';
import { checkpointFor, currentHallKey, hallKeys } from '../../../db/transparency.js';
import { checkpointView } from '../shared/signing/checkpoint.js';
import { command, done, operatorOf, query, queryWaiting, type HandlerSlice } from '../shared/context.js';
import { gameView, sessionOfGames } from './games.js';
import { seriesEmissions, stockOfSeries } from './stock.js';

type Acta = ChannelOutput<'session.acta'>;

/**
 * N of the special prize for a new session (art. 10.2): the base on the first
 * day and after a win, one more on each further day of operation.
 */
function specialBallsForNewSession(db: ReadableDb, now: Date): number | null {
  const settings = hallSettings(db).specialPrize;
  if (!settings?.enabled) return null;
  const previous = lastSession(db);
  if (!previous || previous.specialBalls === null) return settings.baseBalls;
  if (specialPrizeWonSince(db, previous.id)) return settings.baseBalls;
  // A fund carried to a new prize starts that prize's N at its base.
  if (specialFundDecisionSince(db, previous.openedAt)) return settings.baseBalls;
  // Days of operation are the hall's, in its zone: a session after midnight there is another day, whatever UTC says.
  const zone = hallTimeZone(db);
  return specialPrizeBalls(settings.baseBalls, previous.specialBalls, hallDay(new Date(previous.openedAt), zone) === hallDay(now, zone));
}

/** The acta of a session, assembled from what was written as it happened (art. 17.3). */
export function actaOf(db: ReadableDb, sessionId: number): Acta {
  const session = sessionById(db, sessionId);
  if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId });
  const hall = hallRow(db)!;
  // The close's checkpoint and the key that signed it; while the session is open, the key in use.
  const sessionCheckpoint = session.closedAt ? checkpointFor(db, 'session', session.id) : undefined;
  const signingKey = session.closedAt ? sessionCheckpoint && hallKeys(db).find((k) => k.keyId === sessionCheckpoint.keyId) : currentHallKey(db);
  const closures = new Map(closuresOfSession(db, session.id).map((c) => [c.gameId, c]));
  // A closed session's acta is final: a carried prize or refund paid later is the next session's, named there (art. 17.3).
  const until = session.closedAt;
  const prizes = sessionPrizes(
    session.id,
    actaPrizeRows(db, session.id, until).map(({ paidAt, voided, ...w }) => ({
      ...w,
      status: paidAt !== null && (until === null || paidAt <= until) ? ('paid' as const) : voided ? ('void' as const) : ('unpaid' as const),
    })),
  );
  const refunded = refundedByGame(db, session.id, until);
  const games: ActaGame[] = gamesOfSession(db, session.id).map((g) => {
    const c = closures.get(g.id);
    // A game annulled while still selling has no close of sale: its sales are what was sold (and refundable).
    const sold = c ? null : gameSalesTotals(db, g.id);
    const series = c ? (JSON.parse(c.ranges) as { seriesCode: string; from: number; to: number }[]) : gameSoldRanges(db, g.id);
    const { awarded, paid } = prizesOfGame(prizes, g.number);
    return {
      number: g.number,
      state: g.state,
      isLast: g.isLast === 1,
      becameLastAt: g.becameLastAt,
      priceCents: g.priceCents,
      series: series.map((r, i) => ({ order: i + 1, ...r })),
      cardsSold: c?.cardsSold ?? sold?.cards ?? 0,
      totalCents: c?.totalCents ?? sold?.cents ?? 0,
      linePrizeCents: c?.linePrizeCents ?? 0,
      bingoPrizeCents: c?.bingoPrizeCents ?? 0,
      lineAwardedCents: awarded.line,
      bingoAwardedCents: awarded.bingo,
      specialAwardedCents: awarded.special,
      linePaidCents: paid.line,
      bingoPaidCents: paid.bingo,
      specialPaidCents: paid.special,
      stampDutyCents: g.state === 'annulled' ? 0 : (c?.stampDutyCents ?? 0),
      roundingHundredths: { line: c?.lineRounding ?? 0, bingo: c?.bingoRounding ?? 0 },
      ballSet: g.ballSetId ? (ballSetById(db, g.ballSetId)?.serial ?? null) : null,
      balls: activeBalls(db, g.id).length,
      openedAt: g.openedAt,
      saleClosedAt: g.saleClosedAt,
      endedAt: g.finishedAt ?? g.annulledAt,
      annulReason: g.annulReason,
      refundedCents: refunded.get(g.id) ?? 0,
      // A game whose sale closed plays its cards (a pair's second game, its first's): the cards per seller as sold.
      cardsBySeller: cardsBySellerOfGame(db, c && g.doubleOf !== null ? g.doubleOf : g.id),
    };
  });
  const live = games.filter((g) => g.state !== 'annulled');
  return {
    hallName: hall.hallName,
    licence: hall.licence,
    timeZone: hall.timeZone,
    sessionId: session.id,
    openedAt: session.openedAt,
    scheduledCloseAt: session.scheduledCloseAt,
    closedAt: session.closedAt,
    auditHead: session.closedAt ? auditHeadAt(db, session.closedAt) : auditHead(db),
    checkpoint: sessionCheckpoint ? checkpointView(sessionCheckpoint) : null,
    hallKey: signingKey ? { keyId: signingKey.keyId, verifierKey: signingKey.verifierKey } : null,
    specialBalls: session.specialBalls,
    specialFundStarts: fundStartsOfSession(db, session.id),
    specialFundCarried: fundCarriedOfSession(db, session.id),
    checks: checksOfSession(db, session.id),
    emissions: seriesEmissions(db, games.flatMap((g) => g.series.map((r) => r.seriesCode))),
    games,
    prizesOwed: prizes.owed,
    earlierPrizesPaid: prizes.earlierPaid,
    totals: {
      cardsSold: live.reduce((s, g) => s + g.cardsSold, 0),
      totalCents: live.reduce((s, g) => s + g.totalCents, 0),
      ...prizes.totals,
      stampDutyCents: live.reduce((s, g) => s + g.stampDutyCents, 0),
      refundedCents: games.reduce((s, g) => s + g.refundedCents, 0),
    },
    incidents: incidentsOfSession(db, session.id),
  };
}

const pdfOf = (buffer: Buffer, filename: string) => ({ filename, base64: buffer.toString('base64') });

export const sessionHandlers: HandlerSlice<
  'session.open' | 'session.current' | 'session.acta' | 'session.recordCheck' | 'incident.add' | 'report.actaPdf' | 'report.sessionPdf'
> = {
  'session.open': command((ctx, input) => {
    const current = openSession(ctx.db);
    if (current) throw new KioskError('SESSION_ALREADY_OPEN', { sessionId: current.id });
    const closeAt = new Date(input.scheduledCloseAt);
    const ahead = closeAt.getTime() - ctx.now.getTime();
    if (!(ahead > 0 && ahead <= MAX_SESSION_HOURS * 3_600_000)) throw new KioskError('CLOSE_TIME_INVALID');
    const operator = operatorOf(ctx);
    const specialBalls = specialBallsForNewSession(ctx.db, ctx.now);
    const id = insertSession(ctx.db, { at: ctx.at, scheduledCloseAt: closeAt.toISOString(), openedBy: operator.id, specialBalls });
    appendActa(ctx.db, {
      sessionId: id,
      gameId: null,
      at: ctx.at,
      kind: 'session_opened',
      data: { scheduledCloseAt: closeAt.toISOString(), by: operator.username, specialBalls },
    });
    // Checks done before the open (art. 5.2, 11.1) are recorded with it, in the order given.
    for (const kind of new Set(input.startChecks ?? [])) {
      appendActa(ctx.db, { sessionId: id, gameId: null, at: ctx.at, kind: 'check', data: { phase: 'start', kind, by: operator.username } });
    }
    // The cards in stock at the start (art. 3.º), for each series whose boxes are recorded.
    const stock = stockOfSeries(ctx.db).filter((s) => s.followed);
    if (stock.length > 0) {
      const series = stock.map((s) => ({ code: s.seriesCode, emission: s.emission, ...s.figures }));
      appendActa(ctx.db, { sessionId: id, gameId: null, at: ctx.at, kind: 'card_stock', data: { series, by: operator.username } });
    }
    // The fund's first start: the house's starting amount, once (after a win the restart is the win's).
    const special = hallSettings(ctx.db).specialPrize;
    if (special?.enabled && special.startingCents > 0 && !everPosted(ctx.db, 'special_fund_started') && !everPosted(ctx.db, 'special_prize_won')) {
      post(ctx.db, ledger.specialFundStarted({ type: 'session', id }, special.startingCents), { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId });
      appendActa(ctx.db, { sessionId: id, gameId: null, at: ctx.at, kind: 'special_fund_started', data: { amountCents: special.startingCents, by: operator.username } });
    }
    const session: SessionRow = { id, openedAt: ctx.at, scheduledCloseAt: closeAt.toISOString(), closedAt: null, openedBy: operator.username, specialBalls };
    return done(session, { after: session });
  }),

  'session.current': query((ctx) => {
    const session = openSession(ctx.db) ?? null;
    // The closing time and the session's games read once for all the views, not once a game.
    const shared = session ? sessionOfGames(ctx.db, session.id, session.scheduledCloseAt) : undefined;
    const games = session ? gamesOfSession(ctx.db, session.id).map((g) => gameView(ctx.db, g, ctx.now, shared, ctx.memo)) : [];
    const startChecksMissing = session ? missingStartChecks(checksOfSession(ctx.db, session.id)) : [];
    return { session, games, startChecksMissing };
  }),

  'session.recordCheck': command((ctx, input) => {
    const session = openSession(ctx.db);
    if (!session) throw new KioskError('NO_OPEN_SESSION');
    const operator = operatorOf(ctx);
    appendActa(ctx.db, { sessionId: session.id, gameId: null, at: ctx.at, kind: 'check', data: { phase: input.phase, kind: input.kind, by: operator.username } });
    const result = { at: ctx.at, phase: input.phase, kind: input.kind };
    return done(result, { after: result });
  }),

  'incident.add': command((ctx, input) => {
    const session = openSession(ctx.db);
    if (!session) throw new KioskError('NO_OPEN_SESSION');
    let gameNumber: number | null = null;
    if (input.gameId !== undefined) {
      const game = gamesOfSession(ctx.db, session.id).find((g) => g.id === input.gameId);
      if (!game) throw new KioskError('GAME_NOT_FOUND', { gameId: input.gameId });
      gameNumber = game.number;
    }
    const operator = operatorOf(ctx);
    const id = addIncident(ctx.db, { sessionId: session.id, gameId: input.gameId ?? null, at: ctx.at, operatorId: operator.id, kind: 'manual', text: input.text });
    const incident = { id, at: ctx.at, gameNumber, author: operator.username, kind: 'manual', text: input.text };
    return done(incident, { after: incident });
  }),

  'session.acta': query((ctx, input) => actaOf(ctx.db, input.sessionId)),

  // The data is read here; the PDF is rendered off the main thread (ctx.io.pdf).
  'report.actaPdf': queryWaiting(async (ctx, input) => {
    const data = actaOf(ctx.db, input.sessionId);
    return pdfOf(await ctx.io.pdf.acta(data, { generatedAt: ctx.at }), `acta-sessao-${input.sessionId}.pdf`);
  }),

  'report.sessionPdf': queryWaiting(async (ctx, input) => {
    const data = actaOf(ctx.db, input.sessionId);
    return pdfOf(await ctx.io.pdf.sessionReport(data, { generatedAt: ctx.at }), `relatorio-sessao-${input.sessionId}.pdf`);
  }),
};
