/**
 * Backups: taken through the dispatcher while a cashier sells, restored with
 * the command line into an empty folder, equal to the source at the backup's
 * moment; the audit check from the command line names a row changed behind
 * the kiosk's back.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asWritable } from '../../../db/connection.js';
import { BACKUP_DIR, createBackup, describeDatabase, listBackups, openForCheck } from '../../../db/backup.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import type { KioskEvent } from '../../../core/events.js';
import { DATABASE_FILE, PIN_KEY_FILE } from '../../kiosk.js';
import { PROGRAM } from '../../../test/program.js';

const CLI = PROGRAM;
const cli = (args: string[]) => spawnSync(process.execPath, [...CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

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

async function sellingGame(): Promise<number> {
  await t.h.ok('series.register', { code: 'A', priceCents: 100, size: 100_000 }, t.manager);
  await t.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, t.manager);
  return (await t.h.ok('game.open', { seriesCode: 'A' }, t.manager)).id;
}

describe('backup.create', () => {
  it('copies the database while sales go on; the restored copy equals the source at the backup moment', async () => {
    const gameId = await sellingGame();
    for (let i = 0; i < 50; i++) await t.h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
    // A cashier keeps selling, one sale a turn of the loop, while the copy is made.
    let selling = true;
    let soldMeanwhile = 0;
    const seller = (async () => {
      while (selling) {
        await t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
        soldMeanwhile++;
        await new Promise((r) => setImmediate(r));
      }
    })();
    // The source as it stands when the copy completes: its last progress event comes
    // synchronously then, before the check (in a worker) lets sales go on.
    let atCopy: ReturnType<typeof describeDatabase> | null = null;
    const stop = t.h.kiosk.onEvent((e) => {
      if (e.type === 'progress' && e.done === e.total && atCopy === null) atCopy = describeDatabase(t.h.kiosk.db);
    });
    const b = await t.h.ok('backup.create', {}, t.manager);
    selling = false;
    stop();
    await seller;
    expect(soldMeanwhile).toBeGreaterThan(0);
    expect(b.file).toMatch(/^kiosk-2026-11-30T20-00-00-000Z\.sqlite$/);
    expect(b.integrity).toBe('ok');
    expect(b.bytes).toBeGreaterThan(4096);
    expect(existsSync(join(t.h.dataDir, BACKUP_DIR, b.file))).toBe(true);

    const target = join(tempDir(), 'hall');
    const r = cli(['backup:restore', '--from', join(t.h.dataDir, BACKUP_DIR, b.file), '--data-dir', target]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Reposto em ${join(target, DATABASE_FILE)}: ${atCopy!.rows.sales} vendas`);
    expect(r.stdout).toContain('integridade ok, livros certos (');
    // The hall's PIN key came along from the data folder the backup lies in, owner-only.
    expect(r.stdout).toContain(`Chave dos PIN copiada de ${join(t.h.dataDir, BACKUP_DIR, '..', PIN_KEY_FILE)}.`);
    expect(readFileSync(join(target, PIN_KEY_FILE))).toEqual(readFileSync(join(t.h.dataDir, PIN_KEY_FILE)));
    expect(statSync(join(target, PIN_KEY_FILE)).mode & 0o777).toBe(0o600);
    const restored = openForCheck(join(target, DATABASE_FILE));
    try {
      const copy = describeDatabase(restored);
      // Sales, ledger and audit chain as the source had them when the copy completed, card numbers included.
      expect(atCopy).not.toBeNull();
      expect(copy).toEqual(atCopy);
      expect(b.rows).toEqual(atCopy!.rows);
      const sourceHead = t.h.kiosk.db.prepare(`SELECT hash FROM audit_log WHERE id = ?`).pluck().get(atCopy!.audit.entries);
      expect(restored.prepare(`SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1`).pluck().get()).toBe(sourceHead);
      // The backup's own audit row came after the copy.
      // (Sales go on meanwhile: a sale may share the backup's commit and come after it.)
      const backupRow = t.h.kiosk.db.prepare(`SELECT id FROM audit_log WHERE channel = 'backup.create' ORDER BY id DESC LIMIT 1`).pluck().get() as number;
      expect(backupRow).toBeGreaterThan(atCopy!.audit.entries);
      expect(restored.prepare(`SELECT COUNT(*) FROM audit_log WHERE channel = 'backup.create'`).pluck().get()).toBe(0);
    } finally {
      restored.close();
    }
  });

  it('keeps the newest copies and leaves no half-written one', async () => {
    const dir = tempDir();
    const db = asWritable(t.h.kiosk.db);
    for (let i = 0; i < 4; i++) await createBackup(db, dir, new Date(Date.UTC(2026, 11, 1, 1, 0, i)), { keep: 2 });
    expect(listBackups(join(dir, BACKUP_DIR))).toEqual(['kiosk-2026-12-01T01-00-03-000Z.sqlite', 'kiosk-2026-12-01T01-00-02-000Z.sqlite']);
    // Nothing half-written, nor SQLite's -wal and -shm of a copy opened for its check (issue 21).
    expect(readdirSync(join(dir, BACKUP_DIR)).filter((f) => !/\.sqlite(\.json)?$/.test(f))).toEqual([]);
    // Each copy's manifest goes with it.
    expect(readdirSync(join(dir, BACKUP_DIR)).filter((f) => f.endsWith('.json')).sort()).toEqual([
      'kiosk-2026-12-01T01-00-02-000Z.sqlite.json',
      'kiosk-2026-12-01T01-00-03-000Z.sqlite.json',
    ]);
  });

  it("keeps the chain's head beside each copy; audit.verify checks the live file against the newest (issue 12)", async () => {
    const gameId = await sellingGame();
    await t.h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
    const db = t.h.kiosk.db;
    const head = db.prepare(`SELECT id AS seq, hash FROM audit_log ORDER BY id DESC LIMIT 1`).get() as { seq: number; hash: string };
    const b = await t.h.ok('backup.create', {}, t.manager);
    expect(b.auditHead).toEqual(head);
    const manifest = JSON.parse(readFileSync(join(t.h.dataDir, BACKUP_DIR, `${b.file}.json`), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ file: b.file, at: '2026-11-30T20:00:00.000Z', auditHead: head, rows: b.rows });
    for (let i = 0; i < 3; i++) await t.h.ok('sale.create', { gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, t.cashier);
    expect(await t.h.ok('audit.verify', {}, t.manager)).toMatchObject({ valid: true, backup: { file: b.file, ...head, anchor: 'ok' } });

    // The log cut back to before the backup and the chain rebuilt whole: only the backup's head tells.
    db.exec(`DROP TRIGGER audit_log_no_delete`);
    db.prepare(`DELETE FROM audit_log WHERE id >= ?`).run(head.seq);
    expect(await t.h.ok('audit.verify', {}, t.manager)).toMatchObject({ valid: false, brokenAt: null, backup: { file: b.file, seq: head.seq, anchor: 'truncated' } });
  });

  it('tells every screen how far it is: progress events end with every page copied', async () => {
    const events: KioskEvent[] = [];
    const stop = t.h.kiosk.onEvent((e) => events.push(e));
    await t.h.ok('backup.create', {}, t.manager);
    stop();
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(0);
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ type: 'progress', task: 'backup' });
    expect(last.type === 'progress' && last.done === last.total && last.total > 0).toBe(true);
    // Progress comes before the command's own change event.
    expect(events.findIndex((e) => e.type === 'progress')).toBeLessThan(events.findIndex((e) => e.type === 'changed' && e.channel === 'backup.create'));
  });

  it('is a manager\'s command: a cashier is refused', async () => {
    expect((await t.h.refused('backup.create', {}, t.cashier)).code).toBe('FORBIDDEN');
  });
});

describe('command line', () => {
  it('backup:restore of a copy taken away without its PIN key says what that means, and the hall gets back in with the recovery code', async () => {
    const b = await t.h.ok('backup.create', {}, t.manager);
    const away = tempDir();
    copyFileSync(join(t.h.dataDir, BACKUP_DIR, b.file), join(away, b.file));
    const target = join(tempDir(), 'hall');
    const r = cli(['backup:restore', '--from', join(away, b.file), '--data-dir', target]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Sem a chave dos PIN (pin.key) desta sala, nenhum PIN poderá ser verificado');
    // Given by hand (--pin-key), it is put in place.
    const again = join(tempDir(), 'hall');
    const withKey = cli(['backup:restore', '--from', join(away, b.file), '--data-dir', again, '--pin-key', join(t.h.dataDir, PIN_KEY_FILE)]);
    expect(withKey.status).toBe(0);
    expect(readFileSync(join(again, PIN_KEY_FILE))).toEqual(readFileSync(join(t.h.dataDir, PIN_KEY_FILE)));
  });

  it('backup:restore refuses a folder that is not empty and changes nothing', async () => {
    const b = await t.h.ok('backup.create', {}, t.manager);
    const target = tempDir();
    writeFileSync(join(target, 'notas.txt'), 'x');
    const r = cli(['backup:restore', '--from', join(t.h.dataDir, BACKUP_DIR, b.file), '--data-dir', target]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('não está vazia');
    expect(readdirSync(target)).toEqual(['notas.txt']);
  });

  it('backup:restore refuses a copy whose sale price was edited by hand, in words (pt-PT and English), with no stack', async () => {
    const gameId = await sellingGame();
    await t.h.ok('sale.create', { gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, t.cashier);
    const b = await t.h.ok('backup.create', {}, t.manager);
    const from = join(t.h.dataDir, BACKUP_DIR, b.file);
    execFileSync('node', ['-e', `
      const D = require('better-sqlite3'); const db = new D(${JSON.stringify(from)});
      db.exec("DROP TRIGGER sales_no_update");
      db.prepare("UPDATE sales SET unit_price_cents = 10, total_cents = 20, change_cents = 180").run();
      db.close();`]);
    const target = join(tempDir(), 'hall');
    const r = cli(['backup:restore', '--from', from, '--data-dir', target]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^A cópia ${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} não passou na verificação dos livros, documento a documento: 1 diferença .*transaction_differs sale:1 transaction:\\d+.*nada foi reposto\\.$`));
    expect(lines[1]).toMatch(/^The backup .* failed the check of the books, document by document: 1 difference .*nothing was restored\.$/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(join(t.h.dataDir, BACKUP_DIR)).sort()).toEqual([b.file, `${b.file}.json`]);
  });

  it("web refuses to start on another program's database, in words with its path, and leaves it as it was", () => {
    const dir = tempDir();
    const file = join(dir, DATABASE_FILE);
    execFileSync('node', ['-e', `
      const D = require('better-sqlite3'); const db = new D(${JSON.stringify(file)});
      db.exec("CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ana')");
      db.close();`]);
    const before = readFileSync(file);
    const r = cli(['web', '--data-dir', dir, '--port', '0', '--demo']);
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe(
      `O ficheiro ${file} é uma base de dados SQLite que não é do quiosque (tem 1 tabela: contacts). O quiosque não arranca sobre ele nem lhe acrescenta as suas tabelas e uma sala: indique a pasta de dados do quiosque, ou guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.`,
    );
    expect(lines[1]).toMatch(new RegExp(`^The file .*${DATABASE_FILE} is a SQLite database that is not the kiosk's \\(it has 1 table: contacts\\)\\.`));
    expect(lines).toHaveLength(2);
    expect(readFileSync(file).equals(before)).toBe(true);
    // Nothing beside it but the program's own log folder (opened before the file is looked at, so a refusal is logged).
    expect(readdirSync(dir).sort()).toEqual([DATABASE_FILE, 'logs']);
  });

  it('audit:verify passes a sound database and names the first audit row changed behind its back', async () => {
    const ok = cli(['audit:verify', '--data-dir', t.h.dataDir]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('Registo de auditoria: íntegro');
    expect(ok.stdout).toContain('Contabilidade: equilibrada');
    expect(ok.stdout).toContain('Livros, documento a documento: certos (0 documentos, 0 transações, 3 operadores).');
    const entries = t.h.kiosk.db.prepare(`SELECT COUNT(*) FROM audit_log`).pluck().get() as number;
    expect(entries).toBeGreaterThan(3);
    // Against a head printed earlier (the last row now): the same file passes; a head it never had is "rewritten".
    const head = t.h.kiosk.db.prepare(`SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1`).get() as { id: number; hash: string };
    expect(cli(['audit:verify', '--data-dir', t.h.dataDir, '--anchor', `${head.id}:${head.hash}`]).status).toBe(0);
    const forged = cli(['audit:verify', '--data-dir', t.h.dataDir, '--anchor', `${head.id}:${'0'.repeat(64)}`]);
    expect([forged.status, forged.stdout.split('\n')[0]]).toEqual([1, `Registo de auditoria: REESCRITO: a entrada n.º ${head.id} já não tem o hash impresso.`]);
    const cut = cli(['audit:verify', '--data-dir', t.h.dataDir, '--anchor', `${head.id + 50}:${head.hash}`]);
    expect([cut.status, cut.stdout.split('\n')[0]]).toEqual([1, `Registo de auditoria: CORTADO: a entrada n.º ${head.id + 50} impressa já não existe (${entries} entradas).`]);
    // Someone with the file edits row 3 directly (the append-only trigger dropped first).
    const dir = t.h.dataDir;
    t.h.kiosk.close();
    execFileSync('node', ['-e', `
      const D = require('better-sqlite3'); const db = new D(${JSON.stringify(join(dir, DATABASE_FILE))});
      db.exec("DROP TRIGGER audit_log_no_update");
      db.prepare("UPDATE audit_log SET after = '{}' WHERE id = 3").run();
      db.close();`]);
    const broken = cli(['audit:verify', '--data-dir', dir]);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain(`Registo de auditoria: QUEBRADO na entrada n.º 3 (de 3 lidas).`);
    await t.h.reopen();
  });

  it('audit:verify names a balanced transaction written by hand, which the ledger alone finds balanced', () => {
    const db = t.h.kiosk.db;
    const id = Number(
      db.prepare(`INSERT INTO ledger_transactions (at, kind, terminal_id, ref_type, ref_id) VALUES ('2026-11-30T23:00:00.000Z', 'pay_in', 'T1', 'drawer_movement', 999)`).run()
        .lastInsertRowid,
    );
    db.prepare(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (?, 'cash:T1', 5000), (?, 'equity:pay_in', -5000)`).run(id, id);
    const r = cli(['audit:verify', '--data-dir', t.h.dataDir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('Contabilidade: equilibrada');
    expect(r.stdout).toContain(
      `Livros, documento a documento: 2 DIFERENÇAS; as primeiras: transaction_unexplained drawer_movement n.º 999 (transação n.º ${id}); audit_missing (transação n.º ${id}).`,
    );
  });
});
