/**
 * The restore of a backup (issue 21): a copy is restored only once its copy
 * in the data folder passed every check, the books document by document
 * among them; a refused one leaves the folder as it was, the backup's bytes
 * as they were, and no file beside either. No backup, taken or refused,
 * leaves a `.partial` file or SQLite's `-wal`/`-shm` beside the copies.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, KioskError } from '../core/errors.js';
import { createTestHall, type TestHall } from '../test/fixtures/faces.js';
import { DATABASE_FILE } from '../main/kiosk.js';
import { BACKUP_DIR, createBackup, describeDatabase, openForCheck, restoreBackup, RestoreRefusedError } from './backup.js';
import { APPLICATION_ID, asWritable, DatabaseRefusedError, loadMigrations } from './connection.js';

let t: TestHall;
let scratch: string[];
beforeEach(async () => {
  t = await createTestHall();
  scratch = [];
});
afterEach(() => {
  t.h.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'kiosk-restore-'));
  scratch.push(d);
  return d;
};
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const backupsDir = () => join(t.h.dataDir, BACKUP_DIR);

/** A hall with two sales, and a backup of it. */
async function backupWithSales(): Promise<string> {
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  const gameId = (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
  await t.h.ok('sale.create', { gameId, quantity: 3, payment: { method: 'cash', tenderedCents: 500 } }, t.cashier);
  await t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
  const b = await t.h.ok('backup.create', {}, t.manager);
  return join(backupsDir(), b.file);
}

/** Someone with the file edits it behind the kiosk's back: the append-only trigger dropped, the change made, the trigger put back. */
function tamper(file: string, table: string, sql: string): void {
  const db = new Database(file);
  const trigger = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`).get(`${table}_no_update`) as { name: string; sql: string };
  db.exec(`DROP TRIGGER ${trigger.name}`);
  db.exec(sql);
  db.exec(trigger.sql);
  db.close();
}

function refusalOf(fn: () => unknown): KioskError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(KioskError);
    return e as KioskError;
  }
  throw new Error('restored');
}

/** A refused restore: the target not created, the backup's bytes and its folder as they were. */
function expectRefusedUnchanged(from: string, target: string, fn: () => unknown): KioskError {
  const bytes = sha(from);
  const beside = readdirSync(backupsDir()).sort();
  const e = refusalOf(fn);
  expect(existsSync(target)).toBe(false);
  expect(sha(from)).toBe(bytes);
  expect(readdirSync(backupsDir()).sort()).toEqual(beside);
  return e;
}

describe('backup.create leaves nothing beside the copies', () => {
  it('a copy, its manifest, and no .partial, -wal or -shm file; the copy opens read-only without making one', async () => {
    const from = await backupWithSales();
    const name = from.slice(backupsDir().length + 1);
    expect(readdirSync(backupsDir()).sort()).toEqual([name, `${name}.json`]);
    // The copy is in rollback-journal mode: a read-only check (a restore, an audit, the worker's) writes nothing beside it.
    const db = openForCheck(from);
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(describeDatabase(db).rows.sales).toBe(2);
    db.close();
    expect(readdirSync(backupsDir()).sort()).toEqual([name, `${name}.json`]);
  });

  it('a copy whose check fails is removed with everything beside it', async () => {
    const dir = tempDir();
    const failing = createBackup(asWritable(t.h.kiosk.db), dir, new Date('2026-12-01T01:00:00.000Z'), {
      keep: 2,
      check: (file) => {
        // The check opened the copy read-only, as the worker does, then failed.
        openForCheck(file).close();
        return Promise.reject(new Error('check failed'));
      },
    });
    await expect(failing).rejects.toThrow('check failed');
    expect(readdirSync(join(dir, BACKUP_DIR))).toEqual([]);
  });
});

describe('restoreBackup', () => {
  it('restores a sound copy after the books check: every row, and only the database in the folder', async () => {
    const from = await backupWithSales();
    const target = join(tempDir(), 'hall');
    const check = restoreBackup(from, target, DATABASE_FILE);
    expect(check.books).toMatchObject({ findingsTotal: 0, findings: [] });
    expect(check.books.documents).toBeGreaterThanOrEqual(2);
    expect(check.rows.sales).toBe(2);
    expect(readdirSync(target)).toEqual([DATABASE_FILE]);
    const restored = openForCheck(join(target, DATABASE_FILE));
    expect(restored.prepare(`SELECT total_cents FROM sales ORDER BY id`).pluck().all()).toEqual([300, 100]);
    // The copy held the sessions open when it was made (the test hall's five logins); the hall put back holds none.
    const copy = openForCheck(from);
    expect(copy.prepare(`SELECT COUNT(*) FROM operator_sessions`).pluck().get()).toBe(5);
    copy.close();
    expect(restored.prepare(`SELECT COUNT(*) FROM operator_sessions`).pluck().get()).toBe(0);
    restored.close();
    expect(readdirSync(backupsDir()).filter((f) => !/\.sqlite(\.json)?$/.test(f))).toEqual([]);
  });

  it("refuses a copy whose sale price was edited by hand (integrity, chain and balance all hold), naming the books' first finding", async () => {
    const from = await backupWithSales();
    // The first sale sold at 0,50 € a card instead of 1,00 €: its ledger transaction still says 3,00 €.
    tamper(from, 'sales', `UPDATE sales SET unit_price_cents = 50, total_cents = 150, change_cents = tendered_cents - 150 WHERE id = 1`);
    const copy = openForCheck(from);
    const check = describeDatabase(copy);
    const saleTx = copy.prepare(`SELECT id FROM ledger_transactions WHERE ref_type = 'sale' AND ref_id = 1 AND kind = 'card_sale'`).pluck().get() as number;
    copy.close();
    expect([check.integrity, check.audit.valid, check.ledger.balanced]).toEqual(['ok', true, true]);

    const target = join(tempDir(), 'hall');
    const e = expectRefusedUnchanged(from, target, () => restoreBackup(from, target, DATABASE_FILE));
    expect(e).toBeInstanceOf(RestoreRefusedError);
    expect(e.code).toBe('RESTORE_BOOKS_DIFFER');
    expect(e.params).toEqual({ file: from, findings: 1, first: `transaction_differs sale:1 transaction:${saleTx}` });
    expect(e.message).toBe(
      `A cópia ${from} não passou na verificação dos livros, documento a documento: 1 diferença entre os documentos e a contabilidade (as primeiras: transaction_differs sale:1 transaction:${saleTx}). Foi alterada depois de feita; nada foi reposto.`,
    );
    expect(errorMessage(e.code, e.params, 'en')).toBe(
      `The backup ${from} failed the check of the books, document by document: 1 difference between the documents and the ledger (the first: transaction_differs sale:1 transaction:${saleTx}). It was changed after it was made; nothing was restored.`,
    );
  });

  it('into an empty folder that exists, a refused copy leaves it empty', async () => {
    const from = await backupWithSales();
    tamper(from, 'sales', `UPDATE sales SET unit_price_cents = 50, total_cents = 50, change_cents = tendered_cents - 50 WHERE id = 2`);
    const target = tempDir();
    expect(refusalOf(() => restoreBackup(from, target, DATABASE_FILE)).code).toBe('RESTORE_BOOKS_DIFFER');
    expect(readdirSync(target)).toEqual([]);
  });

  it('refuses a copy whose audit chain is broken', async () => {
    const from = await backupWithSales();
    tamper(from, 'audit_log', `UPDATE audit_log SET after = '{}' WHERE id = 3`);
    const target = join(tempDir(), 'hall');
    const e = expectRefusedUnchanged(from, target, () => restoreBackup(from, target, DATABASE_FILE));
    expect([e.code, e.params]).toEqual(['RESTORE_AUDIT_BROKEN', { file: from, seq: 3 }]);
    expect(e.message).toBe(`A cópia ${from} tem o registo de auditoria quebrado na entrada n.º 3: foi alterada depois de feita; nada foi reposto.`);
  });

  it("refuses another program's file, naming the file given (not its temporary copy)", async () => {
    await backupWithSales();
    const from = join(backupsDir(), 'contactos.sqlite');
    const other = new Database(from);
    other.exec(`CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ana')`);
    other.close();
    const target = join(tempDir(), 'hall');
    const e = expectRefusedUnchanged(from, target, () => restoreBackup(from, target, DATABASE_FILE));
    expect(e).toBeInstanceOf(DatabaseRefusedError);
    expect([e.code, (e as DatabaseRefusedError).file]).toEqual(['DATABASE_NOT_KIOSK', from]);
    expect(e.message).toContain(`O ficheiro ${from} é uma base de dados SQLite que não é do quiosque (tem 1 tabela: contacts).`);
  });

  it('refuses a copy whose user_version was set back', async () => {
    const from = await backupWithSales();
    const db = new Database(from);
    db.pragma('user_version = 9');
    db.close();
    const target = join(tempDir(), 'hall');
    const e = expectRefusedUnchanged(from, target, () => restoreBackup(from, target, DATABASE_FILE));
    expect(e.code).toBe('DATABASE_OLDER_THAN_SCHEMA');
    expect(e.params).toMatchObject({ file: from, version: 9, migration: loadMigrations()[9]!.name });
  });

  it('refuses a missing file and a folder that is not empty, changing nothing', async () => {
    const from = await backupWithSales();
    const missing = join(tempDir(), 'nada.sqlite');
    expect(refusalOf(() => restoreBackup(missing, join(tempDir(), 'hall'), DATABASE_FILE))).toMatchObject({
      code: 'RESTORE_SOURCE_MISSING',
      message: `O ficheiro ${missing} não existe: nada foi reposto.`,
    });
    const target = tempDir();
    mkdirSync(join(target, 'outra'));
    writeFileSync(join(target, 'notas.txt'), 'x');
    expect(refusalOf(() => restoreBackup(from, target, DATABASE_FILE))).toMatchObject({
      code: 'RESTORE_TARGET_NOT_EMPTY',
      message: `A pasta ${target} não está vazia: a reposição só se faz numa pasta vazia (nada foi alterado).`,
    });
    expect(readdirSync(target).sort()).toEqual(['notas.txt', 'outra']);
  });
});
