import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freeBytes, hasReserve, keepReserve, openFailureOf, releaseReserve, RESERVE_BYTES, RESERVE_FILE } from './reserve.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-reserve-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the room kept for a full disk', () => {
  it('is made once, of its size, with bytes no file system compresses away', () => {
    expect(RESERVE_BYTES).toBe(4 * 1024 * 1024);
    expect(keepReserve(dir, 256 * 1024)).toBe(true);
    const file = join(dir, RESERVE_FILE);
    expect(statSync(file).size).toBe(256 * 1024);
    const bytes = readFileSync(file);
    expect(new Set(bytes.subarray(0, 4096)).size).toBeGreaterThan(200);
    expect(keepReserve(dir, 256 * 1024)).toBe(true);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(dir)).toEqual([RESERVE_FILE]);
  });

  it('is not made when the disk has not room for it and as much again, and leaves nothing half-written', () => {
    expect(keepReserve(dir, Math.ceil(freeBytes(dir) / 2) + 1024 * 1024)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('is given up once', () => {
    expect(releaseReserve(dir)).toBe(false);
    keepReserve(dir, 4096);
    expect(hasReserve(dir)).toBe(true);
    expect(releaseReserve(dir)).toBe(true);
    expect([hasReserve(dir), releaseReserve(dir)]).toEqual([false, false]);
  });

  it('tells a full disk at the open from a failing one and from the rest', () => {
    expect(openFailureOf({ code: 'SQLITE_FULL' }, dir)).toBe('full');
    expect(openFailureOf({ code: 'ENOSPC' }, dir)).toBe('full');
    // With room on the disk, SQLite's disk error is the disk failing, and a file it cannot open is no disk's doing.
    expect(openFailureOf({ code: 'SQLITE_IOERR_SHMSIZE' }, dir)).toBe('io_error');
    expect(openFailureOf({ code: 'SQLITE_CANTOPEN' }, dir)).toBe(null);
    expect(openFailureOf({ code: 'SQLITE_CORRUPT' }, dir)).toBe(null);
    expect(openFailureOf(new Error('x'), dir)).toBe(null);
  });
});
