/**
 * The one SQLite connection: WAL, synchronous=FULL (a committed sale survives
 * a power cut), foreign keys on, numbered migrations tracked by user_version,
 * the file marked as the kiosk's with application_id (and checked at open).
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Params } from '../core/catalogue.js';
import { KioskError, type ErrorCode } from '../core/errors.js';
import { documentTypesDiffer, UndeclaredDocumentTypesError } from './document-types.js';
import type { Db, ReadableDb, WritableDb } from './handles.js';

export type { Db, ReadableDb, WritableDb } from './handles.js';

/** WAL pages after which SQLite checkpoints inside a commit anyway (about 40 MB). */
export const WAL_SAFETY_PAGES = 10_000;

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f))
    .sort()
    .map((f, i) => {
      const version = Number(f.slice(0, 4));
      if (version !== i + 1) throw new Error(`migration ${f} is out of sequence (expected ${i + 1})`);
      return { version, name: f, sql: readFileSync(join(dir, f), 'utf8') };
    });
}

/**
 * PRAGMA application_id of every kiosk database: "BNGO" in ASCII. SQLite
 * keeps it in the file's header so that a program can tell its own files
 * from any other SQLite file; migration 1 sets it on a new file, and a file
 * made before it existed is adopted (its tables are the kiosk's).
 */
export const APPLICATION_ID = 0x42_4e_47_4f;

/** A kiosk database newer than this program: nothing is done to it. */
export class DatabaseTooNewError extends KioskError {
  constructor(
    readonly found: number,
    readonly supported: number,
    readonly file = '',
  ) {
    super('DATABASE_TOO_NEW', { file, found, supported });
    this.name = 'DatabaseTooNewError';
  }
}

type DatabaseRefusal = 'empty' | 'not_a_database' | 'damaged' | 'foreign' | 'not_kiosk' | 'older_than_schema';

const REFUSAL_CODES = {
  empty: 'DATABASE_EMPTY',
  not_a_database: 'DATABASE_UNREADABLE',
  damaged: 'DATABASE_DAMAGED',
  foreign: 'DATABASE_FOREIGN',
  not_kiosk: 'DATABASE_NOT_KIOSK',
  older_than_schema: 'DATABASE_OLDER_THAN_SCHEMA',
} as const satisfies Record<DatabaseRefusal, ErrorCode>;

/**
 * A database file the kiosk will not serve (issues 12 and 21): empty, not a
 * SQLite database, damaged (quick_check), another program's (its
 * application_id, or no kiosk tables), or a kiosk file whose user_version was
 * set back below the schema it holds. Nothing is created over it nor changed
 * in it; the way back is the restore of a backup. Its words (pt-PT, and
 * English from the code) name the file.
 */
export class DatabaseRefusedError extends KioskError {
  constructor(
    readonly file: string,
    readonly reason: DatabaseRefusal,
    readonly facts: Params = {},
  ) {
    super(REFUSAL_CODES[reason], { ...facts, file });
    this.name = 'DatabaseRefusedError';
  }

  /** The same refusal, naming another path (a restore names the backup, not its temporary copy). */
  of(file: string): DatabaseRefusedError {
    return new DatabaseRefusedError(file, this.reason, this.facts);
  }
}

/**
 * The disk refused the open itself (no room for SQLite's -wal and -shm, or a
 * failing disk): said in words with the file, not as SQLite's error.
 */
export class DatabaseStorageError extends KioskError {
  constructor(
    readonly file: string,
    readonly kind: 'full' | 'io_error',
    readonly failure: unknown,
  ) {
    const code = (failure as { code?: unknown } | null)?.code;
    super(kind === 'full' ? 'DATABASE_DISK_FULL' : 'DATABASE_DISK_ERROR', {
      file,
      detail: typeof code === 'string' ? code : failure instanceof Error ? failure.message : String(failure),
    });
    this.name = 'DatabaseStorageError';
  }
}

