/**
 * Migrations 0033 and 0034 (the documents document_audit accepts are rows of
 * document_types, the records record_audit accepts rows of record_types, not
 * CHECK lists) on a file made before them: a hall's past
 * trading as the kiosk writes it (the bench's seeder), every binding kept row
 * for row and the books check passing; after it a sale is bound by its
 * trigger as before, and a binding of a type no migration added, or written by
 * hand for a document that is not there, is refused.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { seedHistory } from '../bench/seed.js';
import { DOCUMENTS } from '../core/money-registry.js';
import { migrationFixture } from '../test/migrations.js';
import { appendAudit, verifyAudit } from './audit.js';
import { checkBooks } from './books.js';
import { asWritable, migrate, type Db } from './connection.js';

const fixture = migrationFixture();

function sequence(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const bindings = (db: Db) => db.prepare(`SELECT document, document_id, audit_seq FROM document_audit ORDER BY document, document_id`).all();
const records = (db: Db) => db.prepare(`SELECT record, record_id, audit_seq FROM record_audit ORDER BY record, record_id`).all();
const lastSeq = (db: Db) => db.prepare(`SELECT COALESCE(MAX(id), 0) FROM audit_log`).pluck().get() as number;

describe('migrations 0033-document-types and 0034-record-types', () => {
  it("keeps a seeded hall's every binding and its chain, the books check passing; then binds by the lookup table", () => {
    const { db, latest } = fixture.before('0033-document-types.sql');
    db.close();
    const seeded = seedHistory(db.name, {
      sales: 300,
      salesPerGame: 50,
      gamesPerSession: 3,
      priceCents: 100,
      seriesSize: 10_000,
      cashierId: 1,
      managerId: 1,
      terminalId: 'T1',
      startDaysAgo: 5,
      random: sequence(3),
    });
    expect(seeded).toMatchObject({ sales: 300 });
    const file = new Database(db.name);
    // As the seeder wrote them: the operators it names are not in this file.
    file.pragma('foreign_keys = OFF');
    try {
      const before = bindings(file);
      const recordsBefore = records(file);
      expect(before.length).toBeGreaterThan(300);
      expect(recordsBefore.length).toBeGreaterThan(3);
      expect(checkBooks(asWritable(file), 10).findings).toEqual([]);

      expect(migrate(file)).toBe(latest);
      expect(bindings(file)).toEqual(before);
      expect(records(file)).toEqual(recordsBefore);
      expect(verifyAudit(asWritable(file))).toMatchObject({ valid: true, brokenAt: null });
      expect(checkBooks(asWritable(file), 10)).toMatchObject({ findings: [], findingsTotal: 0 });
      // 0033's fourteen, and those later migrations add with their documents (the declared ones: db/documents.test.ts).
      expect(file.prepare(`SELECT COUNT(*) FROM document_types`).pluck().get()).toBe(DOCUMENTS.filter((d) => d.binding === 'document_audit').length);
      // 0034's twelve, and those later migrations add with their records (the declared ones: db/documents.test.ts).
      expect(file.prepare(`SELECT COUNT(*) FROM record_types`).pluck().get()).toBe(DOCUMENTS.filter((d) => d.binding === 'record_audit').length);
      // No CHECK list left on either table: the lookup table is what it accepts.
      expect(file.prepare(`SELECT sql FROM sqlite_master WHERE name = 'document_audit'`).pluck().get()).not.toMatch(/IN \(/);
      expect(file.prepare(`SELECT sql FROM sqlite_master WHERE name = 'record_audit'`).pluck().get()).not.toMatch(/IN \(/);

      // A sale written now is bound by its trigger, to the log's last row, as before.
      const at = '2026-12-02T21:00:00.000Z';
      appendAudit(asWritable(file), { at, operatorId: 1, terminalId: 'T1', channel: 'sale.create', outcome: 'ok', input: {}, before: undefined, after: {} });
      const sale = Number(
        file
          .prepare(
            `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
             VALUES (1, 'T1', 1, 1, 100, 100, 'cash', 100, 0, ?)`,
          )
          .run(at).lastInsertRowid,
      );
      expect(file.prepare(`SELECT audit_seq FROM document_audit WHERE document = 'sale' AND document_id = ?`).pluck().get(sale)).toBe(lastSeq(file));

      const bind = (document: string, id: number) => file.prepare(`INSERT INTO document_audit (document, document_id, audit_seq) VALUES (?, ?, ?)`).run(document, id, lastSeq(file));
      // A type no migration added to document_types is refused.
      expect(() => bind('cash_advance', 1)).toThrow(/bound by its own trigger/);
      // A binding written by hand for a document yet to come is refused (its type's own guard).
      expect(() => bind('sale', sale + 1)).toThrow(/bound by its own trigger/);
      expect(() => bind('guia_void', 1)).toThrow(/bound by its own trigger/);
      expect(() => file.prepare(`INSERT INTO record_audit (record, record_id, audit_seq) VALUES ('advance_note', 1, ?)`).run(lastSeq(file))).toThrow(/bound by its own trigger/);
      // A series registered now is bound by its trigger, as before.
      const series = Number(file.prepare(`INSERT INTO series (code, price_cents, size, registered_at) VALUES ('Z', 100, 300, ?)`).run(at).lastInsertRowid);
      expect(file.prepare(`SELECT audit_seq FROM record_audit WHERE record = 'series' AND record_id = ?`).pluck().get(series)).toBe(lastSeq(file));
      // Append-only, the tables and their lookups.
      expect(() => file.prepare(`DELETE FROM document_audit`).run()).toThrow(/append-only/);
      expect(() => file.prepare(`UPDATE document_types SET key_column = 'x'`).run()).toThrow(/append-only/);
      expect(() => file.prepare(`DELETE FROM document_types WHERE document = 'sale'`).run()).toThrow(/append-only/);
      expect(() => file.prepare(`DELETE FROM record_audit`).run()).toThrow(/append-only/);
      expect(() => file.prepare(`DELETE FROM record_types`).run()).toThrow(/append-only/);
    } finally {
      file.close();
    }
  });
});
