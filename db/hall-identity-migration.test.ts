/**
 * Migration 0023 (the hall's identity): on a database of the version before,
 * it adds one table holding one UUID v4, made there, that never changes.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, loadMigrations, migrate, type Db } from './connection.js';
import { hallIdentity } from './journal.js';

const fixture = migrationFixture();
const tables = (db: Db) => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function migrated(): Db {
  const { db, version } = fixture.before('0023-hall-identity.sql');
  const before = tables(db);
  // Up to this migration only: later ones add tables of their own.
  migrate(db, loadMigrations().slice(0, version + 1));
  expect(tables(db)).toEqual([...before, 'hall_identity'].sort());
  return db;
}

describe('migration 0023-hall-identity', () => {
  it('gives the hall one UUID v4', () => {
    const db = migrated();
    const rows = db.prepare('SELECT hall_id FROM hall_identity').pluck().all() as string[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(UUID_V4);
  });

  it('gives every file another', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const db = new Database(':memory:');
      migrate(db);
      ids.add(hallIdentity(asWritable(db)).hallId);
      db.close();
    }
    expect([...ids].every((id) => UUID_V4.test(id))).toBe(true);
    expect(ids.size).toBe(20);
  });

  it('never lets it change, go, or gain a second', () => {
    const db = migrated();
    const id = db.prepare('SELECT hall_id FROM hall_identity').pluck().get() as string;
    expect(() => db.exec(`UPDATE hall_identity SET hall_id = '00000000-0000-4000-8000-000000000000'`)).toThrow(/never changes/);
    expect(() => db.exec('DELETE FROM hall_identity')).toThrow(/never changes/);
    expect(() => db.exec(`INSERT INTO hall_identity VALUES (2, '00000000-0000-4000-8000-000000000000', 'x')`)).toThrow(/CHECK/);
    expect(() => db.exec(`INSERT INTO hall_identity VALUES (1, 'not-a-uuid', 'x')`)).toThrow(/UNIQUE|CHECK|PRIMARY/);
    expect(db.prepare('SELECT hall_id FROM hall_identity').pluck().all()).toEqual([id]);
  });

  it("is read with the hall's name and licence, as the group is told", () => {
    const db = migrated();
    db.exec(`INSERT INTO hall (id, name, licence, created_at) VALUES (1, 'Bingo do Porto', 'IGJ-123', '2026-12-01T10:00:00.000Z')`);
    // Read with the later migrations too (the time zone's column is 0025's).
    migrate(db);
    expect(hallIdentity(asWritable(db))).toEqual({
      hallId: db.prepare('SELECT hall_id FROM hall_identity').pluck().get(),
      name: 'Bingo do Porto',
      licence: 'IGJ-123',
      timeZone: 'Europe/Lisbon',
    });
  });
});
