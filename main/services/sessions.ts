/** Sessions: opening with the special prize's N, the acta, checks and the incident book (DN art. 10, 11, 17). */
import { specialPrizeBalls } from '../../core/bingo/prizes.js';
import type { ActaGame } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import { hallDay } from '../../core/settings.js';
import { appendActa, gameSalesTotals, gameSoldRanges, gamesOfSession, openSession, sessionById, type SessionRow } from '../../db/bingo.js';
import { stmt, type Db } from '../../db/connection.js';
import { activeBalls, addIncident, incidentsOfSession, winnersOfSession } from '../../db/play.js';
import { operatorOf, type Handler } from './context.js';
import { gameView } from './games.js';
import { hallSettings } from './settings.js';

const MAX_SESSION_HOURS = 24;

/**
 * N of the special prize for a new session (art. 10.2): the base on the first
 * day and after a win, one more on each further day of operation.
 */
function specialBallsForNewSession(db: Db, now: Date): number | null {
  const settings = hallSettings(db).specialPrize;
  if (!settings?.enabled) return null;
  const previous = stmt<[], { id: number; openedAt: string; specialBalls: number | null }>(
    db,
    `SELECT id, opened_at AS openedAt, special_balls AS specialBalls FROM sessions ORDER BY id DESC LIMIT 1`,
  ).get();
  if (!previous || previous.specialBalls === null) return settings.baseBalls;
  const wonSince = stmt<[number], { one: number }>(
    db,
    `SELECT 1 AS one FROM winners w JOIN games g ON g.id = w.game_id WHERE w.kind = 'special' AND g.session_id >= ? LIMIT 1`,
  ).get(previous.id);
  if (wonSince) return settings.baseBalls;
  return specialPrizeBalls(settings.baseBalls, previous.specialBalls, hallDay(new Date(previous.openedAt)) === hallDay(now));
}

export const openSessionHandler: Handler<'session.open'> = (ctx, input) => {
  const current = openSession(ctx.db);
  if (current) throw new KioskError('SESSION_ALREADY_OPEN', { sessionId: current.id });
  const closeAt = new Date(input.scheduledCloseAt);
  const ahead = closeAt.getTime() - ctx.now.getTime();
  if (!(ahead > 0 && ahead <= MAX_SESSION_HOURS * 3_600_000)) throw new KioskError('CLOSE_TIME_INVALID');
  const operator = operatorOf(ctx);
  const specialBalls = specialBallsForNewSession(ctx.db, ctx.now);
  const id = Number(
    stmt(ctx.db, `INSERT INTO sessions (opened_at, scheduled_close_at, opened_by, special_balls) VALUES (?, ?, ?, ?)`).run(
      ctx.at,
      closeAt.toISOString(),
      operator.id,
      specialBalls,
    ).lastInsertRowid,
  );
  appendActa(ctx.db, {
    sessionId: id,
    gameId: null,
    at: ctx.at,
    kind: 'session_opened',
    data: { scheduledCloseAt: closeAt.toISOString(), by: operator.username, specialBalls },
  });
  const session: SessionRow = { id, openedAt: ctx.at, scheduledCloseAt: closeAt.toISOString(), closedAt: null, openedBy: operator.username, specialBalls };
  ctx.audit.after = session;
  return session;
};

export const currentSession: Handler<'session.current'> = (ctx) => {
  const session = openSession(ctx.db) ?? null;
  const games = session ? gamesOfSession(ctx.db, session.id).map((g) => gameView(ctx.db, g)) : [];
  return { session, games };
};

export const recordCheck: Handler<'session.recordCheck'> = (ctx, input) => {
  const session = openSession(ctx.db);
  if (!session) throw new KioskError('NO_OPEN_SESSION');
  const operator = operatorOf(ctx);
  appendActa(ctx.db, { sessionId: session.id, gameId: null, at: ctx.at, kind: 'check', data: { phase: input.phase, kind: input.kind, by: operator.username } });
  const result = { at: ctx.at, phase: input.phase, kind: input.kind };
  ctx.audit.after = result;
  return result;
};

export const addIncidentHandler: Handler<'incident.add'> = (ctx, input) => {
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
  ctx.audit.after = incident;
  return incident;
};

interface ClosureRow {
  gameId: number;
  cardsSold: number;
  totalCents: number;
  linePrizeCents: number;
  bingoPrizeCents: number;
  lineRounding: number;
  bingoRounding: number;
  stampDutyCents: number;
  ranges: string;
}

