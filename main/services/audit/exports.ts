/**
 * The inspector's export of a closed session (issue 26) on the contract: the
 * sessions that may be exported, and the export itself, built by the kiosk's
 * worker (main/inspector/) and written to the data folder; the screen also
 * saves the file where the browser saves downloads.
 */
import { KioskError } from '../../../core/refusal.js';
import { sessionById } from '../../../db/bingo/sessions.js';
import { checkpointFor, closedSessionsWithCheckpoints } from '../../../db/transparency.js';
import { query, queryWaiting, type HandlerSlice } from '../shared/context.js';

/** How many closed sessions the screen lists. */
const LISTED = 30;

export const exportHandlers: HandlerSlice<'session.exports' | 'session.export'> = {
  'session.exports': query((ctx) => ({ sessions: closedSessionsWithCheckpoints(ctx.db, LISTED) })),
  'session.export': queryWaiting(async (ctx, input) => {
    const session = sessionById(ctx.db, input.sessionId);
    if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
    if (!session.closedAt || !checkpointFor(ctx.db, 'session', session.id)) throw new KioskError('EXPORT_SESSION_NOT_CLOSED', { sessionId: input.sessionId });
    const made = await ctx.io.exportSession(session.id);
    return { filename: made.filename, path: made.path, bytes: made.zip.length, entries: made.entries, base64: Buffer.from(made.zip).toString('base64') };
  }),
};
