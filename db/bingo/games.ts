/** SQL of games (jogadas), their close of sale (art. 13) and the ball sets (art. 5.3). */
import type { CardRange } from '../../core/bingo/allocation.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

type GameState = 'selling' | 'sale_closed' | 'drawing' | 'finished' | 'suspended' | 'annulled';
export type AnnulReason = 'failure_before_draw' | 'failure_during_draw' | 'announcement_error' | 'closing_time';

export interface GameRow {
  id: number;
  sessionId: number;
  number: number;
  state: GameState;
  priceCents: number;
  firstSeriesId: number;
  firstStart: number;
  secondSeriesId: number | null;
  secondNamed: number;
  openedAt: string;
  saleClosedAt: string | null;
  ballSetId: number | null;
  isLast: number;
  suspendedAt: string | null;
  suspendedFrom: 'selling' | 'sale_closed' | 'drawing' | null;
  annulReason: AnnulReason | null;
  annulledAt: string | null;
  finishedAt: string | null;
  /** The second game of a double pair names its first (whose sales are its cards). */
  doubleOf: number | null;
  /** When a game opened earlier became the session's last by beginning its draw within the last 10 minutes (art. 14.5). */
  becameLastAt: string | null;
}

const GAME_SELECT = `SELECT id, session_id AS sessionId, number, state, price_cents AS priceCents,
  first_series_id AS firstSeriesId, first_start AS firstStart, second_series_id AS secondSeriesId,
  second_named AS secondNamed, opened_at AS openedAt, sale_closed_at AS saleClosedAt,
  ball_set_id AS ballSetId, is_last AS isLast, suspended_at AS suspendedAt, suspended_from AS suspendedFrom,
  annul_reason AS annulReason, annulled_at AS annulledAt, finished_at AS finishedAt, double_of AS doubleOf,
  became_last_at AS becameLastAt FROM games`;

export function gameById(db: ReadableDb, id: number): GameRow | undefined {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE id = ?`).get(id);
}

export function gamesOfSession(db: ReadableDb, sessionId: number): GameRow[] {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE session_id = ? ORDER BY number`).all(sessionId);
}

