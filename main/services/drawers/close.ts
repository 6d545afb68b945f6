/** The day's close (SPEC 9): the session's end, its acta made final, what is carried, a backup. */
import { KioskError } from '../../../core/errors.js';
import { hallSettings } from '../../../db/people.js';
import { hallClock } from '../../../core/time.js';
import { createBackup } from '../../../db/backup.js';
import { carriedUnpaidWinners } from '../../../db/bingo/draw.js';
import { gamesOfSession } from '../../../db/bingo/games.js';
import { carriedRefunds } from '../../../db/bingo/sales.js';
import { hasCheck, markSessionClosed, sessionById } from '../../../db/bingo/sessions.js';
import { openDrawers } from '../../../db/drawers.js';
import { command, finishAfterCommit, type HandlerSlice } from '../shared/context.js';

export const dayCloseHandlers: HandlerSlice<'session.close'> = {
  'session.close': command((ctx, input) => {
    const session = sessionById(ctx.db, input.sessionId);
    if (!session) throw new KioskError('SESSION_NOT_FOUND', { sessionId: input.sessionId });
    if (session.closedAt) throw new KioskError('SESSION_CLOSED', { sessionId: session.id, closedAt: hallClock(session.closedAt) });
    const unfinished = gamesOfSession(ctx.db, session.id).filter((g) => g.state !== 'finished' && g.state !== 'annulled');
    if (unfinished.length > 0) throw new KioskError('SESSION_GAMES_UNFINISHED', { games: unfinished.map((g) => `n.º ${g.number}`).join(', ') });
    const open = openDrawers(ctx.db);
    if (open.length > 0) throw new KioskError('SESSION_DRAWERS_OPEN', { terminals: open.map((d) => d.terminalId).join(', ') });
    if (!hasCheck(ctx.db, session.id, 'end', 'balls')) throw new KioskError('SESSION_END_CHECK_MISSING');
    markSessionClosed(ctx.db, session.id, ctx.at);
    // What is still owed to players goes on: the next session lists and pays it.
    const carried = {
      prizes: carriedUnpaidWinners(ctx.db, session.id + 1).map((w) => ({
        winnerId: w.winnerId,
        gameNumber: w.gameNumber,
        kind: w.kind,
        seriesCode: w.seriesCode,
        card: w.card,
        prizeCents: w.prizeCents,
      })),
      refunds: carriedRefunds(ctx.db, session.id + 1).map((r) => ({ saleId: r.saleId, gameNumber: r.gameNumber, amountCents: r.amountCents })),
    };
    const closed = { sessionId: session.id, closedAt: ctx.at, carried };
    // The backup follows the commit, so that it holds the closed session; a failed
    // backup does not undo the close (it is said, and can be taken again).
    return finishAfterCommit(
      async (read) => {
        try {
          const b = await createBackup(read.db, read.dataDir, read.now, { keep: hallSettings(read.db).backupsKept });
          return { ...closed, backup: { file: b.file, bytes: b.bytes }, backupError: null };
        } catch (e) {
          return { ...closed, backup: null, backupError: e instanceof Error ? e.message : String(e) };
        }
      },
      { before: { closedAt: null }, after: closed },
    );
  }),
};
