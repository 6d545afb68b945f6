/**
 * Backups with SQLite's online backup, page by page, so sales go on
 * meanwhile. Taken from the kiosk's writable connection, the copy holds every
 * commit made through it up to the end; from another connection, a write in
 * between restarts it. Each copy is checked after writing, and restored only into an
 * empty data folder.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BooksFinding } from '../core/audit/books.js';
import { KioskError } from '../core/errors.js';
import { verifyAudit, type AuditCheck, type AuditHead } from './audit.js';
import { checkBooks, type BooksCheck } from './books.js';
import { BACKUPS_FOLDER, DatabaseRefusedError, DatabaseTooNewError, openDatabase, type ReadableDb, type WritableDb } from './connection.js';
import { verifyLedger, type LedgerCheck } from './ledger.js';
import { deleteAllSessions } from './operator-sessions.js';
import { entryRoots, lastCheckpoint, verifyCheckpoints, type CheckpointFinding } from './transparency.js';

export const BACKUP_DIR = BACKUPS_FOLDER;
/** `kiosk-2026-12-01T01-02-03-456Z.sqlite`: sorts by time, safe on every file system. */
const NAME = /^kiosk-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

/** The files SQLite may keep beside a database: its WAL, the WAL's shared-memory index, a rollback journal. */
const SIDECARS = ['-wal', '-shm', '-journal'] as const;

