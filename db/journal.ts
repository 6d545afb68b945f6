/**
 * The hall's journal as the group receives it (issue 25): the audit log's
 * rows, in order, each with the hash that chains it to the one before. The
 * audit row is written in the command's own transaction, so the journal is
 * an outbox that can never hold a fact the books do not, nor miss one.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/idempotency.js';
import type { DocumentDescriptor } from '../core/documents.js';
import { DOCUMENTS } from '../core/money-registry.js';
import type { HallTimeZone } from '../core/time.js';
import type { ReadableDb, WritableDb } from './connection.js';
import type { StoredRow } from './audit.js';
import { stmt } from './sql.js';

interface HallIdentity {
  /** The hall's UUID, made once with its file (migration 0023). */
  hallId: string;
  name: string;
  licence: string | null;
  /** The zone its days of operation are counted in (the mainland's before the hall is set up). */
  timeZone: HallTimeZone;
}

/** The hall's schema: its file's user_version (the number of its newest migration), which the group maps its rows to facts by. */
export function hallSchemaVersion(db: ReadableDb): number {
  return Number(db.pragma('user_version', { simple: true }));
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

interface JournalHead {
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
 * One query per shipped table, from the documents the domains declare (core/<domain>/documents.ts): each row
 * with the seq of the entry that wrote it, read through its binding (0018's documents, 0027's records; a part,
 * such as a sale's ranges, through its document's). A row that changes after it is made gives only its
 * unchanging columns, so a row read again is the same row; the others are append-only. Ledger postings are not
 * shipped (`shipped: false`): each is built from its document by its domain's evidence (core/money-registry
 * expectedEntries), which books.verify proves in the hall.
 */
export function journalQueries(documents: readonly DocumentDescriptor[]): readonly { table: string; sql: string }[] {
  return documents
    .filter((d) => d.shipped !== false)
    .flatMap((d) => {
      const [col, idCol] = d.binding === 'document_audit' ? ['document', 'document_id'] : ['record', 'record_id'];
      // The batch's bindings by their seq (the index on (audit_seq, type)): left to itself, SQLite searches the
      // binding's key (type, id) instead, every binding of that type ever written, for each batch; measured, a
      // hall of 50,000 sales shipped in 25 batches spent 0.6 s there of 4.4.
      const bound = `FROM ${d.binding} b INDEXED BY ${d.binding}_by_seq JOIN ${d.table} d ON d.${d.key} = b.${idCol} WHERE b.${col} = '${d.type}' AND b.audit_seq >= ? AND b.audit_seq < ?`;
      const columns = d.fixedColumns ? d.fixedColumns.map((c) => `d.${c}`).join(', ') : 'd.*';
      return [
        { table: d.table, sql: `SELECT b.audit_seq + 1 AS seq__, ${columns} ${bound} ORDER BY b.audit_seq, d.${d.key}` },
        ...(d.parts ?? []).map((p) => ({
          table: p.table,
          sql: `SELECT b.audit_seq + 1 AS seq__, p.* ${bound.replace(`JOIN ${d.table} d ON d.${d.key}`, `JOIN ${p.table} p ON p.${p.key}`)}
                 ORDER BY b.audit_seq, ${p.orderBy.split(', ').map((c) => `p.${c}`).join(', ')}`,
        })),
      ];
    });
}

const DOCUMENT_QUERIES = journalQueries(DOCUMENTS);

/** The tables whose rows travel with the journal's entries, in the order an entry's documents list them. */
export const JOURNAL_DOCUMENT_TABLES: readonly string[] = DOCUMENT_QUERIES.map((q) => q.table);

/**
 * The documents and records written by the entries after `afterSeq` up to `lastSeq`, by seq: one query per
 * table for the whole batch. Every table read is append-only (or read by its unchanging columns), so a
 * batch read again gives the same rows.
 */
export function journalDocuments(db: ReadableDb, afterSeq: number, lastSeq: number, queries = DOCUMENT_QUERIES): Map<number, EntryDocuments> {
  const out = new Map<number, EntryDocuments>();
  for (const q of queries) {
    const { statement, seqAt, names, from } = rowReader(db, q.sql);
    for (const raw of statement.all(afterSeq, lastSeq)) {
      // Each row made with its keys in order (documentsJson's fast path), without the seq it was read by.
      const doc: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) doc[names[i]!] = raw[from[i]!];
      const seq = raw[seqAt] as number;
      let docs = out.get(seq);
      if (!docs) out.set(seq, (docs = {}));
      (docs[q.table] ??= []).push(doc);
    }
  }
  return out;
}