/**
 * A migration found what it creates already there (SQLite: "already exists",
 * "duplicate column name"): the file's user_version is older than its schema.
 */
export class MigrationAlreadyAppliedError extends Error {
  constructor(
    readonly migration: string,
    readonly version: number,
    readonly detail: string,
  ) {
    super(`migration ${migration} over a database at version ${version}: ${detail}`);
    this.name = 'MigrationAlreadyAppliedError';
  }
}

const ALREADY_APPLIED = /already exists|duplicate column name/i;

/**
 * A migration that rebuilds a table (SQLite cannot change a CHECK in place)
 * says so on its first line; it runs with foreign keys off, as SQLite's own
 * procedure for such changes asks, and must leave every reference whole.
 */
const REBUILDS_TABLES = /^-- migration: rebuilds tables\b/;

/**
 * Apply every migration above the database's user_version, each in its own
 * transaction; the first marks the file as the kiosk's. `during` runs inside
 * each one's transaction after its SQL (a test kills the process there).
 */
export function migrate(db: Db, migrations = loadMigrations(), during?: (migration: Migration) => void): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new DatabaseTooNewError(current, latest, db.name);
  for (const m of migrations.slice(current)) {
    const rebuild = REBUILDS_TABLES.test(m.sql);
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    // Outside any transaction: inside one the pragma does nothing.
    if (rebuild) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        try {
          db.exec(m.sql);
        } catch (e) {
          if (e instanceof Error && ALREADY_APPLIED.test(e.message)) throw new MigrationAlreadyAppliedError(m.name, m.version - 1, e.message);
          throw e;
        }
        if (rebuild) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`migration ${m.name} leaves ${broken.length} broken references: ${JSON.stringify(broken.slice(0, 3))}`);
        }
        if ((db.pragma('application_id', { simple: true }) as number) === 0) db.pragma(`application_id = ${APPLICATION_ID}`);
        db.pragma(`user_version = ${m.version}`);
        during?.(m);
      }).immediate();
    } finally {
      if (rebuild) db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
  }
  return latest;
}

/** A schema object as `kind:name` (`column:table.column` for a table's columns); SQLite's own objects left out. */
const SCHEMA_OBJECTS = `
  SELECT type || ':' || name AS object FROM sqlite_master WHERE substr(name, 1, 7) <> 'sqlite_'
  UNION ALL
  SELECT 'column:' || m.name || '.' || c.name FROM sqlite_master m JOIN pragma_table_info(m.name) c
   WHERE m.type = 'table' AND substr(m.name, 1, 7) <> 'sqlite_'`;

function schemaObjects(db: Db): Set<string> {
  return new Set(db.prepare(SCHEMA_OBJECTS).pluck().all() as string[]);
}

/** The schema after each migration (index 0: before any), built once per process on an in-memory database. */
const schemas = new Map<string, Set<string>[]>();
function schemaAfterEach(migrations: Migration[]): Set<string>[] {
  const key = migrations.map((m) => m.name).join('\n');
  let steps = schemas.get(key);
  if (!steps) {
    const mem = new Database(':memory:');
    try {
      steps = [new Set()];
      for (let i = 0; i < migrations.length; i++) {
        migrate(mem, migrations.slice(0, i + 1));
        steps.push(schemaObjects(mem));
      }
    } finally {
      mem.close();
    }
    schemas.set(key, steps);
  }
  return steps;
}

/**
 * Whether a file that opened is a kiosk database this program may migrate
 * and serve, before anything is written to it: a new file (nothing in it), or
 * one marked with the kiosk's application_id (or made before the mark, with
 * the kiosk's tables), at a version no newer than this program, holding
 * nothing that a migration after its version creates. Returns whether the
 * file must be adopted (marked now, nothing else changed).
 */
