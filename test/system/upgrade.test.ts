/**
 * The upgrade a hall takes at every update (issue 40): the data folder of the
 * previous release (test/fixtures/release-0.1.0/, written by that release's
 * own code, see its README) opened with today's code as a hall server opens
 * it (openKiosk): copied into backups/ before a migration changes it, named
 * after its old user_version; migrated; its books and signed checkpoints
 * verify (audit:verify) and every sale is there to the cent. A file newer
 * than this program is refused in words and left as it was. A migration
 * killed with SIGKILL inside its transaction leaves the file as it was, and
 * the next open migrates it. A copy that cannot be made stops the migration,
 * in words.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyAudit } from '../../db/audit.js';
import { openForCheck } from '../../db/backup.js';
import { checkBooks } from '../../db/books.js';
import { BEFORE_MIGRATION, BACKUPS_FOLDER, DatabaseTooNewError, loadMigrations, MigrationBackupError, openDatabase, type Db } from '../../db/connection.js';
import { verifyLedger } from '../../db/ledger.js';
import { verifyCheckpoints } from '../../db/transparency.js';
import { errorMessage } from '../../core/errors.js';
import { DATABASE_FILE, openKiosk } from '../../main/kiosk.js';
import { PROBE_ROWS, probeMigration, withProbe } from './upgrade-probe.js';
import { PROGRAM, testScript } from '../program.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURE = join(ROOT, 'test', 'fixtures', 'release-0.1.0');
/** The previous release's schema: the user_version its code left in the file. */
const RELEASE_VERSION = 34;

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  // A child that a failed assertion left waiting inside its migration: it waits for ever otherwise.
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The release's folder in a temp folder of its own: the fixture is a closed file (no WAL), so its bytes are the database. */
function hallFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'upgrade-'));
  dirs.push(dir);
  for (const f of readdirSync(FIXTURE)) if (f !== 'README.md' && f !== '.gitignore') copyFileSync(join(FIXTURE, f), join(dir, f));
  return dir;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Everything a database holds, as one hash: its schema, its header's two numbers, every row of every table. */
function contentDigest(db: Db): string {
  const hash = createHash('sha256');
  hash.update(`${db.pragma('user_version', { simple: true })} ${db.pragma('application_id', { simple: true })}\n`);
  const objects = db.prepare(`SELECT type, name, sql FROM sqlite_master ORDER BY type, name`).all() as { type: string; name: string; sql: string | null }[];
  for (const o of objects) {
    hash.update(`${o.type} ${o.name} ${o.sql ?? ''}\n`);
    if (o.type === 'table' && !o.name.startsWith('sqlite_')) for (const row of db.prepare(`SELECT * FROM "${o.name}"`).raw().iterate()) hash.update(`${JSON.stringify(row)}\n`);
  }
  return hash.digest('hex');
}

/**
 * The release's file with the program's own migrations and nothing else: what a kill inside the probe leaves, the
 * program's migrations before it each committed in its own transaction (the release's file itself when none is pending).
 */
function migratedToProgram(): { digest: string; userVersion: number } {
  const file = join(hallFolder(), DATABASE_FILE);
  openDatabase(file, { migrations: loadMigrations() }).close();
  return digestOf(file);
}

/** A closed file's digest (its WAL, if a killed process left one, recovered first: uncommitted frames are not the database). */
function digestOf(file: string): { digest: string; userVersion: number } {
  const db = new Database(file, { fileMustExist: true });
  try {
    return { digest: contentDigest(db), userVersion: db.pragma('user_version', { simple: true }) as number };
  } finally {
    db.close();
  }
}

/** What the release's hall sold, paid and signed (tools/release-fixture/play.ts), read from a file. */
function played(db: Db) {
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  return {
    sales: db.prepare(`SELECT id, quantity, unit_price_cents AS price, total_cents AS total, tendered_cents AS tendered, change_cents AS change FROM sales ORDER BY id`).all(),
    voided: db.prepare(`SELECT sale_id FROM sale_voids ORDER BY sale_id`).pluck().all(),
    kept: one<{ cents: number }>(`SELECT SUM(total_cents) AS cents FROM sales WHERE id NOT IN (SELECT sale_id FROM sale_voids)`).cents,
    prizes: one<{ n: number; cents: number }>(`SELECT COUNT(*) AS n, SUM(amount_cents) AS cents FROM prize_payments`),
    guias: one<{ n: number; cents: number }>(`SELECT COUNT(*) AS n, SUM(cash_cents) AS cents FROM guia_payments`),
    drawersClosed: db.prepare(`SELECT z_number FROM drawer_closes ORDER BY z_number`).pluck().all(),
    sessionsClosed: one<{ n: number }>(`SELECT COUNT(*) AS n FROM sessions WHERE closed_at IS NOT NULL`).n,
    checkpoints: db.prepare(`SELECT reason FROM checkpoints ORDER BY id`).pluck().all(),
  };
}

