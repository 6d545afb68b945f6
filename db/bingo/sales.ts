/** SQL of card sales, voids and refunds (DN art. 12, 16.3). */
import type { CardRange } from '../../core/bingo/allocation.js';
import type { SoldCard } from '../../core/bingo/claims.js';
import type { SaleView, SessionSaleView } from '../../core/bingo/contract.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';
import { faceRows } from './series.js';

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
  /** The seller's username and full name. */
  cashier: string;
  cashierName: string;
  voided: number;
}

const SALE_COLUMNS = `s.id, s.game_id AS gameId, s.terminal_id AS terminalId, s.quantity,
  s.unit_price_cents AS unitPriceCents, s.total_cents AS totalCents, s.payment_method AS paymentMethod,
  s.tendered_cents AS tenderedCents, s.change_cents AS changeCents, s.created_at AS createdAt,
  o.username AS cashier, o.name AS cashierName, (v.sale_id IS NOT NULL) AS voided`;
const SALE_FROM = `FROM sales s JOIN operators o ON o.id = s.operator_id LEFT JOIN sale_voids v ON v.sale_id = s.id`;
const SALE_SELECT = `SELECT ${SALE_COLUMNS} ${SALE_FROM}`;

export function lastSaleOfGame(db: ReadableDb, gameId: number): SaleRow | undefined {
  return stmt<[number], SaleRow>(db, `${SALE_SELECT} WHERE s.game_id = ? ORDER BY s.id DESC LIMIT 1`).get(gameId);
}

export function saleById(db: ReadableDb, saleId: number): SaleRow | undefined {
  return stmt<[number], SaleRow>(db, `${SALE_SELECT} WHERE s.id = ?`).get(saleId);
}

export function salesOfGame(db: ReadableDb, gameId: number, limit: number): SaleRow[] {
  return stmt<[number, number], SaleRow>(db, `${SALE_SELECT} WHERE s.game_id = ? ORDER BY s.id DESC LIMIT ?`).all(gameId, limit);
}

/** A sale as the channels give it (sale.list, sale.page) and the CSV writes it (export.sales): one mapping, the same cents. */
export function saleViewOf(s: SaleRow, ranges: readonly CardRange[]): SaleView {
  return {
    saleId: s.id,
    gameId: s.gameId,
    quantity: s.quantity,
    ranges: ranges.map(({ seriesCode, from, to }) => ({ seriesCode, from, to })),
    unitPriceCents: s.unitPriceCents,
    totalCents: s.totalCents,
    paymentMethod: s.paymentMethod,
    tenderedCents: s.tenderedCents,
    changeCents: s.changeCents,
    cashier: s.cashier,
    terminalId: s.terminalId,
    createdAt: s.createdAt,
    voided: s.voided === 1,
  };
}

/** A sale of a session's list as sale.page gives it and export.sales writes it: one mapping. */
export function sessionSaleViewOf(s: SessionSaleRow): SessionSaleView {
  return { ...saleViewOf(s, s.ranges), gameNumber: s.gameNumber, cashierName: s.cashierName };
}

/** A sale of a session's list (sale.page, export.sales): the sale, its game's number and its cards. */
interface SessionSaleRow extends SaleRow {
  gameNumber: number;
  ranges: CardRange[];
}

/**
 * The span of sale ids of a session's games (or of one of them): each game's
 * first and last sale through sales_by_game, so that a page is a range of the
 * table's own key (sales of one session are contiguous, since one session is
 * open at a time; the filter on the game keeps the list right even if not).
 */
function sessionSaleSpan(db: ReadableDb, sessionId: number, gameId: number | null): { lo: number; hi: number } | null {
  const r = stmt<{ session: number; game: number | null }, { lo: number | null; hi: number | null }>(
    db,
    `SELECT MIN(lo) AS lo, MAX(hi) AS hi FROM (
       SELECT (SELECT MIN(id) FROM sales WHERE game_id = g.id) AS lo, (SELECT MAX(id) FROM sales WHERE game_id = g.id) AS hi
         FROM games g WHERE g.session_id = @session AND (@game IS NULL OR g.id = @game))`,
  ).get({ session: sessionId, game: gameId });
  return r && r.lo !== null && r.hi !== null ? { lo: r.lo, hi: r.hi } : null;
}

