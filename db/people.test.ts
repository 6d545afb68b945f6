import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type WritableDb } from './connection.js';
import { hallSettings, saveSetting } from './people.js';

let dir: string;
let db: WritableDb;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-people-'));
  db = openDatabase(join(dir, 'kiosk.sqlite'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('hall settings', () => {
  it('a special prize saved before its starting amount existed starts at 0; a saved one is kept', () => {
    saveSetting(db, 'specialPrize', { enabled: true, shareBasisPoints: 500, baseBalls: 40 });
    expect(hallSettings(db).specialPrize).toEqual({ enabled: true, shareBasisPoints: 500, baseBalls: 40, startingCents: 0 });
    saveSetting(db, 'specialPrize', { enabled: true, shareBasisPoints: 500, baseBalls: 40, startingCents: 25_000 });
    expect(hallSettings(db).specialPrize?.startingCents).toBe(25_000);
    saveSetting(db, 'specialPrize', null);
    expect(hallSettings(db).specialPrize).toBeNull();
  });
});
