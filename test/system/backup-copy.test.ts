/**
 * Backups off the machine (issue 40): with two folders, the hall's data and
 * the destination it names, each backup is copied there by the hall
 * server's copier and checked; the destination keeps its newest copies (and
 * the copies taken before a migration); a destination that is not there,
 * read-only or full is said to the managers and tried again while sales go
 * on; the restore drill states the sales of a good copy and fails, exit 1, on
 * a copy with bytes flipped.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, type ErrorCode } from '../../core/errors.js';
import { BACKUP_DIR, sha256OfFile } from '../../db/backup.js';
import { startBackupCopier, type BackupCopier } from '../../main/hall/backup-copier.js';
import { createTestHall, type TestHall } from '../fixtures/faces.js';
import { PROGRAM } from '../program.js';

const cli = (args: string[]) => spawnSync(process.execPath, [...PROGRAM, ...args], { encoding: 'utf8', timeout: 120_000 });

let t: TestHall;
let copier: BackupCopier | null;
let scratch: string[];
let mounts: string[];
beforeEach(async () => {
  t = await createTestHall();
  copier = null;
  scratch = [];
  mounts = [];
});
afterEach(async () => {
  await copier?.stop();
  t.h.close();
  for (const m of mounts) spawnSync('umount', [m]);
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kiosk-offsite-'));
  scratch.push(d);
  return d;
};

/** A tmpfs of its own (root only): `size` small enough to fill, or remounted read-only. Null where mounting is not allowed. */
function tmpfs(options: string): string | null {
  const dir = tempDir();
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  if (r.status !== 0) return null;
  mounts.push(dir);
  return dir;
}

async function sellingGame(): Promise<number> {
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 100_000 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  return (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
}
const sell = (gameId: number) => t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);

function startCopier(): BackupCopier {
  // A long tick: the test says when the copier looks (the events still start a look at once).
  copier = startBackupCopier({ kiosk: t.h.kiosk, now: t.h.clock.now, tickMs: 3_600_000 });
  return copier;
}

/** Bytes of the file flipped in the middle of its pages (a disk that rotted, a copy tampered with). */
function flipBytes(file: string): void {
  const fd = openSync(file, 'r+');
  try {
    const at = Math.floor(statSync(file).size / 2);
    const buf = Buffer.alloc(512);
    readSync(fd, buf, 0, buf.length, at);
    for (let i = 0; i < buf.length; i++) buf[i] = buf[i]! ^ 0xa5;
    writeSync(fd, buf, 0, buf.length, at);
  } finally {
    closeSync(fd);
  }
}

