/**
 * Backups with SQLite's online backup, page by page, so sales go on
 * meanwhile. Taken from the kiosk's writable connection, the copy holds every
 * commit made through it up to the end; from another connection, a write in
 * between restarts it. Each copy is checked after writing, and restored only into an
 * empty data folder.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { verifyAudit, type AuditCheck, type AuditHead } from './audit.js';
import type { ReadableDb } from './connection.js';
import { verifyLedger, type LedgerCheck } from './ledger.js';

export const BACKUP_DIR = 'backups';
/** `kiosk-2026-12-01T01-02-03-456Z.sqlite`: sorts by time, safe on every file system. */
const NAME = /^kiosk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

export function backupName(at: Date): string {
  return `kiosk-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;
}

/** Tables whose rows a backup reports, as a check anyone can compare with the source. */
const COUNTED = ['sales', 'sale_voids', 'games', 'sessions', 'guias', 'guia_payments', 'ledger_transactions', 'ledger_entries', 'audit_log', 'print_jobs'] as const;

export interface BackupCheck {
  integrity: string;
  rows: Record<string, number>;
  audit: AuditCheck;
  ledger: Pick<LedgerCheck, 'balanced' | 'transactions'>;
  /** Each series' next number: the card numbers the copy holds. */
  nextNumbers: Record<string, number>;
}

/** What a database holds, for a backup's check (and for a test comparing it with its source). */
export function describeDatabase(db: ReadableDb): BackupCheck {
  const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'unknown';
  const rows = Object.fromEntries(COUNTED.map((t) => [t, db.prepare(`SELECT COUNT(*) FROM "${t}"`).pluck().get() as number]));
  const ledger = verifyLedger(db);
  const nextNumbers = Object.fromEntries(
    (db.prepare(`SELECT code, next_number AS next FROM series ORDER BY code`).all() as { code: string; next: number }[]).map((s) => [s.code, s.next]),
  );
  return { integrity, rows, audit: verifyAudit(db), ledger: { balanced: ledger.balanced, transactions: ledger.transactions }, nextNumbers };
}

/** Open a database file read-only, for a check (the caller closes it). */
export function openForCheck(file: string): ReadableDb {
  return new Database(file, { readonly: true, fileMustExist: true }) as ReadableDb;
}

/** Check a database file (read-only): integrity, audit chain, books, row counts. */
export function checkFile(file: string): BackupCheck {
  const db = openForCheck(file);
  try {
    return describeDatabase(db);
  } finally {
    db.close();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  check: BackupCheck;
}

/**
 * Copy the database to `<dataDir>/backups/<name>`: written to a temporary name,
 * checked (integrity, audit chain, books), then renamed, so a file under a
 * backup's name is always a whole, checked copy. Keeps the newest `keep`.
 */
export async function createBackup(
  db: ReadableDb,
  dataDir: string,
  at: Date,
  o: {
    keep: number;
    onProgress?: (done: number, total: number) => void;
    /** How the copy is checked; default: here, synchronously (the kiosk passes a worker thread's). */
    check?: (file: string) => Promise<BackupCheck>;
  },
): Promise<BackupResult> {
  const dir = join(dataDir, BACKUP_DIR);
  mkdirSync(dir, { recursive: true });
  const name = backupName(at);
  const partial = join(dir, `${name}.partial`);
  rmSync(partial, { force: true });
  let pages = 0;
  await db.backup(partial, {
    progress: ({ totalPages, remainingPages }) => {
      pages = totalPages;
      o.onProgress?.(totalPages - remainingPages, totalPages);
      // Pages per step: about 4 MB at a time, then the loop turns (a sale can commit in between).
      return 1000;
    },
  });
  // SQLite reports before each step, never after the last: the copy is whole now.
  if (pages > 0) o.onProgress?.(pages, pages);
  let check: BackupCheck;
  try {
    check = o.check ? await o.check(partial) : checkFile(partial);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  if (check.integrity !== 'ok' || !check.audit.valid || !check.ledger.balanced) {
    rmSync(partial, { force: true });
    throw new BackupCheckError(check);
  }
  const file = join(dir, name);
  renameSync(partial, file);
  writeManifest(dir, { file: name, at: at.toISOString(), auditHead: check.audit.head, rows: check.rows, nextNumbers: check.nextNumbers });
  rotateBackups(dir, o.keep);
  return { file: name, bytes: statSync(file).size, check };
}

/**
 * What a backup held, beside it (`<name>.json`): above all the audit chain's
 * head, so the live file can be checked against every copy taken (a file cut
 * or rewritten after a backup no longer holds that row with that hash), and a
 * copy carried away keeps the head it was checked with.
 */
export interface BackupManifest {
  file: string;
  at: string;
  auditHead: AuditHead | null;
  rows: Record<string, number>;
  nextNumbers: Record<string, number>;
}

const manifestPath = (dir: string, name: string) => join(dir, `${name}.json`);

function writeManifest(dir: string, m: BackupManifest): void {
  writeFileSync(manifestPath(dir, m.file), `${JSON.stringify(m, null, 2)}\n`);
}

/** The newest backup's manifest in a data folder, if any copy has one. */
export function latestBackupManifest(dataDir: string): BackupManifest | null {
  const dir = join(dataDir, BACKUP_DIR);
  for (const name of listBackups(dir)) {
    try {
      return JSON.parse(readFileSync(manifestPath(dir, name), 'utf8')) as BackupManifest;
    } catch {
      // A copy from before manifests, or one whose manifest was lost: the next older one may have it.
    }
  }
  return null;
}

export class BackupCheckError extends Error {
  constructor(readonly check: BackupCheck) {
    super(`backup check failed: integrity ${check.integrity}, audit ${check.audit.valid ? 'ok' : `broken at ${check.audit.brokenAt}`}, ledger ${check.ledger.balanced ? 'balanced' : 'unbalanced'}`);
  }
}

/** The backups of a folder, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort()
    .reverse();
}

function rotateBackups(dir: string, keep: number): void {
  for (const old of listBackups(dir).slice(Math.max(1, keep))) {
    rmSync(join(dir, old), { force: true });
    rmSync(manifestPath(dir, old), { force: true });
  }
}

export class RestoreRefusedError extends Error {}

/**
 * Restore a backup into an empty data folder as its database. The copy is
 * checked first; a folder holding anything is refused (never overwrite a hall).
 */
export function restoreBackup(from: string, dataDir: string, databaseFile: string): BackupCheck {
  if (!existsSync(from)) throw new RestoreRefusedError(`O ficheiro ${from} não existe.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreRefusedError(`A pasta ${dataDir} não está vazia: a reposição só se faz numa pasta vazia (nada foi alterado).`);
  }
  const source = openForCheck(from);
  let check: BackupCheck;
  try {
    check = describeDatabase(source);
  } finally {
    source.close();
  }
  if (check.integrity !== 'ok' || !check.audit.valid || !check.ledger.balanced) {
    throw new RestoreRefusedError(`A cópia ${basename(from)} não passou na verificação (integridade ${check.integrity}): nada foi reposto.`);
  }
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(from, join(dataDir, databaseFile));
  return check;
}
