import { KioskError } from '../../core/errors.js';
import { appendActa, gamesOfSession, openSession } from '../../db/bingo.js';
import { stmt } from '../../db/connection.js';
import { operatorOf, type Handler } from './context.js';
import { gameView } from './games.js';

const MAX_SESSION_HOURS = 24;

export const openSessionHandler: Handler<'session.open'> = (ctx, input) => {
  const current = openSession(ctx.db);
  if (current) throw new KioskError('SESSION_ALREADY_OPEN', { sessionId: current.id });
  const closeAt = new Date(input.scheduledCloseAt);
  const ahead = closeAt.getTime() - ctx.now.getTime();
  if (!(ahead > 0 && ahead <= MAX_SESSION_HOURS * 3_600_000)) throw new KioskError('CLOSE_TIME_INVALID');
  const operator = operatorOf(ctx);
  const id = Number(
    stmt(ctx.db, `INSERT INTO sessions (opened_at, scheduled_close_at, opened_by) VALUES (?, ?, ?)`).run(
      ctx.at,
      closeAt.toISOString(),
      operator.id,
    ).lastInsertRowid,
  );
  appendActa(ctx.db, { sessionId: id, gameId: null, at: ctx.at, kind: 'session_opened', data: { scheduledCloseAt: closeAt.toISOString(), by: operator.username } });
  const session = { id, openedAt: ctx.at, scheduledCloseAt: closeAt.toISOString(), closedAt: null, openedBy: operator.username };
  ctx.audit.after = session;
  return session;
};

export const currentSession: Handler<'session.current'> = (ctx) => {
  const session = openSession(ctx.db) ?? null;
  const games = session ? gamesOfSession(ctx.db, session.id).map((g) => gameView(ctx.db, g)) : [];
  return { session, games };
};
