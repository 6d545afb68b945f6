import { cardsLeft } from '../../core/bingo/allocation.js';
import type { SeriesView } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import { facesError, isFaceViolation, parseFacesCsv, parseFacesJson, validateSeries, type Face } from '../../core/bingo/faces.js';
import { allSeries, insertSeries, seriesById, seriesByCode, type SeriesRow } from '../../db/bingo.js';
import { stmt, type Db } from '../../db/connection.js';
import { operatorOf, type Handler } from './context.js';

export const seriesView = (s: SeriesRow): SeriesView => ({
  id: s.id,
  code: s.code,
  priceCents: s.priceCents,
  size: s.size,
  colour: s.colour,
  emission: s.emission,
  nextNumber: s.nextNumber,
  cardsLeft: cardsLeft(s),
  registeredAt: s.registeredAt,
  hasFaces: s.facesImportedAt !== null,
});

export const registerSeries: Handler<'series.register'> = (ctx, input) => {
  if (seriesByCode(ctx.db, input.code)) throw new KioskError('SERIES_CODE_TAKEN', { code: input.code });
  const id = insertSeries(ctx.db, {
    code: input.code,
    priceCents: input.priceCents,
    size: input.size,
    colour: input.colour ?? null,
    emission: input.emission ?? null,
    at: ctx.at,
    by: operatorOf(ctx).id,
  });
  const created = seriesView(seriesById(ctx.db, id));
  ctx.audit.after = created;
  return created;
};

export const listSeries: Handler<'series.list'> = (ctx) => allSeries(ctx.db).map(seriesView);

/**
 * Import a series' faces from the card printer's file (SPEC 2): parsed,
 * validated whole against art. 3.4 / 4.5, and stored in one go, or refused
 * naming the card and the rule with nothing stored.
 */
export const importFaces: Handler<'series.importFaces'> = (ctx, input) => {
  const series = seriesByCode(ctx.db, input.seriesCode);
  if (!series) throw new KioskError('SERIES_NOT_FOUND', { code: input.seriesCode });
  if (stmt(ctx.db, `SELECT 1 FROM card_faces WHERE series_id = ? LIMIT 1`).get(series.id)) {
    throw new KioskError('FACES_ALREADY_IMPORTED', { code: series.code });
  }
  const parsed = input.format === 'json' ? parseFacesJson(input.content) : parseFacesCsv(input.content);
  if (isFaceViolation(parsed)) throw facesError(parsed);
  if (parsed.seriesCode !== undefined && parsed.seriesCode.toUpperCase() !== series.code) {
    throw new KioskError('FACES_SERIES_MISMATCH', { code: series.code, fileCode: parsed.seriesCode });
  }
  const violation = validateSeries(parsed.faces, series.size, { strips: input.strips ?? false });
  if (violation) throw facesError(violation);
  storeFaces(ctx.db, series.id, parsed.faces, ctx.at);
  ctx.audit.after = { seriesCode: series.code, cards: parsed.faces.length };
  return { seriesCode: series.code, cards: parsed.faces.length };
};

export function storeFaces(db: Db, seriesId: number, faces: readonly Face[], at: string): void {
  const insert = stmt(db, `INSERT INTO card_faces (series_id, card, numbers) VALUES (?, ?, ?)`);
  for (const f of faces) insert.run(seriesId, f.card, f.rows.flat().join(','));
  stmt(db, `UPDATE series SET faces_imported_at = ? WHERE id = ?`).run(at, seriesId);
}
