/**
 * Migration 0025 (the hall's time zone): a file of the version before reads
 * Europe/Lisbon, as its days were always counted; the column holds one of
 * Portugal's three zones and nothing else, whatever writes it.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, loadMigrations, migrate, type Db } from './connection.js';
import { hallIdentity } from './journal.js';
import { hallRow, hallTimeZone, updateHall } from './people.js';

const fixture = migrationFixture();

function migratedWithHall(): Db {
  const { db, version } = fixture.before('0025-hall-time-zone.sql');
  // A hall set up and selling before the setting existed.
  db.exec(`INSERT INTO hall (id, name, licence, created_at) VALUES (1, 'Bingo da Graça', 'IGJ-25', '2026-11-01T10:00:00.000Z')`);
  migrate(db, loadMigrations().slice(0, version + 1));
  return db;
}

describe('migration 0025-hall-time-zone', () => {
  it('an existing hall reads Europe/Lisbon, its name and licence as they were', () => {
    const db = asWritable(migratedWithHall());
    expect(hallRow(db)).toEqual({ hallName: 'Bingo da Graça', licence: 'IGJ-25', timeZone: 'Europe/Lisbon' });
    expect(hallTimeZone(db)).toBe('Europe/Lisbon');
    expect(hallIdentity(db)).toMatchObject({ name: 'Bingo da Graça', licence: 'IGJ-25', timeZone: 'Europe/Lisbon' });
  });

  it('holds the Azores or Madeira once changed, and refuses any other zone even written by hand', () => {
    const raw = migratedWithHall();
    const db = asWritable(raw);
    updateHall(db, { timeZone: 'Atlantic/Azores' });
    expect(hallTimeZone(db)).toBe('Atlantic/Azores');
    updateHall(db, { timeZone: 'Atlantic/Madeira' });
    expect(hallTimeZone(db)).toBe('Atlantic/Madeira');
    for (const zone of ['Europe/Madrid', 'UTC', '']) expect(() => raw.exec(`UPDATE hall SET time_zone = '${zone}' WHERE id = 1`)).toThrow(/CHECK/);
    expect(() => raw.exec(`UPDATE hall SET time_zone = NULL WHERE id = 1`)).toThrow(/NOT NULL/);
    expect(hallTimeZone(db)).toBe('Atlantic/Madeira');
  });

  it('a file not set up yet is on the mainland’s clock; a hall made from now on starts there too', () => {
    const { db } = fixture.before('0025-hall-time-zone.sql');
    migrate(db);
    const w = asWritable(db);
    expect(hallTimeZone(w)).toBe('Europe/Lisbon');
    db.exec(`INSERT INTO hall (id, name, licence, created_at) VALUES (1, 'Sala Nova', NULL, '2026-12-01T10:00:00.000Z')`);
    expect(hallRow(w)?.timeZone).toBe('Europe/Lisbon');
  });
});
