/** The audit domain: checks of the audit chain and of the books. */
import { anchorState, verifyAudit } from '../../../db/audit.js';
import { latestBackupManifest } from '../../../db/backup.js';
import { verifyLedger } from '../../../db/ledger.js';
import { BOOKS_FINDINGS_SHOWN } from '../../../core/audit/books.js';
import { query, queryWaiting, type HandlerSlice } from '../shared/context.js';

export const auditHandlers: HandlerSlice<'audit.verify' | 'books.verify' | 'ledger.verify' | 'system.health'> = {
  'system.health': query((ctx) => ctx.io.storage()),
  'audit.verify': query((ctx, input) => {
    const check = verifyAudit(ctx.db, input.anchor);
    const latest = latestBackupManifest(ctx.dataDir);
    const head = latest?.auditHead;
    const backup = latest && head ? { file: latest.file, ...head, anchor: anchorState(ctx.db, head) } : null;
    return { ...check, valid: check.valid && (backup === null || backup.anchor === 'ok'), backup };
  }),
  // Seconds for a large hall: off the main thread, on its own snapshot of the file, with progress.
  'books.verify': queryWaiting(async (ctx) => {
    const books = await ctx.io.checkBooks(BOOKS_FINDINGS_SHOWN);
    return { ok: books.findingsTotal === 0, ...books };
  }),
  'ledger.verify': query((ctx) => verifyLedger(ctx.db)),
};
