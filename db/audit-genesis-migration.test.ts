/**
 * Migration 0024 (the audit chain bound to its hall): a file whose log is
 * empty there begins its chain at its hall's genesis; a file that already had
 * rows keeps its chain from zeros and verifies as before. Once bound, a chain
 * begun from zeros, or another hall's chain, does not verify as this hall's.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { appendAudit, auditRowHash, chainGenesis, GENESIS_HASH, hallGenesis, verifyAudit, type AuditRecord } from './audit.js';
import { asWritable, loadMigrations, migrate, type Db } from './connection.js';

const fixture = migrationFixture();
const record = (n: number): AuditRecord => ({
  at: `2026-12-04T20:00:0${n}.000Z`,
  operatorId: null,
  terminalId: 'T1',
  channel: 'test.entry',
  outcome: 'ok',
  input: { n },
  before: undefined,
  after: { n },
});
const hallIdOf = (db: Db) => db.prepare('SELECT hall_id FROM hall_identity').pluck().get() as string;

describe('migration 0024-audit-genesis', () => {
  it('binds the chain of a file whose log is still empty to its hall', () => {
    const { db } = fixture.before('0024-audit-genesis.sql');
    migrate(db);
    const w = asWritable(db);
    expect(db.prepare('SELECT bound FROM audit_genesis').pluck().get()).toBe(1);
    expect(chainGenesis(w)).toBe(hallGenesis(hallIdOf(db)));
    for (let n = 1; n <= 3; n++) appendAudit(w, record(n));
    expect(db.prepare('SELECT prev_hash FROM audit_log WHERE id = 1').pluck().get()).toBe(hallGenesis(hallIdOf(db)));
    expect(verifyAudit(w)).toMatchObject({ valid: true, entries: 3, brokenAt: null });
  });

  it('keeps from zeros the chain of a file that already had rows, which verifies as before', () => {
    const { db } = fixture.before('0024-audit-genesis.sql');
    const w = asWritable(db);
    // Two rows as the version before wrote them: chained from zeros.
    let prev = GENESIS_HASH;
    for (const n of [1, 2]) {
      const row = { id: n, at: record(n).at, operator_id: null, terminal_id: 'T1', channel: 'test.entry', outcome: 'ok', input: JSON.stringify({ n }), before: null, after: JSON.stringify({ n }) };
      const hash = auditRowHash(prev, row);
      db.prepare(
        'INSERT INTO audit_log (id, at, operator_id, terminal_id, channel, outcome, input, before, after, prev_hash, hash) VALUES (@id, @at, @operator_id, @terminal_id, @channel, @outcome, @input, @before, @after, @prev_hash, @hash)',
      ).run({ ...row, prev_hash: prev, hash });
      prev = hash;
    }
    migrate(db);
    expect(db.prepare('SELECT bound FROM audit_genesis').pluck().get()).toBe(0);
    appendAudit(w, record(3));
    expect(db.prepare('SELECT prev_hash FROM audit_log WHERE id = 1').pluck().get()).toBe(GENESIS_HASH);
    expect(verifyAudit(w)).toMatchObject({ valid: true, entries: 3, brokenAt: null });
  });

  it("refuses, once bound, a chain begun from zeros or another hall's, at row 1", () => {
    const { db } = fixture.before('0024-audit-genesis.sql');
    migrate(db);
    const w = asWritable(db);
    for (let n = 1; n <= 3; n++) appendAudit(w, record(n));
    db.exec('DROP TRIGGER audit_log_no_update');
    // The whole chain recomputed from another start, hash by hash: it verifies on its own, not as this hall's.
    for (const start of [GENESIS_HASH, hallGenesis('00000000-0000-4000-8000-000000000000')]) {
      let prev = start;
      for (const row of db.prepare('SELECT * FROM audit_log ORDER BY id').all() as Record<string, unknown>[]) {
        const canonical = JSON.stringify(['id', 'at', 'operator_id', 'terminal_id', 'channel', 'outcome', 'input', 'before', 'after'].map((k) => row[k]));
        const hash = createHash('sha256').update(prev).update('\n').update(canonical).digest('hex');
        db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE id = ?').run(prev, hash, row.id);
        prev = hash;
      }
      expect(verifyAudit(w)).toMatchObject({ valid: false, brokenAt: 1 });
    }
  });

  it('never lets where the chain begins change', () => {
    const { db } = fixture.before('0024-audit-genesis.sql');
    migrate(db, loadMigrations());
    expect(() => db.exec('UPDATE audit_genesis SET bound = 0')).toThrow(/never changes/);
    expect(() => db.exec('DELETE FROM audit_genesis')).toThrow(/never changes/);
    expect(() => db.exec('INSERT INTO audit_genesis VALUES (2, 1)')).toThrow(/CHECK/);
  });
});
