/**
 * A new document needs only its domain's folder and one migration (issue 39):
 * a cash advance, declared in a domain that is not shipped
 * (test/fixtures/cash-advance/: its declaration and its migration), is bound
 * by the database, shipped by the journal with its entry and counted among
 * the drawers' documents, with no central list edited; and without its
 * declaration the schema's check names the table the journal would miss.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeDocuments, type DocumentDescriptor } from '../core/documents.js';
import { DOCUMENTS } from '../core/money-registry.js';
import { appendAudit } from '../db/audit.js';
import { asWritable, loadMigrations, migrate } from '../db/connection.js';
import { journalDocuments, journalQueries } from '../db/journal.js';
import { bindingTriggers, unshipped } from './bindings.js';
import { ADVANCE_DOCUMENTS } from './fixtures/cash-advance/documents.js';

const MIGRATION = readFileSync(join(import.meta.dirname, 'fixtures/cash-advance/migration.sql'), 'utf8');

describe('a new document in a domain of its own', () => {
  it('is bound, shipped and counted from its declaration and its one migration', () => {
    const migrations = loadMigrations();
    const db = asWritable(new Database(':memory:'));
    migrate(db, [...migrations, { version: migrations.length + 1, name: `${String(migrations.length + 1).padStart(4, '0')}-cash-advances.sql`, sql: MIGRATION }]);
    // The registry's merge, with the new domain beside the shipped ones.
    const all = mergeDocuments({ DOCUMENTS, ADVANCE_DOCUMENTS }) as readonly DocumentDescriptor[];

    // Without its declaration the journal would ship the advance's audit rows without it: named.
    expect(unshipped(db, DOCUMENTS)).toEqual([`cash_advances (document_audit 'cash_advance')`]);
    expect(unshipped(db, all)).toEqual([]);
    expect(bindingTriggers(db).map((t) => `${t.type}:${t.table}.${t.key}`).sort()).toEqual(all.map((d) => `${d.type}:${d.table}.${d.key}`).sort());
    expect(db.prepare(`SELECT document FROM document_types WHERE table_name = 'cash_advances'`).pluck().all()).toEqual(['cash_advance']);

    // Paid by its command (its audit row appended last, as the dispatcher does): bound to that row, shipped with that entry.
    const at = '2026-12-02T21:00:00.000Z';
    db.prepare(`INSERT INTO cash_advances (terminal_id, amount_cents, at) VALUES ('T1', 5000, ?)`).run(at);
    const seq = appendAudit(db, { at, operatorId: null, terminalId: 'T1', channel: 'advance.pay', outcome: 'ok', input: { amountCents: 5_000 }, before: undefined, after: {} });
    expect(db.prepare(`SELECT audit_seq + 1 FROM document_audit WHERE document = 'cash_advance'`).pluck().get()).toBe(seq);
    const shipped = journalDocuments(db, 0, seq, journalQueries(all));
    expect(shipped.get(seq)).toEqual({ cash_advances: [{ id: 1, terminal_id: 'T1', amount_cents: 5000, at }] });
    // The real registry's queries leave it behind: the hole the check above names.
    expect(journalDocuments(db, 0, seq).get(seq)).toBeUndefined();

    // Its terminal is among those whose drawers the books hold to (test/books.ts reads the declared terminal columns).
    expect(all.filter((d) => d.terminal).map((d) => d.table)).toContain('cash_advances');
    db.close();
  });
});