/** A page of a session's sales (exported for its query plan's test). */
export const SESSION_SALES_SQL =
  // The sales' key range drives the read (CROSS JOIN keeps sales the outer loop, `+s.game_id` off the game's index):
  // read through the games, each page would gather and sort the session's sales.
  `SELECT ${SALE_COLUMNS}, g.number AS gameNumber ${SALE_FROM} CROSS JOIN games g ON g.id = s.game_id
    WHERE s.id > @after AND s.id <= @hi AND g.session_id = @session AND (@game IS NULL OR +s.game_id = @game)
    ORDER BY s.id LIMIT @limit`;

/**
 * A page of a session's sales (of one game when `gameId`), in the order they
 * were made (by id), after the sale `after` (null: from the first), at most
 * `limit` rows: a range of the sales' own key (EXPLAIN in sales-page.test.ts).
 */
export function sessionSales(db: ReadableDb, q: { sessionId: number; gameId: number | null; after: number | null; limit: number }): SessionSaleRow[] {
  const span = sessionSaleSpan(db, q.sessionId, q.gameId);
  if (!span) return [];
  const rows = stmt<{ session: number; game: number | null; after: number; hi: number; limit: number }, SaleRow & { gameNumber: number }>(
    db,
    SESSION_SALES_SQL,
  ).all({ session: q.sessionId, game: q.gameId, after: Math.max(q.after ?? 0, span.lo - 1), hi: span.hi, limit: q.limit });
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) return [];
  const ranges = new Map<number, CardRange[]>();
  for (const r of stmt<[number, number], CardRange & { saleId: number }>(
    db,
    `SELECT r.sale_id AS saleId, se.code AS seriesCode, r.from_number AS "from", r.to_number AS "to"
       FROM sale_ranges r JOIN series se ON se.id = r.series_id WHERE r.sale_id BETWEEN ? AND ? ORDER BY r.sale_id, r.position`,
  ).all(first.id, last.id)) {
    const list = ranges.get(r.saleId) ?? [];
    list.push({ seriesCode: r.seriesCode, from: r.from, to: r.to });
    ranges.set(r.saleId, list);
  }
  return rows.map((r) => ({ ...r, ranges: ranges.get(r.id) ?? [] }));
}

