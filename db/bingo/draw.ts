/** SQL of the draw (DN art. 9, 14, 15): balls and recalls, claims, winners, prize payments and voids. */
import type { ClaimView, WinnerView } from '../../core/bingo/contract.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

/** Balls out (not recalled), in the order drawn. */
export function activeBalls(db: ReadableDb, gameId: number): { id: number; number: number }[] {
  return stmt<[number], { id: number; number: number }>(
    db,
    `SELECT b.id, b.number FROM balls b WHERE b.game_id = ?
        AND NOT EXISTS (SELECT 1 FROM ball_recalls r WHERE r.ball_id = b.id) ORDER BY b.id`,
  ).all(gameId);
}

export function insertBall(db: WritableDb, b: { gameId: number; number: number; at: string; operatorId: number }): void {
  stmt(db, `INSERT INTO balls (game_id, number, drawn_at, operator_id) VALUES (?, ?, ?, ?)`).run(b.gameId, b.number, b.at, b.operatorId);
}

export function insertBallRecall(db: WritableDb, r: { ballId: number; at: string; operatorId: number; approvedBy: number }): void {
  stmt(db, `INSERT INTO ball_recalls (ball_id, recalled_at, operator_id, approved_by) VALUES (?, ?, ?, ?)`).run(r.ballId, r.at, r.operatorId, r.approvedBy);
}

/** Whether any claim was checked at this ball count (a recall is then refused). */
export function claimsAtBall(db: ReadableDb, gameId: number, ballCount: number): boolean {
  return stmt(db, `SELECT 1 AS one FROM claims WHERE game_id = ? AND ball_count = ? LIMIT 1`).get(gameId, ballCount) !== undefined;
}

export function lineAwarded(db: ReadableDb, gameId: number): boolean {
  return stmt(db, `SELECT 1 AS one FROM winners WHERE game_id = ? AND kind = 'line' LIMIT 1`).get(gameId) !== undefined;
}

export function claimExists(db: ReadableDb, c: { gameId: number; kind: 'line' | 'bingo'; seriesId: number; card: number; ballCount: number }): boolean {
  return (
    stmt(db, `SELECT 1 AS one FROM claims WHERE game_id = ? AND kind = ? AND series_id = ? AND card = ? AND ball_count = ?`).get(
      c.gameId,
      c.kind,
      c.seriesId,
      c.card,
      c.ballCount,
    ) !== undefined
  );
}

/** A claim confirmed by hand with the card's numbers as read (SPEC 4): every one of the series, in any game. */
interface ManualClaimRow {
  card: number;
  kind: 'line' | 'bingo';
  numbers: number[];
  gameNumber: number;
  sessionId: number;
}

export function manualClaimsOfSeries(db: ReadableDb, seriesId: number): ManualClaimRow[] {
  return stmt<[number], { card: number; kind: 'line' | 'bingo'; numbers: string; gameNumber: number; sessionId: number }>(
    db,
    `SELECT c.card, c.kind, c.numbers, g.number AS gameNumber, g.session_id AS sessionId
       FROM claims c JOIN games g ON g.id = c.game_id
      WHERE c.series_id = ? AND c.manual = 1 AND c.valid = 1 AND c.numbers IS NOT NULL
      ORDER BY c.id`,
  )
    .all(seriesId)
    .map((r) => ({ ...r, numbers: JSON.parse(r.numbers) as number[] }));
}

export function insertClaim(
  db: WritableDb,
  c: {
    gameId: number;
    kind: 'line' | 'bingo';
    seriesId: number;
    card: number;
    ballCount: number;
    valid: boolean;
    reason: { text: string; missing: number[] } | null;
    manual: boolean;
    /** A claim checked by hand: the card's numbers as read. */
    numbers?: readonly number[] | null;
    at: string;
    operatorId: number;
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO claims (game_id, kind, series_id, card, ball_count, valid, reason, manual, numbers, claimed_at, operator_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      c.gameId,
      c.kind,
      c.seriesId,
      c.card,
      c.ballCount,
      c.valid ? 1 : 0,
      c.reason ? JSON.stringify(c.reason) : null,
      c.manual ? 1 : 0,
      c.numbers ? JSON.stringify(c.numbers) : null,
      c.at,
      c.operatorId,
    )
      .lastInsertRowid,
  );
}

