/**
 * The erasure of identifications at the end of the legal period (Lei n.º
 * 83/2017, art. 51.º; SPEC 11: seven years): said before it is done (how
 * many, the oldest, the cut), then done in one recorded act. The period runs
 * from the identification and from the last act made under it, so a record
 * an act still needs is kept. The acts' amounts, days and operators stay (the
 * books and the day's record still add up); the name, the document's number
 * and the date of birth go, and the group never had them.
 */
import { checkErasureCut, erasureCutOf, RETENTION_YEARS } from '../../../core/compliance/rules.js';
import { KioskError } from '../../../core/errors.js';
import { erasableSummary, erasePersons, insertPersonErasure, lastPersonErasure, type PersonErasureRow } from '../../../db/compliance.js';
import { command, done, operatorOf, query, type HandlerSlice } from '../shared/context.js';

function erasureView(e: PersonErasureRow) {
  return { erasureId: e.id, at: e.at, by: e.by, before: e.before, persons: e.persons };
}

export const erasureHandlers: HandlerSlice<'person.erasurePreview' | 'person.erase'> = {
  'person.erasurePreview': query((ctx) => {
    const before = erasureCutOf(ctx.now);
    const last = lastPersonErasure(ctx.db);
    return { before, years: RETENTION_YEARS, ...erasableSummary(ctx.db, before), last: last ? erasureView(last) : null };
  }),

  'person.erase': command((ctx, input) => {
    // The cut the manager was shown, to the second: what was said is what is erased, even a minute later.
    const before = new Date(input.before).toISOString();
    checkErasureCut(before, ctx.now);
    const operator = operatorOf(ctx);
    const persons = erasePersons(ctx.db, { before, at: ctx.at, operatorId: operator.id });
    if (persons === 0) throw new KioskError('ERASURE_NOTHING', { before });
    const erasureId = insertPersonErasure(ctx.db, { at: ctx.at, operatorId: operator.id, before, persons });
    return done({ erasureId, at: ctx.at, by: operator.username, before, persons }, { after: { erasureId, before, persons } });
  }),
};
