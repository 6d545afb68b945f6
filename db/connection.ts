/**
 * The one SQLite connection: WAL, synchronous=FULL (a committed sale survives
 * a power cut), foreign keys on, numbered migrations tracked by user_version.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The connection as each caller may use it (Signal's ReadableDB/WritableDB
 * idea): queries take a ReadableDb, commands a WritableDb, so a read path
 * cannot call a write. At run time the kiosk's ReadableDb is a second
 * connection opened read-only, so not even raw SQL could write through it.
 */
declare const readable: unique symbol;
declare const writable: unique symbol;
export type ReadableDb = Database.Database & { readonly [readable]: true };
export type WritableDb = ReadableDb & { readonly [writable]: true };
/** Either handle (the connection itself: migrations, checkpoints, tests). */
export type Db = Database.Database;

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

export class DatabaseTooNewError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(`A base de dados (versão ${found}) é mais recente do que este programa (versão ${supported}): atualize o programa.`);
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * A database file the kiosk will not serve (issue 12): empty, not a SQLite
 * database, or damaged (quick_check). Nothing is created over it; the way
 * back is the restore of a backup. The message is for the hall, in pt-PT,
 * with the path.
 */
export class DatabaseRefusedError extends Error {
  constructor(
    readonly file: string,
    readonly reason: 'empty' | 'not_a_database' | 'damaged',
    readonly detail: string | null = null,
  ) {
    const what = {
      empty: 'está vazia (0 bytes)',
      not_a_database: 'não é uma base de dados do quiosque (ficheiro ilegível)',
      damaged: `está danificada (verificação: ${detail ?? 'erro'})`,
    }[reason];
    super(
      `A base de dados ${file} ${what}. O quiosque não arranca sobre ela nem cria uma sala nova no seu lugar: guarde este ficheiro à parte e reponha a última cópia de segurança numa pasta vazia (npm run backup:restore -- --from <cópia> --data-dir <pasta>), ou chame o técnico.`,
    );
    this.name = 'DatabaseRefusedError';
  }
}

/**
 * A migration that rebuilds a table (SQLite cannot change a CHECK in place)
 * says so on its first line; it runs with foreign keys off, as SQLite's own
 * procedure for such changes asks, and must leave every reference whole.
 */
const REBUILDS_TABLES = /^-- migration: rebuilds tables\b/;

/** Apply every migration above the database's user_version, each in its own transaction. */
export function migrate(db: Db, migrations = loadMigrations()): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new DatabaseTooNewError(current, latest);
  for (const m of migrations.slice(current)) {
    const rebuild = REBUILDS_TABLES.test(m.sql);
    const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
    // Outside any transaction: inside one the pragma does nothing.
    if (rebuild) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        if (rebuild) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`migration ${m.name} leaves ${broken.length} broken references: ${JSON.stringify(broken.slice(0, 3))}`);
        }
        db.pragma(`user_version = ${m.version}`);
      }).immediate();
    } finally {
      if (rebuild) db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
    }
  }
  return latest;
}

export function openDatabase(file: string): WritableDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // A file that is there must be a sound database: an empty or damaged one is never taken for a new hall.
  const existed = file !== ':memory:' && existsSync(file);
  if (existed && statSync(file).size === 0) throw new DatabaseRefusedError(file, 'empty');
  let db: WritableDb;
  try {
    db = new Database(file) as WritableDb;
    db.pragma('journal_mode = WAL');
  } catch (e) {
    if (isNotADatabase(e)) throw new DatabaseRefusedError(file, 'not_a_database');
    throw e;
  }
  if (existed) {
    let verdict: string;
    try {
      verdict = String(db.pragma('quick_check', { simple: true }));
    } catch (e) {
      db.close();
      if (isNotADatabase(e)) throw new DatabaseRefusedError(file, 'damaged', (e as Error).message);
      throw e;
    }
    if (verdict !== 'ok') {
      db.close();
      throw new DatabaseRefusedError(file, 'damaged', verdict.slice(0, 200));
    }
  }
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Checkpoints run in idle time (see checkpointer.ts), not inside the commit of
  // whichever sale crosses 1000 pages; this high mark is only a safety net.
  db.pragma(`wal_autocheckpoint = ${WAL_SAFETY_PAGES}`);
  try {
    migrate(db);
  } catch (e) {
    db.close();
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

/** Prepared statements cached per connection: a sale runs the same dozen statements. */
const cache = new WeakMap<Db, Map<string, Database.Statement>>();
export function stmt<P extends unknown[] | object = unknown[], R = unknown>(db: ReadableDb | Db, sql: string): Database.Statement<P, R> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let s = perDb.get(sql);
  if (!s) {
    s = db.prepare(sql);
    perDb.set(sql, s);
  }
  return s as unknown as Database.Statement<P, R>;
}

/** A connection a tool or a test opened itself (a crash check, the bench seeder), used as a writable handle. */
export function asWritable(db: Db): WritableDb {
  return db as WritableDb;
}

/** Run `fn` in one IMMEDIATE transaction: a command's writes, all or nothing. */
export function writeTransaction<T>(db: WritableDb, fn: () => T): T {
  return db.transaction(fn).immediate();
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