/** A database file and whatever SQLite left beside it. */
function removeWithSidecars(file: string): void {
  for (const suffix of ['', ...SIDECARS]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * SQLite's online backup copies page 1 as it is, so a copy of the kiosk's
 * file says "WAL" in its header, and every read-only open of it (the check, a
 * restore, an audit) then leaves `-wal` and `-shm` files beside it that no
 * reader may delete. The copy is switched to a rollback journal once, here,
 * by its only connection, which leaves nothing behind when it closes.
 */
function toRollbackJournal(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

function backupName(at: Date): string {
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
  /** The newest checkpoint the copy holds (its signed note): a manifest carries it, a restore finds it in the copy. */
  checkpoint: BackupCheckpoint | null;
}

interface BackupCheckpoint {
  id: number;
  size: number;
  at: string;
  note: string;
}

/** The newest signed checkpoint of a file, if its version has them. */
function newestCheckpoint(db: ReadableDb): BackupCheckpoint | null {
  const has = (db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'`).pluck().get() as number) > 0;
  const c = has ? lastCheckpoint(db) : undefined;
  return c ? { id: c.id, size: c.size, at: c.at, note: c.note } : null;
}

/** What a database holds, for a backup's check (and for a test comparing it with its source). */
export function describeDatabase(db: ReadableDb): BackupCheck {
  const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? 'unknown';
  const rows = Object.fromEntries(COUNTED.map((t) => [t, db.prepare(`SELECT COUNT(*) FROM "${t}"`).pluck().get() as number]));
  const ledger = verifyLedger(db);
  const nextNumbers = Object.fromEntries(
    (db.prepare(`SELECT code, next_number AS next FROM series ORDER BY code`).all() as { code: string; next: number }[]).map((s) => [s.code, s.next]),
  );
  return { integrity, rows, audit: verifyAudit(db), ledger: { balanced: ledger.balanced, transactions: ledger.transactions }, nextNumbers, checkpoint: newestCheckpoint(db) };
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

interface BackupResult {
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
  removeWithSidecars(partial);
  let pages = 0;
  let check: BackupCheck;
  // Whatever fails (the copy itself on a full disk, its check), nothing half-written stays beside the backups.
  try {
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
    toRollbackJournal(partial);
    check = o.check ? await o.check(partial) : checkFile(partial);
  } catch (e) {
    removeWithSidecars(partial);
    throw e;
  }
  if (check.integrity !== 'ok' || !check.audit.valid || !check.ledger.balanced) {
    removeWithSidecars(partial);
    throw new BackupCheckError(check);
  }
  const file = join(dir, name);
  renameSync(partial, file);
  writeManifest(dir, { file: name, at: at.toISOString(), auditHead: check.audit.head, checkpoint: check.checkpoint, rows: check.rows, nextNumbers: check.nextNumbers, sha256: sha256OfFile(file) });
  rotateBackups(dir, o.keep);
  return { file: name, bytes: statSync(file).size, check };
}

/** A file's SHA-256, read in 1 MB steps. */
export function sha256OfFile(file: string): string {
  const hash = createHash('sha256');
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
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
  /** The newest checkpoint the copy holds, its signed note as the hall signed it (absent from manifests of before issue 37). */
  checkpoint?: BackupCheckpoint | null;
  rows: Record<string, number>;
  nextNumbers: Record<string, number>;
  /** The file's SHA-256 as it was made (absent from manifests of before): a copy whose bytes rotted anywhere, even in a page no check reads, is told. */
  sha256?: string;
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

/** A backup the restore refuses (core/storage/errors.ts words it, with the file). */
export class RestoreRefusedError extends KioskError {}

/** Findings shown when a copy's books differ. */
const FINDINGS_SHOWN = 5;

/** A finding as data: the books check's problem code, the document and the transaction (`transaction_differs sale:1 transaction:3`). */
function findingText(f: BooksFinding): string {
  return [f.problem, f.document ? `${f.document.type}:${f.document.id}` : null, f.transactionId !== null ? `transaction:${f.transactionId}` : null]
    .filter((p) => p !== null)
    .join(' ');
}

/**
 * Restore a backup into an empty data folder as its database. The copy is
 * made beside its final name (`<file>.partial`) and checked there, so what is
 * checked is what is restored: opened as the kiosk opens a file (its own by
 * application_id, no older than it claims, migrated to this program), then
 * integrity, the audit chain, the ledger's balance and the books document by
 * document (db/books.ts). A copy that fails any of it is refused, and the
 * folder is left as it was (not even created); nothing is left beside the
 * backup either. A folder holding anything is refused (never overwrite a hall).
 *
 * The signatures too (issue 37): every checkpoint the copy holds is checked
 * (signed by `key` when given, else by the copy's own keys; its root from the
 * copy's entries; its cosignatures); the copy's head must be its manifest's
 * (`<backup>.json` beside it, when there is one), and the manifest's signed
 * checkpoint must be in the copy as it was signed. With `replace`, the folder
 * may hold the hall's current database: the copy must then extend every
 * checkpoint that database holds (the same root at each one's size), or, a
 * copy older than the hall's newest checkpoint, is refused unless
 * `beforeCheckpoint` says so on purpose (the entries after the copy are then
 * lost to the restored file, and the refusal named the checkpoint). The
 * replaced database is kept beside, renamed, never deleted.
 */
export function restoreBackup(
  from: string,
  dataDir: string,
  databaseFile: string,
  o: { keep?: readonly string[]; key?: string; replace?: boolean; beforeCheckpoint?: boolean; at?: Date } = {},
): BackupCheck & { books: BooksCheck; replaced: string | null; beforeCheckpoint: HallCheckpoint | null } {
  if (!existsSync(from)) throw new RestoreRefusedError('RESTORE_SOURCE_MISSING', { file: from });
  const existed = existsSync(dataDir);
  const target = join(dataDir, databaseFile);
  const current = o.replace === true && existsSync(target) ? target : null;
  // Only what the caller says may be there already (the hall's PIN key, put back by hand); replacing, the hall's own folder.
  if (existed && current === null && readdirSync(dataDir).some((f) => !(o.keep ?? []).includes(f))) throw new RestoreRefusedError('RESTORE_TARGET_NOT_EMPTY', { dir: dataDir });
  const hall = current ? hallCheckpoints(current) : [];
  const partial = `${target}.partial`;
  mkdirSync(dataDir, { recursive: true });
  try {
    copyFileSync(from, partial);
    const checked = checkRestored(partial, from, { key: o.key, hall, beforeCheckpoint: o.beforeCheckpoint === true });
    let replaced: string | null = null;
    if (current) {
      replaced = `${current}.replaced-${(o.at ?? new Date()).toISOString().replace(/[:.]/g, '-')}`;
      for (const suffix of ['', ...SIDECARS]) if (existsSync(`${current}${suffix}`)) renameSync(`${current}${suffix}`, `${replaced}${suffix}`);
    }
    renameSync(partial, target);
    return { ...checked, replaced };
  } catch (e) {
    removeWithSidecars(partial);
    if (!existed) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

/** A checkpoint the hall signed, as its current database holds it (the one a restore must extend). */
interface HallCheckpoint {
  id: number;
  size: number;
  at: string;
  rootHash: string;
  /** The hall's time zone (its refusals show the instant in it). */
  zone: string;
}

/** The checkpoints of the hall's current database that hold by its own keys (a forged one there is not the hall's word). */
function hallCheckpoints(file: string): HallCheckpoint[] {
  const db = openForCheck(file);
  try {
    const has = (db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'checkpoints'`).pluck().get() as number) > 0;
    if (!has) return [];
    const bad = new Set(verifyCheckpoints(db).findings.filter((f) => f.problem !== 'cosignature').map((f) => f.checkpointId));
    return (db.prepare(`SELECT id, size, at, root_hash AS rootHash, (SELECT time_zone FROM hall WHERE id = 1) AS zone FROM checkpoints ORDER BY id`).all() as HallCheckpoint[]).filter((c) => !bad.has(c.id));
  } finally {
    db.close();
  }
}

/** The manifest beside a backup (`<file>.json`), if there is one that reads. */
function manifestBeside(from: string): BackupManifest | null {
  try {
    return JSON.parse(readFileSync(`${from}.json`, 'utf8')) as BackupManifest;
  } catch {
    return null;
  }
}

/** The first finding of the copy's checkpoints as data: its problem, the checkpoint, the entry. */
const checkpointFindingParams = (from: string, f: CheckpointFinding) => ({ file: from, problem: f.problem, id: f.checkpointId, seq: f.firstEntry ?? 0, last: f.lastEntry ?? 0, session: f.session ?? 0 });

function checkRestored(
  partial: string,
  from: string,
  o: { key: string | undefined; hall: readonly HallCheckpoint[]; beforeCheckpoint: boolean },
): BackupCheck & { books: BooksCheck; beforeCheckpoint: HallCheckpoint | null } {
  let db: Database.Database;
  try {
    // The copy is a backup already: no second one of it is taken before migrating it.
    db = openDatabase(partial, { backupBeforeMigrating: false });
  } catch (e) {
    // The copy's refusal names the backup, not its temporary copy.
    if (e instanceof DatabaseRefusedError) throw e.of(from);
    if (e instanceof DatabaseTooNewError) throw new DatabaseTooNewError(e.found, e.supported, from);
    throw e;
  }
  try {
    const check = describeDatabase(db as ReadableDb);
    if (check.integrity !== 'ok') throw new RestoreRefusedError('RESTORE_DAMAGED', { file: from, integrity: check.integrity.slice(0, 200) });
    if (!check.audit.valid) throw new RestoreRefusedError('RESTORE_AUDIT_BROKEN', { file: from, seq: check.audit.brokenAt ?? check.audit.entries });
    // Its own manifest: the head it was checked with when it was made, and the newest checkpoint it held then.
    const manifest = manifestBeside(from);
    const head = check.audit.head;
    if (manifest && (manifest.auditHead?.seq !== head?.seq || manifest.auditHead?.hash !== head?.hash)) {
      throw new RestoreRefusedError('RESTORE_HEAD_NOT_MANIFEST', { file: from, seq: head?.seq ?? 0, manifestSeq: manifest.auditHead?.seq ?? 0 });
    }
    const signed = verifyCheckpoints(db as ReadableDb, o.key === undefined ? {} : { key: o.key });
    const first = signed.findings[0];
    if (first) throw new RestoreRefusedError('RESTORE_CHECKPOINT_INVALID', checkpointFindingParams(from, first));
    const held = manifest?.checkpoint;
    if (held && (db as ReadableDb).prepare(`SELECT note FROM checkpoints WHERE id = ?`).pluck().get(held.id) !== held.note) {
      throw new RestoreRefusedError('RESTORE_CHECKPOINT_INVALID', { file: from, problem: 'missing', id: held.id, seq: 0, last: 0 });
    }
    // The hall's own checkpoints: the copy must hold the history each one signed.
    const entries = head?.seq ?? 0;
    const roots = entryRoots(db as ReadableDb, o.hall.filter((c) => c.size <= entries).map((c) => c.size));
    for (const c of o.hall) {
      if (c.size <= entries && roots.get(c.size) !== c.rootHash) throw new RestoreRefusedError('RESTORE_DIVERGES', { file: from, id: c.id, at: c.at, size: c.size, zone: c.zone });
    }
    const beyond = o.hall.filter((c) => c.size > entries).at(-1) ?? null;
    if (beyond && !o.beforeCheckpoint) {
      const firstBeyond = o.hall.find((c) => c.size > entries)!;
      throw new RestoreRefusedError('RESTORE_BEFORE_CHECKPOINT', { file: from, id: firstBeyond.id, at: firstBeyond.at, size: firstBeyond.size, entries, newest: beyond.id, zone: firstBeyond.zone });
    }
    if (!check.ledger.balanced) {
      throw new RestoreRefusedError('RESTORE_LEDGER_UNBALANCED', { file: from, transactions: verifyLedger(db as ReadableDb).unbalanced.slice(0, FINDINGS_SHOWN).join(', ') });
    }
    const books = checkBooks(db as ReadableDb, FINDINGS_SHOWN);
    if (books.findingsTotal > 0) {
      throw new RestoreRefusedError('RESTORE_BOOKS_DIFFER', { file: from, findings: books.findingsTotal, first: books.findings.map(findingText).join('; ') });
    }
    // The hall put back is logged into afresh: no session of the copy's (a hash each, bound to a terminal) goes on.
    deleteAllSessions(db as WritableDb);
    return { ...check, books, beforeCheckpoint: beyond };
  } finally {
    // The last connection of the copy: its -wal and -shm go with it.
    db.close();
  }
}