/** How many sales a session (or one of its games) has made, voided ones included. */
export function sessionSalesCount(db: ReadableDb, sessionId: number, gameId: number | null): number {
  return stmt<{ session: number; game: number | null }, { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM sales s WHERE s.game_id IN (SELECT id FROM games WHERE session_id = @session AND (@game IS NULL OR id = @game))`,
  ).get({ session: sessionId, game: gameId })!.n;
}

export function rangesOfSale(db: ReadableDb, saleId: number): (CardRange & { seriesId: number })[] {
  return stmt<[number], CardRange & { seriesId: number }>(
    db,
    `SELECT r.series_id AS seriesId, se.code AS seriesCode, r.from_number AS "from", r.to_number AS "to"
       FROM sale_ranges r JOIN series se ON se.id = r.series_id WHERE r.sale_id = ? ORDER BY r.position`,
  ).all(saleId);
}

export function insertSale(
  db: WritableDb,
  s: {
    gameId: number;
    terminalId: string;
    operatorId: number;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
    method: 'cash' | 'chips';
    tenderedCents: number;
    at: string;
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(s.gameId, s.terminalId, s.operatorId, s.quantity, s.unitPriceCents, s.totalCents, s.method, s.tenderedCents, s.tenderedCents - s.totalCents, s.at)
      .lastInsertRowid,
  );
}

export function insertSaleRange(db: WritableDb, saleId: number, position: number, seriesId: number, from: number, to: number): void {
  stmt(db, `INSERT INTO sale_ranges (sale_id, position, series_id, from_number, to_number) VALUES (?, ?, ?, ?, ?)`).run(saleId, position, seriesId, from, to);
}

export function insertSaleVoid(db: WritableDb, v: { saleId: number; at: string; operatorId: number; approvedBy: number }): void {
  stmt(db, `INSERT INTO sale_voids (sale_id, voided_at, operator_id, approved_by) VALUES (?, ?, ?, ?)`).run(v.saleId, v.at, v.operatorId, v.approvedBy);
}

/** Cards and cents of the game's sales that were not voided. */
export function gameSalesTotals(db: ReadableDb, gameId: number): { cards: number; cents: number } {
  return stmt<[number], { cards: number; cents: number }>(
    db,
    `SELECT COALESCE(SUM(s.quantity), 0) AS cards, COALESCE(SUM(s.total_cents), 0) AS cents
       FROM sales s WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)`,
  ).get(gameId)!;
}

/** Per series, the span of numbers the game sold (not voided); first series first. */
export function gameSoldRanges(db: ReadableDb, gameId: number): CardRange[] {
  return stmt<[number], CardRange>(
    db,
    `SELECT se.code AS seriesCode, MIN(r.from_number) AS "from", MAX(r.to_number) AS "to"
       FROM sales s JOIN sale_ranges r ON r.sale_id = s.id JOIN series se ON se.id = r.series_id
       JOIN games g ON g.id = s.game_id
      WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      GROUP BY r.series_id ORDER BY MIN(r.series_id <> g.first_series_id)`,
  ).all(gameId);
}

/**
 * Where a game's sales stand: its last sale and how many of its sales were
 * voided. Sales and voids are only ever added, so two reads with the same
 * voids agree on every sale up to the smaller last sale (the screens' totals
 * are carried forward from there, gameSoldSince).
 */
export interface GameSoldMark {
  lastSaleId: number;
  voids: number;
}

export function gameSoldMark(db: ReadableDb, gameId: number): GameSoldMark {
  return stmt<[number, number], GameSoldMark>(
    db,
    `SELECT COALESCE((SELECT MAX(id) FROM sales WHERE game_id = ?), 0) AS lastSaleId,
            (SELECT COUNT(*) FROM sale_voids v JOIN sales s ON s.id = v.sale_id WHERE s.game_id = ?) AS voids`,
  ).get(gameId, gameId)!;
}

/** What a game sold (not voided) after a sale: its cards and cents, and per series the span of its numbers. */
export function gameSoldSince(
  db: ReadableDb,
  gameId: number,
  afterSaleId: number,
): { cards: number; cents: number; series: { seriesId: number; seriesCode: string; from: number; to: number }[] } {
  const totals = stmt<[number, number], { cards: number; cents: number }>(
    db,
    `SELECT COALESCE(SUM(s.quantity), 0) AS cards, COALESCE(SUM(s.total_cents), 0) AS cents
       FROM sales s WHERE s.game_id = ? AND s.id > ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)`,
  ).get(gameId, afterSaleId)!;
  const series = stmt<[number, number], { seriesId: number; seriesCode: string; from: number; to: number }>(
    db,
    `SELECT r.series_id AS seriesId, se.code AS seriesCode, MIN(r.from_number) AS "from", MAX(r.to_number) AS "to"
       FROM sales s JOIN sale_ranges r ON r.sale_id = s.id JOIN series se ON se.id = r.series_id
      WHERE s.game_id = ? AND s.id > ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      GROUP BY r.series_id`,
  ).all(gameId, afterSaleId);
  return { ...totals, series };
}

/** Whether a card of a series was sold (and not voided) in a game. */
export function cardSoldInGame(db: ReadableDb, gameId: number, seriesId: number, card: number): boolean {
  return (
    stmt<[number, number, number, number], { one: number }>(
      db,
      `SELECT 1 AS one FROM sales s JOIN sale_ranges r ON r.sale_id = s.id
        WHERE s.game_id = ? AND r.series_id = ? AND r.from_number <= ? AND r.to_number >= ?
          AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id) LIMIT 1`,
    ).get(gameId, seriesId, card, card) !== undefined
  );
}

/**
 * The faces of every card sold in a game, first series first (series without
 * faces are left out; `complete` says so). The slow read of a game: the board
 * cache (main/services/bingo/board.ts) reads it once per game.
 */
export function soldFaces(db: ReadableDb, gameId: number): { cards: SoldCard[]; complete: boolean } {
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

// ---- refunds --------------------------------------------------------------------------

interface SaleForRefund {
  id: number;
  gameId: number;
  totalCents: number;
  voided: number;
  refundedAt: string | null;
  /** Double cards: the second game of the sale's pair, when it was annulled (its half is then refundable). */
  annulledSecondId: number | null;
}

export function saleForRefund(db: ReadableDb, saleId: number): SaleForRefund | undefined {
  return stmt<[number], SaleForRefund>(
    db,
    `SELECT s.id, s.game_id AS gameId, s.total_cents AS totalCents,
            EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id) AS voided,
            (SELECT paid_at FROM refunds r WHERE r.sale_id = s.id) AS refundedAt,
            (SELECT g2.id FROM games g2 WHERE g2.double_of = s.game_id AND g2.state = 'annulled') AS annulledSecondId
       FROM sales s WHERE s.id = ?`,
  ).get(saleId);
}

export function insertRefund(db: WritableDb, r: { saleId: number; at: string; operatorId: number; terminalId: string; amountCents: number }): void {
  stmt(db, `INSERT INTO refunds (sale_id, paid_at, operator_id, terminal_id, amount_cents) VALUES (?, ?, ?, ?, ?)`).run(
    r.saleId,
    r.at,
    r.operatorId,
    r.terminalId,
    r.amountCents,
  );
}

/** The sales of the session's annulled games (not voided), unrefunded first. */
export function refundableSales(
  db: ReadableDb,
  sessionId: number,
): { saleId: number; gameId: number; gameNumber: number; amountCents: number; refundedAt: string | null }[] {
  return stmt<[{ session: number }], { saleId: number; gameId: number; gameNumber: number; amountCents: number; refundedAt: string | null }>(
    db,
    `SELECT * FROM (
       SELECT s.id AS saleId, s.game_id AS gameId, g.number AS gameNumber, s.total_cents AS amountCents,
              (SELECT paid_at FROM refunds r WHERE r.sale_id = s.id) AS refundedAt
         FROM sales s JOIN games g ON g.id = s.game_id
        WHERE g.session_id = @session AND g.state = 'annulled' AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
       UNION ALL
       -- Double cards: the second game of a pair annulled gives back each sale's second half.
       SELECT s.id, g2.id, g2.number, s.total_cents / 2, (SELECT paid_at FROM refunds r WHERE r.sale_id = s.id)
         FROM sales s JOIN games g2 ON g2.double_of = s.game_id
        WHERE g2.session_id = @session AND g2.state = 'annulled' AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id))
      ORDER BY refundedAt IS NOT NULL, saleId`,
  ).all({ session: sessionId });
}

/** Cents refunded per game of a session, up to `until` (a closed session's acta counts what was paid before its close). */
export function refundedByGame(db: ReadableDb, sessionId: number, until: string | null = null): Map<number, number> {
  return new Map(
    stmt<{ session: number; until: string | null }, { gameId: number; cents: number }>(
      db,
      `SELECT gameId, SUM(cents) AS cents FROM (
         SELECT COALESCE((SELECT g2.id FROM games g2 WHERE g2.double_of = s.game_id AND g2.state = 'annulled'), s.game_id) AS gameId,
                r.amount_cents AS cents FROM refunds r JOIN sales s ON s.id = r.sale_id
           JOIN games g ON g.id = s.game_id WHERE g.session_id = @session AND (@until IS NULL OR r.paid_at <= @until)
         UNION ALL
         -- Cards refunded one by one (issue 42), against the annulled game itself.
         SELECT c.game_id, c.amount_cents FROM card_refunds c JOIN games g ON g.id = c.game_id
          WHERE g.session_id = @session AND (@until IS NULL OR c.paid_at <= @until))
       GROUP BY gameId`,
    )
      .all({ session: sessionId, until })
      .map((r) => [r.gameId, r.cents]),
  );
}

/** Sales of annulled games of sessions closed before `sessionId`, not refunded: carried to the next session. */
export function carriedRefunds(
  db: ReadableDb,
  beforeSessionId: number,
): { saleId: number; gameId: number; gameNumber: number; amountCents: number; refundedAt: string | null }[] {
  return stmt<[{ before: number }], { saleId: number; gameId: number; gameNumber: number; amountCents: number; refundedAt: string | null }>(
    db,
    `SELECT * FROM (
       SELECT s.id AS saleId, s.game_id AS gameId, g.number AS gameNumber, s.total_cents AS amountCents, NULL AS refundedAt
         FROM sales s JOIN games g ON g.id = s.game_id JOIN sessions se ON se.id = g.session_id
        WHERE g.session_id < @before AND se.closed_at IS NOT NULL AND g.state = 'annulled'
          AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.sale_id = s.id)
       UNION ALL
       SELECT s.id, g2.id, g2.number, s.total_cents / 2, NULL
         FROM sales s JOIN games g2 ON g2.double_of = s.game_id JOIN sessions se ON se.id = g2.session_id
        WHERE g2.session_id < @before AND se.closed_at IS NOT NULL AND g2.state = 'annulled'
          AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.sale_id = s.id))
      ORDER BY saleId`,
  ).all({ before: beforeSessionId });
}
