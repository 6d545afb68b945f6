/**
 * Migration 0022 (the hall's enrolled terminals) on a database of the
 * version before: it adds the two tables and changes nothing else; and the
 * tables hold their rules themselves (STRICT, CHECKs, triggers, the partial
 * index): one live terminal per name, a terminal never deleted and revoked
 * once, a code used once, before its expiry, with the terminal it enrolled.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, loadMigrations, migrate, type Db } from './connection.js';
import { insertEnrolmentCode, insertTerminal, revokeTerminal, touchTerminal, useEnrolmentCode } from './terminals.js';

const fixture = migrationFixture();
const AT = '2026-11-30T20:00:00.000Z';
const FP = (c: string) => `sha256:${c.repeat(64)}`;
const HASH = (c: string) => c.repeat(64);

const tables = (db: Db) => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];

function migrated(): Db {
  const { db, version } = fixture.before('0022-terminals.sql');
  db.exec(`INSERT INTO operators (id, username, name, roles, pin_hash, created_at) VALUES (1, 'admin', 'Admin', '["admin"]', 'x', '${AT}')`);
  const before = tables(db);
  // Up to this migration only: later ones add tables of their own.
  migrate(db, loadMigrations().slice(0, version + 1));
  expect(db.pragma('user_version', { simple: true })).toBe(version + 1);
  expect(tables(db)).toEqual([...before, 'enrolment_codes', 'terminals'].sort());
  return db;
}

describe('migration 0022-terminals', () => {
  it('adds STRICT tables whose CHECKs refuse a malformed name, fingerprint, serial or time order', () => {
    const db = migrated();
    const w = asWritable(db);
    const strict = db.prepare(`SELECT name, strict FROM pragma_table_list WHERE name IN ('terminals', 'enrolment_codes') ORDER BY name`).all();
    expect(strict).toEqual([
      { name: 'enrolment_codes', strict: 1 },
      { name: 'terminals', strict: 1 },
    ]);
    expect(insertTerminal(w, { name: 'T2', fingerprint: FP('a'), serial: '0a1b', at: AT })).toBe(1);
    expect(() => insertTerminal(w, { name: 'caixa 1', fingerprint: FP('b'), serial: '02', at: AT })).toThrow(/CHECK/);
    expect(() => insertTerminal(w, { name: 'x'.repeat(33), fingerprint: FP('b'), serial: '02', at: AT })).toThrow(/CHECK/);
    expect(() => insertTerminal(w, { name: 'T3', fingerprint: `sha256:${'A'.repeat(64)}`, serial: '02', at: AT })).toThrow(/CHECK/);
    expect(() => insertTerminal(w, { name: 'T3', fingerprint: 'a'.repeat(71), serial: '02', at: AT })).toThrow(/CHECK/);
    expect(() => insertTerminal(w, { name: 'T3', fingerprint: FP('b'), serial: 'XY', at: AT })).toThrow(/CHECK/);
    expect(() => insertTerminal(w, { name: 'T3', fingerprint: FP('a'), serial: '03', at: AT })).toThrow(/UNIQUE/);
    expect(() => insertTerminal(w, { name: 'T3', fingerprint: FP('b'), serial: '0a1b', at: AT })).toThrow(/UNIQUE/);
    expect(() => db.prepare(`UPDATE terminals SET last_seen_at = '2026-11-30T19:00:00.000Z' WHERE id = 1`).run()).toThrow(/CHECK/);
    expect(() =>
      insertEnrolmentCode(w, { codeHash: HASH('c'), terminalName: 'T3', at: AT, by: 1, expiresAt: AT }),
    ).toThrow(/CHECK/);
    expect(() => insertEnrolmentCode(w, { codeHash: 'c'.repeat(63), terminalName: 'T3', at: AT, by: 1, expiresAt: '2026-11-30T20:10:00.000Z' })).toThrow(/CHECK/);
    expect(() => insertEnrolmentCode(w, { codeHash: HASH('c'), terminalName: 'T3', at: AT, by: 9, expiresAt: '2026-11-30T20:10:00.000Z' })).toThrow(/FOREIGN KEY/);
  });

  it('keeps one live terminal per name; a terminal is revoked once, never deleted, its enrolment never rewritten', () => {
    const db = migrated();
    const w = asWritable(db);
    const id = insertTerminal(w, { name: 'T2', fingerprint: FP('a'), serial: '01', at: AT });
    expect(() => insertTerminal(w, { name: 'T2', fingerprint: FP('b'), serial: '02', at: AT })).toThrow(/UNIQUE/);
    touchTerminal(w, id, '2026-11-30T20:05:00.000Z');
    touchTerminal(w, id, '2026-11-30T20:01:00.000Z');
    expect(db.prepare(`SELECT last_seen_at FROM terminals WHERE id = ?`).pluck().get(id)).toBe('2026-11-30T20:05:00.000Z');
    expect(() => db.prepare(`UPDATE terminals SET fingerprint = ? WHERE id = ?`).run(FP('c'), id)).toThrow(/kept as written/);
    expect(() => db.prepare(`UPDATE terminals SET revoked_by = 1 WHERE id = ?`).run(id)).toThrow();
    expect(revokeTerminal(w, id, '2026-11-30T20:06:00.000Z', 1)).toBe(1);
    expect(revokeTerminal(w, id, '2026-11-30T20:07:00.000Z', 1)).toBe(0);
    expect(() => db.prepare(`UPDATE terminals SET revoked_at = NULL, revoked_by = NULL WHERE id = ?`).run(id)).toThrow(/revoked once/);
    expect(() => db.prepare(`DELETE FROM terminals WHERE id = ?`).run(id)).toThrow(/never deleted/);
    // Revoked, its name is free again.
    expect(insertTerminal(w, { name: 'T2', fingerprint: FP('b'), serial: '02', at: '2026-11-30T20:08:00.000Z' })).toBe(id + 1);
  });

  it('uses a code once, before its expiry, together with the terminal it enrolled', () => {
    const db = migrated();
    const w = asWritable(db);
    const code = insertEnrolmentCode(w, { codeHash: HASH('c'), terminalName: 'T2', at: AT, by: 1, expiresAt: '2026-11-30T20:10:00.000Z' });
    const t2 = insertTerminal(w, { name: 'T2', fingerprint: FP('a'), serial: '01', at: AT });
    const t3 = insertTerminal(w, { name: 'T3', fingerprint: FP('b'), serial: '02', at: AT });
    expect(useEnrolmentCode(w, code, '2026-11-30T20:10:00.000Z', t2)).toBe(0);
    expect(() => db.prepare(`UPDATE enrolment_codes SET used_at = ? WHERE id = ?`).run('2026-11-30T20:01:00.000Z', code)).toThrow(/CHECK/);
    expect(useEnrolmentCode(w, code, '2026-11-30T20:09:59.999Z', t2)).toBe(1);
    expect(useEnrolmentCode(w, code, '2026-11-30T20:09:59.999Z', t3)).toBe(0);
    expect(() => db.prepare(`UPDATE enrolment_codes SET used_at = NULL, terminal_id = NULL WHERE id = ?`).run(code)).toThrow(/used once/);
    const other = insertEnrolmentCode(w, { codeHash: HASH('d'), terminalName: 'T2', at: AT, by: 1, expiresAt: '2026-11-30T20:10:00.000Z' });
    // One code, one terminal: another code cannot claim T2's enrolment.
    expect(() => useEnrolmentCode(w, other, '2026-11-30T20:02:00.000Z', t2)).toThrow(/UNIQUE/);
  });
});
