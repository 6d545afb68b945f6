/**
 * The hall board (DN art. 7.1, 10.3, 11.2, 13, 14.5): one read of everything
 * the players see, and the tokens that let a board's screen read it (and
 * nothing else) in browser mode.
 */
import { randomBytes } from 'node:crypto';
import { closeSaleFigures, withLastGameNotice } from '../../../core/bingo/announcement.js';
import type { DisplayState } from '../../../core/bingo/contract.js';
import { boardGame } from '../../../core/bingo/display.js';
import { activeBalls, pendingClaims, winnersOfGame } from '../../../db/bingo/draw.js';
import { insertDisplayToken, manualDrawOf } from '../../../db/bingo/display.js';
import { closureOf, gamesOfSession, type GameRow } from '../../../db/bingo/games.js';
import { gameSalesTotals } from '../../../db/bingo/sales.js';
import { checksOfSession, lastSession, openSession } from '../../../db/bingo/sessions.js';
import { hallRow } from '../../../db/people.js';
import type { ReadableDb } from '../../../db/connection.js';
import { command, done, operatorOf, query, type HandlerSlice, type QueryContext } from '../shared/context.js';
import { frozenSpecialOf, specialOf } from './draw.js';
import { saleOpeningOf } from './games.js';

/** The prizes as the sale stands: fixed at its close, else what the cards sold so far give (art. 15.2). */
function prizesOf(db: ReadableDb, game: GameRow) {
  const closure = closureOf(db, game.id);
  const sold = gameSalesTotals(db, game.id);
  if (closure) {
    // A game that became the last at its draw is announced as the last from then on (art. 14.5).
    const announcement = game.becameLastAt ? withLastGameNotice(closure.announcement) : closure.announcement;
    return { cardsSold: closure.cardsSold, linePrizeCents: closure.linePrizeCents, bingoPrizeCents: closure.bingoPrizeCents, announcement };
  }
  const live = closeSaleFigures(sold.cards, game.priceCents);
  return { cardsSold: sold.cards, linePrizeCents: live.linePrizeCents, bingoPrizeCents: live.bingoPrizeCents, announcement: null };
}

function displayState(ctx: QueryContext): DisplayState {
  const db = ctx.db;
  const session = openSession(db) ?? lastSession(db);
  const games = session ? gamesOfSession(db, session.id) : [];
  const game = boardGame(games);
  const balls = game ? activeBalls(db, game.id).map((b) => b.number) : [];
  const checks = session ? checksOfSession(db, session.id) : [];
  const has = (phase: string, kind: string) => checks.some((c) => c.phase === phase && c.kind === kind);
  const selling = games.find((g) => g.state === 'selling' && g.id !== game?.id);
  const drawingState = game?.state === 'drawing';
  const claimWindow = !game || !drawingState ? null : pendingClaims(db, game.id, 'line', balls.length).length > 0 ? 'line' : pendingClaims(db, game.id, 'bingo', balls.length).length > 0 ? 'bingo' : null;
  const figures = game ? prizesOf(db, game) : null;
  // A frozen fund is still the players' money: on the board even with no game (art. 10).
  const special = game ? specialOf(db, game, balls.length) : frozenSpecialOf(db);
  return {
    hallName: hallRow(db)?.hallName ?? '',
    at: ctx.at,
    session: session
      ? {
          id: session.id,
          checks: { startBalls: has('start', 'balls'), startMaterial: has('start', 'material'), endBalls: has('end', 'balls') },
          lastGameOpened: games.some((g) => g.isLast === 1),
        }
      : null,
    game:
      game && figures
        ? {
            id: game.id,
            number: game.number,
            state: game.state,
            priceCents: game.priceCents,
            cardsSold: figures.cardsSold,
            linePrizeCents: figures.linePrizeCents,
            bingoPrizeCents: figures.bingoPrizeCents,
            isLast: game.isLast === 1,
            manualDraw: manualDrawOf(db, game.id),
            suspendedAt: game.state === 'suspended' ? game.suspendedAt : null,
            saleOpening: game.state === 'selling' || game.suspendedFrom === 'selling' ? saleOpeningOf(db, game) : null,
          }
        : null,
    selling: selling ? { number: selling.number, priceCents: selling.priceCents, cardsSold: gameSalesTotals(db, selling.id).cards, saleOpening: saleOpeningOf(db, selling) } : null,
    balls,
    ballCount: balls.length,
    lastBall: balls.at(-1) ?? null,
    announcement: figures?.announcement ?? null,
    claimWindow,
    winners: game
      ? winnersOfGame(db, game.id)
          .filter((w) => w.status !== 'void')
          .map((w) => ({ kind: w.kind, seriesCode: w.seriesCode, card: w.card, prizeCents: w.prizeCents, ballCount: w.ballCount }))
      : [],
    special: special ? { balls: special.balls, amountCents: special.fundCents, eligible: special.eligible, frozen: special.frozen } : null,
  };
}

export const displayHandlers: HandlerSlice<'display.state' | 'display.token'> = {
  'display.state': query((ctx) => displayState(ctx)),

  // The token is shown once, to the manager who opens the board; the file keeps only its hash.
  'display.token': command((ctx) => {
    const token = randomBytes(24).toString('base64url');
    insertDisplayToken(ctx.db, { token, at: ctx.at, by: operatorOf(ctx).id });
    return done({ token, path: '/display' }, { after: { path: '/display' } });
  }),
};
