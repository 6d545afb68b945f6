/** The audit domain: checks of the audit chain and of the books. */
import { KioskError } from '../../../core/errors.js';
import { checkPeriod, pageLimit, pageOf } from '../../../core/paging.js';
import { AUDIT_SUMMARY_CHARS, anchorState, auditCount, auditEntries, auditRowAt, verifyAudit } from '../../../db/audit.js';
import { latestBackupManifest } from '../../../db/backup.js';
import { verifyLedger } from '../../../db/ledger.js';
import { BOOKS_FINDINGS_SHOWN } from '../../../core/audit/books.js';
import { query, queryWaiting, type HandlerSlice, type MachineHandlers } from '../shared/context.js';

/**
 * A logged value cut to its summary: the first AUDIT_SUMMARY_CHARS characters and `…` when there was more.
 * Counted in code points, as SQLite's substr counts them, so a character is never cut in two.
 */
const summary = (text: string) => {
  const chars = [...text];
  return chars.length > AUDIT_SUMMARY_CHARS ? `${chars.slice(0, AUDIT_SUMMARY_CHARS).join('')}…` : text;
};

export const auditHandlers: HandlerSlice<'audit.list' | 'audit.verify' | 'books.verify' | 'ledger.verify' | 'system.health' | 'system.clock' | 'link.status'> = {
  'audit.list': query((ctx, input) => {
    const limit = pageLimit(input.limit);
    const filter = { ...checkPeriod(input.from, input.to), channel: input.channel ?? null };
    let before: { at: string; seq: number } | null = null;
    if (input.cursor !== undefined && input.cursor !== null) {
      const at = auditRowAt(ctx.db, input.cursor);
      if (at === undefined) throw new KioskError('PAGE_CURSOR_INVALID', { cursor: input.cursor });
      before = { at, seq: input.cursor };
    }
    const page = pageOf(auditEntries(ctx.db, { ...filter, before, limit: limit + 1 }), limit, (e) => e.seq);
    return {
      entries: page.items.map((e) => ({
        ...e,
        input: summary(e.input),
        before: e.before === null ? null : summary(e.before),
        after: e.after === null ? null : summary(e.after),
      })),
      nextCursor: page.nextCursor,
      total: auditCount(ctx.db, filter),
    };
  }),
  'system.health': query((ctx) => ({ ...ctx.io.storage(), journal: ctx.io.journal() })),
  // As the kiosk last asked its system (the hall server asks every minute, main/hall/clock-sync.ts).
  'system.clock': query((ctx) => ctx.io.clockSync()),
  // The kiosk holds its own file: no link to lose (a counter answers this itself, main/counter/).
  'link.status': query(() => ({ mode: 'standalone' as const })),
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

/** The audit row's channel of a jump of the kiosk's clock (a machine command: no screen can call it). */
export const CLOCK_JUMP_CHANNEL = 'clock.jump';

/**
 * A jump of the kiosk's clock (main/kiosk.ts saw it against the monotonic clock): one audit row stating what the
 * clock should have read, what it read and the step, in the dispatcher's transaction; it writes nothing else.
 */
export const auditMachine: Pick<MachineHandlers, typeof CLOCK_JUMP_CHANNEL> = {
  [CLOCK_JUMP_CHANNEL]: {
    kind: 'machine',
    run: (ctx, input) => ({ value: null, audit: { terminalId: ctx.terminalId, input, after: undefined } }),
  },
};
