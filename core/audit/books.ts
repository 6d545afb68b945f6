/**
 * The books check, one document at a time (issue 12, part 3): every ledger
 * transaction must be the one its document calls for, built by the same
 * builder of its domain (core/<domain>/money.ts) from the document as stored, and every document
 * must have its transactions. A balanced transaction written by hand, a sale
 * whose amount was edited after its posting, or a posting that vanished are
 * each named, where `ledger.verify` (which only adds up) sees nothing.
 */
import type { Posting } from '../ledger.js';
import { expectedEntries, type AuditedDocument, type BookDocument } from '../money-registry.js';

// The documents and what each calls for are their domains' (core/<domain>/money.ts), merged in core/money-registry.ts.
export { DOCUMENT_TYPES, expectedEntries, type BookDocument, type DocumentType } from '../money-registry.js';

/** A ledger transaction as stored. */
export interface StoredTransaction {
  id: number;
  kind: string;
  refType: string | null;
  refId: number | null;
  postings: Posting[];
}

type BooksProblem =
  /** The document calls for a transaction the ledger does not have. */
  | 'transaction_missing'
  /** The transaction's postings are not what its document calls for. */
  | 'transaction_differs'
  /** A second transaction of the same kind for one document. */
  | 'transaction_duplicated'
  /** A transaction no document calls for (no such document, or not of that kind). */
  | 'transaction_unexplained'
  /**
   * A document no audited command wrote: the audit row bound to it (the row
   * after the log's last one when it was written) is not an accepted command
   * of its kind at its instant, or it is bound to none.
   */
  | 'audit_missing'
  /** An accepted command's audit row with no document of its kind bound to it: the document was never written, or rebound. */
  | 'document_missing'
  /** More documents bound to one command's audit row than that command writes: each of them is named. */
  | 'audit_shared'
  /** An operator's identity or authority changed with no audited command behind it. */
  | 'operator_changed_outside_commands'
  /** An operator differs from their last recorded change: changed with the record switched off. */
  | 'operator_unrecorded';

export interface BooksFinding {
  problem: BooksProblem;
  document: { type: string; id: number } | null;
  transactionId: number | null;
  kind: string | null;
  expected: Posting[] | null;
  actual: Posting[] | null;
}

/** Postings compared as a set of (account, amount), whatever their order. */
function samePostings(a: readonly Posting[], b: readonly Posting[]): boolean {
  const key = (ps: readonly Posting[]) =>
    ps
      .map((p) => `${p.account}\u0000${p.amountCents}`)
      .sort()
      .join('\u0001');
  return a.length === b.length && key(a) === key(b);
}

/**
 * The findings of one document against the transactions that name it
 * (`stored`: every transaction whose ref is this document, of any kind).
 */
export function checkDocument(doc: BookDocument, stored: readonly StoredTransaction[]): BooksFinding[] {
  const findings: BooksFinding[] = [];
  const document = { type: doc.type, id: doc.id };
  const expected = expectedEntries(doc);
  const expectedKinds = new Set<string>(expected.map((e) => e.kind));
  for (const e of expected) {
    const [first, ...more] = stored.filter((t) => t.kind === e.kind);
    if (!first) {
      findings.push({ problem: 'transaction_missing', document, transactionId: null, kind: e.kind, expected: e.postings, actual: null });
      continue;
    }
    if (!samePostings(e.postings, first.postings)) {
      findings.push({ problem: 'transaction_differs', document, transactionId: first.id, kind: e.kind, expected: e.postings, actual: first.postings });
    }
    for (const extra of more) {
      findings.push({ problem: 'transaction_duplicated', document, transactionId: extra.id, kind: e.kind, expected: null, actual: extra.postings });
    }
  }
  for (const t of stored) {
    if (!expectedKinds.has(t.kind)) findings.push(unexplained(t));
  }
  return findings;
}