/** The release's figures, as play.ts made them: 6 + 12 + 3 + 2 cards at 1,00 €, the third sale voided. */
const PLAYED = {
  sales: [
    { id: 1, quantity: 6, price: 100, total: 600, tendered: 1_000, change: 400 },
    { id: 2, quantity: 12, price: 100, total: 1_200, tendered: 1_200, change: 0 },
    { id: 3, quantity: 3, price: 100, total: 300, tendered: 500, change: 200 },
    { id: 4, quantity: 2, price: 100, total: 200, tendered: 200, change: 0 },
  ],
  voided: [3],
  kept: 2_000,
  prizes: { n: 2, cents: 1_100 },
  guias: { n: 1, cents: 2_500 },
  drawersClosed: [1, 2],
  sessionsClosed: 1,
  checkpoints: ['z', 'z', 'session', 'demand'],
};

/** `audit:verify` on a data folder, as a hall's technician runs it. */
function auditVerify(dataDir: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [...PROGRAM, 'audit:verify', '--data-dir', dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((ok) => child.on('exit', (code) => ok({ code, out })));
}

/** The copies taken before a migration in a data folder. */
const beforeMigration = (dataDir: string) => (existsSync(join(dataDir, BACKUPS_FOLDER)) ? readdirSync(join(dataDir, BACKUPS_FOLDER)).filter((f) => BEFORE_MIGRATION.test(f)) : []);

describe('a data folder of the previous release', () => {
  it('is the release’s: its version and what it played', () => {
    const dir = hallFolder();
    const db = openForCheck(join(dir, DATABASE_FILE));
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(RELEASE_VERSION);
      expect(played(db)).toEqual(PLAYED);
    } finally {
      db.close();
    }
  });

  it('opens as a hall server opens it: backed up if it migrates, migrated, its books and checkpoints verify, every sale there', async () => {
    const dir = hallFolder();
    const file = join(dir, DATABASE_FILE);
    const before = digestOf(file);
    const latest = loadMigrations().length;
    const kiosk = await openKiosk({ dataDir: dir, logError: () => {} });
    try {
      expect(kiosk.db.pragma('user_version', { simple: true })).toBe(latest);
      // The release's people log in with their PINs (the folder's pin.key seals them).
      const login = await kiosk.dispatch('auth.login', { username: 'gerente', pin: '2222' });
      expect(login.ok).toBe(true);
    } finally {
      kiosk.close();
    }
    const copies = beforeMigration(dir);
    if (RELEASE_VERSION < latest) {
      // Today's program has migrations the release had not: the file as the release left it is kept, named after its version.
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatch(new RegExp(`^kiosk-v${RELEASE_VERSION}-before-migration-`));
      expect(digestOf(join(dir, BACKUPS_FOLDER, copies[0]!))).toEqual(before);
    } else {
      // Nothing to migrate: nothing copied.
      expect(copies).toEqual([]);
    }
    const db = openForCheck(file);
    try {
      expect(played(db)).toEqual(PLAYED);
      expect(verifyAudit(db).valid).toBe(true);
      expect(verifyLedger(db).balanced).toBe(true);
      expect(checkBooks(db, 5)).toMatchObject({ findingsTotal: 0 });
      const signed = verifyCheckpoints(db);
      expect(signed.findings).toEqual([]);
      expect(signed.checkpoints).toBe(PLAYED.checkpoints.length);
    } finally {
      db.close();
    }
    const verified = await auditVerify(dir);
    expect(verified.out).toContain('Registo de auditoria: íntegro');
    expect(verified.out).toContain('Contabilidade: equilibrada');
    expect(verified.out).toContain('Livros, documento a documento: certos');
    expect(verified.code, verified.out).toBe(0);
  });

  it('with a migration pending, is copied into backups/ first, named after its old version, then migrated', () => {
    const dir = hallFolder();
    const file = join(dir, DATABASE_FILE);
    const before = digestOf(file);
    const migrations = withProbe();
    const at = new Date('2026-12-07T03:00:00.000Z');
    const db = openDatabase(file, { migrations, now: () => at });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
      expect(db.prepare(`SELECT COUNT(*) FROM upgrade_probe`).pluck().get()).toBe(PROBE_ROWS);
      expect(played(db)).toEqual(PLAYED);
      expect(checkBooks(db, 5)).toMatchObject({ findingsTotal: 0 });
      expect(verifyCheckpoints(db).findings).toEqual([]);
    } finally {
      db.close();
    }
    const name = `kiosk-v${RELEASE_VERSION}-before-migration-2026-12-07T03-00-00-000Z.sqlite`;
    expect(readdirSync(join(dir, BACKUPS_FOLDER))).toEqual([name]);
    // The copy is the release's file as it was: its version, its rows.
    expect(digestOf(join(dir, BACKUPS_FOLDER, name))).toEqual(before);
  });

  it('whose copy cannot be made before migrating: refused in words with its code, nothing migrated, the file as it was', () => {
    const dir = hallFolder();
    const file = join(dir, DATABASE_FILE);
    const before = digestOf(file);
    const bytes = sha(file);
    // Where the copies go, a file stands: the copy cannot be written.
    writeFileSync(join(dir, BACKUPS_FOLDER), 'not a folder');
    const migrations = withProbe();
    let error: unknown = null;
    try {
      openDatabase(file, { migrations }).close();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationBackupError);
    const refused = error as MigrationBackupError;
    const backups = join(dir, BACKUPS_FOLDER);
    const params = { file, detail: 'EEXIST', version: RELEASE_VERSION, latest: migrations.length, dir: backups };
    expect({ code: refused.code, params: refused.params }).toEqual({ code: 'DATABASE_BACKUP_BEFORE_MIGRATION_FAILED', params });
    expect(refused.message).toBe(
      `A cópia de segurança da base de dados ${file} (versão ${RELEASE_VERSION}), que o quiosque guarda em ${backups} antes de a atualizar para a versão ${migrations.length}, não se conseguiu fazer (EEXIST). Nada foi atualizado: o ficheiro está como estava, e o quiosque não o atualiza sem essa cópia. Liberte espaço no disco ou torne essa pasta gravável (chame o técnico) e arranque de novo.`,
    );
    expect(errorMessage(refused.code, refused.params, 'en')).toBe(
      `The backup of the database ${file} (version ${RELEASE_VERSION}), which the kiosk keeps in ${backups} before upgrading it to version ${migrations.length}, could not be made (EEXIST). Nothing was upgraded: the file is as it was, and the kiosk does not upgrade it without that backup. Free space on the disk or make that folder writable (call the technician) and start again.`,
    );
    expect(sha(file)).toBe(bytes);
    expect(digestOf(file)).toEqual(before);
  });

  it('newer than this program: refused in words, naming both versions, and left as it was', async () => {
    const dir = hallFolder();
    const file = join(dir, DATABASE_FILE);
    const latest = loadMigrations().length;
    // The release's file as a later program would leave it: its version above ours.
    const raw = new Database(file, { fileMustExist: true });
    raw.pragma(`user_version = ${latest + 1}`);
    raw.close();
    const bytes = sha(file);
    const listing = readdirSync(dir).sort();
    const error = await openKiosk({ dataDir: dir, logError: () => {} }).then(
      (k) => {
        k.close();
        return null;
      },
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DatabaseTooNewError);
    const tooNew = error as DatabaseTooNewError;
    expect({ code: tooNew.code, found: tooNew.found, supported: tooNew.supported }).toEqual({ code: 'DATABASE_TOO_NEW', found: latest + 1, supported: latest });
    expect(tooNew.message).toBe(`A base de dados ${file} (versão ${latest + 1}) é mais recente do que este programa (versão ${latest}): atualize o programa.`);
    expect(errorMessage(tooNew.code, tooNew.params, 'en')).toBe(`The database ${file} (version ${latest + 1}) is newer than this program (version ${latest}): update the program.`);
    // Nothing written: the same bytes, nothing beside it (no backup, no WAL left).
    expect(sha(file)).toBe(bytes);
    expect(readdirSync(dir).sort()).toEqual(listing);
  });

  it('a migration killed with SIGKILL inside its transaction leaves the file as it was; the next open migrates it', async () => {
    const dir = hallFolder();
    const file = join(dir, DATABASE_FILE);
    const before = digestOf(file);
    const bytes = sha(file);
    const child = spawn(process.execPath, [...testScript(join('test', 'system', 'upgrade-child.ts')), file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.on('exit', (code, signal) => ok({ code, signal })));
    // Killed when it says it is inside the migration's transaction (its SQL run, the commit not yet).
    await new Promise<void>((ok, fail) => {
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
        if (output.includes('migrating\n')) ok();
      });
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      void exited.then((e) => fail(new Error(`the child exited (${e.code ?? e.signal}) before its migration:\n${output}`)));
    });
    // The migration's pages went past the cache: the WAL holds frames of it that no commit closes.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1_000_000);
    child.kill('SIGKILL');
    expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });

    // The file itself was not touched (nothing checkpointed); read, it holds nothing of the killed migration: the
    // release's, with the program's own migrations committed before it (each in its own transaction).
    expect(sha(file)).toBe(bytes);
    expect(digestOf(file)).toEqual(migratedToProgram());
    expect(before.userVersion).toBe(RELEASE_VERSION);
    // The copy it took before migrating is there, whole.
    const copies = beforeMigration(dir);
    expect(copies).toHaveLength(1);
    expect(digestOf(join(dir, BACKUPS_FOLDER, copies[0]!))).toEqual(before);

    // Opened again as usual: migrated, the probe's rows all there, the books as they were.
    const migrations = withProbe();
    const db = openDatabase(file, { migrations });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(probeMigration().version);
      expect(db.prepare(`SELECT COUNT(*) FROM upgrade_probe`).pluck().get()).toBe(PROBE_ROWS);
      expect(played(db)).toEqual(PLAYED);
      expect(checkBooks(db, 5)).toMatchObject({ findingsTotal: 0 });
      expect(verifyCheckpoints(db).findings).toEqual([]);
    } finally {
      db.close();
    }
  });
});
