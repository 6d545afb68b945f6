/**
 * Migration 0030 (keys scoped to their terminal, keys given up): a key kept
 * before is carried as done, with its answer; the same key at two terminals
 * is two keys; a key given up holds no fingerprint nor answer, and no record
 * changes or goes, whatever writes it.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, loadMigrations, migrate, type Db } from './connection.js';
import { giveUpKey, keepAnswer, keepFinishedAnswer, keptAnswer } from './idempotency.js';

const fixture = migrationFixture();
const HEX = 'a'.repeat(64);

function migratedWithKey(): Db {
  const { db, version } = fixture.before('0030-idempotency-scope.sql');
  db.exec(`INSERT INTO idempotency_keys (key, channel, fingerprint, operator_id, terminal_id, at, audit_seq, answer)
           VALUES ('sale-0000-0001', 'sale.create', '${HEX}', NULL, 'T2', '2026-11-30T20:00:00.000Z', 7, '{"saleId":3}')`);
  migrate(db, loadMigrations().slice(0, version + 1));
  return db;
}

describe('migration 0030-idempotency-scope', () => {
  it('carries a key kept before as done, under its terminal, with its answer', () => {
    const db = asWritable(migratedWithKey());
    expect(keptAnswer(db, 'T2', 'sale-0000-0001')).toEqual({ outcome: 'done', channel: 'sale.create', fingerprint: HEX, answer: '{"saleId":3}' });
    expect(keptAnswer(db, 'T1', 'sale-0000-0001')).toBeUndefined();
  });

  it('keeps one key per terminal; a key given up has no fingerprint nor answer and never changes', () => {
    const raw = migratedWithKey();
    const db = asWritable(raw);
    keepAnswer(db, { key: 'sale-0000-0001', channel: 'sale.create', fingerprint: HEX, operatorId: null, terminalId: 'T1', at: '2026-11-30T20:01:00.000Z', auditSeq: 8, answer: null });
    giveUpKey(db, { terminalId: 'T1', key: 'sale-0000-0002', channel: 'sale.create', operatorId: null, at: '2026-11-30T20:02:00.000Z', auditSeq: 9 });
    expect(keptAnswer(db, 'T1', 'sale-0000-0002')).toEqual({ outcome: 'given_up', channel: 'sale.create', fingerprint: null, answer: null });
    // A slow answer is kept once; a key given up takes none.
    keepFinishedAnswer(db, 'T1', 'sale-0000-0001', '{"saleId":4}');
    keepFinishedAnswer(db, 'T1', 'sale-0000-0002', '{"saleId":5}');
    expect(keptAnswer(db, 'T1', 'sale-0000-0001')?.answer).toBe('{"saleId":4}');
    expect(keptAnswer(db, 'T1', 'sale-0000-0002')?.answer).toBeNull();
    expect(() => raw.exec(`UPDATE idempotency_keys SET answer = '{}' WHERE key = 'sale-0000-0002'`)).toThrow(/kept as it was written/);
    expect(() => raw.exec(`UPDATE idempotency_keys SET outcome = 'done' WHERE key = 'sale-0000-0002'`)).toThrow(/kept as it was written/);
    expect(() => raw.exec(`DELETE FROM idempotency_keys WHERE key = 'sale-0000-0002'`)).toThrow(/a key is kept/);
    expect(() =>
      raw.exec(`INSERT INTO idempotency_keys (terminal_id, key, outcome, channel, fingerprint, at, audit_seq) VALUES ('T1', 'sale-0000-0003', 'given_up', 'sale.create', '${HEX}', 'x', 1)`),
    ).toThrow(/CHECK/);
    expect(() => raw.exec(`INSERT INTO idempotency_keys (terminal_id, key, outcome, channel, at, audit_seq) VALUES ('T1', 'sale-0000-0004', 'done', 'sale.create', 'x', 1)`)).toThrow(
      /CHECK/,
    );
  });
});