describe('backups off the machine', () => {
  it('copies each backup to the folder the hall names, checked there, and keeps its newest ones and those before a migration', async () => {
    const dest = tempDir();
    const gameId = await sellingGame();
    for (let i = 0; i < 12; i++) await sell(gameId);
    await t.h.ok('settings.update', { backupCopyDir: dest, backupCopiesKept: 3 }, t.manager);
    expect((await t.h.ok('backup.copyStatus', {}, t.manager)).state).toBe('pending');
    const c = startCopier();
    const b = await t.h.ok('backup.create', {}, t.manager);
    const s = await c.run();
    expect(s.state).toBe('ok');
    expect(s.lastCopy).toMatchObject({ file: b.file, sales: 12, copiedAt: t.h.clock.now().toISOString() });
    // The same bytes as the backup, whole and of the same version, and its manifest beside it.
    const copy = join(dest, b.file);
    expect(sha256OfFile(copy)).toBe(sha256OfFile(join(t.h.dataDir, BACKUP_DIR, b.file)));
    expect(s.lastCopy!.sha256).toBe(sha256OfFile(copy));
    const db = new Database(copy, { readonly: true, fileMustExist: true });
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    expect(db.pragma('user_version', { simple: true })).toBe(new Database(join(t.h.dataDir, 'kiosk.sqlite'), { readonly: true }).pragma('user_version', { simple: true }));
    db.close();
    expect(existsSync(`${copy}.json`)).toBe(true);
    expect(readdirSync(dest).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(await t.h.ok('backup.copyStatus', {}, t.manager)).toEqual(s);

    // A copy taken before a migration (db/connection.ts) is the way back from an upgrade: copied, never rotated away.
    const beforeMigration = 'kiosk-v33-before-migration-2026-11-30T19-00-00-000Z.sqlite';
    copyFileSync(join(t.h.dataDir, BACKUP_DIR, b.file), join(t.h.dataDir, BACKUP_DIR, beforeMigration));
    // N + 2 more backups, a minute apart: the destination keeps the N newest.
    const made = [b.file];
    for (let i = 0; i < 4; i++) {
      t.h.clock.advanceMinutes(1);
      await sell(gameId);
      made.push((await t.h.ok('backup.create', {}, t.manager)).file);
      expect((await c.run()).state).toBe('ok');
    }
    const copies = readdirSync(dest).filter((f) => f.endsWith('.sqlite')).sort();
    expect(copies).toEqual([...made.slice(-3), beforeMigration].sort());
    expect(readdirSync(dest).filter((f) => f.endsWith('.json')).sort()).toEqual(made.slice(-3).map((f) => `${f}.json`));
    expect(c.state().lastCopy).toMatchObject({ file: made.at(-1), sales: 16 });

    // The drill on the destination: the newest copy restored in a temporary folder, its exact sales said.
    const drill = cli(['backup:drill', '--data-dir', t.h.dataDir]);
    expect(drill.stderr).toBe('');
    expect(drill.status).toBe(0);
    expect(drill.stdout).toContain(`Ensaio de reposição: cópia ${made.at(-1)} de ${dest} (`);
    expect(drill.stdout).toContain('Vendas na cópia: 16.');
    expect(drill.stdout).toContain('Ensaio de reposição OK.');
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('kiosk-drill-'))).toEqual([]);

    // Bytes flipped in the newest copy: the drill fails, exit 1, naming the copy.
    flipBytes(join(dest, made.at(-1)!));
    const bad = cli(['backup:drill', '--copy-dir', dest]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(new RegExp(`Ensaio de reposição FALHOU: a cópia ${made.at(-1)!.replaceAll('.', '\\.')} não é a que foi feita: o seu SHA-256 \\([0-9a-f]{16}…\\) não é o do seu manifesto \\([0-9a-f]{16}…\\)\\.`));
    expect(bad.stdout).not.toContain('Ensaio de reposição OK.');
  }, 120_000);

  it('says a destination that is not there, then copies once it is, while sales go on', async () => {
    const gameId = await sellingGame();
    await sell(gameId);
    // A path that is a file, not a folder: the disk that should be mounted there is not.
    const notThere = join(tempDir(), 'usb');
    writeFileSync(notThere, '');
    await t.h.ok('settings.update', { backupCopyDir: notThere }, t.manager);
    const c = startCopier();
    await t.h.ok('backup.create', {}, t.manager);
    const s = await c.run();
    expect(s.state).toBe('failed');
    expect(s.error).toEqual({ code: 'BACKUP_COPY_DESTINATION_MISSING', params: expect.objectContaining({ dir: notThere }) });
    expect(errorMessage(s.error!.code as ErrorCode, s.error!.params)).toContain(`A pasta das cópias fora da máquina (${notThere}) não existe`);
    expect(await t.h.ok('backup.copyStatus', {}, t.manager)).toMatchObject({ state: 'failed', error: { code: 'BACKUP_COPY_DESTINATION_MISSING' } });
    // Sales go on.
    for (let i = 0; i < 3; i++) await sell(gameId);
    // Not again before its retry is due; a quarter of an hour later, with the disk there, it copies.
    rmSync(notThere);
    mkdirSync(notThere);
    expect((await c.run()).state).toBe('failed');
    t.h.clock.advanceMinutes(16);
    const again = await c.run();
    expect(again.state).toBe('ok');
    expect(again.error).toBeNull();
    expect(readdirSync(notThere).filter((f) => f.endsWith('.sqlite'))).toHaveLength(1);
    // A drill with no copy to take fails too, and says where it looked.
    const empty = tempDir();
    const none = cli(['backup:drill', '--copy-dir', empty]);
    expect([none.status, none.stdout.trim()]).toEqual([1, `Ensaio de reposição FALHOU: não há nenhuma cópia de segurança em ${empty}.`]);
  }, 60_000);

  it("takes the hall server's --backup-copy-dir until the hall names a folder of its own", async () => {
    const given = tempDir();
    const named = tempDir();
    copier = startBackupCopier({ kiosk: t.h.kiosk, now: t.h.clock.now, tickMs: 3_600_000, fallbackDir: given });
    const b = await t.h.ok('backup.create', {}, t.manager);
    expect(await copier.run()).toMatchObject({ dir: given, state: 'ok', lastCopy: { file: b.file, sales: 0 } });
    await t.h.ok('settings.update', { backupCopyDir: named }, t.manager);
    expect(await copier.run()).toMatchObject({ dir: named, state: 'ok', lastCopy: { file: b.file } });
    expect(readdirSync(named)).toContain(b.file);
    expect(await t.h.ok('backup.copyStatus', {}, t.manager)).toMatchObject({ dir: named, state: 'ok' });
  }, 60_000);

  it('says a destination that is full or read-only (tmpfs), and sales go on', async (ctx) => {
    const full = tmpfs('size=64k');
    if (full === null) ctx.skip();
    const gameId = await sellingGame();
    for (let i = 0; i < 5; i++) await sell(gameId);
    await t.h.ok('settings.update', { backupCopyDir: full! }, t.manager);
    const c = startCopier();
    await t.h.ok('backup.create', {}, t.manager);
    const s = await c.run();
    expect(s.error?.code).toBe('BACKUP_COPY_FULL');
    expect(errorMessage('BACKUP_COPY_FULL', s.error!.params)).toContain(`O disco das cópias fora da máquina (${full}) está cheio`);
    // Nothing half-written stays there.
    expect(readdirSync(full!)).toEqual([]);
    await sell(gameId);

    const readOnly = tmpfs('size=16m')!;
    expect(spawnSync('mount', ['-o', 'remount,ro', readOnly]).status).toBe(0);
    await t.h.ok('settings.update', { backupCopyDir: readOnly }, t.manager);
    const r = await c.run();
    expect(r).toMatchObject({ dir: readOnly, state: 'failed', error: { code: 'BACKUP_COPY_NOT_WRITABLE' } });
    await sell(gameId);
    expect((await t.h.ok('backup.copyStatus', {}, t.manager)).error?.code).toBe('BACKUP_COPY_NOT_WRITABLE');
  }, 60_000);
});