function checkKioskFile(db: Db, file: string, migrations: Migration[]): { adopt: boolean } {
  const applicationId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  const held = schemaObjects(db);
  if (applicationId !== 0 && applicationId !== APPLICATION_ID) {
    throw new DatabaseRefusedError(file, 'foreign', { applicationId: `0x${(applicationId >>> 0).toString(16).padStart(8, '0')}` });
  }
  if (applicationId === 0 && held.size === 0 && version === 0) return { adopt: false };
  const steps = schemaAfterEach(migrations);
  if (applicationId === 0) {
    const kioskTables = [...steps[1]!].filter((o) => o.startsWith('table:'));
    if (!kioskTables.every((t) => held.has(t))) {
      const names = [...held].filter((o) => o.startsWith('table:')).map((o) => o.slice('table:'.length));
      throw new DatabaseRefusedError(file, 'not_kiosk', { tables: names.length, names: names.slice(0, 5).join(', '), version });
    }
  }
  if (version > migrations.length) throw new DatabaseTooNewError(version, migrations.length, file);
  const claimed = steps[version]!;
  for (let v = version + 1; v < steps.length; v++) {
    const ahead = [...steps[v]!].find((o) => !claimed.has(o) && held.has(o));
    if (ahead) {
      const [kind, name] = [ahead.slice(0, ahead.indexOf(':')), ahead.slice(ahead.indexOf(':') + 1)];
      throw new DatabaseRefusedError(file, 'older_than_schema', { version, migration: migrations[v - 1]!.name, kind, name });
    }
  }
  return { adopt: applicationId === 0 };
}

/** The folder of a data folder's backups (db/backup.ts's copies, and those taken before a migration). */
export const BACKUPS_FOLDER = 'backups';

/** `kiosk-v34-before-migration-2026-12-01T01-02-03-456Z.sqlite`: the file as it was at user_version 34, before this program migrated it. */
export const BEFORE_MIGRATION = /^kiosk-v(\d+)-before-migration-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

/**
 * The copy of a file before a migration changed it could not be written or does not check: nothing was migrated.
 * `failure` is what the system refused (a full disk, a folder it may not write), for the kiosk's open to judge.
 */
export class MigrationBackupError extends KioskError {
  constructor(
    readonly file: string,
    readonly detail: string,
    facts: { version: number; latest: number; dir: string },
    readonly failure: unknown = null,
  ) {
    super('DATABASE_BACKUP_BEFORE_MIGRATION_FAILED', { file, detail, ...facts });
    this.name = 'MigrationBackupError';
  }
}

/** A failure in a few words: the system's or SQLite's code, else its message. */
function failureDetail(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return (e instanceof Error ? e.message : String(e)).slice(0, 200);
}

/**
 * Copy a database that is about to be migrated into `backups/` beside it
 * (issue 40): the way back from an upgrade that goes wrong is the file as the
 * previous release left it. VACUUM INTO (one consistent snapshot, WAL
 * included) to a temporary name, checked (quick_check, the same user_version),
 * made durable (VACUUM INTO does not fsync), then renamed: a file under that
 * name is always a whole copy. Any failure is a MigrationBackupError (in words), carrying the system's.
 */
