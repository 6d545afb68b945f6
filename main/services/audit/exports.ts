/**
 * The inspector's export of a closed session (issue 26) on the contract: the
 * sessions that may be exported, and the export itself, built by the kiosk's
 * worker (main/inspector/) and written to the data folder before the command's
 * transaction, which writes its audit row (who exported which session, the
 * file's name and SHA-256); the screen also saves the file where the browser
 * saves downloads.
 */
import { createHash } from 'node:crypto';
import { KioskError } from '../../../core/refusal.js';
import { sessionById } from '../../../db/bingo/sessions.js';
import { checkpointFor, closedSessionsWithCheckpoints } from '../../../db/transparency.js';
import { commandWith, done, query, type HandlerSlice, type PrepareContext } from '../shared/context.js';

/** How many closed sessions the screen lists. */
const LISTED = 30;

type Made = Awaited<ReturnType<PrepareContext['io']['exportSession']>> & { sha256: string };

/** Exports on their way, per kiosk (ctx.memo) and session: one asked for again meanwhile waits for it, not for a worker of its own. */
const inFlight = new WeakMap<object, Map<number, Promise<Made>>>();

function exportOnce(ctx: PrepareContext, sessionId: number): Promise<Made> {
  let running = inFlight.get(ctx.memo);
  if (!running) inFlight.set(ctx.memo, (running = new Map()));
  const mine = running;
  let made = mine.get(sessionId);
  if (!made) {
    made = ctx.io
      .exportSession(sessionId)
      .then((m) => ({ ...m, sha256: createHash('sha256').update(m.zip).digest('hex') }))
      .finally(() => mine.delete(sessionId));
    mine.set(sessionId, made);
  }
  return made;
}

export const exportHandlers: HandlerSlice<'session.exports' | 'session.export'> = {
  'session.exports': query((ctx) => ({ sessions: closedSessionsWithCheckpoints(ctx.db, LISTED) })),
  'session.export': commandWith(
    async (ctx, input) => {
      const session = sessionById(ctx.db, input.sessionId);
      if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
      if (!session.closedAt || !checkpointFor(ctx.db, 'session', session.id)) throw new KioskError('EXPORT_SESSION_NOT_CLOSED', { sessionId: input.sessionId });
      return exportOnce(ctx, session.id);
    },
    (_ctx, input, made) =>
      done(
        { filename: made.filename, path: made.path, bytes: made.zip.length, entries: made.entries, base64: Buffer.from(made.zip).toString('base64') },
        // The file, not its bytes: the audit row names what was handed out and its digest.
        { after: { sessionId: input.sessionId, filename: made.filename, bytes: made.zip.length, entries: made.entries, sha256: made.sha256 } },
      ),
  ),
};
