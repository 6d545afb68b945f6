import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPLICATION_ID, asWritable, BACKUPS_FOLDER, BEFORE_MIGRATION, DatabaseRefusedError, DatabaseTooNewError, loadMigrations, migrate, MigrationAlreadyAppliedError, openDatabase, type Db } from './connection.js';
import { stmt } from './sql.js';
import { errorMessage } from '../core/errors.js';
import { appendAudit } from './audit.js';
import { post } from './ledger.js';
import { ledger } from '../core/money-registry.js';

let dir: string;
let db: Db | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-db-'));
});
afterEach(() => {
  if (db?.open) db.close();
  db = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const AT = '2026-11-30T20:00:00.000Z';

/** A file's bytes, to prove a refusal left it as it was. */
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** One row in every table, through plain SQL (the services are tested elsewhere). */
function seed(d: Db): void {
  d.exec(`
    INSERT INTO hall (id, name, licence, created_at) VALUES (1, 'Sala', NULL, '${AT}');
    INSERT INTO operators (id, username, name, roles, pin_hash, created_at) VALUES (1, 'gerente', 'Gerente', '["manager"]', 'scrypt$x', '${AT}');
    INSERT INTO operators (id, username, name, roles, pin_hash, created_at) VALUES (2, 'caixa1', 'Caixa', '["cashier"]', 'scrypt$y', '${AT}');
    INSERT INTO series (id, code, price_cents, size, registered_at, registered_by) VALUES (1, 'A', 100, 10, '${AT}', 1);
    INSERT INTO sessions (id, opened_at, scheduled_close_at, opened_by) VALUES (1, '${AT}', '2026-12-01T02:00:00.000Z', 1);
    INSERT INTO games (id, session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by)
      VALUES (1, 1, 1, 'selling', 100, 1, 1, '${AT}', 1);
    INSERT INTO sales (id, game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
      VALUES (1, 1, 'T1', 2, 3, 100, 300, 'cash', 500, 200, '${AT}');
    INSERT INTO sale_ranges (sale_id, position, series_id, from_number, to_number) VALUES (1, 1, 1, 1, 3);
    INSERT INTO sale_voids (sale_id, voided_at, operator_id, approved_by) VALUES (1, '${AT}', 2, 1);
    INSERT INTO game_closures (game_id, closed_at, closed_by, cards_sold, total_cents, line_prize_cents, bingo_prize_cents,
      line_rounding_hundredths, bingo_rounding_hundredths, ranges, announcement)
      VALUES (1, '${AT}', 1, 3, 300, 15, 150, 0, 0, '[]', 'Venderam-se 3 cartões');
    INSERT INTO acta_entries (session_id, game_id, at, kind, data) VALUES (1, 1, '${AT}', 'sale_closed', '{}');
  `);
  post(asWritable(d), ledger.cardSale(1, 300, 'cash', 'T1'), { at: AT, operatorId: 2, terminalId: 'T1' });
  appendAudit(asWritable(d), { at: AT, operatorId: 2, terminalId: 'T1', channel: 'sale.create', outcome: 'ok', input: {}, before: null, after: null });
}

const APPEND_ONLY = [
  'sales',
  'sale_ranges',
  'sale_voids',
  'game_closures',
  'acta_entries',
  'ledger_transactions',
  'ledger_entries',
  'audit_log',
] as const;

describe('migrations', () => {
  it('are numbered from 1 without gaps', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThanOrEqual(1);
    migrations.forEach((m, i) => expect(m.version).toBe(i + 1));
    expect(migrations[0]!.name).toBe('0001-initial.sql');
  });

  it('set user_version to the latest migration on a new database', () => {
    db = openDatabase(join(dir, 'kiosk.sqlite'));
    expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    // Marked as the kiosk's ("BNGO"), so that no other program's file is ever taken for one.
    expect(db.pragma('application_id', { simple: true })).toBe(0x424e474f);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual(
      expect.arrayContaining(['hall', 'settings', 'operators', 'series', 'sessions', 'games', ...APPEND_ONLY]),
    );
  });

  it('apply nothing twice: reopening keeps the data and the version', () => {
    const file = join(dir, 'kiosk.sqlite');
    db = openDatabase(file);
    seed(db);
    db.close();
    db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    expect(db.prepare(`SELECT COUNT(*) FROM sales`).pluck().get()).toBe(1);
    expect(migrate(db)).toBe(loadMigrations().length);
  });

  it('copy a file of an older version into backups/ before migrating it, named after that version; a new or a current file is not copied (issue 40)', () => {
    const file = join(dir, 'kiosk.sqlite');
    const old = new Database(file);
    migrate(old, loadMigrations().slice(0, 10));
    old.exec(`INSERT INTO hall (id, name, licence, created_at) VALUES (1, 'Sala', NULL, '${AT}')`);
    old.close();
    // A copy cut short by an earlier start (killed while copying) is no copy: gone once a whole one is made.
    mkdirSync(join(dir, BACKUPS_FOLDER));
    writeFileSync(join(dir, BACKUPS_FOLDER, 'kiosk-v10-before-migration-2026-12-07T02-00-00-000Z.sqlite.partial'), 'cut short');
    const at = new Date('2026-12-07T03:00:00.000Z');
    db = openDatabase(file, { now: () => at });
    expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    db.close();
    const name = 'kiosk-v10-before-migration-2026-12-07T03-00-00-000Z.sqlite';
    expect(name).toMatch(BEFORE_MIGRATION);
    expect(readdirSync(join(dir, BACKUPS_FOLDER))).toEqual([name]);
    const copy = new Database(join(dir, BACKUPS_FOLDER, name), { readonly: true, fileMustExist: true });
    expect([copy.pragma('user_version', { simple: true }), copy.prepare(`SELECT name FROM hall`).pluck().get()]).toEqual([10, 'Sala']);
    copy.close();
    // At the latest version now: opened again, nothing more is copied.
    db = openDatabase(file);
    expect(readdirSync(join(dir, BACKUPS_FOLDER))).toEqual([name]);
    // A new file has nothing to keep; a caller whose file is a copy already (a restore's) says so.
    openDatabase(join(dir, 'new', 'kiosk.sqlite')).close();
    expect(readdirSync(join(dir, 'new'))).toEqual(['kiosk.sqlite']);
    const another = join(dir, 'restored', 'kiosk.sqlite');
    mkdirSync(join(dir, 'restored'));
    const older = new Database(another);
    migrate(older, loadMigrations().slice(0, 10));
    older.close();
    openDatabase(another, { backupBeforeMigrating: false }).close();
    expect(readdirSync(join(dir, 'restored'))).toEqual(['kiosk.sqlite']);
  });

  it('creates the data folder when it does not exist', () => {
    db = openDatabase(join(dir, 'a', 'b', 'kiosk.sqlite'));
    expect(readdirSync(join(dir, 'a', 'b'))).toContain('kiosk.sqlite');
  });

  it('refuse a kiosk database newer than the program (DatabaseTooNewError), naming the file', () => {
    const file = join(dir, 'kiosk.sqlite');
    const raw = new Database(file);
    raw.pragma(`application_id = ${APPLICATION_ID}`);
    raw.pragma('user_version = 99');
    raw.close();
    const bytes = sha(file);
    let error: unknown;
    try {
      openDatabase(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    const tooNew = error as DatabaseTooNewError;
    expect(tooNew.found).toBe(99);
    expect(tooNew.supported).toBe(loadMigrations().length);
    expect(tooNew.code).toBe('DATABASE_TOO_NEW');
    expect(tooNew.message).toBe(
      `A base de dados ${file} (versão 99) é mais recente do que este programa (versão ${loadMigrations().length}): atualize o programa.`,
    );
    expect(errorMessage(tooNew.code, tooNew.params, 'en')).toBe(
      `The database ${file} (version 99) is newer than this program (version ${loadMigrations().length}): update the program.`,
    );
    // The newer database was left as it was.
    expect(sha(file)).toBe(bytes);
    expect(readdirSync(dir)).toEqual(['kiosk.sqlite']);
  });

  it('run each migration in a transaction: a failing one leaves nothing behind', () => {
    const mdir = join(dir, 'migrations');
    mkdirSync(mdir);
    writeFileSync(join(mdir, '0001-one.sql'), 'CREATE TABLE one (x INTEGER) STRICT;');
    writeFileSync(join(mdir, '0002-broken.sql'), 'CREATE TABLE two (x INTEGER) STRICT; THIS IS NOT SQL;');
    db = new Database(':memory:');
    expect(() => migrate(db!, loadMigrations(mdir))).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual(['one']);
  });

  it('refuse a migration folder with a gap', () => {
    const mdir = join(dir, 'migrations');
    mkdirSync(mdir);
    writeFileSync(join(mdir, '0001-one.sql'), 'SELECT 1;');
    writeFileSync(join(mdir, '0003-three.sql'), 'SELECT 1;');
    writeFileSync(join(mdir, 'notes.txt'), 'not a migration');
    expect(() => loadMigrations(mdir)).toThrow('migration 0003-three.sql is out of sequence (expected 2)');
  });
});

describe('pragmas', () => {
  it('WAL, synchronous FULL, foreign keys on, a busy timeout', () => {
    db = openDatabase(join(dir, 'kiosk.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('foreign keys are enforced', () => {
    db = openDatabase(join(dir, 'kiosk.sqlite'));
    expect(() =>
      db!.exec(
        `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
         VALUES (999, 'T1', 999, 1, 100, 100, 'cash', 100, 0, '${AT}')`,
      ),
    ).toThrow('FOREIGN KEY constraint failed');
  });
});

describe('CHECK constraints', () => {
  beforeEach(() => {
    db = openDatabase(join(dir, 'kiosk.sqlite'));
    seed(db);
  });
  const sale = (q: number, unit: number, total: number, method: string, tendered: number, change: number) =>
    db!.prepare(
      `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
       VALUES (1, 'T1', 2, ?, ?, ?, ?, ?, ?, '${AT}')`,
    ).run(q, unit, total, method, tendered, change);

  it('a sale total is quantity x price, paid in cash or chips, with exact change', () => {
    expect(() => sale(2, 100, 200, 'cash', 500, 300)).not.toThrow();
    expect(() => sale(2, 100, 199, 'cash', 500, 301)).toThrow('CHECK constraint failed');
    expect(() => sale(2, 100, 200, 'cheque', 500, 300)).toThrow('CHECK constraint failed');
    expect(() => sale(2, 100, 200, 'cash', 100, -100)).toThrow('CHECK constraint failed');
    expect(() => sale(2, 100, 200, 'cash', 500, 299)).toThrow('CHECK constraint failed');
    expect(() => sale(0, 100, 0, 'cash', 0, 0)).toThrow('CHECK constraint failed');
  });

  it('a series next number stays within 1..size+1 and one game sells at a time', () => {
    expect(() => db!.exec(`UPDATE series SET next_number = 11 WHERE id = 1`)).not.toThrow();
    expect(() => db!.exec(`UPDATE series SET next_number = 12 WHERE id = 1`)).toThrow('CHECK constraint failed');
    expect(() => db!.exec(`UPDATE series SET next_number = 0 WHERE id = 1`)).toThrow('CHECK constraint failed');
    expect(() =>
      db!.exec(
        `INSERT INTO games (session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by)
         VALUES (1, 2, 'selling', 100, 1, 4, '${AT}', 1)`,
      ),
    ).toThrow('UNIQUE constraint failed');
  });

  it('a ledger entry is never zero', () => {
    expect(() => db!.exec(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (1, 'cash:T1', 0)`)).toThrow(
      'CHECK constraint failed',
    );
  });
});

describe('append-only tables', () => {
  beforeEach(() => {
    db = openDatabase(join(dir, 'kiosk.sqlite'));
    seed(db);
  });

  it.each(APPEND_ONLY)('%s refuses UPDATE and DELETE', (table) => {
    const before = db!.prepare(`SELECT * FROM "${table}"`).all();
    expect(before.length).toBeGreaterThan(0);
    const column = (db!.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid LIMIT 1`).pluck().get(table) as string);
    expect(() => db!.exec(`UPDATE "${table}" SET "${column}" = "${column}"`)).toThrow(`${table} is append-only`);
    expect(() => db!.exec(`DELETE FROM "${table}"`)).toThrow(`${table} is append-only`);
    expect(db!.prepare(`SELECT * FROM "${table}"`).all()).toEqual(before);
  });

  it('still accepts new rows', () => {
    appendAudit(asWritable(db!), { at: AT, operatorId: null, terminalId: 'T1', channel: 'x', outcome: 'ok', input: {}, before: null, after: null });
    expect(db!.prepare(`SELECT COUNT(*) FROM audit_log`).pluck().get()).toBe(2);
  });

  it('the other tables can change (a series moves its next number)', () => {
    stmt(db!, `UPDATE series SET next_number = 4 WHERE id = 1`).run();
    expect(db!.prepare(`SELECT next_number FROM series WHERE id = 1`).pluck().get()).toBe(4);
  });
});

describe('stmt', () => {
  it('caches one prepared statement per connection and SQL text', () => {
    db = openDatabase(join(dir, 'kiosk.sqlite'));
    const a = stmt(db, 'SELECT 1');
    expect(stmt(db, 'SELECT 1')).toBe(a);
    expect(stmt(db, 'SELECT 2')).not.toBe(a);
    const other = openDatabase(join(dir, 'other.sqlite'));
    try {
      expect(stmt(other, 'SELECT 1')).not.toBe(a);
    } finally {
      other.close();
    }
  });
});

describe('a database file the kiosk will not serve', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const fileIn = () => {
    const d = mkdtempSync(join(tmpdir(), 'kiosk-refuse-'));
    dirs.push(d);
    return join(d, 'kiosk.sqlite');
  };
  const refusal = (file: string) => {
    try {
      openDatabase(file).close();
    } catch (e) {
      return e as DatabaseRefusedError;
    }
    throw new Error('opened');
  };

  it('an empty file (0 bytes) is refused with its path, and stays empty: no new hall over it', () => {
    const file = fileIn();
    writeFileSync(file, '');
    const e = refusal(file);
    expect(e).toBeInstanceOf(DatabaseRefusedError);
    expect(e.reason).toBe('empty');
    expect(e.message).toBe(
      `A base de dados ${file} está vazia (0 bytes). O quiosque não arranca sobre ela nem cria uma sala nova no seu lugar: guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.`,
    );
    expect(statSync(file).size).toBe(0);
  });

  it('a file that is not a database is refused', () => {
    const file = fileIn();
    writeFileSync(file, randomBytes(4096));
    expect(refusal(file).reason).toBe('not_a_database');
  });

  it('a database with 4 KiB of random bytes inside is refused as damaged (quick_check), a sound one opens', () => {
    const file = fileIn();
    const db = openDatabase(file);
    db.exec(`CREATE TABLE filler (x TEXT) STRICT`);
    const insert = db.prepare(`INSERT INTO filler VALUES (?)`);
    db.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(`linha ${i} `.repeat(20));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    openDatabase(file).close();
    const size = statSync(file).size;
    const fd = openSync(file, 'r+');
    writeSync(fd, randomBytes(4096), 0, 4096, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);
    const e = refusal(file);
    expect(e.reason).toBe('damaged');
    expect(e.message).toContain('está danificada');
  });
});

describe("another program's file, and a kiosk file older than it claims (issue 21)", () => {
  const kioskFile = (version?: number) => {
    const file = join(dir, 'kiosk.sqlite');
    const d = openDatabase(file);
    seed(d);
    d.close();
    if (version !== undefined) setVersion(file, version);
    return file;
  };
  const setVersion = (file: string, version: number) => {
    const raw = new Database(file);
    raw.pragma(`user_version = ${version}`);
    raw.close();
  };
  const refusal = (file: string): DatabaseRefusedError => {
    try {
      openDatabase(file).close();
    } catch (e) {
      expect(e).toBeInstanceOf(DatabaseRefusedError);
      return e as DatabaseRefusedError;
    }
    throw new Error('opened');
  };
  /** What a refusal must leave: the same bytes, and no file beside it. */
  const unchanged = (file: string, refuse: () => void) => {
    const bytes = sha(file);
    const listing = readdirSync(dir).sort();
    refuse();
    expect(sha(file)).toBe(bytes);
    expect(readdirSync(dir).sort()).toEqual(listing);
  };
  const en = (e: DatabaseRefusedError) => errorMessage(e.code, e.params, 'en');

  it("a SQLite file with another program's table is refused with its path: no kiosk table, no hall, not even WAL mode", () => {
    const file = join(dir, 'contactos.sqlite');
    const other = new Database(file);
    other.exec(`CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO contacts (name) VALUES ('Ana'), ('Rui');`);
    other.pragma('user_version = 3');
    other.close();
    unchanged(file, () => {
      const e = refusal(file);
      expect([e.reason, e.code, e.file]).toEqual(['not_kiosk', 'DATABASE_NOT_KIOSK', file]);
      expect(e.message).toBe(
        `O ficheiro ${file} é uma base de dados SQLite que não é do quiosque (tem 1 tabela: contacts). O quiosque não arranca sobre ele nem lhe acrescenta as suas tabelas e uma sala: indique a pasta de dados do quiosque, ou guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.`,
      );
      expect(en(e)).toBe(
        `The file ${file} is a SQLite database that is not the kiosk's (it has 1 table: contacts). The kiosk does not start on it nor adds its own tables and a hall to it: give the kiosk's data folder, or keep this file aside and restore the latest backup into an empty folder (npm run backup:restore -- --from <backup> --data-dir <folder>), or call the technician.`,
      );
    });
    const check = new Database(file, { readonly: true });
    expect(check.prepare(`SELECT name FROM sqlite_master`).pluck().all()).toEqual(['contacts']);
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it("a file marked with another program's application_id is refused, whatever tables it has", () => {
    const file = kioskFile();
    const raw = new Database(file);
    raw.pragma('application_id = 305419896');
    raw.close();
    unchanged(file, () => {
      const e = refusal(file);
      expect([e.reason, e.code]).toEqual(['foreign', 'DATABASE_FOREIGN']);
      expect(e.message).toBe(
        `O ficheiro ${file} é uma base de dados de outro programa (application_id 0x12345678), não do quiosque. O quiosque não arranca sobre ele nem lhe acrescenta as suas tabelas: indique a pasta de dados do quiosque, ou guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.`,
      );
      expect(en(e)).toContain(`The file ${file} is another program's database (application_id 0x12345678), not the kiosk's.`);
    });
  });

  it('a file with no table but a user_version is not taken for a new hall', () => {
    const file = join(dir, 'kiosk.sqlite');
    setVersion(file, 7);
    unchanged(file, () => {
      const e = refusal(file);
      expect(e.code).toBe('DATABASE_NOT_KIOSK');
      expect(e.message).toContain(`O ficheiro ${file} é uma base de dados SQLite que não é do quiosque (não tem tabelas, mas tem a versão 7).`);
      expect(en(e)).toContain("(it has no table, but it has version 7).");
    });
  });

  it('a kiosk file made before the mark is adopted: marked, every row and the version kept', () => {
    const file = kioskFile();
    const raw = new Database(file);
    raw.pragma('application_id = 0');
    raw.close();
    db = openDatabase(file);
    expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    expect(db.pragma('user_version', { simple: true })).toBe(loadMigrations().length);
    expect(db.prepare(`SELECT COUNT(*) FROM sales`).pluck().get()).toBe(1);
    expect(db.prepare(`SELECT COUNT(*) FROM audit_log`).pluck().get()).toBe(1);
  });

  it('a kiosk file made before the mark, at an older version, is migrated and marked', () => {
    const file = join(dir, 'kiosk.sqlite');
    const migrations = loadMigrations();
    const old = new Database(file);
    migrate(old, migrations.slice(0, 10));
    old.pragma('application_id = 0');
    old.exec(`INSERT INTO hall (id, name, licence, created_at) VALUES (1, 'Sala', NULL, '${AT}')`);
    old.close();
    db = openDatabase(file);
    expect([db.pragma('application_id', { simple: true }), db.pragma('user_version', { simple: true })]).toEqual([APPLICATION_ID, migrations.length]);
    expect(db.prepare(`SELECT name FROM hall`).pluck().all()).toEqual(['Sala']);
  });

  it("a kiosk file whose user_version was set back is refused in words, naming the first later migration's table it holds", () => {
    const file = kioskFile(5);
    unchanged(file, () => {
      const e = refusal(file);
      expect([e.reason, e.code]).toEqual(['older_than_schema', 'DATABASE_OLDER_THAN_SCHEMA']);
      expect(e.params).toMatchObject({ version: 5, migration: '0006-caixa.sql', kind: 'table' });
      expect(e.message).toBe(
        `A base de dados ${file} diz estar na versão 5, mas já tem a tabela ${e.params.name} da migração 0006-caixa.sql: a versão foi alterada fora do quiosque, e aplicar de novo as migrações seguintes estragaria os dados. O quiosque não arranca sobre ela nem cria uma sala nova no seu lugar: guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.`,
      );
      expect(en(e)).toContain(`The database ${file} says it is at version 5, but it already holds the table ${e.params.name} of migration 0006-caixa.sql:`);
    });
  });

  it('set back past a migration that only adds a column: the column tells', () => {
    const file = kioskFile(13);
    unchanged(file, () => {
      const e = refusal(file);
      expect(e.params).toMatchObject({ version: 13, migration: '0014-fund-transfer-branch.sql', kind: 'column', name: 'fund_transfers.branch' });
      expect(e.message).toContain('diz estar na versão 13, mas já tem a coluna fund_transfers.branch da migração 0014-fund-transfer-branch.sql');
    });
  });

  it('set back to 0: a kiosk file is never taken for a new one', () => {
    const file = kioskFile(0);
    unchanged(file, () => {
      const e = refusal(file);
      expect(e.params).toMatchObject({ version: 0, migration: '0001-initial.sql', kind: 'table' });
    });
  });

  it('a migration that finds what it creates already there throws MigrationAlreadyAppliedError, and applies nothing', () => {
    const mdir = join(dir, 'migrations');
    mkdirSync(mdir);
    writeFileSync(join(mdir, '0001-one.sql'), 'CREATE TABLE one (x INTEGER) STRICT;');
    writeFileSync(join(mdir, '0002-two.sql'), 'CREATE TABLE two (x INTEGER) STRICT; CREATE TABLE one (y INTEGER) STRICT;');
    db = new Database(':memory:');
    db.exec('CREATE TABLE two (x INTEGER) STRICT;');
    db.pragma('user_version = 0');
    let error: unknown;
    try {
      migrate(db, loadMigrations(mdir));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationAlreadyAppliedError);
    expect(error).toMatchObject({ migration: '0002-two.sql', version: 1, detail: 'table two already exists' });
    expect(db.pragma('user_version', { simple: true })).toBe(1);
  });
});
