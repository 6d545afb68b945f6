/** Typed queries of the bingo counter: series, sessions, games, sales. */
import type { CardRange, SeriesState } from '../core/bingo/allocation.js';
import { stmt, type Db } from './connection.js';

export interface SeriesRow extends SeriesState {
  id: number;
  colour: string | null;
  emission: string | null;
  registeredAt: string;
  facesImportedAt: string | null;
}

const SERIES_COLUMNS = `id, code, price_cents AS priceCents, size, colour, emission, next_number AS nextNumber,
  registered_at AS registeredAt, faces_imported_at AS facesImportedAt`;

export function seriesByCode(db: Db, code: string): SeriesRow | undefined {
  return stmt<[string], SeriesRow>(db, `SELECT ${SERIES_COLUMNS} FROM series WHERE code = ?`).get(code);
}

export function seriesById(db: Db, id: number): SeriesRow {
  const row = stmt<[number], SeriesRow>(db, `SELECT ${SERIES_COLUMNS} FROM series WHERE id = ?`).get(id);
  if (!row) throw new Error(`series ${id} missing`);
  return row;
}

export function allSeries(db: Db): SeriesRow[] {
  return stmt<[], SeriesRow>(db, `SELECT ${SERIES_COLUMNS} FROM series ORDER BY id`).all();
}

/** The first registered fresh series of a price, other than `exceptId` (SPEC 3 decision). */
export function firstFreshSeries(db: Db, priceCents: number, exceptId: number): SeriesRow | undefined {
  return stmt<[number, number], SeriesRow>(
    db,
    `SELECT ${SERIES_COLUMNS} FROM series WHERE price_cents = ? AND next_number = 1 AND id <> ? ORDER BY id LIMIT 1`,
  ).get(priceCents, exceptId);
}

export function insertSeries(
  db: Db,
  s: { code: string; priceCents: number; size: number; colour: string | null; emission: string | null; at: string; by: number },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO series (code, price_cents, size, colour, emission, registered_at, registered_by) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(s.code, s.priceCents, s.size, s.colour, s.emission, s.at, s.by).lastInsertRowid,
  );
}

/**
 * Move a series' next number, but only from the value we read: a second
 * writer (another process on the same file) can never make two sales share
 * numbers, because one of the two updates would change no row.
 */
export function moveNextNumber(db: Db, seriesId: number, expected: number, next: number): void {
  const { changes } = stmt(db, `UPDATE series SET next_number = ? WHERE id = ? AND next_number = ?`).run(next, seriesId, expected);
  if (changes !== 1) throw new Error(`series ${seriesId}: next number moved under us (expected ${expected})`);
}

export interface SessionRow {
  id: number;
  openedAt: string;
  scheduledCloseAt: string;
  closedAt: string | null;
  openedBy: string;
  specialBalls: number | null;
}

const SESSION_SELECT = `SELECT s.id, s.opened_at AS openedAt, s.scheduled_close_at AS scheduledCloseAt,
  s.closed_at AS closedAt, o.username AS openedBy, s.special_balls AS specialBalls
  FROM sessions s JOIN operators o ON o.id = s.opened_by`;

export function openSession(db: Db): SessionRow | undefined {
  return stmt<[], SessionRow>(db, `${SESSION_SELECT} WHERE s.closed_at IS NULL`).get();
}

export function sessionById(db: Db, id: number): SessionRow | undefined {
  return stmt<[number], SessionRow>(db, `${SESSION_SELECT} WHERE s.id = ?`).get(id);
}

export interface GameRow {
  id: number;
  sessionId: number;
  number: number;
  state: 'selling' | 'sale_closed' | 'drawing' | 'finished' | 'suspended' | 'annulled';
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
  annulReason: 'failure_before_draw' | 'failure_during_draw' | 'announcement_error' | null;
  annulledAt: string | null;
  finishedAt: string | null;
}

