/**
 * The game after the sale (DN art. 9, 10, 14, 15): the draw, claims and their
 * windows, prizes and the accumulated special prize.
 */
import { checkClaim, drawnSet, completedRows, hasBingo } from '../../core/bingo/claims.js';
import { awardsAtClose, winsSpecialPrize } from '../../core/bingo/prizes.js';
import type { BoardView, ClaimView, WinnerView } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import { accounts } from '../../core/ledger.js';
import { appendActa, seriesByCode, sessionById, type GameRow } from '../../db/bingo.js';
import { stmt, type Db } from '../../db/connection.js';
import { postTransaction } from '../../db/ledger.js';
import {
  accountBalance,
  activeBalls,
  addIncident,
  cardSoldInGame,
  claimById,
  claimsOfGame,
  faceOf,
  pendingClaims,
  soldFaces,
  winnersOfGame,
} from '../../db/play.js';
import { approve } from './auth.js';
import { operatorOf, Refusal, type Handler, type ServiceContext } from './context.js';
import { requireGame } from './games.js';
import { hallSettings } from './settings.js';

const KIND_PT = { line: 'linha', bingo: 'bingo' } as const;
const QUESTION = { line: 'Mais alguma linha?', bingo: 'Mais algum bingo?' } as const;

function lineAwarded(db: Db, gameId: number): boolean {
  return stmt<[number], { one: number }>(db, `SELECT 1 AS one FROM winners WHERE game_id = ? AND kind = 'line' LIMIT 1`).get(gameId) !== undefined;
}

interface ClosureFigures {
  linePrizeCents: number;
  bingoPrizeCents: number;
}

function closureOf(db: Db, gameId: number): ClosureFigures {
  const c = stmt<[number], ClosureFigures>(
    db,
    `SELECT line_prize_cents AS linePrizeCents, bingo_prize_cents AS bingoPrizeCents FROM game_closures WHERE game_id = ?`,
  ).get(gameId);
  if (!c) throw new Error(`game ${gameId} has no close of sale`);
  return c;
}

/** The special prize for this game: N of the session and the fund, when the hall has it. */
function specialOf(db: Db, game: GameRow, ballCount: number): BoardView['special'] {
  const settings = hallSettings(db).specialPrize;
  const balls = sessionById(db, game.sessionId)?.specialBalls ?? null;
  if (!settings?.enabled || balls === null) return null;
  // 0 - x, not -x: an empty fund is 0, not -0.
  const fundCents = 0 - accountBalance(db, accounts.specialFund);
  return { balls, fundCents, eligible: ballCount > 0 && winsSpecialPrize(ballCount, balls) };
}

export function boardOf(db: Db, game: GameRow): BoardView {
  const balls = activeBalls(db, game.id).map((b) => b.number);
  const drawn = drawnSet(balls);
  const { cards, complete } = soldFaces(db, game.id);
  const awardedLine = lineAwarded(db, game.id);
  const lines: { seriesCode: string; card: number }[] = [];
  const bingos: { seriesCode: string; card: number }[] = [];
  if (balls.length >= 5) {
    for (const c of cards) {
      if (hasBingo(c.rows, drawn)) bingos.push({ seriesCode: c.seriesCode, card: c.card });
      else if (!awardedLine && completedRows(c.rows, drawn).length > 0) lines.push({ seriesCode: c.seriesCode, card: c.card });
    }
  }
  return {
    gameId: game.id,
    state: game.state,
    balls,
    ballCount: balls.length,
    facesKnown: complete,
    lineAwarded: awardedLine,
    claims: claimsOfGame(db, game.id),
    winners: winnersOfGame(db, game.id),
    potential: { lines, bingos },
    special: specialOf(db, game, balls.length),
  };
}

function refreshed(ctx: ServiceContext, gameId: number): BoardView {
  return boardOf(ctx.db, requireGame(ctx.db, gameId));
}

function requireNoPendingClaims(db: Db, gameId: number, ballCount: number, kinds: readonly ('line' | 'bingo')[]): void {
  for (const kind of kinds) {
    if (pendingClaims(db, gameId, kind, ballCount).length > 0) {
      throw new KioskError('CLAIMS_PENDING', { kind: KIND_PT[kind], kindEn: kind, question: QUESTION[kind] });
    }
  }
}