/** A transaction no document calls for. */
export function unexplained(t: StoredTransaction): BooksFinding {
  return {
    problem: 'transaction_unexplained',
    document: t.refType !== null && t.refId !== null ? { type: t.refType, id: t.refId } : null,
    transactionId: t.id,
    kind: t.kind,
    expected: null,
    actual: t.postings,
  };
}

/** An operator's recorded state: {username, name, roles, active}. */
export interface OperatorState {
  username: string;
  name: string;
  roles: string[];
  active: boolean;
}

/** The audited commands that may change an operator, by the kind of change the trigger recorded. */
export const OPERATOR_CHANNELS: Readonly<Record<'created' | 'updated', readonly string[]>> = {
  created: ['setup.init', 'users.create'],
  // pins.sealed: a PIN hash of before the PIN key, sealed under it at start (main/services/shared/credentials.ts).
  updated: ['users.update', 'users.resetPin', 'auth.recover', 'pins.sealed'],
};

/** The commands whose change is a new PIN (and only that). */
const PIN_CHANNELS: readonly string[] = ['users.resetPin', 'auth.recover', 'pins.sealed'];

/** A change of an operator as the trigger recorded it (operator_changes). */
export interface OperatorChange {
  id: number;
  operatorId: number;
  change: 'baseline' | 'created' | 'updated';
  after: OperatorState;
  pinChanged: boolean;
}

/** The audit row written right after a change (its command's own row), if any. */
interface AuditRowAfter {
  channel: string;
  outcome: string;
  /** The command's recorded result: the operator as it left them. */
  after: unknown;
}

/** The operator a command's audit row names: users.* record them whole, setup.init as `admin`. */
function operatorRecorded(channel: string, after: unknown): (Partial<OperatorState> & { id?: unknown; pinChanged?: unknown }) | null {
  if (!after || typeof after !== 'object') return null;
  const record = channel === 'setup.init' ? (after as { admin?: unknown }).admin : after;
  return record && typeof record === 'object' ? (record as Partial<OperatorState> & { id?: unknown }) : null;
}

/**
 * A recorded change stands when the audit row right after it is an accepted
 * command that may make that change and records the operator exactly as the
 * change left them (a PIN reset changes only the PIN).
 */
export function operatorChangeExplained(c: OperatorChange, audit: AuditRowAfter | null): boolean {
  if (c.change === 'baseline') return true;
  if (!audit || audit.outcome !== 'ok' || !OPERATOR_CHANNELS[c.change].includes(audit.channel)) return false;
  const r = operatorRecorded(audit.channel, audit.after);
  if (!r || r.id !== c.operatorId) return false;
  if (r.username !== c.after.username || r.name !== c.after.name || JSON.stringify(r.roles) !== JSON.stringify(c.after.roles)) return false;
  if (r.active !== undefined && r.active !== c.after.active) return false;
  return PIN_CHANNELS.includes(audit.channel) ? c.pinChanged : !(c.change === 'updated' && c.pinChanged);
}

/** At most this many findings are returned (the count is always whole): the first ones say where to look. */
export const BOOKS_FINDINGS_SHOWN = 100;

// Which commands write each document: their domains' (core/<domain>/money.ts), merged in core/money-registry.ts.
export { AUDITED_DOCUMENTS, COMMAND_DOCUMENTS, type AuditedDocument } from '../money-registry.js';

/**
 * The findings of one accepted command's audit row (seq) against the
 * documents of a type bound to it at its instant: too few is a document
 * missing, too many names each of them.
 */
export function commandDocumentsFindings(
  spec: { channel: string; document: AuditedDocument; min: number; max: number },
  seq: number,
  documentIds: readonly number[],
): BooksFinding[] {
  const none = { transactionId: null, expected: null, actual: null };
  if (documentIds.length < spec.min) return [{ problem: 'document_missing', document: { type: 'audit', id: seq }, kind: spec.channel, ...none }];
  if (documentIds.length > spec.max) {
    return documentIds.map((id) => ({ problem: 'audit_shared', document: { type: spec.document, id }, kind: spec.channel, ...none }));
  }
  return [];
}
