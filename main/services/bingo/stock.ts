/** The card stock (DN 80/85, art. 3.º, n.os 1 and 2): editions, boxes received, cards to the counters and back, cards destroyed. */
import type { SeriesStock } from '../../../core/bingo/stock-contract.js';
import type { ChannelOutput } from '../../../core/contract.js';
import { checkEdition, checkMove, checkSale, count, followed, stockFigures, stockState, type Edition, type NumberRange, type StockMoveKind } from '../../../core/bingo/stock.js';
import { KioskError } from '../../../core/errors.js';
import { hallDay } from '../../../core/time.js';
import type { ReadableDb, WritableDb } from '../../../db/connection.js';
import { allEditions, allMoves, editionOf, insertEdition, insertMove, movesOf, type StockMoveRow } from '../../../db/bingo/stock.js';
import { allSeries, seriesByCode, type SeriesRow } from '../../../db/bingo/series.js';
import { hallTimeZone } from '../../../db/people.js';
import { command, done, operatorOf, query, type CommandHandler, type HandlerSlice } from '../shared/context.js';

function requireSeries(db: ReadableDb, code: string): SeriesRow {
  const series = seriesByCode(db, code);
  if (!series) throw new KioskError('SERIES_NOT_FOUND', { code });
  return series;
}

/** The series' emission number (art. 3.º, n.º 2): its edition's, else the one given when it was registered. */
export function emissionOf(db: ReadableDb, series: Pick<SeriesRow, 'id' | 'emission'>): string | null {
  return editionOf(db, series.id)?.emission ?? series.emission;
}

/** The emission number of each series of a sale's ranges, in their order (for its receipt). */
export function emissionsOfRanges(db: ReadableDb, ranges: readonly { seriesCode: string }[]): { seriesCode: string; emission: string }[] {
  const out: { seriesCode: string; emission: string }[] = [];
  for (const code of new Set(ranges.map((r) => r.seriesCode))) {
    const series = seriesByCode(db, code);
    const emission = series ? emissionOf(db, series) : null;
    if (emission) out.push({ seriesCode: code, emission });
  }
  return out;
}

/** The emission number of each series named, once each in order of first mention (the acta's line); null: none recorded. */
export function seriesEmissions(db: ReadableDb, codes: readonly string[]): { seriesCode: string; emission: string | null }[] {
  return [...new Set(codes)].map((code) => {
    const series = seriesByCode(db, code);
    return { seriesCode: code, emission: series ? emissionOf(db, series) : null };
  });
}

/** A sale's range of a series whose stock is followed: only cards received and not destroyed (art. 3.º, n.º 1). */
export function checkSaleInStock(db: ReadableDb, series: SeriesRow, range: NumberRange): void {
  checkSale(series, movesOf(db, series.id), range);
}

/**
 * Records a series' edition with its emission number, once (series.register writes it too when given there).
 * An emission given at the series' registration is the series' own: the edition's must be the same.
 */
export function recordEdition(db: WritableDb, series: SeriesRow, edition: Edition, at: string, by: number, now: Date): void {
  checkEdition(edition, hallDay(now, hallTimeZone(db)));
  const recorded = editionOf(db, series.id);
  if (recorded) throw new KioskError('EDITION_ALREADY_RECORDED', { code: series.code, reference: recorded.authorisationRef });
  if (series.emission !== null && series.emission !== edition.emission) {
    throw new KioskError('EDITION_EMISSION_MISMATCH', { code: series.code, registered: series.emission, emission: edition.emission });
  }
  insertEdition(db, { ...edition, seriesId: series.id, at, by });
}

/** Every series' stock, read from its moves: the start-of-session check and the manager's screen. */
export function stockOfSeries(db: ReadableDb): SeriesStock[] {
  const editions = new Map(allEditions(db).map((e) => [e.seriesId, e]));
  const moves = allMoves(db);
  return allSeries(db).map((s) => {
    const own = moves.filter((m) => m.seriesId === s.id);
    const state = stockState(s, own);
    const e = editions.get(s.id);
    return {
      seriesCode: s.code,
      size: s.size,
      nextNumber: s.nextNumber,
      edition: e ? { authorisationRef: e.authorisationRef, authorisationDate: e.authorisationDate, at: e.at, by: e.by } : null,
      emission: e?.emission ?? s.emission,
      followed: followed(own),
      figures: stockFigures(state),
      inStock: state.inStock,
      atCounters: state.atCounters,
      destroyed: state.destroyed,
    };
  });
}

function moveView(row: StockMoveRow, code: string) {
  return {
    id: row.id,
    seriesCode: code,
    kind: row.kind,
    from: row.from,
    to: row.to,
    box: row.box,
    receivedBy: row.receivedBy,
    reason: row.reason,
    recordRef: row.recordRef,
    at: row.at,
    by: row.by,
  };
}

type MoveInput = { seriesCode: string; from: number; to: number; box?: string; receivedBy?: string; reason?: string; recordRef?: string };

/** One move of a series' cards, checked against its stock, recorded, and answered as the stock lists it. */
function move<C extends 'stock.receive' | 'stock.issue' | 'stock.return' | 'stock.destroy'>(kind: StockMoveKind): CommandHandler<C> {
  return command<C>((ctx, parsed) => {
    const input = parsed as MoveInput & { confirmCards?: number };
    const series = requireSeries(ctx.db, input.seriesCode);
    const m = { kind, from: input.from, to: input.to };
    checkMove(series, movesOf(ctx.db, series.id), m);
    // The screen said how many cards it would destroy; a different count is not what the manager confirmed.
    if (kind === 'destroyed' && input.confirmCards !== count([m])) {
      throw new KioskError('STOCK_DESTROY_UNCONFIRMED', { code: series.code, from: m.from, to: m.to, cards: count([m]) });
    }
    const id = insertMove(ctx.db, {
      seriesId: series.id,
      ...m,
      box: input.box ?? null,
      receivedBy: input.receivedBy ?? null,
      reason: input.reason ?? null,
      recordRef: input.recordRef ?? null,
      at: ctx.at,
      by: operatorOf(ctx).id,
    });
    const row = movesOf(ctx.db, series.id).find((r) => r.id === id)!;
    const view = moveView(row, series.code);
    // The four channels answer the same move (stock-contract.ts: moveResult).
    return done(view as ChannelOutput<C>, { after: view });
  });
}

export const stockHandlers: HandlerSlice<'stock.list' | 'stock.recordEdition' | 'stock.receive' | 'stock.issue' | 'stock.return' | 'stock.destroy'> = {
  'stock.list': query((ctx) => {
    const codes = new Map(allSeries(ctx.db).map((s) => [s.id, s.code]));
    const moves = allMoves(ctx.db).map((m) => moveView(m, codes.get(m.seriesId) ?? '?'));
    return { series: stockOfSeries(ctx.db), moves: moves.reverse() };
  }),

  'stock.recordEdition': command((ctx, input) => {
    const series = requireSeries(ctx.db, input.seriesCode);
    const edition = { authorisationRef: input.authorisationRef, authorisationDate: input.authorisationDate, emission: input.emission };
    recordEdition(ctx.db, series, edition, ctx.at, operatorOf(ctx).id, ctx.now);
    const result = { seriesCode: series.code, ...edition };
    return done(result, { after: result });
  }),

  'stock.receive': move('received'),
  'stock.issue': move('issued'),
  'stock.return': move('returned'),
  'stock.destroy': move('destroyed'),
};
