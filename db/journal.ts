/**
 * The hall's journal as the group receives it (issue 25): the audit log's
 * rows, in order, each with the hash that chains it to the one before. The
 * audit row is written in the command's own transaction, so the journal is
 * an outbox that can never hold a fact the books do not, nor miss one.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/idempotency.js';
import { AUDITED_DOCUMENTS } from '../core/money-registry.js';
import type { HallTimeZone } from '../core/time.js';
import type { ReadableDb, WritableDb } from './connection.js';
import type { StoredRow } from './audit.js';
import { stmt } from './sql.js';

export interface HallIdentity {
  /** The hall's UUID, made once with its file (migration 0023). */
  hallId: string;
  name: string;
  licence: string | null;
  /** The zone its days of operation are counted in (the mainland's before the hall is set up). */
  timeZone: HallTimeZone;
}

export function hallIdentity(db: ReadableDb): HallIdentity {
  const row = stmt<[], HallIdentity>(
    db,
    `SELECT i.hall_id AS hallId, COALESCE(h.name, 'Sala sem nome') AS name, h.licence AS licence,
            COALESCE(h.time_zone, 'Europe/Lisbon') AS timeZone
       FROM hall_identity i LEFT JOIN hall h ON h.id = 1 WHERE i.id = 1`,
  ).get();
  if (!row) throw new Error('hall_identity: the hall has no identity (migration 0023 not applied)');
  return row;
}

/**
 * A writable handle on a hall's file its kiosk made (and migrated), for the command line's shipper to keep the
 * group's cosignatures (migration 0028) beside a kiosk that may be selling: its one short transaction waits its
 * turn behind the kiosk's (busy_timeout), and nothing but that table is written through it.
 */
export function openCosignatureKeeper(file: string): WritableDb {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  return db as WritableDb;
}

/** The journal's entries after `afterSeq`, at most `limit`, oldest first: the audit rows as stored. */
export function journalEntries(db: ReadableDb, afterSeq: number, limit: number): StoredRow[] {
  return stmt<[number, number], StoredRow>(
    db,
    `SELECT id, at, operator_id, terminal_id, channel, outcome, input, before, after, prev_hash, hash
       FROM audit_log WHERE id > ? ORDER BY id LIMIT ?`,
  ).all(afterSeq, limit);
}

/** The hash of the journal's entry `seq`, or undefined when the hall has none (yet). */
export function journalHashAt(db: ReadableDb, seq: number): string | undefined {
  return stmt<[number], string>(db, `SELECT hash FROM audit_log WHERE id = ?`).pluck().get(seq) as string | undefined;
}

export interface JournalHead {
  seq: number;
  hash: string;
  at: string;
}

/** The journal's newest entry, or null while the hall has none. */
export function journalHead(db: ReadableDb): JournalHead | null {
  return stmt<[], JournalHead>(db, `SELECT id AS seq, hash, at FROM audit_log ORDER BY id DESC LIMIT 1`).get() ?? null;
}

/** The time of the journal's entry `seq` (the newest the group holds, for the screens). */
export function journalEntryAt(db: ReadableDb, seq: number): string | undefined {
  return stmt<[number], { at: string }>(db, `SELECT at FROM audit_log WHERE id = ?`).get(seq)?.at;
}

// ---- the documents each entry wrote (issue 25) ----

/** The rows a command wrote, by table (only tables it wrote to), each table's rows in key order. */
export type EntryDocuments = Record<string, Record<string, unknown>[]>;

/**
 * Where each shipped table's rows are bound to their command: a binding table (0018's documents, 0027's
 * records) or, for a sale's ranges, the sale's own binding. Tables whose rows change after they are made
 * (sessions, games, series, machines, drawers) give only the columns that never do, so a row read again is
 * the same row; the others are append-only. Ledger postings are not shipped: each is built from its document
 * by its domain's evidence (core/money-registry expectedEntries), which books.verify proves in the hall.
 */
