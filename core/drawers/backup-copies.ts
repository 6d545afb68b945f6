/**
 * Backups off the machine (issue 40): the rules of the second destination, a
 * folder on a mounted disk or share the hall names. Which copies it keeps,
 * what a failure of the file system means, and the state the managers see.
 * Pure: db/backup-copy.ts writes the files, main/hall/backup-copier.ts
 * decides when.
 */
import { z } from 'zod';
import { isoTime } from '../schema.js';

/** The backups of `<data>/backups` (db/backup.ts) and the copies taken before a migration (db/connection.ts). */
const BACKUP = /^kiosk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;
const BEFORE_MIGRATION = /^kiosk-v\d+-before-migration-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

export const isBackupName = (name: string): boolean => BACKUP.test(name);
export const isBeforeMigrationName = (name: string): boolean => BEFORE_MIGRATION.test(name);

/**
 * The copies to remove from the destination so that the `keep` newest
 * backups stay (at least one). A copy taken before a migration is the way
 * back from an upgrade: never removed here. Names sort by time.
 */
export function copiesToRemove(names: readonly string[], keep: number): string[] {
  return names
    .filter(isBackupName)
    .sort()
    .reverse()
    .slice(Math.max(1, keep));
}

/** Why a copy was not made, as an error code of core/drawers/errors.ts. */
export type BackupCopyFailure = 'BACKUP_COPY_DESTINATION_MISSING' | 'BACKUP_COPY_NOT_WRITABLE' | 'BACKUP_COPY_FULL' | 'BACKUP_COPY_CHECK_FAILED' | 'BACKUP_COPY_FAILED';

/**
 * A file system's error (Node's `code`) as a failure a manager can act on:
 * a disk not mounted (the folder is gone), one mounted read-only or not ours
 * to write, one full; anything else by its own words.
 */
export function copyFailureOf(errno: string | undefined): BackupCopyFailure {
  switch (errno) {
    case 'ENOENT':
    case 'ENOTDIR':
    case 'ENODEV':
    case 'ENXIO':
      return 'BACKUP_COPY_DESTINATION_MISSING';
    case 'EROFS':
    case 'EACCES':
    case 'EPERM':
      return 'BACKUP_COPY_NOT_WRITABLE';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'BACKUP_COPY_FULL';
    default:
      return 'BACKUP_COPY_FAILED';
  }
}

/** After a failure, the next try: soon enough that a disk plugged back in is used the same hour. */
export const RETRY_AFTER_MS = 15 * 60_000;
/** With nothing new to copy, the destination is still looked at (and the newest copy put there) once a day at least. */
export const DAILY_MS = 24 * 60 * 60_000;

/** Whether the copier should try now: a new backup, a failure due for a retry, or a day since the last copy. */
export function copyDue(o: { newest: string | null; lastCopied: string | null; lastAttemptAt: Date | null; failed: boolean; now: Date }): boolean {
  if (o.newest === null) return false;
  if (o.lastAttemptAt === null) return true;
  const since = o.now.getTime() - o.lastAttemptAt.getTime();
  if (o.failed) return since >= RETRY_AFTER_MS;
  return o.newest !== o.lastCopied || since >= DAILY_MS;
}

const copySchema = z.object({
  /** The backup's name, the same in `<data>/backups` and in the destination. */
  file: z.string(),
  bytes: z.number().int(),
  sha256: z.string(),
  /** When it was written and checked there. */
  copiedAt: isoTime,
  /** Sales the copy holds (as its check counted them). */
  sales: z.number().int(),
});

/** The second destination as the managers see it (backup.copyStatus). */
export const backupCopyStateSchema = z.object({
  /** The folder named (hall setting, else the hall server's --backup-copy-dir); null: none, nothing is copied. */
  dir: z.string().nullable(),
  /** `off`: no folder named; `pending`: named, not tried yet; `ok`: the last try wrote and checked its copy; `failed`: it did not. */
  state: z.enum(['off', 'pending', 'ok', 'failed']),
  lastCopy: copySchema.nullable(),
  lastAttemptAt: isoTime.nullable(),
  /** The last try's failure (a code of core/drawers/errors.ts and its parameters), while it lasts. */
  error: z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
});
export type BackupCopyState = z.output<typeof backupCopyStateSchema>;
export type BackupCopy = z.output<typeof copySchema>;

/** No copy checked for this long (a day and a half: one nightly close missed) reads degraded on a health probe. */
export const COPY_STALE_MS = 36 * 60 * 60_000;

/**
 * The copies off the machine as a technician's probe reads them (GET /health):
 * degraded while the last try failed, or when the last checked copy is older
 * than COPY_STALE_MS; no folder named is ok (off) and says so.
 */
export function backupCopyHealth(s: BackupCopyState | null, now: Date): { status: 'ok' | 'degraded'; state: BackupCopyState['state']; lastCopyAt: string | null; ageSeconds: number | null; error: string | null } {
  const state = s?.state ?? 'off';
  const lastCopyAt = s?.lastCopy?.copiedAt ?? null;
  const ageSeconds = lastCopyAt === null ? null : Math.round((now.getTime() - Date.parse(lastCopyAt)) / 1000);
  const stale = state !== 'off' && (ageSeconds === null ? state !== 'pending' : ageSeconds * 1000 > COPY_STALE_MS);
  return { status: state === 'failed' || stale ? 'degraded' : 'ok', state, lastCopyAt, ageSeconds, error: s?.error?.code ?? null };
}