function backupBeforeMigrating(db: Db, file: string, version: number, latest: number, at: Date): string {
  const dir = join(dirname(file), BACKUPS_FOLDER);
  const refused = (detail: string, failure: unknown = null) => new MigrationBackupError(file, detail, { version, latest, dir }, failure);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw refused(failureDetail(e), e);
  }
  const name = `kiosk-v${version}-before-migration-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;
  const target = join(dir, name);
  const partial = `${target}.partial`;
  const removePartial = (path = partial) => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
  };
  // What a copy cut short (the process killed, the power lost) left under a temporary name is no copy.
  for (const f of readdirSync(dir)) if (f.endsWith('.sqlite.partial') && BEFORE_MIGRATION.test(f.slice(0, -'.partial'.length))) removePartial(join(dir, f));
  try {
    db.exec(`VACUUM INTO '${partial.replaceAll("'", "''")}'`);
    const copy = new Database(partial, { readonly: true, fileMustExist: true });
    try {
      const verdict = String(copy.pragma('quick_check', { simple: true }));
      const copied = copy.pragma('user_version', { simple: true }) as number;
      if (verdict !== 'ok' || copied !== version) throw refused(`quick_check ${verdict.slice(0, 200)}, user_version ${copied}`);
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    renameSync(partial, target);
    // The rename made durable too (a folder cannot be opened for fsync on Windows).
    if (process.platform !== 'win32') fsyncFile(dir);
  } catch (e) {
    removePartial();
    throw e instanceof MigrationBackupError ? e : refused(failureDetail(e), e);
  }
  return target;
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface OpenOptions {
  /** The migrations to bring the file to (default: db/migrations; a test adds one of its own). */
  migrations?: Migration[];
  /**
   * Copy a file that has migrations pending into `backups/` beside it first
   * (default true). A restore's temporary copy is itself a backup: it says false.
   */
  backupBeforeMigrating?: boolean;
  /** Names the copy taken before migrating (default: now). */
  now?: () => Date;
  /** Inside each migration's transaction, after its SQL (a test kills the process there). */
  duringMigration?: (migration: Migration) => void;
}

export function openDatabase(file: string, options: OpenOptions = {}): WritableDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // A file that is there must be a sound database: an empty or damaged one is never taken for a new hall.
  const existed = file !== ':memory:' && existsSync(file);
  if (existed && statSync(file).size === 0) throw new DatabaseRefusedError(file, 'empty');
  let db: WritableDb;
  try {
    db = new Database(file) as WritableDb;
  } catch (e) {
    if (isNotADatabase(e)) throw new DatabaseRefusedError(file, 'not_a_database');
    throw e;
  }
  const migrations = options.migrations ?? loadMigrations();
  let adopt: boolean;
  // Read only until the file is known to be a sound kiosk database: not even its journal mode is changed before.
  try {
    try {
      db.pragma('application_id', { simple: true });
    } catch (e) {
      if (isNotADatabase(e)) throw new DatabaseRefusedError(file, 'not_a_database');
      throw e;
    }
    if (existed) {
      let verdict: string;
      try {
        verdict = String(db.pragma('quick_check', { simple: true }));
      } catch (e) {
        if (isNotADatabase(e)) throw new DatabaseRefusedError(file, 'damaged', { detail: (e as Error).message });
        throw e;
      }
      if (verdict !== 'ok') throw new DatabaseRefusedError(file, 'damaged', { detail: verdict.slice(0, 200) });
    }
    ({ adopt } = checkKioskFile(db, file, migrations));
    db.pragma('journal_mode = WAL');
  } catch (e) {
    db.close();
    throw e;
  }
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Checkpoints run in idle time (see checkpointer.ts), not inside the commit of
  // whichever sale crosses 1000 pages; this high mark is only a safety net.
  db.pragma(`wal_autocheckpoint = ${WAL_SAFETY_PAGES}`);
  try {
    // A file of an earlier release, about to change: copied as it is first (not a new file, nothing to keep).
    const version = db.pragma('user_version', { simple: true }) as number;
    if (file !== ':memory:' && version > 0 && version < migrations.length && options.backupBeforeMigrating !== false) {
      backupBeforeMigrating(db, file, version, migrations.length, (options.now ?? (() => new Date()))());
    }
    migrate(db, migrations, options.duringMigration);
    // A kiosk file from before the mark, already at the latest version: marked now, nothing else changes.
    if (adopt && (db.pragma('application_id', { simple: true }) as number) === 0) db.pragma(`application_id = ${APPLICATION_ID}`);
    // The documents it binds are those the domains declare (issue 39).
    const differ = documentTypesDiffer(db);
    if (differ.undeclared.length > 0 || differ.unbound.length > 0) throw new UndeclaredDocumentTypesError(file, differ);
  } catch (e) {
    db.close();
    if (e instanceof MigrationAlreadyAppliedError) {
      throw new DatabaseRefusedError(file, 'older_than_schema', { version: e.version, migration: e.migration, kind: 'object', name: e.detail });
    }
    throw e;
  }
  return db;
}