const DOCUMENT_SOURCES: readonly { table: string; binding: 'document_audit' | 'record_audit'; type?: string; key: string; columns?: string }[] = [
  { table: 'sessions', binding: 'record_audit', type: 'session', key: 'id', columns: 'id, opened_at, scheduled_close_at, opened_by, special_balls' },
  { table: 'series', binding: 'record_audit', type: 'series', key: 'id', columns: 'id, code, price_cents, size, colour, emission, registered_at, registered_by' },
  {
    table: 'games',
    binding: 'record_audit',
    type: 'game',
    key: 'id',
    columns: 'id, session_id, number, price_cents, first_series_id, first_start, opened_at, opened_by, ball_set_id, double_of',
  },
  { table: 'machines', binding: 'record_audit', type: 'machine', key: 'id', columns: 'id, number, registered_at' },
  { table: 'drawers', binding: 'record_audit', type: 'drawer', key: 'id', columns: 'id, terminal_id, opened_by, opened_at, float_counts, float_cents' },
  { table: 'sales', binding: 'document_audit', key: 'id' },
  { table: 'sale_voids', binding: 'document_audit', key: 'sale_id' },
  { table: 'game_closures', binding: 'document_audit', key: 'game_id' },
  { table: 'winners', binding: 'record_audit', type: 'winner', key: 'id' },
  { table: 'prize_payments', binding: 'document_audit', key: 'winner_id' },
  { table: 'prize_voids', binding: 'record_audit', type: 'prize_void', key: 'winner_id' },
  { table: 'refunds', binding: 'document_audit', key: 'sale_id' },
  { table: 'guias', binding: 'document_audit', key: 'id' },
  { table: 'guia_payments', binding: 'document_audit', key: 'guia_id' },
  { table: 'guia_voids', binding: 'document_audit', key: 'guia_id' },
  { table: 'meter_readings', binding: 'record_audit', type: 'meter_reading', key: 'id' },
  { table: 'fund_contributions', binding: 'document_audit', key: 'id' },
  { table: 'fund_transfers', binding: 'document_audit', key: 'id' },
  { table: 'special_fund_decisions', binding: 'record_audit', type: 'special_fund_decision', key: 'id' },
  { table: 'drawer_movements', binding: 'document_audit', key: 'id' },
  { table: 'drawer_closes', binding: 'record_audit', type: 'drawer_close', key: 'drawer_id' },
  { table: 'chip_exchanges', binding: 'document_audit', key: 'id' },
  { table: 'chip_movements', binding: 'document_audit', key: 'id' },
  { table: 'acta_entries', binding: 'record_audit', type: 'acta_entry', key: 'id' },
  { table: 'incidents', binding: 'record_audit', type: 'incident', key: 'id' },
];

const documentSql = (s: (typeof DOCUMENT_SOURCES)[number]) => {
  // 0018 names each money document as its table in the singular (sales: sale, guia_voids: guia_void...).
  const type = s.type ?? s.table.slice(0, -1);
  if (s.binding === 'document_audit' && !Object.hasOwn(AUDITED_DOCUMENTS, type)) throw new Error(`document_audit binds no ${type} (${s.table})`);
  const col = s.binding === 'document_audit' ? 'document' : 'record';
  const idCol = s.binding === 'document_audit' ? 'document_id' : 'record_id';
  const columns = s.columns ? s.columns.split(', ').map((c) => `d.${c}`).join(', ') : 'd.*';
  return `SELECT b.audit_seq + 1 AS seq__, ${columns} FROM ${s.binding} b JOIN ${s.table} d ON d.${s.key} = b.${idCol}
           WHERE b.${col} = '${type}' AND b.audit_seq >= ? AND b.audit_seq < ? ORDER BY b.audit_seq, d.${s.key}`;
};

const DOCUMENT_QUERIES: readonly { table: string; sql: string }[] = [
  ...DOCUMENT_SOURCES.map((s) => ({ table: s.table, sql: documentSql(s) })),
  // A sale's ranges are written with it and never alone: read through the sale's binding.
  {
    table: 'sale_ranges',
    sql: `SELECT b.audit_seq + 1 AS seq__, r.* FROM document_audit b JOIN sale_ranges r ON r.sale_id = b.document_id
           WHERE b.document = 'sale' AND b.audit_seq >= ? AND b.audit_seq < ? ORDER BY b.audit_seq, r.sale_id, r.position`,
  },
];

/** The tables whose rows travel with the journal's entries, in the order an entry's documents list them. */
export const JOURNAL_DOCUMENT_TABLES: readonly string[] = DOCUMENT_QUERIES.map((q) => q.table);

/**
 * The documents and records written by the entries after `afterSeq` up to `lastSeq`, by seq: one query per
 * table for the whole batch. Every table read is append-only (or read by its unchanging columns), so a
 * batch read again gives the same rows.
 */
export function journalDocuments(db: ReadableDb, afterSeq: number, lastSeq: number): Map<number, EntryDocuments> {
  const out = new Map<number, EntryDocuments>();
  for (const q of DOCUMENT_QUERIES) {
    for (const row of stmt<[number, number], { seq__: number } & Record<string, unknown>>(db, q.sql).all(afterSeq, lastSeq)) {
      const { seq__: seq, ...doc } = row;
      let docs = out.get(seq);
      if (!docs) out.set(seq, (docs = {}));
      (docs[q.table] ??= []).push(doc);
    }
  }
  return out;
}

/**
 * An entry's documents digest: bound to the entry's own audit hash (which the chain covers), so a document
 * changed, dropped, added or moved to another entry or hall gives another digest. Keys sorted (canonicalJson):
 * PostgreSQL's jsonb keeps no key order, and group:verify recomputes this from what it holds.
 */
export function documentsHash(entryHash: string, documents: EntryDocuments): string {
  return createHash('sha256').update('bingo-kiosk journal documents\n').update(entryHash).update('\n').update(canonicalJson(documents)).digest('hex');
}