/** The acta of a session, assembled from what was written as it happened (art. 17.3). */
export const acta: Handler<'session.acta'> = (ctx, input) => {
  const session = sessionById(ctx.db, input.sessionId);
  if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
  const hall = stmt<[], { name: string; licence: string | null }>(ctx.db, `SELECT name, licence FROM hall WHERE id = 1`).get()!;
  const closures = new Map(
    stmt<[number], ClosureRow>(
      ctx.db,
      `SELECT c.game_id AS gameId, c.cards_sold AS cardsSold, c.total_cents AS totalCents, c.line_prize_cents AS linePrizeCents,
              c.bingo_prize_cents AS bingoPrizeCents, c.line_rounding_hundredths AS lineRounding,
              c.bingo_rounding_hundredths AS bingoRounding, c.stamp_duty_cents AS stampDutyCents, c.ranges
         FROM game_closures c JOIN games g ON g.id = c.game_id WHERE g.session_id = ?`,
    )
      .all(session.id)
      .map((c) => [c.gameId, c]),
  );
  const winners = winnersOfSession(ctx.db, session.id);
  const paid = (gameId: number, kind: string) =>
    winners.filter((w) => w.gameId === gameId && w.kind === kind && w.status === 'paid').reduce((s, w) => s + w.prizeCents, 0);
  const refunded = new Map(
    stmt<[number], { gameId: number; cents: number }>(
      ctx.db,
      `SELECT s.game_id AS gameId, SUM(r.amount_cents) AS cents FROM refunds r JOIN sales s ON s.id = r.sale_id
         JOIN games g ON g.id = s.game_id WHERE g.session_id = ? GROUP BY s.game_id`,
    )
      .all(session.id)
      .map((r) => [r.gameId, r.cents]),
  );
  const ballSets = new Map(
    stmt<[], { id: number; serial: string }>(ctx.db, `SELECT id, serial FROM ball_sets`)
      .all()
      .map((b) => [b.id, b.serial]),
  );
  const games: ActaGame[] = gamesOfSession(ctx.db, session.id).map((g) => {
    const c = closures.get(g.id);
    const extra = stmt<[number], { isLast: number; ballSetId: number | null; annulReason: ActaGame['annulReason']; annulledAt: string | null; finishedAt: string | null }>(
      ctx.db,
      `SELECT is_last AS isLast, ball_set_id AS ballSetId, annul_reason AS annulReason, annulled_at AS annulledAt, finished_at AS finishedAt FROM games WHERE id = ?`,
    ).get(g.id)!;
    // A game annulled while still selling has no close of sale: its sales are what was sold (and refundable).
    const sold = c ? null : gameSalesTotals(ctx.db, g.id);
    const series = c ? (JSON.parse(c.ranges) as { seriesCode: string; from: number; to: number }[]) : gameSoldRanges(ctx.db, g.id);
    return {
      number: g.number,
      state: g.state,
      isLast: extra.isLast === 1,
      priceCents: g.priceCents,
      series: series.map((r, i) => ({ order: i + 1, ...r })),
      cardsSold: c?.cardsSold ?? sold?.cards ?? 0,
      totalCents: c?.totalCents ?? sold?.cents ?? 0,
      linePrizeCents: c?.linePrizeCents ?? 0,
      bingoPrizeCents: c?.bingoPrizeCents ?? 0,
      linePaidCents: paid(g.id, 'line'),
      bingoPaidCents: paid(g.id, 'bingo'),
      specialPaidCents: paid(g.id, 'special'),
      stampDutyCents: g.state === 'annulled' ? 0 : (c?.stampDutyCents ?? 0),
      roundingHundredths: { line: c?.lineRounding ?? 0, bingo: c?.bingoRounding ?? 0 },
      ballSet: extra.ballSetId ? (ballSets.get(extra.ballSetId) ?? null) : null,
      balls: activeBalls(ctx.db, g.id).length,
      openedAt: g.openedAt,
      saleClosedAt: g.saleClosedAt,
      endedAt: extra.finishedAt ?? extra.annulledAt,
      annulReason: extra.annulReason,
      refundedCents: refunded.get(g.id) ?? 0,
    };
  });
  const checks = stmt<[number], { at: string; data: string }>(
    ctx.db,
    `SELECT at, data FROM acta_entries WHERE session_id = ? AND kind = 'check' ORDER BY id`,
  )
    .all(session.id)
    .map((r) => {
      const d = JSON.parse(r.data) as { phase: string; kind: string; by: string };
      return { at: r.at, phase: d.phase, kind: d.kind, by: d.by };
    });
  const live = games.filter((g) => g.state !== 'annulled');
  return {
    hallName: hall.name,
    licence: hall.licence,
    sessionId: session.id,
    openedAt: session.openedAt,
    scheduledCloseAt: session.scheduledCloseAt,
    closedAt: session.closedAt,
    specialBalls: session.specialBalls,
    checks,
    games,
    totals: {
      cardsSold: live.reduce((s, g) => s + g.cardsSold, 0),
      totalCents: live.reduce((s, g) => s + g.totalCents, 0),
      prizesPaidCents: games.reduce((s, g) => s + g.linePaidCents + g.bingoPaidCents + g.specialPaidCents, 0),
      stampDutyCents: live.reduce((s, g) => s + g.stampDutyCents, 0),
      refundedCents: games.reduce((s, g) => s + g.refundedCents, 0),
    },
    incidents: incidentsOfSession(ctx.db, session.id),
  };
};
