import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkFile } from '../../db/backup.js';
import { createTestHall, type TestHall } from '../../test/fixtures/faces.js';
import { backupCheckWorkerUrl, checkBackupInWorker } from './backup-check.js';

let t: TestHall;
let dir: string;
beforeEach(async () => {
  t = await createTestHall();
  dir = mkdtempSync(join(tmpdir(), 'kiosk-check-'));
});
afterEach(() => {
  t.h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the backup check in a worker thread', () => {
  it('gives what the check on the main thread gives', async () => {
    const file = join(dir, 'copy.sqlite');
    await t.h.kiosk.db.backup(file);
    const inWorker = await checkBackupInWorker(file);
    expect(inWorker).toEqual(checkFile(file));
    expect(inWorker.integrity).toBe('ok');
    expect(inWorker.rows.audit_log).toBeGreaterThan(0);
  });

  it('refuses a file that is not a database, saying why', async () => {
    const file = join(dir, 'notas.sqlite');
    writeFileSync(file, 'isto não é uma base de dados'.repeat(300));
    await expect(checkBackupInWorker(file)).rejects.toThrow(/not a database/);
  });

  it('finds its worker beside it, compiled or not', () => {
    expect(backupCheckWorkerUrl('file:///app/dist/main/workers/backup-check.js').href).toBe('file:///app/dist/main/workers/backup-check-worker.js');
    expect(backupCheckWorkerUrl().href).toMatch(/\/main\/workers\/backup-check-worker\.ts$/);
  });
});
