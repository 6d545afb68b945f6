/**
 * Backups off the machine (issue 40): the newest backup of `<data>/backups`
 * copied to a folder the hall names (a mounted disk or share). Each copy is
 * written under a temporary name, made durable, checked there (the same
 * bytes as its source by SHA-256, SQLite's quick_check, the same
 * user_version), and only then renamed, so a file under a backup's name in
 * the destination is always a whole, checked copy. The copies taken before a
 * migration go there too and are never rotated away. Synchronous: it runs in
 * a worker thread (main/workers/backup-copy-worker.ts), never in a sale's way.
 * The destination is never created: a folder that is not there is a disk
 * that is not mounted, and writing into the mount point would fill the
 * machine's own disk.
 */
import Database from 'better-sqlite3';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { copiesToRemove, copyFailureOf, isBackupName, isBeforeMigrationName, type BackupCopy, type BackupCopyState } from '../core/drawers/backup-copies.js';
import { KioskError } from '../core/refusal.js';
import { sha256OfFile } from './backup.js';
import { BACKUPS_FOLDER } from './connection.js';

/** The copier's last word, beside the backups: what the managers' screen shows, across restarts. */
export const COPY_STATE_FILE = 'copy-state.json';

function fsyncPath(path: string, flags: 'r' | 'r+' = 'r'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** What a database file says of itself, read-only: quick_check, user_version, its sales. */
function inspect(file: string): { verdict: string; version: number; sales: number } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const verdict = String(db.pragma('quick_check', { simple: true }));
    const version = db.pragma('user_version', { simple: true }) as number;
    const hasSales = (db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'sales'`).pluck().get() as number) > 0;
    const sales = hasSales ? (db.prepare(`SELECT COUNT(*) FROM sales`).pluck().get() as number) : 0;
    return { verdict, version, sales };
  } finally {
    db.close();
  }
}

/** A file-system or SQLite failure as the managers' code, naming the folder and the copy. */
function failure(e: unknown, dir: string, file: string): KioskError {
  if (e instanceof KioskError) return e;
  const code = (e as { code?: unknown }).code;
  const errno = typeof code === 'string' ? code : undefined;
  const kind =
    errno === 'SQLITE_FULL' ? 'BACKUP_COPY_FULL' : errno === 'SQLITE_READONLY' || errno === 'SQLITE_CANTOPEN' ? 'BACKUP_COPY_NOT_WRITABLE' : errno?.startsWith('SQLITE_') ? 'BACKUP_COPY_CHECK_FAILED' : copyFailureOf(errno);
  const reason = e instanceof Error ? e.message.slice(0, 200) : String(e);
  return new KioskError(kind, { dir, file, reason: errno ?? reason, detail: reason });
}

/**
 * One backup copied into `dir` and checked there; a copy already there with
 * the same bytes is left as it is (the daily look only checks it). What a
 * copy cut short left under a temporary name is removed first.
 */
function copyOne(source: string, dir: string, at: Date): BackupCopy & { copied: boolean } {
  const name = basename(source);
  const target = join(dir, name);
  const partial = `${target}.partial`;
  const sha256 = sha256OfFile(source);
  const src = inspect(source);
  if (existsSync(target) && statSync(target).size === statSync(source).size && sha256OfFile(target) === sha256) {
    return { file: name, bytes: statSync(target).size, sha256, copiedAt: statSync(target).mtime.toISOString(), sales: src.sales, copied: false };
  }
  try {
    copyFileSync(source, partial);
    fsyncPath(partial, 'r+');
    const written = sha256OfFile(partial);
    const copy = inspect(partial);
    const problems = [
      written !== sha256 ? `SHA-256 ${written.slice(0, 12)}… ≠ ${sha256.slice(0, 12)}…` : null,
      copy.verdict !== 'ok' ? `quick_check ${copy.verdict.slice(0, 120)}` : null,
      copy.version !== src.version ? `user_version ${copy.version} ≠ ${src.version}` : null,
    ].filter((p) => p !== null);
    if (problems.length > 0) throw new KioskError('BACKUP_COPY_CHECK_FAILED', { dir, file: name, detail: problems.join('; ') });
    // Its manifest (the audit head a restore checks it against) goes with it, whole or not at all.
    const manifest = `${source}.json`;
    if (existsSync(manifest)) {
      writeFileSync(`${target}.json.partial`, readFileSync(manifest));
      fsyncPath(`${target}.json.partial`, 'r+');
      renameSync(`${target}.json.partial`, `${target}.json`);
    }
    renameSync(partial, target);
    // The rename made durable too (a folder cannot be opened for fsync on Windows).
    if (process.platform !== 'win32') fsyncPath(dir);
    return { file: name, bytes: statSync(target).size, sha256, copiedAt: at.toISOString(), sales: copy.sales, copied: true };
  } catch (e) {
    for (const f of [partial, `${partial}-journal`, `${target}.json.partial`]) rmSync(f, { force: true });
    throw failure(e, dir, name);
  }
}

export interface CopyResult {
  /** The newest backup, as it now lies in the destination. */
  newest: BackupCopy & { copied: boolean };
  /** Copies taken before a migration put there too (their names). */
  beforeMigration: string[];
  /** Copies rotated away (the oldest beyond `keep`). */
  removed: string[];
}

/**
 * Copy the newest backup of a data folder (and any copy taken before a
 * migration not there yet) into `dir`, then keep its `keep` newest backups.
 * Throws a KioskError of the BACKUP_COPY_* codes; null when the data folder
 * has no backup yet.
 */
export function copyNewestBackup(dataDir: string, dir: string, o: { keep: number; at: Date }): CopyResult | null {
  const local = join(dataDir, BACKUPS_FOLDER);
  const names = existsSync(local) ? readdirSync(local) : [];
  const newest = names.filter(isBackupName).sort().at(-1);
  if (newest === undefined) return null;
  let st;
  try {
    st = statSync(dir);
  } catch (e) {
    throw failure(e, dir, newest);
  }
  if (!st.isDirectory()) throw new KioskError('BACKUP_COPY_DESTINATION_MISSING', { dir, file: newest });
  try {
    for (const f of readdirSync(dir)) if (f.endsWith('.sqlite.partial') || f.endsWith('.sqlite.json.partial')) rmSync(join(dir, f), { force: true });
  } catch (e) {
    throw failure(e, dir, newest);
  }
  const there = new Set(readdirSync(dir));
  const beforeMigration: string[] = [];
  for (const f of names.filter(isBeforeMigrationName).sort()) {
    if (there.has(f)) continue;
    copyOne(join(local, f), dir, o.at);
    beforeMigration.push(f);
  }
  const copied = copyOne(join(local, newest), dir, o.at);
  const removed = copiesToRemove(readdirSync(dir), o.keep);
  try {
    for (const f of removed) {
      rmSync(join(dir, f), { force: true });
      rmSync(join(dir, `${f}.json`), { force: true });
    }
  } catch (e) {
    throw failure(e, dir, newest);
  }
  return { newest: copied, beforeMigration, removed };
}

/** The folder a hall named for its copies, read from its database file read-only (none, or no such file: null). */
export function namedCopyDir(databaseFile: string): string | null {
  if (!existsSync(databaseFile)) return null;
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const value = db.prepare(`SELECT value FROM settings WHERE key = 'backupCopyDir'`).pluck().get() as string | undefined;
    return value === undefined ? null : (JSON.parse(value) as string | null);
  } catch {
    // A file of before the settings table, or not the kiosk's: no folder named.
    return null;
  } finally {
    db.close();
  }
}

/** The backups in a destination folder, newest first (what the drill takes). */
export function copiesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter(isBackupName).sort().reverse();
}

export function readCopyState(dataDir: string): BackupCopyState | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, BACKUPS_FOLDER, COPY_STATE_FILE), 'utf8')) as BackupCopyState;
  } catch {
    return null;
  }
}

/** Written whole under a temporary name, then renamed: the screen never reads half of it. */
export function writeCopyState(dataDir: string, state: BackupCopyState): void {
  mkdirSync(join(dataDir, BACKUPS_FOLDER), { recursive: true });
  const file = join(dataDir, BACKUPS_FOLDER, COPY_STATE_FILE);
  writeFileSync(`${file}.partial`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${file}.partial`, file);
}