export const drawBall: Handler<'game.drawBall'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  if (game.state !== 'sale_closed' && game.state !== 'drawing') {
    throw new KioskError('DRAW_NOT_ALLOWED', { number: game.number, state: game.state });
  }
  const balls = activeBalls(ctx.db, game.id);
  if (balls.some((b) => b.number === input.number)) throw new KioskError('BALL_ALREADY_DRAWN', { ball: input.number });
  requireNoPendingClaims(ctx.db, game.id, balls.length, ['line', 'bingo']);
  stmt(ctx.db, `INSERT INTO balls (game_id, number, drawn_at, operator_id) VALUES (?, ?, ?, ?)`).run(
    game.id,
    input.number,
    ctx.at,
    operatorOf(ctx).id,
  );
  if (game.state === 'sale_closed') stmt(ctx.db, `UPDATE games SET state = 'drawing' WHERE id = ?`).run(game.id);
  ctx.audit.after = { gameId: game.id, ball: input.number, ballCount: balls.length + 1 };
  return refreshed(ctx, game.id);
};

export const recallBall: Handler<'game.recallBall'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  if (game.state !== 'drawing') throw new KioskError('DRAW_NOT_ALLOWED', { number: game.number, state: game.state });
  const approver = approve(ctx, input.approval);
  if (approver instanceof Refusal) return approver;
  const balls = activeBalls(ctx.db, game.id);
  const last = balls.at(-1);
  if (!last) throw new KioskError('NO_BALL_TO_RECALL');
  const claimed = stmt<[number, number], { one: number }>(ctx.db, `SELECT 1 AS one FROM claims WHERE game_id = ? AND ball_count = ? LIMIT 1`).get(
    game.id,
    balls.length,
  );
  if (claimed) throw new KioskError('RECALL_AFTER_AWARD', { ball: last.number });
  const operator = operatorOf(ctx);
  stmt(ctx.db, `INSERT INTO ball_recalls (ball_id, recalled_at, operator_id, approved_by) VALUES (?, ?, ?, ?)`).run(
    last.id,
    ctx.at,
    operator.id,
    approver.id,
  );
  if (balls.length === 1) stmt(ctx.db, `UPDATE games SET state = 'sale_closed' WHERE id = ?`).run(game.id);
  addIncident(ctx.db, {
    sessionId: game.sessionId,
    gameId: game.id,
    at: ctx.at,
    operatorId: operator.id,
    kind: 'ball_recall',
    text: `Bola ${last.number} (${balls.length}.ª extraída) anulada por erro de registo, com autorização de ${approver.username}.`,
  });
  ctx.audit.before = { ballCount: balls.length, last: last.number };
  ctx.audit.after = { ballCount: balls.length - 1, recalled: last.number, approvedBy: approver.username };
  return refreshed(ctx, game.id);
};

