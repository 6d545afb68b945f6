/** Backups on demand (the session's close takes one too): a command, so who took which copy is in the audit log. */
import { KioskError } from '../../../core/errors.js';
import { hallSettings } from '../../../db/people.js';
import { BackupCheckError, createBackup } from '../../../db/backup.js';
import { readCopyState } from '../../../db/backup-copy.js';
import { commandWith, done, query, type HandlerSlice } from '../shared/context.js';

export const backupHandlers: HandlerSlice<'backup.create' | 'backup.copyStatus'> = {
  // What the hall server's copier (main/hall/backup-copier.ts) last wrote beside the backups; a folder
  // named in the settings that it has not tried yet is pending. A post with no copier says what it knows.
  'backup.copyStatus': query((ctx) => {
    const named = hallSettings(ctx.db).backupCopyDir;
    const kept = readCopyState(ctx.dataDir);
    if (named !== null && kept?.dir !== named) return { dir: named, state: 'pending' as const, lastCopy: null, lastAttemptAt: null, error: null };
    return kept ?? { dir: null, state: 'off' as const, lastCopy: null, lastAttemptAt: null, error: null };
  }),
  // The copy is made in `prepare`: page by page from the kiosk's writable
  // connection, with no transaction held, so sales go on while it runs.
  'backup.create': commandWith(
    async (ctx) => {
      try {
        const r = await createBackup(ctx.writer, ctx.dataDir, ctx.now, {
          keep: hallSettings(ctx.db).backupsKept,
          onProgress: (pages, total) => ctx.io.progress('backup', pages, total),
          check: (file) => ctx.io.checkBackup(file),
        });
        return { file: r.file, bytes: r.bytes, at: ctx.at, integrity: r.check.integrity, rows: r.check.rows, auditHead: r.check.audit.head };
      } catch (e) {
        if (e instanceof BackupCheckError) throw new KioskError('BACKUP_FAILED', { reason: e.message });
        throw new KioskError('BACKUP_FAILED', { reason: e instanceof Error ? e.message : String(e) });
      }
    },
    (_ctx, _input, backup) => done(backup, { after: backup }),
  ),
};
