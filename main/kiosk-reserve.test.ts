/**
 * The full disk's reserve (db/reserve.ts) is made again at each start with
 * room for it (issue 37): one removed, cut short, or cut and stretched back
 * to its size (a sparse file: its size says 4 MiB, the disk holds none of it)
 * while the kiosk was down must not leave the next full disk without room
 * for a login.
 */
import { mkdtempSync, rmSync, statSync, truncateSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESERVE_BYTES, RESERVE_FILE } from '../db/reserve.js';
import { openKiosk } from './kiosk.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'kiosk-reserve-start-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const reserveSize = () => statSync(join(dataDir, RESERVE_FILE)).size;
/** Bytes the disk holds for it (a sparse file of the right size holds none). */
const reserveHeld = () => statSync(join(dataDir, RESERVE_FILE)).blocks * 512;
const start = async () => (await openKiosk({ dataDir, logError: () => {} })).close();

describe('the reserve at a start', () => {
  it('is made at the first start, of its size', async () => {
    await start();
    expect(reserveSize()).toBe(RESERVE_BYTES);
    expect(reserveHeld()).toBeGreaterThanOrEqual(RESERVE_BYTES);
  });

  it('is made again when it was removed while the kiosk was down', async () => {
    await start();
    unlinkSync(join(dataDir, RESERVE_FILE));
    await start();
    expect(reserveSize()).toBe(RESERVE_BYTES);
  });

  it('is made whole again when it was cut short', async () => {
    await start();
    truncateSync(join(dataDir, RESERVE_FILE), 1000);
    await start();
    expect(reserveSize()).toBe(RESERVE_BYTES);
    expect(reserveHeld()).toBeGreaterThanOrEqual(RESERVE_BYTES);
  });

  it('is written again when it was cut and stretched back to its size (a hole keeps no room)', async () => {
    await start();
    truncateSync(join(dataDir, RESERVE_FILE), 0);
    truncateSync(join(dataDir, RESERVE_FILE), RESERVE_BYTES);
    expect(reserveHeld()).toBeLessThan(RESERVE_BYTES);
    await start();
    expect(reserveSize()).toBe(RESERVE_BYTES);
    expect(reserveHeld()).toBeGreaterThanOrEqual(RESERVE_BYTES);
  });
});