export const claim: Handler<'game.claim'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  const balls = activeBalls(ctx.db, game.id);
  if (game.state !== 'drawing' || balls.length === 0) throw new KioskError('CLAIM_NOT_ALLOWED', { number: game.number, state: game.state });
  if (input.kind === 'line' && lineAwarded(ctx.db, game.id)) throw new KioskError('LINE_ALREADY_AWARDED');
  const series = seriesByCode(ctx.db, input.seriesCode);
  if (!series) throw new KioskError('SERIES_NOT_FOUND', { code: input.seriesCode });
  if (!cardSoldInGame(ctx.db, game.id, series.id, input.card)) {
    throw new KioskError('CARD_NOT_SOLD', { seriesCode: series.code, card: input.card, number: game.number });
  }
  const duplicate = stmt<[number, string, number, number, number], { one: number }>(
    ctx.db,
    `SELECT 1 AS one FROM claims WHERE game_id = ? AND kind = ? AND series_id = ? AND card = ? AND ball_count = ?`,
  ).get(game.id, input.kind, series.id, input.card, balls.length);
  if (duplicate) {
    throw new KioskError('CLAIM_DUPLICATE', { seriesCode: series.code, card: input.card, kind: KIND_PT[input.kind], kindEn: input.kind });
  }
  const face = faceOf(ctx.db, series.id, input.card);
  let valid: boolean;
  let reason: { text: string; missing: number[] } | null = null;
  if (face) {
    const check = checkClaim(input.kind, face, drawnSet(balls.map((b) => b.number)));
    valid = check.valid;
    if (!check.valid) {
      reason = {
        text:
          input.kind === 'line'
            ? `Nenhuma linha completa: à linha mais próxima faltam ${check.missing.join(', ')}.`
            : `Bingo incompleto: faltam ${check.missing.length} números (${check.missing.join(', ')}).`,
        missing: check.missing,
      };
    }
  } else {
    // No faces on record: the operator checks the card by hand (SPEC 4).
    if (input.confirmed === undefined) throw new KioskError('MANUAL_CONFIRMATION_REQUIRED', { seriesCode: series.code });
    valid = input.confirmed;
    if (!valid) reason = { text: 'Reclamação recusada pelo operador após conferência manual do cartão.', missing: [] };
  }
  const id = Number(
    stmt(
      ctx.db,
      `INSERT INTO claims (game_id, kind, series_id, card, ball_count, valid, reason, manual, claimed_at, operator_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(game.id, input.kind, series.id, input.card, balls.length, valid ? 1 : 0, reason ? JSON.stringify(reason) : null, face ? 0 : 1, ctx.at, operatorOf(ctx).id)
      .lastInsertRowid,
  );
  const view: ClaimView = claimById(ctx.db, id);
  ctx.audit.after = view;
  return view;
};

export const closeClaims: Handler<'game.closeClaims'> = (ctx, input) => {
  const game = requireGame(ctx.db, input.gameId);
  if (game.state !== 'drawing') throw new KioskError('CLAIM_NOT_ALLOWED', { number: game.number, state: game.state });
  const ballCount = activeBalls(ctx.db, game.id).length;
  const awardedLine = lineAwarded(ctx.db, game.id);
  if (input.kind === 'line' && awardedLine) throw new KioskError('LINE_ALREADY_AWARDED');
  // Line winners at this ball are settled before the bingo (art. 9.1 a).
  if (input.kind === 'bingo') requireNoPendingClaims(ctx.db, game.id, ballCount, ['line']);
  const claims = pendingClaims(ctx.db, game.id, input.kind, ballCount);
  if (claims.length === 0) throw new KioskError('NO_VALID_CLAIMS', { kind: KIND_PT[input.kind], kindEn: input.kind });

  const figures = closureOf(ctx.db, game.id);
  const special = input.kind === 'bingo' ? specialOf(ctx.db, game, ballCount) : null;
  const specialWon = special !== null && special.eligible && special.fundCents > 0;
  const awards = awardsAtClose({
    kind: input.kind,
    claims: claims.length,
    linePrizeCents: figures.linePrizeCents,
    bingoPrizeCents: figures.bingoPrizeCents,
    lineAwarded: awardedLine,
    specialFundCents: special?.fundCents ?? 0,
    specialWon,
  });
  const insert = stmt(ctx.db, `INSERT INTO winners (game_id, claim_id, kind, prize_cents, ball_count, awarded_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const awarded = new Set(awards.map((a) => Number(insert.run(game.id, claims[a.claim]!.claimId, a.kind, a.prizeCents, ballCount, ctx.at).lastInsertRowid)));
  const operator = operatorOf(ctx);
  if (specialWon) {
    // The fund becomes a prize owed to the winners; it starts again from zero.
    postTransaction(ctx.db, {
      at: ctx.at,
      kind: 'special_prize_won',
      operatorId: operator.id,
      terminalId: ctx.terminalId,
      refType: 'game',
      refId: game.id,
      postings: [
        { account: accounts.specialFund, amountCents: special.fundCents },
        { account: accounts.prizesPayable, amountCents: -special.fundCents },
      ],
    });
  }
  if (input.kind === 'bingo') {
    stmt(ctx.db, `UPDATE games SET state = 'finished', finished_at = ? WHERE id = ?`).run(ctx.at, game.id);
  }
  // The winners of this close only: a line closed at the same ball and instant is not part of the bingo's.
  const winners: WinnerView[] = winnersOfGame(ctx.db, game.id).filter((w) => awarded.has(w.winnerId));
  appendActa(ctx.db, {
    sessionId: game.sessionId,
    gameId: game.id,
    at: ctx.at,
    kind: input.kind === 'line' ? 'line_awarded' : 'bingo_awarded',
    data: { number: game.number, ballCount, winners: winners.map((w) => ({ kind: w.kind, seriesCode: w.seriesCode, card: w.card, prizeCents: w.prizeCents })) },
  });
  const state = input.kind === 'bingo' ? 'finished' : 'drawing';
  ctx.audit.after = { gameId: game.id, state, winners };
  return { gameId: game.id, state, winners };
};

export const board: Handler<'game.board'> = (ctx, input) => boardOf(ctx.db, requireGame(ctx.db, input.gameId));
