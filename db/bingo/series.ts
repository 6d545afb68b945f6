/** SQL of card series and their faces (DN art. 3, 4, 12.2). */
import type { SeriesState } from '../../core/bingo/allocation.js';
import type { Face } from '../../core/bingo/faces.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

export interface SeriesRow extends SeriesState {
  id: number;
  colour: string | null;
  emission: string | null;
  registeredAt: string;
  facesImportedAt: string | null;
  /** Authorised as double (art. 3.5): its cards play two consecutive games. */
  double: number;
}

const SERIES_COLUMNS = `id, code, price_cents AS priceCents, size, colour, emission, next_number AS nextNumber,
  registered_at AS registeredAt, faces_imported_at AS facesImportedAt, double`;

export function seriesByCode(db: ReadableDb, code: string): SeriesRow | undefined {
  return stmt<[string], SeriesRow>(db, `SELECT ${SERIES_COLUMNS} FROM series WHERE code = ?`).get(code);
}

export function seriesById(db: ReadableDb, id: number): SeriesRow {
  const row = stmt<[number], SeriesRow>(db, `SELECT ${SERIES_COLUMNS} FROM series WHERE id = ?`).get(id);
  if (!row) throw new Error(`series ${id} missing`);
  return row;
}

export function allSeries(db: ReadableDb): SeriesRow[] {
  return stmt<[], SeriesRow>(db, `SELECT ${SERIES_COLUMNS} FROM series ORDER BY id`).all();
}

/** The first registered fresh series of a price, other than `exceptId` (SPEC 3 decision). */
export function firstFreshSeries(db: ReadableDb, priceCents: number, exceptId: number): SeriesRow | undefined {
  return stmt<[number, number], SeriesRow>(
    db,
    `SELECT ${SERIES_COLUMNS} FROM series WHERE price_cents = ? AND next_number = 1 AND id <> ? ORDER BY id LIMIT 1`,
  ).get(priceCents, exceptId);
}

export function insertSeries(
  db: WritableDb,
  s: { code: string; priceCents: number; size: number; colour: string | null; emission: string | null; double: boolean; at: string; by: number },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO series (code, price_cents, size, colour, emission, double, registered_at, registered_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(s.code, s.priceCents, s.size, s.colour, s.emission, s.double ? 1 : 0, s.at, s.by).lastInsertRowid,
  );
}

/**
 * Move a series' next number, but only from the value we read: a second
 * writer (another process on the same file) can never make two sales share
 * numbers, because one of the two updates would change no row.
 */
export function moveNextNumber(db: WritableDb, seriesId: number, expected: number, next: number): void {
  const { changes } = stmt(db, `UPDATE series SET next_number = ? WHERE id = ? AND next_number = ?`).run(next, seriesId, expected);
  if (changes !== 1) throw new Error(`series ${seriesId}: next number moved under us (expected ${expected})`);
}

// ---- faces ---------------------------------------------------------------------

export function hasFaces(db: ReadableDb, seriesId: number): boolean {
  return stmt(db, `SELECT 1 FROM card_faces WHERE series_id = ? LIMIT 1`).get(seriesId) !== undefined;
}

export function storeFaces(db: WritableDb, seriesId: number, faces: readonly Face[], at: string): void {
  const insert = stmt(db, `INSERT INTO card_faces (series_id, card, numbers) VALUES (?, ?, ?)`);
  for (const f of faces) insert.run(seriesId, f.card, f.rows.flat().join(','));
  stmt(db, `UPDATE series SET faces_imported_at = ? WHERE id = ?`).run(at, seriesId);
}

export function faceRows(numbers: string): number[][] {
  const n = numbers.split(',').map(Number);
  return [n.slice(0, 5), n.slice(5, 10), n.slice(10, 15)];
}

export function faceOf(db: ReadableDb, seriesId: number, card: number): number[][] | null {
  const row = stmt<[number, number], { numbers: string }>(db, `SELECT numbers FROM card_faces WHERE series_id = ? AND card = ?`).get(
    seriesId,
    card,
  );
  return row ? faceRows(row.numbers) : null;
}
