/**
 * Each document described once (issue 39): what the domains declare
 * (core/<domain>/documents.ts) is what the database binds, the journal ships,
 * the books check reads and the inspector's export carries. Read from the
 * declarations and from the schema, so a new declaration, or a new binding
 * trigger in a migration, is covered here with nothing to add.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../core/contract.js';
import { mergeDocuments, type DocumentDescriptor } from '../core/documents.js';
import { TABLE_FACTS } from '../core/group-contract/hall-rows.js';
import { BOUND_DOCUMENTS, DOCUMENT_TYPES, DOCUMENTS } from '../core/money-registry.js';
import { PRINT_KINDS } from '../core/print-kinds.js';
import { EXPORT_LIMITS } from '../core/inspector/check.js';
import { BOOK_DOCUMENT_TYPES } from './books.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asWritable, migrate, openDatabase, type Db } from './connection.js';
import { documentTypesDiffer, UndeclaredDocumentTypesError } from './document-types.js';
import { bindingTriggers, unshipped } from '../test/bindings.js';
import { JOURNAL_DOCUMENT_TABLES } from './journal.js';

const declared = DOCUMENTS as readonly DocumentDescriptor[];

function migrated(): Db {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

describe('the documents the domains declare', () => {
  it('are the rows of document_types and record_types, each with its table and key (migrations 0033, 0034 and each document’s own)', () => {
    const db = migrated();
    const rows = db.prepare(`SELECT document AS type, table_name AS "table", key_column AS key FROM document_types ORDER BY document`).all();
    expect(rows).toEqual(BOUND_DOCUMENTS.map((d) => ({ type: d.type, table: d.table, key: d.key })).sort((a, b) => a.type.localeCompare(b.type)));
    // And the records: the rows of record_types (migration 0034).
    const records = db.prepare(`SELECT record AS type, table_name AS "table", key_column AS key FROM record_types ORDER BY record`).all();
    expect(records).toEqual(
      declared
        .filter((d) => d.binding === 'record_audit')
        .map((d) => ({ type: d.type, table: d.table, key: d.key }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    );
    db.close();
  });

  it('are checked against the file as it opens: a type one side lacks stops the kiosk, naming it', () => {
    const db = migrated();
    expect(documentTypesDiffer(asWritable(db))).toEqual({ undeclared: [], unbound: [] });
    expect(documentTypesDiffer(asWritable(db), declared.filter((d) => d.type !== 'incident'))).toEqual({ undeclared: ['record_audit:incident'], unbound: [] });
    db.close();
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-types-'));
    try {
      const file = join(dir, 'kiosk.sqlite');
      const made = openDatabase(file);
      made.prepare(`INSERT INTO document_types (document, table_name, key_column) VALUES ('cash_advance', 'cash_advances', 'id')`).run();
      made.close();
      expect(() => openDatabase(file)).toThrow(UndeclaredDocumentTypesError);
      expect(() => openDatabase(file)).toThrow(/bound but not declared \[document_audit:cash_advance\]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are exactly what the schema binds: one trigger per declared document, on its table, naming its type and key', () => {
    const db = migrated();
    const triggers = bindingTriggers(db).map((t) => `${t.binding}:${t.type}:${t.table}.${t.key}`);
    expect(triggers.sort()).toEqual(declared.map((d) => `${d.binding}:${d.type}:${d.table}.${d.key}`).sort());
    db.close();
  });

  it('every table the database binds reaches the journal (or is declared not shipped, the ledger rebuilt from evidence)', () => {
    const db = migrated();
    expect(unshipped(db, declared)).toEqual([]);
    // The hole this closes: a bound table left out of the declarations is named (the check can fail).
    expect(unshipped(db, declared.filter((d) => d.table !== 'guia_voids'))).toEqual([`guia_voids (document_audit 'guia_void')`]);
    for (const d of declared) expect(JOURNAL_DOCUMENT_TABLES.includes(d.table), d.table).toBe(d.shipped !== false);
    expect(JOURNAL_DOCUMENT_TABLES).toContain('sale_ranges');
    db.close();
  });

  it('reach the books: each money document is read into a document with its evidence and its book source, and each of those is declared', () => {
    for (const d of declared) if (d.book !== undefined) expect(DOCUMENT_TYPES, d.type).toContain(d.book);
    expect([...BOOK_DOCUMENT_TYPES].sort()).toEqual([...DOCUMENT_TYPES].sort());
    const read = new Set(declared.flatMap((d) => (d.book ? [d.book] : [])));
    expect(DOCUMENT_TYPES.filter((t) => !read.has(t))).toEqual([]);
    // Every money document (but the ledger's own transactions) is read by the books, and names its writers.
    for (const d of BOUND_DOCUMENTS) if (d.type !== 'ledger_transaction') expect([d.type, 'book' in d && 'writers' in d]).toEqual([d.type, true]);
  });

  it('reach the group: each names the fact its rows publish, the one the group contract reads from its table', () => {
    const named = Object.fromEntries(declared.flatMap((d) => (d.publishes ? [[d.table, d.publishes]] : [])));
    expect(named).toEqual({ ...TABLE_FACTS });
    for (const table of Object.keys(TABLE_FACTS)) expect(JOURNAL_DOCUMENT_TABLES, table).toContain(table);
  });

  it('name real channels, print kinds and export files', () => {
    for (const d of declared) {
      for (const channel of Object.keys(d.writers ?? {})) expect(CHANNELS, d.type).toContain(channel);
      for (const kind of d.prints ?? []) expect(Object.keys(PRINT_KINDS), d.type).toContain(kind);
      if (d.export !== undefined) expect(Object.keys(EXPORT_LIMITS.perFile), d.type).toContain(d.export);
      expect(d.label.length, d.type).toBeGreaterThan(0);
    }
  });

  it('a type or a table declared twice is refused at start', () => {
    const sale = declared.find((d) => d.type === 'sale')!;
    expect(() => mergeDocuments({ ONE: [sale], TWO: [{ ...sale, table: 'other_sales' }] })).toThrow(/Duplicate document type 'document_audit:sale': defined by ONE and by TWO/);
    expect(() => mergeDocuments({ ONE: [sale], TWO: [{ ...sale, type: 'other_sale' }] })).toThrow(/Duplicate document table 'sales'/);
    expect(() => mergeDocuments({ ONE: [sale, sale] })).toThrow(/Duplicate document type 'document_audit:sale' in ONE/);
  });
});
