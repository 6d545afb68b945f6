/**
 * A document described once (issue 39): each domain declares the rows its
 * commands write (core/<domain>/documents.ts), and everything that used to
 * list them by hand is read from these declarations: the audit binding's
 * writers (books.verify), the rows each audited document is paired by, the
 * journal's shipped tables, the books' documents, the inspector's files,
 * the terminals whose drawers a document moves. The domains' declarations
 * are merged in core/money-registry.ts; a type or a table declared twice is
 * refused at start.
 *
 * What a new document still needs beside its declaration is its table, in
 * one migration that also adds its type to `document_types` (0033; a record:
 * `record_types`, 0034) and the triggers binding it (see the recipe in
 * docs/architecture.md).
 */
import { mergeUnique } from './merge.js';

/** A row a command writes, bound to that command's audit row (migrations 0018, 0027, 0033, 0034). */
export interface DocumentDescriptor {
  /** Its type as the binding names it (document_audit.document, record_audit.record) and books.verify reports it. */
  readonly type: string;
  /** Its table, the column that keys it (its id, or the sale, winner, game or guia it belongs to), and the column of its instant. */
  readonly table: string;
  readonly key: string;
  readonly at: string;
  /**
   * document_audit: a money document, paired by books.verify with the command that wrote it (`writers`);
   * record_audit: a row that carries no money, bound so the journal ships it with its entry.
   */
  readonly binding: 'document_audit' | 'record_audit';
  /** The commands that write it (channels), with how many of it each writes, [min, max]; a money document only. */
  readonly writers?: Readonly<Record<string, readonly [number, number]>>;
  /** Where its row changes after it is made (a close, a state, a next number): the columns that never do, the only ones shipped. */
  readonly fixedColumns?: readonly string[];
  /** Rows written with it and never alone (a sale's ranges), shipped through its binding: their table, the column naming it, their order. */
  readonly parts?: readonly { readonly table: string; readonly key: string; readonly orderBy: string }[];
  /** The ledger's document its rows are read into by the books check (ledger_transactions.ref_type: its domain's evidence and book source). */
  readonly book?: string;
  /** The column naming the terminal whose drawer it moves money in, when it moves one. */
  readonly terminal?: string;
  /** The print kinds (print_jobs.kind) printed for it. */
  readonly prints?: readonly string[];
  /** As a person reads it, in pt-PT ("uma venda"): the inspector's check names a missing one so. */
  readonly label: string;
  /** The inspector's export file that carries it, where the export carries it. */
  readonly export?: string;
  /**
   * The fact its rows publish to the group, as `type@version` (core/group-contract: a fact's type, its version,
   * its named fields); none when its rows publish none (they still travel as the entry's documents).
   */
  readonly publishes?: string;
  /** false: the journal does not ship its rows (a ledger transaction: rebuilt in the group from its document's evidence). */
  readonly shipped?: false;
}

/** The ledger's own transactions: any accepted command may post one; never shipped (each is rebuilt from its document). */
export const LEDGER_DOCUMENTS = [
  { type: 'ledger_transaction', table: 'ledger_transactions', key: 'id', at: 'at', binding: 'document_audit', label: 'um movimento contabilístico', shipped: false },
] as const satisfies readonly DocumentDescriptor[];

/**
 * One list from the domains' declarations, in the order given: a type or a table declared twice (in one domain or
 * across two) stops the kiosk at start, naming both.
 */
export function mergeDocuments<S extends Readonly<Record<string, readonly DocumentDescriptor[]>>>(domains: S): readonly S[keyof S][number][] {
  type D = DocumentDescriptor;
  for (const [what, key] of [
    ['document type', (d: D) => `${d.binding}:${d.type}`],
    ['document table', (d: D) => d.table],
  ] as const) {
    const keyed = Object.fromEntries(
      Object.entries(domains).map(([name, list]) => {
        const byKey: Record<string, D> = {};
        for (const d of list) {
          if (Object.hasOwn(byKey, key(d))) throw new Error(`Duplicate ${what} '${key(d)}' in ${name}: each ${what} is declared once.`);
          byKey[key(d)] = d;
        }
        return [name, byKey];
      }),
    );
    mergeUnique(what, keyed);
  }
  return Object.values(domains).flat() as S[keyof S][number][];
}

/** The documents bound by document_audit (books.verify's), and the records bound by record_audit. */
export const auditedDocuments = <D extends DocumentDescriptor>(all: readonly D[]) => all.filter((d): d is Extract<D, { binding: 'document_audit' }> => d.binding === 'document_audit');
