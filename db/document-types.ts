/**
 * The documents the database binds against those the domains declare
 * (issue 39): document_types (migration 0033) and record_types (0034) hold a
 * row per type a migration added; each must be declared once in its domain
 * (core/<domain>/documents.ts), and each declared type must be there. Checked
 * as the file opens, after its migrations: a type one side lacks would ship
 * audit rows without their documents, or declare a document nothing binds.
 */
import type { DocumentDescriptor } from '../core/documents.js';
import { DOCUMENTS } from '../core/money-registry.js';
import type { ReadableDb } from './handles.js';

/** What differs, as `binding:type` per side; empty when the file and the declarations agree. */
export function documentTypesDiffer(db: ReadableDb, declared: readonly DocumentDescriptor[] = DOCUMENTS): { undeclared: string[]; unbound: string[] } {
  const held = new Set(
    db
      .prepare(`SELECT 'document_audit:' || document FROM document_types UNION ALL SELECT 'record_audit:' || record FROM record_types`)
      .pluck()
      .all() as string[],
  );
  const wanted = new Set(declared.map((d) => `${d.binding}:${d.type}`));
  return { undeclared: [...held].filter((t) => !wanted.has(t)).sort(), unbound: [...wanted].filter((t) => !held.has(t)).sort() };
}

export class UndeclaredDocumentTypesError extends Error {
  constructor(
    readonly file: string,
    readonly differ: { undeclared: string[]; unbound: string[] },
  ) {
    super(
      `${file}: the documents the database binds are not those the domains declare (core/<domain>/documents.ts): ` +
        `bound but not declared [${differ.undeclared.join(', ')}], declared but not bound [${differ.unbound.join(', ')}]`,
    );
    this.name = 'UndeclaredDocumentTypesError';
  }
}