export function sellingGame(db: ReadableDb, sessionId: number): GameRow | undefined {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE session_id = ? AND state = 'selling'`).get(sessionId);
}

export function otherSellingGame(db: ReadableDb, sessionId: number, exceptId: number): GameRow | undefined {
  return stmt<[number, number], GameRow>(db, `${GAME_SELECT} WHERE session_id = ? AND state = 'selling' AND id <> ?`).get(sessionId, exceptId);
}

export function nextGameNumber(db: ReadableDb, sessionId: number): number {
  return stmt<[number], { n: number }>(db, `SELECT COALESCE(MAX(number), 0) + 1 AS n FROM games WHERE session_id = ?`).get(sessionId)!.n;
}

export function insertGame(
  db: WritableDb,
  g: {
    sessionId: number;
    number: number;
    priceCents: number;
    firstSeriesId: number;
    firstStart: number;
    secondSeriesId: number | null;
    at: string;
    openedBy: number;
    ballSetId: number;
    isLast: boolean;
    doubleOf?: number | null;
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO games (session_id, number, state, price_cents, first_series_id, first_start, second_series_id, second_named,
         opened_at, opened_by, ball_set_id, is_last, double_of)
       VALUES (?, ?, 'selling', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      g.sessionId,
      g.number,
      g.priceCents,
      g.firstSeriesId,
      g.firstStart,
      g.secondSeriesId,
      g.secondSeriesId ? 1 : 0,
      g.at,
      g.openedBy,
      g.ballSetId,
      g.isLast ? 1 : 0,
      g.doubleOf ?? null,
    ).lastInsertRowid,
  );
}

/** A sale running past the first series takes over the second (SPEC 3 decision): fixed once. */
export function fixSecondSeries(db: WritableDb, gameId: number, seriesId: number): void {
  stmt(db, `UPDATE games SET second_series_id = ? WHERE id = ? AND second_series_id IS NULL`).run(seriesId, gameId);
}

export function markSaleClosed(db: WritableDb, gameId: number, at: string): void {
  stmt(db, `UPDATE games SET state = 'sale_closed', sale_closed_at = ? WHERE id = ? AND state = 'selling'`).run(at, gameId);
}

export function markDrawing(db: WritableDb, gameId: number): void {
  stmt(db, `UPDATE games SET state = 'drawing' WHERE id = ? AND state = 'sale_closed'`).run(gameId);
}

/** The last ball recalled: the game is back to its close of sale. */
/** The game becomes the session's last as its draw begins (art. 14.5). */
export function markBecameLast(db: WritableDb, gameId: number, at: string): void {
  stmt(db, `UPDATE games SET is_last = 1, became_last_at = ? WHERE id = ? AND is_last = 0`).run(at, gameId);
}

/** The last game of the session other than this one, if any (art. 14.5). */
export function otherLastGame(db: ReadableDb, sessionId: number, exceptId: number): { number: number } | undefined {
  return stmt<[number, number], { number: number }>(db, `SELECT number FROM games WHERE session_id = ? AND is_last = 1 AND id <> ? LIMIT 1`).get(sessionId, exceptId);
}

export function markBackToSaleClosed(db: WritableDb, gameId: number): void {
  stmt(db, `UPDATE games SET state = 'sale_closed' WHERE id = ? AND state = 'drawing'`).run(gameId);
}

export function markFinished(db: WritableDb, gameId: number, at: string): void {
  stmt(db, `UPDATE games SET state = 'finished', finished_at = ? WHERE id = ?`).run(at, gameId);
}

export function markSuspended(db: WritableDb, gameId: number, at: string, from: GameState): void {
  stmt(db, `UPDATE games SET state = 'suspended', suspended_at = ?, suspended_from = ? WHERE id = ?`).run(at, from, gameId);
}

export function markResumed(db: WritableDb, gameId: number): void {
  stmt(db, `UPDATE games SET state = suspended_from, suspended_at = NULL, suspended_from = NULL WHERE id = ?`).run(gameId);
}

export function markAnnulled(db: WritableDb, gameId: number, at: string, reason: AnnulReason): void {
  stmt(db, `UPDATE games SET state = 'annulled', annulled_at = ?, annul_reason = ? WHERE id = ?`).run(at, reason, gameId);
}

// ---- close of sale ---------------------------------------------------------------

interface ClosureRow {
  gameId: number;
  announcement: string;
  cardsSold: number;
  totalCents: number;
  linePrizeCents: number;
  bingoPrizeCents: number;
  lineRounding: number;
  bingoRounding: number;
  stampDutyCents: number;
  ranges: string;
}

const CLOSURE_SELECT = `SELECT c.game_id AS gameId, c.announcement, c.cards_sold AS cardsSold, c.total_cents AS totalCents,
  c.line_prize_cents AS linePrizeCents, c.bingo_prize_cents AS bingoPrizeCents, c.line_rounding_hundredths AS lineRounding,
  c.bingo_rounding_hundredths AS bingoRounding, c.stamp_duty_cents AS stampDutyCents, c.ranges FROM game_closures c`;

export function closureOf(db: ReadableDb, gameId: number): ClosureRow | undefined {
  return stmt<[number], ClosureRow>(db, `${CLOSURE_SELECT} WHERE c.game_id = ?`).get(gameId);
}

export function closuresOfSession(db: ReadableDb, sessionId: number): ClosureRow[] {
  return stmt<[number], ClosureRow>(db, `${CLOSURE_SELECT} JOIN games g ON g.id = c.game_id WHERE g.session_id = ?`).all(sessionId);
}

export function insertClosure(
  db: WritableDb,
  c: {
    gameId: number;
    at: string;
    closedBy: number;
    cardsSold: number;
    totalCents: number;
    linePrizeCents: number;
    bingoPrizeCents: number;
    lineRoundingHundredths: number;
    bingoRoundingHundredths: number;
    ranges: readonly CardRange[];
    announcement: string;
    stampDutyCents: number;
    stampDutyBasisPoints: number;
    specialShareCents: number;
    /** The special prize's share rate in force (0: the prize off). */
    specialShareBasisPoints: number;
  },
): void {
  stmt(
    db,
    `INSERT INTO game_closures (game_id, closed_at, closed_by, cards_sold, total_cents, line_prize_cents, bingo_prize_cents,
       line_rounding_hundredths, bingo_rounding_hundredths, ranges, announcement, stamp_duty_cents, stamp_duty_basis_points,
      special_share_cents, special_share_basis_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.gameId,
    c.at,
    c.closedBy,
    c.cardsSold,
    c.totalCents,
    c.linePrizeCents,
    c.bingoPrizeCents,
    c.lineRoundingHundredths,
    c.bingoRoundingHundredths,
    JSON.stringify(c.ranges),
    c.announcement,
    c.stampDutyCents,
    c.stampDutyBasisPoints,
    c.specialShareCents,
    c.specialShareBasisPoints,
  );
}

