import { cardsLeft } from '../../core/bingo/allocation.js';
import type { SeriesView } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import { allSeries, insertSeries, seriesById, seriesByCode, type SeriesRow } from '../../db/bingo.js';
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
