/** The rules of the copies off the machine: which ones stay, what a file system's error means, when to try, how a probe reads them. */
import { describe, expect, it } from 'vitest';
import { backupCopyHealth, copiesToRemove, copyDue, copyFailureOf, DAILY_MS, RETRY_AFTER_MS, type BackupCopyState } from './backup-copies.js';

const name = (minute: number) => `kiosk-2026-12-01T01-${String(minute).padStart(2, '0')}-00-000Z.sqlite`;

describe('copies off the machine', () => {
  it('keeps the newest N backups and every copy taken before a migration', () => {
    const names = [name(3), name(1), name(5), name(2), name(4), 'kiosk-v33-before-migration-2026-11-01T00-00-00-000Z.sqlite', 'copy-state.json', `${name(1)}.json`];
    expect(copiesToRemove(names, 3)).toEqual([name(2), name(1)]);
    // At least one stays, whatever the number says.
    expect(copiesToRemove(names, 0)).toEqual([name(4), name(3), name(2), name(1)]);
    expect(copiesToRemove(names, 14)).toEqual([]);
  });

  it('words a file system error as what the manager can do about it', () => {
    expect(copyFailureOf('ENOENT')).toBe('BACKUP_COPY_DESTINATION_MISSING');
    expect(copyFailureOf('ENOTDIR')).toBe('BACKUP_COPY_DESTINATION_MISSING');
    expect(copyFailureOf('EROFS')).toBe('BACKUP_COPY_NOT_WRITABLE');
    expect(copyFailureOf('EACCES')).toBe('BACKUP_COPY_NOT_WRITABLE');
    expect(copyFailureOf('ENOSPC')).toBe('BACKUP_COPY_FULL');
    expect(copyFailureOf('EIO')).toBe('BACKUP_COPY_FAILED');
    expect(copyFailureOf(undefined)).toBe('BACKUP_COPY_FAILED');
  });

  it('tries a new backup at once, a failure after its delay, and the same copy again daily', () => {
    const now = new Date('2026-12-01T12:00:00.000Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(copyDue({ newest: null, lastCopied: null, lastAttemptAt: null, failed: false, now })).toBe(false);
    expect(copyDue({ newest: name(1), lastCopied: null, lastAttemptAt: null, failed: false, now })).toBe(true);
    expect(copyDue({ newest: name(2), lastCopied: name(1), lastAttemptAt: ago(1000), failed: false, now })).toBe(true);
    expect(copyDue({ newest: name(1), lastCopied: name(1), lastAttemptAt: ago(DAILY_MS - 1), failed: false, now })).toBe(false);
    expect(copyDue({ newest: name(1), lastCopied: name(1), lastAttemptAt: ago(DAILY_MS), failed: false, now })).toBe(true);
    expect(copyDue({ newest: name(2), lastCopied: name(1), lastAttemptAt: ago(RETRY_AFTER_MS - 1), failed: true, now })).toBe(false);
    expect(copyDue({ newest: name(2), lastCopied: name(1), lastAttemptAt: ago(RETRY_AFTER_MS), failed: true, now })).toBe(true);
  });

  it('reads degraded on a probe while failing or when no copy was checked for a day and a half', () => {
    const now = new Date('2026-12-02T12:00:00.000Z');
    const ok: BackupCopyState = { dir: '/media/usb', state: 'ok', lastCopy: { file: name(1), bytes: 1, sha256: 'x', copiedAt: '2026-12-02T02:00:00.000Z', sales: 3 }, lastAttemptAt: '2026-12-02T02:00:00.000Z', error: null };
    expect(backupCopyHealth(null, now)).toEqual({ status: 'ok', state: 'off', lastCopyAt: null, ageSeconds: null, error: null });
    expect(backupCopyHealth(ok, now)).toMatchObject({ status: 'ok', ageSeconds: 36_000 });
    expect(backupCopyHealth(ok, new Date('2026-12-03T15:00:00.000Z')).status).toBe('degraded');
    expect(backupCopyHealth({ ...ok, state: 'failed', error: { code: 'BACKUP_COPY_FULL', params: {} } }, now)).toMatchObject({ status: 'degraded', error: 'BACKUP_COPY_FULL' });
    expect(backupCopyHealth({ dir: '/media/usb', state: 'pending', lastCopy: null, lastAttemptAt: null, error: null }, now).status).toBe('ok');
  });
});
