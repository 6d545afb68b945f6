/**
 * The bindings the schema holds (issue 39): each trigger that binds a table's
 * rows to their command's audit row (document_audit, record_audit), read from
 * sqlite_master, against the documents declared to the journal.
 */
import type { DocumentDescriptor } from '../core/documents.js';
import type { Db } from '../db/connection.js';
import { journalQueries } from '../db/journal.js';

/** Every binding trigger in the schema: the table it fires on, the binding it writes, the type and the key it names. */
export function bindingTriggers(db: Db): { table: string; binding: string; type: string; key: string }[] {
  const triggers = db.prepare(`SELECT tbl_name AS tbl, sql FROM sqlite_master WHERE type = 'trigger'`).all() as { tbl: string; sql: string }[];
  return triggers.flatMap(({ tbl, sql }) => {
    const m = /INSERT INTO (document_audit|record_audit) \(\w+, \w+, audit_seq\)\s+VALUES \('(\w+)', NEW\.(\w+),/.exec(sql);
    return m ? [{ table: tbl, binding: m[1]!, type: m[2]!, key: m[3]! }] : [];
  });
}

/**
 * The tables the database binds to their commands that the journal does not ship: a migration that binds a new
 * table with no declaration, or a declaration left out, would ship its audit rows without their documents.
 */
export function unshipped(db: Db, documents: readonly DocumentDescriptor[]): string[] {
  const shipped = new Set(journalQueries(documents).map((q) => q.table));
  const notShipped = new Set(documents.filter((d) => d.shipped === false).map((d) => d.table));
  return bindingTriggers(db)
    .filter((t) => !shipped.has(t.table) && !notShipped.has(t.table))
    .map((t) => `${t.table} (${t.binding} '${t.type}')`);
}