const GAME_SELECT = `SELECT id, session_id AS sessionId, number, state, price_cents AS priceCents,
  first_series_id AS firstSeriesId, first_start AS firstStart, second_series_id AS secondSeriesId,
  second_named AS secondNamed, opened_at AS openedAt, sale_closed_at AS saleClosedAt,
  ball_set_id AS ballSetId, is_last AS isLast, suspended_at AS suspendedAt, suspended_from AS suspendedFrom,
  annul_reason AS annulReason, annulled_at AS annulledAt, finished_at AS finishedAt FROM games`;

export function gameById(db: Db, id: number): GameRow | undefined {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE id = ?`).get(id);
}

export function gamesOfSession(db: Db, sessionId: number): GameRow[] {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE session_id = ? ORDER BY number`).all(sessionId);
}

export function sellingGame(db: Db, sessionId: number): GameRow | undefined {
  return stmt<[number], GameRow>(db, `${GAME_SELECT} WHERE session_id = ? AND state = 'selling'`).get(sessionId);
}

export interface SaleRow {
  id: number;
  gameId: number;
  terminalId: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  paymentMethod: 'cash' | 'chips';
  tenderedCents: number;
  changeCents: number;
  createdAt: string;
  cashier: string;
  voided: number;
}

const SALE_SELECT = `SELECT s.id, s.game_id AS gameId, s.terminal_id AS terminalId, s.quantity,
  s.unit_price_cents AS unitPriceCents, s.total_cents AS totalCents, s.payment_method AS paymentMethod,
  s.tendered_cents AS tenderedCents, s.change_cents AS changeCents, s.created_at AS createdAt,
  o.username AS cashier, (v.sale_id IS NOT NULL) AS voided
  FROM sales s JOIN operators o ON o.id = s.operator_id LEFT JOIN sale_voids v ON v.sale_id = s.id`;

export function lastSaleOfGame(db: Db, gameId: number): SaleRow | undefined {
  return stmt<[number], SaleRow>(db, `${SALE_SELECT} WHERE s.game_id = ? ORDER BY s.id DESC LIMIT 1`).get(gameId);
}

export function salesOfGame(db: Db, gameId: number, limit: number): SaleRow[] {
  return stmt<[number, number], SaleRow>(db, `${SALE_SELECT} WHERE s.game_id = ? ORDER BY s.id DESC LIMIT ?`).all(gameId, limit);
}

export function rangesOfSale(db: Db, saleId: number): (CardRange & { seriesId: number })[] {
  return stmt<[number], CardRange & { seriesId: number }>(
    db,
    `SELECT r.series_id AS seriesId, se.code AS seriesCode, r.from_number AS "from", r.to_number AS "to"
       FROM sale_ranges r JOIN series se ON se.id = r.series_id WHERE r.sale_id = ? ORDER BY r.position`,
  ).all(saleId);
}

/** Cards and cents of the game's sales that were not voided. */
export function gameSalesTotals(db: Db, gameId: number): { cards: number; cents: number } {
  return stmt<[number], { cards: number; cents: number }>(
    db,
    `SELECT COALESCE(SUM(s.quantity), 0) AS cards, COALESCE(SUM(s.total_cents), 0) AS cents
       FROM sales s WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)`,
  ).get(gameId)!;
}

/** Per series, the span of numbers the game sold (not voided); first series first. */
export function gameSoldRanges(db: Db, gameId: number): CardRange[] {
  return stmt<[number], CardRange>(
    db,
    `SELECT se.code AS seriesCode, MIN(r.from_number) AS "from", MAX(r.to_number) AS "to"
       FROM sales s JOIN sale_ranges r ON r.sale_id = s.id JOIN series se ON se.id = r.series_id
       JOIN games g ON g.id = s.game_id
      WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      GROUP BY r.series_id ORDER BY MIN(r.series_id <> g.first_series_id)`,
  ).all(gameId);
}

export function appendActa(db: Db, e: { sessionId: number; gameId: number | null; at: string; kind: string; data: unknown }): void {
  stmt(db, `INSERT INTO acta_entries (session_id, game_id, at, kind, data) VALUES (?, ?, ?, ?, ?)`).run(
    e.sessionId,
    e.gameId,
    e.at,
    e.kind,
    JSON.stringify(e.data),
  );
}