export function insertWinner(db: WritableDb, w: { gameId: number; claimId: number; kind: 'line' | 'bingo' | 'special'; prizeCents: number; ballCount: number; at: string }): number {
  return Number(
    stmt(db, `INSERT INTO winners (game_id, claim_id, kind, prize_cents, ball_count, awarded_at) VALUES (?, ?, ?, ?, ?, ?)`).run(
      w.gameId,
      w.claimId,
      w.kind,
      w.prizeCents,
      w.ballCount,
      w.at,
    ).lastInsertRowid,
  );
}

/** How many winners shared a prize (same game, kind and ball). */
export function winnersSharing(db: ReadableDb, gameId: number, kind: string, ballCount: number): number {
  return stmt<[number, string, number], { n: number }>(db, `SELECT COUNT(*) AS n FROM winners WHERE game_id = ? AND kind = ? AND ball_count = ?`).get(
    gameId,
    kind,
    ballCount,
  )!.n;
}

export function insertPrizePayment(
  db: WritableDb,
  p: { winnerId: number; at: string; operatorId: number; terminalId: string; amountCents: number; retainUntil: string },
): void {
  stmt(
    db,
    `INSERT INTO prize_payments (winner_id, paid_at, operator_id, terminal_id, amount_cents, retain_until) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(p.winnerId, p.at, p.operatorId, p.terminalId, p.amountCents, p.retainUntil);
}

export function insertPrizeVoid(db: WritableDb, v: { winnerId: number; at: string; reason: string }): void {
  stmt(db, `INSERT INTO prize_voids (winner_id, voided_at, reason) VALUES (?, ?, ?)`).run(v.winnerId, v.at, v.reason);
}

interface ClaimRow {
  id: number;
  kind: 'line' | 'bingo';
  seriesCode: string;
  card: number;
  ballCount: number;
  valid: number;
  manual: number;
  reason: string | null;
  numbers: string | null;
  awarded: number;
}

const CLAIM_SELECT = `SELECT c.id, c.kind, se.code AS seriesCode, c.card, c.ball_count AS ballCount, c.valid, c.manual, c.reason, c.numbers,
    EXISTS (SELECT 1 FROM winners w WHERE w.claim_id = c.id) AS awarded
  FROM claims c JOIN series se ON se.id = c.series_id`;

function claimView(r: ClaimRow): ClaimView {
  const parsed = r.reason ? (JSON.parse(r.reason) as { text: string; missing: number[] }) : null;
  return {
    claimId: r.id,
    kind: r.kind,
    seriesCode: r.seriesCode,
    card: r.card,
    ballCount: r.ballCount,
    valid: r.valid === 1,
    manual: r.manual === 1,
    reason: parsed?.text ?? null,
    missing: parsed?.missing ?? [],
    numbers: r.numbers ? (JSON.parse(r.numbers) as number[]) : null,
    awarded: r.awarded === 1,
  };
}

export function claimsOfGame(db: ReadableDb, gameId: number): ClaimView[] {
  return stmt<[number], ClaimRow>(db, `${CLAIM_SELECT} WHERE c.game_id = ? ORDER BY c.id`).all(gameId).map(claimView);
}

export function claimById(db: ReadableDb, id: number): ClaimView {
  return claimView(stmt<[number], ClaimRow>(db, `${CLAIM_SELECT} WHERE c.id = ?`).get(id)!);
}

/** Valid claims of a kind made at this ball count and not yet awarded, in the order verified. */
export function pendingClaims(db: ReadableDb, gameId: number, kind: 'line' | 'bingo', ballCount: number): ClaimView[] {
  return stmt<[number, string, number], ClaimRow>(
    db,
    `${CLAIM_SELECT} WHERE c.game_id = ? AND c.kind = ? AND c.ball_count = ? AND c.valid = 1
       AND NOT EXISTS (SELECT 1 FROM winners w WHERE w.claim_id = c.id) ORDER BY c.id`,
  )
    .all(gameId, kind, ballCount)
    .map(claimView);
}

interface WinnerRow {
  id: number;
  gameId: number;
  gameNumber: number;
  kind: 'line' | 'bingo' | 'special';
  seriesCode: string;
  card: number;
  prizeCents: number;
  ballCount: number;
  awardedAt: string;
  paidAt: string | null;
  retainUntil: string | null;
  voided: number;
}

const WINNER_SELECT = `SELECT w.id, w.game_id AS gameId, g.number AS gameNumber, w.kind, se.code AS seriesCode, c.card,
    w.prize_cents AS prizeCents, w.ball_count AS ballCount, w.awarded_at AS awardedAt,
    p.paid_at AS paidAt, p.retain_until AS retainUntil, (v.winner_id IS NOT NULL) AS voided
  FROM winners w JOIN claims c ON c.id = w.claim_id JOIN series se ON se.id = c.series_id JOIN games g ON g.id = w.game_id
  LEFT JOIN prize_payments p ON p.winner_id = w.id LEFT JOIN prize_voids v ON v.winner_id = w.id`;

function winnerView(r: WinnerRow): WinnerView {
  return {
    winnerId: r.id,
    gameId: r.gameId,
    gameNumber: r.gameNumber,
    kind: r.kind,
    seriesCode: r.seriesCode,
    card: r.card,
    prizeCents: r.prizeCents,
    ballCount: r.ballCount,
    awardedAt: r.awardedAt,
    status: r.paidAt ? 'paid' : r.voided ? 'void' : 'unpaid',
    paidAt: r.paidAt,
    retainUntil: r.retainUntil,
  };
}

export function winnersOfGame(db: ReadableDb, gameId: number): WinnerView[] {
  return stmt<[number], WinnerRow>(db, `${WINNER_SELECT} WHERE w.game_id = ? ORDER BY w.id`).all(gameId).map(winnerView);
}

export function winnersOfSession(db: ReadableDb, sessionId: number): WinnerView[] {
  return stmt<[number], WinnerRow>(db, `${WINNER_SELECT} WHERE g.session_id = ? ORDER BY g.number, w.id`).all(sessionId).map(winnerView);
}

export function winnerById(db: ReadableDb, id: number): WinnerView | undefined {
  const r = stmt<[number], WinnerRow>(db, `${WINNER_SELECT} WHERE w.id = ?`).get(id);
  return r ? winnerView(r) : undefined;
}

/** Prizes awarded in sessions closed before `sessionId` and still unpaid: carried to the next session. */
export function carriedUnpaidWinners(db: ReadableDb, beforeSessionId: number): WinnerView[] {
  return stmt<[number], WinnerRow>(
    db,
    `${WINNER_SELECT} JOIN sessions s ON s.id = g.session_id
      WHERE g.session_id < ? AND s.closed_at IS NOT NULL AND p.paid_at IS NULL AND v.winner_id IS NULL ORDER BY w.id`,
  )
    .all(beforeSessionId)
    .map(winnerView);
}

interface ActaPrizeDbRow {
  winnerId: number;
  sessionId: number;
  gameNumber: number;
  kind: 'line' | 'bingo' | 'special';
  seriesCode: string;
  card: number;
  prizeCents: number;
  paidAt: string | null;
  voided: number;
}

/**
 * The prizes a session's acta lists (art. 17.3): those its games awarded, and
 * those of earlier sessions paid after the previous session's close and by
 * `until` (this one's close; null while it is open), the ones it paid. Whether
 * one was paid by the close is the caller's to say, from `paidAt`.
 */
export function actaPrizeRows(db: ReadableDb, sessionId: number, until: string | null): (Omit<ActaPrizeDbRow, 'voided'> & { voided: boolean })[] {
  return stmt<{ session: number; until: string | null }, ActaPrizeDbRow>(
    db,
    `SELECT w.id AS winnerId, g.session_id AS sessionId, g.number AS gameNumber, w.kind, se.code AS seriesCode, c.card,
            w.prize_cents AS prizeCents, p.paid_at AS paidAt, (v.winner_id IS NOT NULL) AS voided
       FROM winners w JOIN claims c ON c.id = w.claim_id JOIN series se ON se.id = c.series_id JOIN games g ON g.id = w.game_id
       LEFT JOIN prize_payments p ON p.winner_id = w.id LEFT JOIN prize_voids v ON v.winner_id = w.id
      WHERE g.session_id = @session
         OR (g.session_id < @session AND p.paid_at > COALESCE((SELECT MAX(closed_at) FROM sessions WHERE id < @session), '')
             AND (@until IS NULL OR p.paid_at <= @until))
      ORDER BY w.id`,
  )
    .all({ session: sessionId, until })
    .map((r) => ({ ...r, voided: r.voided === 1 }));
}
