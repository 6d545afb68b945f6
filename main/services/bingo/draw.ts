/**
 * The game after the sale (DN art. 9, 10, 14, 15): the draw, claims and their
 * windows, prizes and the accumulated special prize.
 */
import { checkAgainstRecorded, checkClaim, checkManualClaim, drawnSet, MANUAL_CLAIM_NUMBERS } from '../../../core/bingo/claims.js';
import type { BoardView, ClaimView, WinnerView } from '../../../core/bingo/contract.js';
import { awardsAtClose, specialFundState, winsSpecialPrize } from '../../../core/bingo/prizes.js';
import { KioskError } from '../../../core/errors.js';
import { bingoLedger as ledger } from '../../../core/bingo/money.js';
import type { ReadableDb } from '../../../db/connection.js';
import {
  activeBalls,
  claimById,
  claimExists,
  claimsAtBall,
  claimsOfGame,
  insertBall,
  insertBallRecall,
  insertClaim,
  insertWinner,
  lineAwarded,
  manualClaimsOfSeries,
  pendingClaims,
  winnersOfGame,
} from '../../../db/bingo/draw.js';
import { closureOf, markBackToSaleClosed, markBecameLast, markDrawing, markFinished, salesGameId, type GameRow } from '../../../db/bingo/games.js';
import { cardSoldInGame } from '../../../db/bingo/sales.js';
import { faceOf, seriesByCode } from '../../../db/bingo/series.js';
import { addIncident, appendActa, sessionById } from '../../../db/bingo/sessions.js';
import { specialFundHeld } from '../../../db/bingo/special.js';
import { post } from '../../../db/ledger.js';
import { hallSettings } from '../../../db/people.js';
import { command, done, finishAfterCommit, operatorOf, query, type HandlerSlice, type QueryContext } from '../shared/context.js';
import { confirmCredentials, withApproval } from '../shared/credentials.js';
import { ballNews, boardHolders } from './board.js';
import { candidateOf, closeAtOf, requireGame, sessionGames } from './games.js';
import { checkDrawStart } from '../../../core/bingo/closing.js';
import { LAST_GAME_NOTICE, withLastGameNotice } from '../../../core/bingo/announcement.js';
import { announcementSlip } from '../../../printing/documents/index.js';
import { enqueue } from '../shared/print.js';

/** The same claims, in any order, none twice. */
function sameIds(shown: readonly number[], pending: readonly number[]): boolean {
  const now = new Set(pending);
  return shown.length === pending.length && new Set(shown).size === shown.length && shown.every((id) => now.has(id));
}

