/** Series of cards and their faces (art. 3, 4; SPEC 2), and the ball sets (art. 5.3). */
import { cardsLeft } from '../../../core/bingo/allocation.js';
import type { SeriesView } from '../../../core/bingo/contract.js';
import { facesError, isFaceViolation, parseFacesCsv, parseFacesJson, validateSeries } from '../../../core/bingo/faces.js';
import { BALL_SET_WARN_GAMES } from '../../../core/bingo/rules.js';
import { KioskError } from '../../../core/errors.js';
import { ballSetSerialTaken, currentBallSet, insertBallSet } from '../../../db/bingo/games.js';
import { allSeries, hasFaces, insertSeries, seriesByCode, seriesById, storeFaces, type SeriesRow } from '../../../db/bingo/series.js';
import { addIncident, appendActa, openSession } from '../../../db/bingo/sessions.js';
import { command, done, operatorOf, query, type HandlerSlice } from '../shared/context.js';
import { recordEdition } from './stock.js';

const seriesView = (s: SeriesRow): SeriesView => ({
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
  double: s.double === 1,
});

export const seriesHandlers: HandlerSlice<'series.register' | 'series.importFaces' | 'series.list' | 'ballSet.register' | 'ballSet.current'> = {
  'series.register': command((ctx, input) => {
    if (seriesByCode(ctx.db, input.code)) throw new KioskError('SERIES_CODE_TAKEN', { code: input.code });
    const id = insertSeries(ctx.db, {
      code: input.code,
      priceCents: input.priceCents,
      size: input.size,
      colour: input.colour ?? null,
      emission: input.emission ?? null,
      double: input.double ?? false,
      at: ctx.at,
      by: operatorOf(ctx).id,
    });
    // Its edition as authorised (art. 3.º, n.º 1), when given, is recorded with it; refused, nothing is.
    if (input.authorisationRef !== undefined || input.authorisationDate !== undefined) {
      const edition = { authorisationRef: input.authorisationRef ?? '', authorisationDate: input.authorisationDate ?? '', emission: input.emission ?? '' };
      recordEdition(ctx.db, seriesById(ctx.db, id), edition, ctx.at, operatorOf(ctx).id, ctx.now);
    }
    const created = seriesView(seriesById(ctx.db, id));
    return done(created, { after: created });
  }),

  'series.list': query((ctx) => allSeries(ctx.db).map(seriesView)),

  /**
   * Import a series' faces from the card printer's file (SPEC 2): parsed,
   * validated whole against art. 3.4 / 4.5, and stored in one go, or refused
   * naming the card and the rule with nothing stored.
   */
  'series.importFaces': command((ctx, input) => {
    const series = seriesByCode(ctx.db, input.seriesCode);
    if (!series) throw new KioskError('SERIES_NOT_FOUND', { code: input.seriesCode });
    if (hasFaces(ctx.db, series.id)) throw new KioskError('FACES_ALREADY_IMPORTED', { code: series.code });
    const parsed = input.format === 'json' ? parseFacesJson(input.content) : parseFacesCsv(input.content);
    if (isFaceViolation(parsed)) throw facesError(parsed);
    if (parsed.seriesCode !== undefined && parsed.seriesCode.toUpperCase() !== series.code) {
      throw new KioskError('FACES_SERIES_MISMATCH', { code: series.code, fileCode: parsed.seriesCode });
    }
    const violation = validateSeries(parsed.faces, series.size, { strips: input.strips ?? false });
    if (violation) throw facesError(violation);
    storeFaces(ctx.db, series.id, parsed.faces, ctx.at);
    const result = { seriesCode: series.code, cards: parsed.faces.length };
    return done(result, { after: result });
  }),

  'ballSet.register': command((ctx, input) => {
    if (ballSetSerialTaken(ctx.db, input.serial)) throw new KioskError('BALL_SET_SERIAL_TAKEN', { serial: input.serial });
    const operator = operatorOf(ctx);
    const previous = currentBallSet(ctx.db);
    const id = insertBallSet(ctx.db, { serial: input.serial, at: ctx.at, by: operator.id });
    const session = openSession(ctx.db);
    const text = previous
      ? `Novo jogo de bolas ${input.serial} em substituição do jogo ${previous.serial} (${previous.gamesPlayed} jogadas) (art. 5.º, n.º 3).`
      : `Jogo de bolas ${input.serial} registado (art. 5.º, n.º 3).`;
    addIncident(ctx.db, { sessionId: session?.id ?? null, gameId: null, at: ctx.at, operatorId: operator.id, kind: 'ball_set', text });
    if (session) appendActa(ctx.db, { sessionId: session.id, gameId: null, at: ctx.at, kind: 'ball_set', data: { serial: input.serial, previous: previous?.serial ?? null } });
    const created = { id, serial: input.serial, registeredAt: ctx.at, gamesPlayed: 0 };
    return done(created, { after: created });
  }),

  'ballSet.current': query((ctx) => {
    const set = currentBallSet(ctx.db);
    return set ? { ...set, warning: set.gamesPlayed >= BALL_SET_WARN_GAMES } : null;
  }),
};