// ---- ball sets -----------------------------------------------------------------------

interface BallSetRow {
  id: number;
  serial: string;
  registeredAt: string;
  gamesPlayed: number;
}

const BALL_SET_SELECT = `SELECT b.id, b.serial, b.registered_at AS registeredAt,
  (SELECT COUNT(*) FROM games g WHERE g.ball_set_id = b.id) AS gamesPlayed FROM ball_sets b`;

export function currentBallSet(db: ReadableDb): BallSetRow | undefined {
  return stmt<[], BallSetRow>(db, `${BALL_SET_SELECT} ORDER BY b.id DESC LIMIT 1`).get();
}

export function ballSetById(db: ReadableDb, id: number): BallSetRow | undefined {
  return stmt<[number], BallSetRow>(db, `${BALL_SET_SELECT} WHERE b.id = ?`).get(id);
}

export function ballSetSerialTaken(db: ReadableDb, serial: string): boolean {
  return stmt(db, `SELECT 1 FROM ball_sets WHERE serial = ?`).get(serial) !== undefined;
}

export function insertBallSet(db: WritableDb, b: { serial: string; at: string; by: number }): number {
  return Number(stmt(db, `INSERT INTO ball_sets (serial, registered_at, registered_by) VALUES (?, ?, ?)`).run(b.serial, b.at, b.by).lastInsertRowid);
}

// ---- double cards (art. 3.5, 14.3) ------------------------------------------------

/** The second game of a double pair, if it was opened. */
export function secondGameOf(db: ReadableDb, firstId: number): GameRow | undefined {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE double_of = ?`).get(firstId);
}

/** The game whose sales are this game's cards: its first, for the second game of a double pair. */
export const salesGameId = (game: Pick<GameRow, 'id' | 'doubleOf'>): number => game.doubleOf ?? game.id;

/** What each sale of a double first game leaves for the second game: half its amount, rounded down (SPEC decision). */
export function secondSharesOfSales(db: ReadableDb, firstId: number): number {
  return stmt<[number], { cents: number }>(
    db,
    `SELECT COALESCE(SUM(s.total_cents / 2), 0) AS cents FROM sales s
      WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)`,
  ).get(firstId)!.cents;
}

/** The numbers of a session's double first games (not annulled) whose second game was never opened. */
export function doubleFirstsWithoutSecond(db: ReadableDb, sessionId: number): number[] {
  return stmt<[number], { number: number }>(
    db,
    `SELECT g.number FROM games g JOIN series s ON s.id = g.first_series_id
      WHERE g.session_id = ? AND s.double = 1 AND g.double_of IS NULL AND g.state <> 'annulled'
        AND NOT EXISTS (SELECT 1 FROM games g2 WHERE g2.double_of = g.id)
      ORDER BY g.number`,
  )
    .all(sessionId)
    .map((r) => r.number);
}