/** "o 9", "o 9 e o 14", "o 3, o 9 e o 14": numbers as a sentence names them. */
function numbersPt(numbers: readonly number[]): string {
  const items = numbers.map((n) => `o ${n}`);
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} e ${items.at(-1)}`;
}

/** Why a claim checked against its face fails, in pt-PT: "falta o 9", never "faltam 9". */
export function claimMissingPt(kind: 'line' | 'bingo', missing: readonly number[]): string {
  if (kind === 'line') {
    return `Nenhuma linha completa: à linha mais próxima ${missing.length === 1 ? 'falta' : 'faltam'} ${numbersPt(missing)}.`;
  }
  return missing.length === 1
    ? `Bingo incompleto: falta ${numbersPt(missing)}.`
    : `Bingo incompleto: faltam ${missing.length} números: ${numbersPt(missing)}.`;
}

/**
 * The special prize for this game: N of the session and the fund, when the
 * hall has it; a frozen fund (the prize switched off, the players' money
 * still in it) is shown, never won (art. 10).
 */
export function specialOf(db: ReadableDb, game: GameRow, ballCount: number): BoardView['special'] {
  const settings = hallSettings(db).specialPrize;
  const fundCents = specialFundHeld(db);
  const state = specialFundState(settings, fundCents);
  if (state === 'frozen') return frozenSpecial(fundCents);
  const balls = sessionById(db, game.sessionId)?.specialBalls ?? null;
  if (state !== 'active' || balls === null) return null;
  return { balls, fundCents, eligible: ballCount > 0 && winsSpecialPrize(ballCount, balls), frozen: false };
}

const frozenSpecial = (fundCents: number): NonNullable<BoardView['special']> => ({ balls: null, fundCents, eligible: false, frozen: true });

/** The frozen fund, shown even with no game on the board (art. 10), or null. */
export function frozenSpecialOf(db: ReadableDb): BoardView['special'] {
  const fundCents = specialFundHeld(db);
  return specialFundState(hallSettings(db).specialPrize, fundCents) === 'frozen' ? frozenSpecial(fundCents) : null;
}

export function boardOf(ctx: QueryContext, game: GameRow): BoardView {
  const state = boardHolders(ctx.db, ctx.memo, game.id);
  const awardedLine = lineAwarded(ctx.db, game.id);
  return {
    gameId: game.id,
    state: game.state,
    balls: state.balls,
    ballCount: state.balls.length,
    facesKnown: state.facesKnown,
    lineAwarded: awardedLine,
    claims: claimsOfGame(ctx.db, game.id),
    winners: winnersOfGame(ctx.db, game.id),
    potential: { lines: awardedLine ? [] : state.lines, bingos: state.bingos },
    special: specialOf(ctx.db, game, state.balls.length),
  };
}

function requireNoPendingClaims(db: ReadableDb, gameId: number, ballCount: number, kinds: readonly ('line' | 'bingo')[]): void {
  for (const kind of kinds) {
    if (pendingClaims(db, gameId, kind, ballCount).length > 0) {
      throw new KioskError('CLAIMS_PENDING', { kind });
    }
  }
}

export const drawHandlers: HandlerSlice<'game.drawBall' | 'game.recallBall' | 'game.claim' | 'game.closeClaims' | 'game.board'> = {
  /**
   * A ball: one row in the transaction; what it changed (the cards that now
   * hold a line or the bingo) is worked out after the commit, from the board
   * cache, so the write lock is held for the insert alone.
   */
  'game.drawBall': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    if (game.state !== 'sale_closed' && game.state !== 'drawing') {
      throw new KioskError('DRAW_NOT_ALLOWED', { number: game.number, state: game.state });
    }
    const balls = activeBalls(ctx.db, game.id);
    if (balls.some((b) => b.number === input.number)) throw new KioskError('BALL_ALREADY_DRAWN', { ball: input.number });
    requireNoPendingClaims(ctx.db, game.id, balls.length, ['line', 'bingo']);
    const first = game.state === 'sale_closed';
    // The draw begins: one drum and one board (art. 6.2, 7.1, 14.1), and the session's end (art. 14.5).
    const becomesLast = first && checkDrawStart(ctx.now, closeAtOf(ctx.db, game), candidateOf(ctx.db, game), sessionGames(ctx.db, game.sessionId)).becomesLast;
    // "devendo, antes de ser iniciada, anunciar-se, em voz alta, tal circunstância" (art. 14.5): the manager says it is done.
    if (becomesLast && input.lastGameAnnounced !== true) throw new KioskError('LAST_GAME_ANNOUNCE_FIRST', { number: game.number });
    insertBall(ctx.db, { gameId: game.id, number: input.number, at: ctx.at, operatorId: operatorOf(ctx).id });
    if (first) markDrawing(ctx.db, game.id);
    if (becomesLast) {
      markBecameLast(ctx.db, game.id, ctx.at);
      appendActa(ctx.db, { sessionId: game.sessionId, gameId: game.id, at: ctx.at, kind: 'last_game', data: { number: game.number, by: operatorOf(ctx).username } });
      const closure = closureOf(ctx.db, game.id);
      const text = closure ? withLastGameNotice(closure.announcement) : LAST_GAME_NOTICE;
      enqueue(
        ctx,
        'reports',
        (hall) => announcementSlip({ hallName: hall.hallName, timeZone: hall.timeZone, software: hall.software, sessionId: game.sessionId, gameNumber: game.number, text, at: ctx.at, isLast: true, article: 'art. 14.º, n.º 5' }),
        { type: 'game', id: game.id },
      );
    }
    const ballCount = balls.length + 1;
    return finishAfterCommit(
      (read) => {
        const news = ballNews(read.db, read.memo, game.id);
        const awardedLine = lineAwarded(read.db, game.id);
        return {
          gameId: game.id,
          ball: input.number,
          ballCount,
          state: 'drawing' as const,
          newLines: awardedLine ? [] : news.newLines,
          newLineCount: awardedLine ? 0 : news.newLineCount,
          newBingos: news.newBingos,
          newBingoCount: news.newBingoCount,
          special: specialOf(read.db, game, ballCount),
          becameLast: becomesLast,
        };
      },
      { after: { gameId: game.id, ball: input.number, ballCount, ...(becomesLast ? { becameLast: true } : {}) } },
      // The first ball moves the game from its close of sale to the draw (and may make it the last, in the acta).
      first ? (becomesLast ? ['game', 'acta'] : ['game']) : [],
    );
  }),

  'game.recallBall': withApproval(
    (ctx, input) => {
      const game = requireGame(ctx.db, input.gameId);
      if (game.state !== 'drawing') throw new KioskError('DRAW_NOT_ALLOWED', { number: game.number, state: game.state });
      return input.approval;
    },
    (ctx, input, checked) => {
      const game = requireGame(ctx.db, input.gameId);
      if (game.state !== 'drawing') throw new KioskError('DRAW_NOT_ALLOWED', { number: game.number, state: game.state });
      const approver = confirmCredentials(ctx, checked!);
      const balls = activeBalls(ctx.db, game.id);
      const last = balls.at(-1);
      if (!last) throw new KioskError('NO_BALL_TO_RECALL');
      if (claimsAtBall(ctx.db, game.id, balls.length)) throw new KioskError('RECALL_AFTER_AWARD', { ball: last.number });
      const operator = operatorOf(ctx);
      insertBallRecall(ctx.db, { ballId: last.id, at: ctx.at, operatorId: operator.id, approvedBy: approver.id });
      if (balls.length === 1) markBackToSaleClosed(ctx.db, game.id);
      addIncident(ctx.db, {
        sessionId: game.sessionId,
        gameId: game.id,
        at: ctx.at,
        operatorId: operator.id,
        kind: 'ball_recall',
        text: `Bola ${last.number} (${balls.length}.ª extraída) anulada por erro de registo, com autorização de ${approver.username}.`,
      });
      return finishAfterCommit(
        (read) => boardOf(read, requireGame(read.db, game.id)),
        {
          before: { ballCount: balls.length, last: last.number },
          after: { ballCount: balls.length - 1, recalled: last.number, approvedBy: approver.username },
        },
        balls.length === 1 ? ['game'] : [],
      );
    },
  ),

  'game.claim': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    const balls = activeBalls(ctx.db, game.id);
    if (game.state !== 'drawing' || balls.length === 0) throw new KioskError('CLAIM_NOT_ALLOWED', { number: game.number, state: game.state });
    if (input.kind === 'line' && lineAwarded(ctx.db, game.id)) throw new KioskError('LINE_ALREADY_AWARDED');
    const series = seriesByCode(ctx.db, input.seriesCode);
    if (!series) throw new KioskError('SERIES_NOT_FOUND', { code: input.seriesCode });
    // The second game of a double pair plays the cards its first sold (art. 3.5).
    if (!cardSoldInGame(ctx.db, salesGameId(game), series.id, input.card)) {
      throw new KioskError('CARD_NOT_SOLD', { seriesCode: series.code, card: input.card, number: game.number });
    }
    if (claimExists(ctx.db, { gameId: game.id, kind: input.kind, seriesId: series.id, card: input.card, ballCount: balls.length })) {
      throw new KioskError('CLAIM_DUPLICATE', { seriesCode: series.code, card: input.card, kind: input.kind });
    }
    const face = faceOf(ctx.db, series.id, input.card);
    let valid: boolean;
    let reason: { text: string; missing: number[] } | null = null;
    let numbers: number[] | null = null;
    if (face) {
      const check = checkClaim(input.kind, face, drawnSet(balls.map((b) => b.number)));
      valid = check.valid;
      if (!check.valid) {
        reason = { text: claimMissingPt(input.kind, check.missing), missing: check.missing };
      }
    } else {
      // No faces on record: the manager reads the card's numbers and the kiosk checks them against the balls (SPEC 4, art. 9.1).
      if (input.confirmed === undefined) throw new KioskError('MANUAL_CONFIRMATION_REQUIRED', { seriesCode: series.code });
      valid = input.confirmed;
      if (valid) {
        if (!input.numbers) {
          throw new KioskError('MANUAL_CLAIM_NUMBERS_REQUIRED', { kind: input.kind, expected: MANUAL_CLAIM_NUMBERS[input.kind] });
        }
        numbers = checkManualClaim(input.kind, input.numbers, drawnSet(balls.map((b) => b.number)));
        // The same card read before, and the series' other cards: one card, one face (art. 3.4).
        checkAgainstRecorded(input.kind, input.card, numbers, manualClaimsOfSeries(ctx.db, series.id));
      } else reason = { text: 'Reclamação recusada pelo operador após conferência manual do cartão.', missing: [] };
    }
    const id = insertClaim(ctx.db, {
      gameId: game.id,
      kind: input.kind,
      seriesId: series.id,
      card: input.card,
      ballCount: balls.length,
      valid,
      reason,
      manual: !face,
      numbers,
      at: ctx.at,
      operatorId: operatorOf(ctx).id,
    });
    const view: ClaimView = claimById(ctx.db, id);
    // The card's face comes back with the verdict so that the manager reads it against the player's card.
    return done({ ...view, face }, { after: view });
  }),

  'game.closeClaims': command((ctx, input) => {
    const game = requireGame(ctx.db, input.gameId);
    if (game.state !== 'drawing') throw new KioskError('CLAIM_NOT_ALLOWED', { number: game.number, state: game.state });
    const ballCount = activeBalls(ctx.db, game.id).length;
    const awardedLine = lineAwarded(ctx.db, game.id);
    if (input.kind === 'line' && awardedLine) throw new KioskError('LINE_ALREADY_AWARDED');
    // Line winners at this ball are settled before the bingo (art. 9.1 a).
    if (input.kind === 'bingo') requireNoPendingClaims(ctx.db, game.id, ballCount, ['line']);
    const claims = pendingClaims(ctx.db, game.id, input.kind, ballCount);
    // The awards the manager confirmed, exactly: a claim checked meanwhile elsewhere is shown first, never awarded unseen.
    if (input.claimIds !== undefined && !sameIds(input.claimIds, claims.map((c) => c.claimId))) {
      throw new KioskError('CLAIMS_CHANGED', { shown: input.claimIds.length, pending: claims.length, kind: input.kind });
    }
    if (claims.length === 0) throw new KioskError('NO_VALID_CLAIMS', { kind: input.kind });

    const closure = closureOf(ctx.db, game.id);
    if (!closure) throw new Error(`game ${game.id} has no close of sale`);
    const special = input.kind === 'bingo' ? specialOf(ctx.db, game, ballCount) : null;
    const specialWon = special !== null && special.eligible && special.fundCents > 0;
    // Won: the fund restarts at once at its starting amount (SPEC 4), put in by the house.
    const restartCents = specialWon ? (hallSettings(ctx.db).specialPrize?.startingCents ?? 0) : 0;
    const awards = awardsAtClose({
      kind: input.kind,
      claims: claims.length,
      linePrizeCents: closure.linePrizeCents,
      bingoPrizeCents: closure.bingoPrizeCents,
      lineAwarded: awardedLine,
      specialFundCents: special?.fundCents ?? 0,
      specialWon,
    });
    const awarded = new Set(
      awards.map((a) =>
        insertWinner(ctx.db, { gameId: game.id, claimId: claims[a.claim]!.claimId, kind: a.kind, prizeCents: a.prizeCents, ballCount, at: ctx.at }),
      ),
    );
    const operator = operatorOf(ctx);
    if (specialWon) {
      const by = { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId };
      post(ctx.db, ledger.specialPrizeWon(game.id, special.fundCents), by);
      post(ctx.db, ledger.specialFundStarted({ type: 'game', id: game.id }, restartCents), by);
    }
    if (input.kind === 'bingo') markFinished(ctx.db, game.id, ctx.at);
    // The winners of this close only: a line closed at the same ball and instant is not part of the bingo's.
    const winners: WinnerView[] = winnersOfGame(ctx.db, game.id).filter((w) => awarded.has(w.winnerId));
    appendActa(ctx.db, {
      sessionId: game.sessionId,
      gameId: game.id,
      at: ctx.at,
      kind: input.kind === 'line' ? 'line_awarded' : 'bingo_awarded',
      data: { number: game.number, ballCount, winners: winners.map((w) => ({ kind: w.kind, seriesCode: w.seriesCode, card: w.card, prizeCents: w.prizeCents })) },
    });
    if (restartCents > 0) {
      appendActa(ctx.db, { sessionId: game.sessionId, gameId: game.id, at: ctx.at, kind: 'special_fund_started', data: { amountCents: restartCents, by: operator.username } });
    }
    const state = input.kind === 'bingo' ? 'finished' : 'drawing';
    return done({ gameId: game.id, state, winners }, { after: { gameId: game.id, state, winners } }, input.kind === 'bingo' ? ['game'] : []);
  }),

  'game.board': query((ctx, input) => boardOf(ctx, requireGame(ctx.db, input.gameId))),
};
