/** The hall's reason lists (issue 38): kept as rows of the settings table, audited like a settings change. */
import { checkReasonList, reasonLists } from '../../../core/reasons/rules.js';
import { saveReasonList, savedReasonLists } from '../../../db/people.js';
import { command, done, query, type HandlerSlice } from '../shared/context.js';

export const reasonsHandlers: HandlerSlice<'reasons.get' | 'reasons.update'> = {
  'reasons.get': query((ctx) => reasonLists(savedReasonLists(ctx.db))),

  'reasons.update': command((ctx, input) => {
    const before = reasonLists(savedReasonLists(ctx.db));
    // Judged whole before anything is written: one bad entry leaves the list as it was.
    const reasons = input.reasons === null ? null : checkReasonList(input.act, input.reasons);
    saveReasonList(ctx.db, input.act, reasons);
    const after = reasonLists(savedReasonLists(ctx.db));
    return done(after, { before: { act: input.act, reasons: before[input.act] }, after: { act: input.act, reasons: after[input.act], default: reasons === null } });
  }),
};
