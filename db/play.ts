/** Typed queries of the game after the sale: faces, balls, claims, winners, payouts, refunds, incidents. */
import type { ClaimView, IncidentView, WinnerView } from '../core/contract.js';
import type { SoldCard } from '../core/bingo/claims.js';
import { stmt, type Db } from './connection.js';

/** Balls out (not recalled), in the order drawn. */
export function activeBalls(db: Db, gameId: number): { id: number; number: number }[] {
  return stmt<[number], { id: number; number: number }>(
    db,
    `SELECT b.id, b.number FROM balls b WHERE b.game_id = ?
        AND NOT EXISTS (SELECT 1 FROM ball_recalls r WHERE r.ball_id = b.id) ORDER BY b.id`,
  ).all(gameId);
}

export function faceRows(numbers: string): number[][] {
  const n = numbers.split(',').map(Number);
  return [n.slice(0, 5), n.slice(5, 10), n.slice(10, 15)];
}

export function faceOf(db: Db, seriesId: number, card: number): number[][] | null {
  const row = stmt<[number, number], { numbers: string }>(db, `SELECT numbers FROM card_faces WHERE series_id = ? AND card = ?`).get(
    seriesId,
    card,
  );
  return row ? faceRows(row.numbers) : null;
}

/** Whether a card of a series was sold (and not voided) in a game. */
export function cardSoldInGame(db: Db, gameId: number, seriesId: number, card: number): boolean {
  return (
    stmt<[number, number, number, number], { one: number }>(
      db,
      `SELECT 1 AS one FROM sales s JOIN sale_ranges r ON r.sale_id = s.id
        WHERE s.game_id = ? AND r.series_id = ? AND r.from_number <= ? AND r.to_number >= ?
          AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id) LIMIT 1`,
    ).get(gameId, seriesId, card, card) !== undefined
  );
}

/** The faces of every card sold in a game (series without faces are left out; `complete` says so). */
export function soldFaces(db: Db, gameId: number): { cards: SoldCard[]; complete: boolean } {
  const ranges = stmt<[number], { seriesId: number; code: string; from: number; to: number; hasFaces: number }>(
    db,
    `SELECT r.series_id AS seriesId, se.code, r.from_number AS "from", r.to_number AS "to",
            (se.faces_imported_at IS NOT NULL) AS hasFaces
       FROM sales s JOIN sale_ranges r ON r.sale_id = s.id JOIN series se ON se.id = r.series_id
      WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      ORDER BY r.series_id <> (SELECT first_series_id FROM games WHERE id = s.game_id), r.from_number`,
  ).all(gameId);
  const cards: SoldCard[] = [];
  let complete = ranges.length > 0;
  const faces = stmt<[number, number, number], { card: number; numbers: string }>(
    db,
    `SELECT card, numbers FROM card_faces WHERE series_id = ? AND card BETWEEN ? AND ? ORDER BY card`,
  );
  for (const r of ranges) {
    if (!r.hasFaces) {
      complete = false;
      continue;
    }
    for (const f of faces.all(r.seriesId, r.from, r.to)) cards.push({ seriesCode: r.code, card: f.card, rows: faceRows(f.numbers) });
  }
  return { cards, complete };
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
  awarded: number;
}

const CLAIM_SELECT = `SELECT c.id, c.kind, se.code AS seriesCode, c.card, c.ball_count AS ballCount, c.valid, c.manual, c.reason,
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
    awarded: r.awarded === 1,
  };
}

export function claimsOfGame(db: Db, gameId: number): ClaimView[] {
  return stmt<[number], ClaimRow>(db, `${CLAIM_SELECT} WHERE c.game_id = ? ORDER BY c.id`).all(gameId).map(claimView);
}

export function claimById(db: Db, id: number): ClaimView {
  return claimView(stmt<[number], ClaimRow>(db, `${CLAIM_SELECT} WHERE c.id = ?`).get(id)!);
}

/** Valid claims of a kind made at this ball count and not yet awarded, in the order verified. */
export function pendingClaims(db: Db, gameId: number, kind: 'line' | 'bingo', ballCount: number): ClaimView[] {
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

export function winnersOfGame(db: Db, gameId: number): WinnerView[] {
  return stmt<[number], WinnerRow>(db, `${WINNER_SELECT} WHERE w.game_id = ? ORDER BY w.id`).all(gameId).map(winnerView);
}

export function winnersOfSession(db: Db, sessionId: number): WinnerView[] {
  return stmt<[number], WinnerRow>(db, `${WINNER_SELECT} WHERE g.session_id = ? ORDER BY g.number, w.id`).all(sessionId).map(winnerView);
}

export function winnerById(db: Db, id: number): WinnerView | undefined {
  const r = stmt<[number], WinnerRow>(db, `${WINNER_SELECT} WHERE w.id = ?`).get(id);
  return r ? winnerView(r) : undefined;
}

export function addIncident(
  db: Db,
  i: { sessionId: number | null; gameId: number | null; at: string; operatorId: number; kind: string; text: string },
): number {
  return Number(
    stmt(db, `INSERT INTO incidents (session_id, game_id, at, operator_id, kind, text) VALUES (?, ?, ?, ?, ?, ?)`).run(
      i.sessionId,
      i.gameId,
      i.at,
      i.operatorId,
      i.kind,
      i.text,
    ).lastInsertRowid,
  );
}

export function incidentsOfSession(db: Db, sessionId: number): IncidentView[] {
  return stmt<[number], IncidentView>(
    db,
    `SELECT i.id, i.at, g.number AS gameNumber, o.username AS author, i.kind, i.text
       FROM incidents i JOIN operators o ON o.id = i.operator_id LEFT JOIN games g ON g.id = i.game_id
      WHERE i.session_id = ? ORDER BY i.id`,
  ).all(sessionId);
}

export interface BallSetRow {
  id: number;
  serial: string;
  registeredAt: string;
  gamesPlayed: number;
}

export function currentBallSet(db: Db): BallSetRow | undefined {
  return stmt<[], BallSetRow>(
    db,
    `SELECT b.id, b.serial, b.registered_at AS registeredAt, (SELECT COUNT(*) FROM games g WHERE g.ball_set_id = b.id) AS gamesPlayed
       FROM ball_sets b ORDER BY b.id DESC LIMIT 1`,
  ).get();
}

/** The balance of a ledger account (debits positive). */
export function accountBalance(db: Db, account: string): number {
  return stmt<[string], { total: number }>(db, `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger_entries WHERE account = ?`).get(
    account,
  )!.total;
}
