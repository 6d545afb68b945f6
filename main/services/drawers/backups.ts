/** Backups on demand (the session's close takes one too): a command, so who took which copy is in the audit log. */
import { KioskError } from '../../../core/errors.js';
import { hallSettings } from '../../../db/people.js';
import { BackupCheckError, createBackup } from '../../../db/backup.js';
import { commandWith, done, type HandlerSlice } from '../shared/context.js';

export const backupHandlers: HandlerSlice<'backup.create'> = {
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
