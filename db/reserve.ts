/**
 * Room kept for a full disk (issue 21). A kiosk restarted on a full disk
 * cannot even open its database (SQLite needs room for the -shm and -wal it
 * deletes at every close), and a login writes (its audit row, the operator's
 * failure count): nobody could log in to read the books until space was
 * freed. So the kiosk keeps a reserve file beside the database while there is
 * room, and gives it up when the disk is full: at the open, or when a login
 * finds no room. The space freed is for logins only; the kiosk makes the
 * reserve again, and takes every write again, once the disk has room for it.
 * Its bytes are random, so that no compressing file system keeps it for free.
 */
import { randomFillSync } from 'node:crypto';
import { closeSync, existsSync, openSync, renameSync, rmSync, statfsSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const RESERVE_FILE = 'kiosk.reserve';
/** Thousands of logins' audit rows, and SQLite's working files. */
export const RESERVE_BYTES = 4 * 1024 * 1024;
/** Less free than this (for the kiosk's user), a disk error at the open is taken for a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

const reserveOf = (dataDir: string) => join(dataDir, RESERVE_FILE);

/** Bytes free on the data folder's disk for the kiosk's user. */
export function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

export function hasReserve(dataDir: string): boolean {
  return existsSync(reserveOf(dataDir));
}

/**
 * Whether the reserve is there and holds its room on the disk: a file cut
 * short, or cut and stretched back to its size (a hole, no blocks), holds
 * less than its size says. Windows reports no blocks: its size is taken.
 */
function holdsRoom(file: string, bytes: number): boolean {
  if (!existsSync(file)) return false;
  const s = statSync(file);
  if (!s.isFile() || s.size < bytes) return false;
  return process.platform === 'win32' || s.blocks * 512 >= bytes;
}

/**
 * Make the reserve if it is missing or holds less than its room, when the disk has room for it and as
 * much again (never the write that fills the disk). Returns whether it is there.
 */
export function keepReserve(dataDir: string, bytes = RESERVE_BYTES): boolean {
  const file = reserveOf(dataDir);
  if (bytes <= 0) return true;
  if (holdsRoom(file, bytes)) return true;
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  try {
    if (freeBytes(dataDir) < 2 * bytes) return false;
    const block = randomFillSync(Buffer.alloc(64 * 1024));
    const fd = openSync(partial, 'w', 0o600);
    try {
      // Written, not only sized (a sparse file would hold no room); no fsync: the blocks are the disk's from the write on.
      for (let written = 0; written < bytes; written += block.length) writeSync(fd, block, 0, Math.min(block.length, bytes - written));
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
    return true;
  } catch {
    // No room after all (another program wrote meanwhile): the disk keeps what it had.
    rmSync(partial, { force: true });
    return false;
  }
}

/** Give the reserve's room back to the disk. Returns whether there was one. */
export function releaseReserve(dataDir: string): boolean {
  const file = reserveOf(dataDir);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

/**
 * What an error at the open says about the disk: full (SQLITE_FULL, ENOSPC,
 * or a disk error with the disk nearly full: SQLite cannot size its -shm),
 * failing (another SQLITE_IOERR), or neither.
 */
export function openFailureOf(error: unknown, dataDir: string): 'full' | 'io_error' | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return 'full';
  // SQLite could not create its -wal or -shm: a full disk, or a folder it may not write to (not the disk's to say).
  const cantOpen = code === 'SQLITE_CANTOPEN';
  if (!code.startsWith('SQLITE_IOERR') && !cantOpen) return null;
  let nearlyFull: boolean;
  try {
    nearlyFull = freeBytes(dataDir) < NEARLY_FULL_BYTES;
  } catch {
    nearlyFull = false;
  }
  if (nearlyFull) return 'full';
  return cantOpen ? null : 'io_error';
}
