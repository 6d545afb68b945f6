/** Ball sets (DN art. 5.3): registered in the incident book, counted per game. */
import { KioskError } from '../../core/errors.js';
import { BALL_SET_WARN_GAMES } from '../../core/settings.js';
import { appendActa, openSession } from '../../db/bingo.js';
import { stmt } from '../../db/connection.js';
import { addIncident, currentBallSet } from '../../db/play.js';
import { operatorOf, type Handler } from './context.js';

export const registerBallSet: Handler<'ballSet.register'> = (ctx, input) => {
  if (stmt(ctx.db, `SELECT 1 FROM ball_sets WHERE serial = ?`).get(input.serial)) {
    throw new KioskError('BALL_SET_SERIAL_TAKEN', { serial: input.serial });
  }
  const operator = operatorOf(ctx);
  const previous = currentBallSet(ctx.db);
  const id = Number(
    stmt(ctx.db, `INSERT INTO ball_sets (serial, registered_at, registered_by) VALUES (?, ?, ?)`).run(input.serial, ctx.at, operator.id)
      .lastInsertRowid,
  );
  const session = openSession(ctx.db);
  const text = previous
    ? `Novo jogo de bolas ${input.serial} em substituição do jogo ${previous.serial} (${previous.gamesPlayed} jogadas) (art. 5.º, n.º 3).`
    : `Jogo de bolas ${input.serial} registado (art. 5.º, n.º 3).`;
  addIncident(ctx.db, { sessionId: session?.id ?? null, gameId: null, at: ctx.at, operatorId: operator.id, kind: 'ball_set', text });
  if (session) appendActa(ctx.db, { sessionId: session.id, gameId: null, at: ctx.at, kind: 'ball_set', data: { serial: input.serial, previous: previous?.serial ?? null } });
  const created = { id, serial: input.serial, registeredAt: ctx.at, gamesPlayed: 0 };
  ctx.audit.after = created;
  return created;
};

export const currentBallSetHandler: Handler<'ballSet.current'> = (ctx) => {
  const set = currentBallSet(ctx.db);
  return set ? { ...set, warning: set.gamesPlayed >= BALL_SET_WARN_GAMES } : null;
};