/** A documents query read as arrays, with its columns in key order (the seq apart): measured, a third of the read's time went to copying each row without its seq. */
interface RowReader {
  statement: Database.Statement<[number, number], unknown[]>;
  seqAt: number;
  names: string[];
  from: number[];
}
const readers = new WeakMap<object, Map<string, RowReader>>();
function rowReader(db: ReadableDb, sql: string): RowReader {
  let perDb = readers.get(db);
  if (!perDb) readers.set(db, (perDb = new Map()));
  let reader = perDb.get(sql);
  if (!reader) {
    // A statement of its own (not the shared cache's): it stays in raw mode.
    const statement = db.prepare(sql).raw(true) as unknown as Database.Statement<[number, number], unknown[]>;
    const columns = statement.columns().map((c) => c.name);
    const keyed = columns.map((name, at) => ({ name, at })).filter((c) => c.name !== 'seq__');
    keyed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    reader = { statement, seqAt: columns.indexOf('seq__'), names: keyed.map((c) => c.name), from: keyed.map((c) => c.at) };
    perDb.set(sql, reader);
  }
  return reader;
}

/**
 * canonicalJson(documents), made faster for the rows journalDocuments reads (keys in order, values plain): each
 * such row is JSON.stringify's own text; any other row goes through canonicalJson. The same text, always.
 */
export function documentsJson(documents: EntryDocuments): string {
  const tables = Object.keys(documents).sort();
  // Parts joined once: a text built by += is a rope, copied again by each reader (the digest, the COPY).
  const parts: string[] = [];
  for (let t = 0; t < tables.length; t++) {
    const rows = documents[tables[t]!];
    parts.push((t === 0 ? '{' : ',') + JSON.stringify(tables[t]) + ':');
    if (!Array.isArray(rows)) {
      parts.push(canonicalJson(rows));
      continue;
    }
    for (let r = 0; r < rows.length; r++) parts.push((r === 0 ? '[' : ',') + (isPlainInOrder(rows[r]) ? JSON.stringify(rows[r]) : canonicalJson(rows[r])));
    parts.push(rows.length === 0 ? '[]' : ']');
  }
  return tables.length === 0 ? '{}' : parts.join('') + '}';
}

/** A row whose keys are in canonical order and whose values are strings, finite numbers, booleans or null. */
function isPlainInOrder(row: unknown): boolean {
  if (typeof row !== 'object' || row === null || Array.isArray(row) || Object.getPrototypeOf(row) !== Object.prototype) return false;
  let previous: string | null = null;
  for (const key in row) {
    if (!Object.hasOwn(row, key) || (previous !== null && !(previous < key))) return false;
    const v = (row as Record<string, unknown>)[key];
    if (v !== null && typeof v !== 'string' && typeof v !== 'boolean' && !(typeof v === 'number' && Number.isFinite(v))) return false;
    previous = key;
  }
  return true;
}

/**
 * An entry's documents digest: bound to the entry's own audit hash (which the chain covers), so a document
 * changed, dropped, added or moved to another entry or hall gives another digest. Keys sorted (canonicalJson):
 * PostgreSQL's jsonb keeps no key order, and group:verify recomputes this from what it holds.
 */
export function documentsHash(entryHash: string, documents: EntryDocuments): string {
  return createHash('sha256').update('bingo-kiosk journal documents\n').update(entryHash).update('\n').update(documentsJson(documents)).digest('hex');
}
