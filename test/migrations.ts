/**
 * A migration on the data before it: a SQLite file in a fresh temp folder,
 * migrated up to the version before the named migration (found by its file
 * name, so a renumbering changes nothing), then the test writes its rows and
 * migrates to the latest. Registers its own beforeEach/afterEach.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import { loadMigrations, migrate, type Db } from '../db/connection.js';

export function migrationFixture(): { before(name: string): { db: Db; version: number; latest: number } } {
  let dir: string;
  let db: Db | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-db-'));
  });
  afterEach(() => {
    if (db?.open) db.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    before(name) {
      const migrations = loadMigrations();
      const version = migrations.findIndex((m) => m.name === name);
      expect(version, name).toBeGreaterThan(0);
      db = new Database(join(dir, 'kiosk.sqlite'));
      migrate(db, migrations.slice(0, version));
      expect(db.pragma('user_version', { simple: true })).toBe(version);
      return { db, version, latest: migrations.length };
    },
  };
}
