/** SQL of the card stock (DN 80/85, art. 3.º, n.os 1 and 2): series' editions and the moves of their cards. */
import type { Edition, StockMove, StockMoveKind } from '../../core/bingo/stock.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

export interface EditionRow extends Edition {
  seriesId: number;
  at: string;
  by: string;
}

export interface StockMoveRow extends StockMove {
  id: number;
  seriesId: number;
  box: string | null;
  receivedBy: string | null;
  reason: string | null;
  recordRef: string | null;
  at: string;
  by: string;
}

const EDITION_COLUMNS = `e.series_id AS seriesId, e.authorisation_ref AS authorisationRef, e.authorisation_date AS authorisationDate,
  e.emission, e.at, o.username AS by`;

export function editionOf(db: ReadableDb, seriesId: number): EditionRow | undefined {
  return stmt<[number], EditionRow>(
    db,
    `SELECT ${EDITION_COLUMNS} FROM series_editions e JOIN operators o ON o.id = e.by WHERE e.series_id = ?`,
  ).get(seriesId);
}

export function allEditions(db: ReadableDb): EditionRow[] {
  return stmt<[], EditionRow>(db, `SELECT ${EDITION_COLUMNS} FROM series_editions e JOIN operators o ON o.id = e.by ORDER BY e.series_id`).all();
}

export function insertEdition(db: WritableDb, e: Edition & { seriesId: number; at: string; by: number }): void {
  stmt(
    db,
    `INSERT INTO series_editions (series_id, authorisation_ref, authorisation_date, emission, at, by) VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(e.seriesId, e.authorisationRef, e.authorisationDate, e.emission, e.at, e.by);
}

const MOVE_COLUMNS = `m.id, m.series_id AS seriesId, m.kind, m.from_number AS "from", m.to_number AS "to", m.box, m.received_by AS receivedBy,
  m.reason, m.record_ref AS recordRef, m.at, o.username AS by`;

/** A series' moves in the order they were recorded (the stock is read from them in that order). */
export function movesOf(db: ReadableDb, seriesId: number): StockMoveRow[] {
  return stmt<[number], StockMoveRow>(
    db,
    `SELECT ${MOVE_COLUMNS} FROM card_stock_moves m JOIN operators o ON o.id = m.by WHERE m.series_id = ? ORDER BY m.id`,
  ).all(seriesId);
}

export function allMoves(db: ReadableDb): StockMoveRow[] {
  return stmt<[], StockMoveRow>(db, `SELECT ${MOVE_COLUMNS} FROM card_stock_moves m JOIN operators o ON o.id = m.by ORDER BY m.id`).all();
}

export function insertMove(
  db: WritableDb,
  m: {
    seriesId: number;
    kind: StockMoveKind;
    from: number;
    to: number;
    box?: string | null;
    receivedBy?: string | null;
    reason?: string | null;
    recordRef?: string | null;
    at: string;
    by: number;
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO card_stock_moves (series_id, kind, from_number, to_number, box, received_by, reason, record_ref, at, by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(m.seriesId, m.kind, m.from, m.to, m.box ?? null, m.receivedBy ?? null, m.reason ?? null, m.recordRef ?? null, m.at, m.by).lastInsertRowid,
  );
}
