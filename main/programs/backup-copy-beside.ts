/**
 * The copier of backups off the machine (main/hall/backup-copier.ts) started
 * beside a post's kiosk: the folder the hall names in its settings, else
 * `--backup-copy-dir DIR` (or KIOSK_BACKUP_COPY_DIR), the first form a
 * technician can give before anyone opens the settings.
 */
import { resolve } from 'node:path';
import { startBackupCopier, type BackupCopier } from '../hall/backup-copier.js';
import type { Kiosk } from '../kiosk.js';

/** The option every post that runs a copier takes (parseArgs). */
export const BACKUP_COPY_OPTIONS = { 'backup-copy-dir': { type: 'string' } } as const;

export function backupCopierBeside(kiosk: Kiosk, values: { 'backup-copy-dir'?: string }, o: { now?: () => Date; log?: (line: string) => void } = {}): BackupCopier {
  const given = values['backup-copy-dir'] ?? process.env.KIOSK_BACKUP_COPY_DIR;
  return startBackupCopier({
    kiosk,
    now: o.now ?? (() => new Date()),
    fallbackDir: given ? resolve(given) : null,
    ...(o.log ? { log: o.log } : {}),
  });
}