/**
 * A read-only connection to a database that openDatabase has opened (and
 * migrated): queries run here, beside the writer, on WAL snapshots.
 */
export function openReader(file: string): ReadableDb {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db as ReadableDb;
}

/**
 * A connection that only checkpoints the WAL of a database openDatabase has
 * opened (main/workers/checkpoint-worker.ts, on its own thread): it writes
 * pages of the file, so it is not read-only, and never runs a statement.
 */
export function openCheckpointConnection(file: string): Db {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('synchronous = FULL');
  return db;
}

/** One PASSIVE checkpoint: the WAL's committed frames copied into the file, no writer or reader kept waiting. */
export function checkpointPassive(db: Db): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}

/** A connection a tool or a test opened itself (a crash check, the bench seeder), used as a writable handle. */
export function asWritable(db: Db): WritableDb {
  return db as WritableDb;
}

/** Run `fn` in one IMMEDIATE transaction: a command's writes, all or nothing. */
export function writeTransaction<T>(db: WritableDb, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/**
 * Group commit: the commands that reach their transaction in the same turn
 * of the event loop (a rush of sales from several counters) are written in
 * one IMMEDIATE transaction, each in its own savepoint, and share one commit
 * (one fsync, the cost of a sale: synchronous=FULL). Each command is still
 * all or nothing: a refusal (a throw) rolls back its savepoint alone and the
 * others go on; a commit that fails (a full disk) fails them all, and none
 * is answered before its commit. Each runs as it would alone, in order of
 * arrival, seeing the writes of those before it.
 */
interface GroupCommit {
  /** `fn` in the next shared transaction; resolves after that commit with its value, or rejects with its throw (or the commit's). */
  run<T>(fn: () => T): Promise<T>;
}

/** At most this many commands share a commit: a long batch would hold the answers of its first ones. */
const GROUP_COMMIT_LIMIT = 64;

export function createGroupCommit(db: WritableDb, limit: number = GROUP_COMMIT_LIMIT): GroupCommit {
  type Entry = { fn: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };
  const queue: Entry[] = [];
  let scheduled = false;

  function flush(): void {
    const batch = queue.splice(0, limit);
    scheduled = false;
    if (queue.length > 0) schedule();
    if (batch.length === 1) {
      const only = batch[0]!;
      try {
        only.resolve(writeTransaction(db, only.fn));
      } catch (e) {
        only.reject(e);
      }
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      writeTransaction(db, () => {
        for (const entry of batch) {
          try {
            // A nested transaction is a savepoint: released, or rolled back with this command's throw alone.
            outcomes.push({ ok: true, value: db.transaction(entry.fn)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // Nothing of the batch was committed: every command of it is told so.
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, i) => {
      const o = outcomes[i]!;
      if (o.ok) entry.resolve(o.value);
      else entry.reject(o.error);
    });
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // After the I/O of this turn: the requests read in it join the batch.
    setImmediate(flush);
  }

  return {
    run<T>(fn: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
        schedule();
      });
    },
  };
}

/** Run `fn` on one snapshot of the database: a query's reads agree with each other. */
export function readSnapshot<T>(db: ReadableDb, fn: () => T): T {
  return db.transaction(fn).deferred();
}

const isNotADatabase = (e: unknown) => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT';
};

/**
 * What an error from SQLite says about the disk: full (SQLITE_FULL: no room
 * for the database or its journal), failing (SQLITE_IOERR_*), or neither.
 */
export function storageFailureOf(error: unknown): 'full' | 'io_error' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL') return 'full';
  if (code.startsWith('SQLITE_IOERR')) return 'io_error';
  return null;
}
