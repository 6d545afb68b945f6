/**
 * SQL of the books check (core/audit/books.ts): the documents as stored, a
 * page at a time with the transactions that name them; each document and
 * transaction against the audit row bound to it, and each accepted command
 * against the documents bound to it; the operators' recorded changes.
 */
import {
  AUDITED_DOCUMENTS,
  checkDocument,
  COMMAND_DOCUMENTS,
  commandDocumentsFindings,
  DOCUMENT_TYPES,
  type AuditedDocument,
  operatorChangeExplained,
  unexplained,
  type BooksFinding,
  type DocumentType,
  type OperatorChange,
  type OperatorState,
  type StoredTransaction,
} from '../core/audit/books.js';
import type { Posting } from '../core/ledger.js';
import { mergeUnique } from '../core/merge.js';
import { BOUND_DOCUMENTS } from '../core/money-registry.js';
import { BINGO_BOOK_SOURCES } from './bingo/books.js';
import { BOOK_PAGE, type BookRow, type BookSource } from './book-source.js';
import { CAIXA_BOOK_SOURCES } from './caixa.js';
import { DRAWER_BOOK_SOURCES } from './drawers.js';
import { CHIP_BOOK_SOURCES } from './roulette.js';
import { credentialDigest, CREDENTIAL_SELECT, credentialsBaselined, hasTable, vouchedCredentials, type OperatorCredential } from './audit.js';
import type { ReadableDb } from './connection.js';
import { stmt } from './sql.js';

/** Each document type's source, as its domain's SQL file declares it (a type twice stops the check at load). */
const SOURCES = mergeUnique('document source', { BINGO_BOOK_SOURCES, DRAWER_BOOK_SOURCES, CAIXA_BOOK_SOURCES, CHIP_BOOK_SOURCES }) as Record<DocumentType, BookSource>;

/** The documents the books check reads, one source each. */
export const BOOK_DOCUMENT_TYPES = Object.keys(SOURCES);

/** The transactions of one ref type with ref_id in (from, to], with their postings. */
function transactionsBetween(db: ReadableDb, refType: string, from: number, to: number): Map<number, StoredTransaction[]> {
  const rows = stmt<[{ refType: string; from: number; to: number }], { id: number; kind: string; refId: number; account: string; amountCents: number }>(
    db,
    `SELECT t.id, t.kind, t.ref_id AS refId, e.account, e.amount_cents AS amountCents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.ref_type = @refType AND t.ref_id > @from AND t.ref_id <= @to ORDER BY t.id, e.id`,
  ).all({ refType, from, to });
  const byRef = new Map<number, StoredTransaction[]>();
  let current = null as StoredTransaction | null;
  for (const r of rows) {
    if (current === null || current.id !== r.id) {
      current = { id: r.id, kind: r.kind, refType, refId: r.refId, postings: [] };
      const list = byRef.get(r.refId) ?? [];
      list.push(current);
      byRef.set(r.refId, list);
    }
    current.postings.push({ account: r.account, amountCents: r.amountCents });
  }
  return byRef;
}

/** Every document of a type against its transactions; transactions naming no document of it are unexplained. */
function checkDocuments(db: ReadableDb, type: DocumentType, found: (f: BooksFinding) => void, paged: (rows: number) => void): number {
  const page = stmt<[{ after: number }], BookRow>(db, SOURCES[type].sql);
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = page.all({ after });
    // The last page reaches to the end of the ids: a transaction naming a later, missing document is in it.
    const to = rows.length < BOOK_PAGE ? Number.MAX_SAFE_INTEGER : rows[rows.length - 1]!.id;
    const stored = transactionsBetween(db, type, after, to);
    for (const r of rows) {
      for (const f of checkDocument(SOURCES[type].read(r), stored.get(r.id) ?? [])) found(f);
      stored.delete(r.id);
    }
    for (const orphans of stored.values()) for (const t of orphans) found(unexplained(t));
    count += rows.length;
    paged(rows.length);
    if (rows.length < BOOK_PAGE) return count;
    after = to;
  }
}

/** Transactions whose ref names no kind of document at all (or none). */
function checkUnknownRefs(db: ReadableDb, found: (f: BooksFinding) => void): void {
  const rows = stmt<[{ types: string }], { id: number; kind: string; refType: string | null; refId: number | null; account: string; amountCents: number }>(
    db,
    `SELECT t.id, t.kind, t.ref_type AS refType, t.ref_id AS refId, e.account, e.amount_cents AS amountCents
       FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.ref_type IS NULL OR t.ref_id IS NULL OR t.ref_type NOT IN (SELECT value FROM json_each(@types)) ORDER BY t.id, e.id`,
  ).all({ types: JSON.stringify(DOCUMENT_TYPES) });
  const byId = new Map<number, StoredTransaction>();
  for (const r of rows) {
    const t = byId.get(r.id) ?? { id: r.id, kind: r.kind, refType: r.refType, refId: r.refId, postings: [] as Posting[] };
    if (r.account !== null) t.postings.push({ account: r.account, amountCents: r.amountCents });
    byId.set(r.id, t);
  }
  for (const t of byId.values()) found(unexplained(t));
}

/** Each audited document type's rows: its key and its instant, as its domain declares them (core/<domain>/documents.ts). */
const AUDITED_ROWS = Object.fromEntries(BOUND_DOCUMENTS.map((d) => [d.type, `SELECT ${d.key} AS id, ${d.at} AS at FROM ${d.table}`])) as Record<AuditedDocument, string>;
const AUDITED_TABLE = Object.fromEntries(BOUND_DOCUMENTS.map((d) => [d.type, d.table])) as Record<AuditedDocument, string>;

/** The version of migration 0018-audit-binding, which binds documents to their audit rows. */
const BINDING_VERSION = 18;

interface Bindings {
  legacy: boolean;
  table: string;
  start: number;
}

/**
 * Where the check reads the bindings: document_audit; in a file of an older
 * version (a backup, a hall not yet opened by this program) there are none,
 * and documents are matched as they were then (`legacy`); in a file that
 * claims the version but lost the table, none are bound and every one is named.
 */
function bindingsOf(db: ReadableDb): Bindings {
  const has = (name: string) => stmt<[string], { n: number }>(db, `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name)!.n > 0;
  // Where binding began (none recorded: every accepted command is asked for its documents).
  const start = has('document_audit_start') ? (stmt<[], { seq: number }>(db, `SELECT audit_seq AS seq FROM document_audit_start WHERE id = 1`).get()?.seq ?? 0) : 0;
  if (has('document_audit')) return { legacy: false, table: 'document_audit', start };
  const version = Number(db.pragma('user_version', { simple: true }));
  return { legacy: version < BINDING_VERSION, table: `(SELECT NULL AS document, NULL AS document_id, NULL AS audit_seq WHERE 0)`, start };
}

/**
 * Each document against the audit row bound to it (document_audit, written
 * with it by the database: its command's own row is audit_seq + 1): a
 * document with no binding, or whose row is not an accepted command that
 * writes it at its instant, was not written by the kiosk. In a file from
 * before the binding: an accepted row of its command at its instant.
 */
function checkBoundAuditRows(db: ReadableDb, bindings: Bindings, found: (f: BooksFinding) => void): void {
  for (const type of Object.keys(AUDITED_DOCUMENTS) as AuditedDocument[]) {
    if (!hasTable(db, AUDITED_TABLE[type])) continue;
    const channels: readonly string[] | null = AUDITED_DOCUMENTS[type];
    const channelList = `(SELECT value FROM json_each(@channels))`;
    const sql = bindings.legacy
      ? `SELECT d.id FROM (${AUDITED_ROWS[type]}) d
          WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok' ${channels ? `AND a.channel IN ${channelList}` : ''}) ORDER BY d.id`
      : `SELECT d.id FROM (${AUDITED_ROWS[type]}) d
           LEFT JOIN ${bindings.table} b ON b.document = @type AND b.document_id = d.id
           LEFT JOIN audit_log a ON a.id = b.audit_seq + 1
          WHERE a.id IS NULL OR a.outcome <> 'ok' OR a.at <> d.at ${channels ? `OR a.channel NOT IN ${channelList}` : ''} ORDER BY d.id`;
    const unbound = stmt<[{ type: string; channels: string }], { id: number }>(db, sql).all({ type, channels: JSON.stringify(channels ?? []) });
    const ledger = type === 'ledger_transaction';
    for (const m of unbound) {
      found({ problem: 'audit_missing', document: ledger ? null : { type, id: m.id }, transactionId: ledger ? m.id : null, kind: null, expected: null, actual: null });
    }
  }
}

/**
 * The other way: each accepted command written since binding began
 * (document_audit_start) against the documents of its kind bound to its row
 * at its instant. Rows before the start were written when nothing was bound:
 * their documents were bound by the migration, to the first of their
 * command's rows at their instant, so they are not asked (nor any in a file
 * from before the binding).
 */
function checkCommandDocuments(db: ReadableDb, bindings: Bindings, found: (f: BooksFinding) => void): void {
  if (bindings.legacy) return;
  const start = bindings.start;
  for (const spec of COMMAND_DOCUMENTS) {
    if (!hasTable(db, AUDITED_TABLE[spec.document])) continue;
    // The documents of its kind bound to a command's row `a`, at its instant.
    const bound = `${bindings.table} b JOIN (${AUDITED_ROWS[spec.document]}) d ON d.id = b.document_id
                    WHERE b.audit_seq = a.id - 1 AND b.document = @document AND d.at = a.at`;
    const params = { channel: spec.channel, document: spec.document, start, min: spec.min, max: spec.max };
    // The count once a row (a subquery named in the select and the filter would be evaluated for each).
    const off = stmt<[typeof params], { seq: number }>(
      db,
      `SELECT a.id AS seq FROM audit_log a
        WHERE a.channel = @channel AND a.outcome = 'ok' AND a.id > @start AND (SELECT COUNT(*) FROM ${bound}) NOT BETWEEN @min AND @max
        ORDER BY a.id`,
    ).all(params);
    if (off.length === 0) continue;
    const ids = stmt<[{ seq: number; document: string }], { id: number }>(db, `SELECT d.id FROM audit_log a, ${bound} AND a.id = @seq ORDER BY d.id`);
    for (const o of off) {
      const documentIds = ids.all({ seq: o.seq, document: spec.document }).map((r) => r.id);
      for (const f of commandDocumentsFindings(spec, o.seq, documentIds)) found(f);
    }
  }
}

function parseState(json: string): OperatorState {
  const o = JSON.parse(json) as { username: string; name: string; roles: string[]; active: number | boolean };
  return { username: o.username, name: o.name, roles: o.roles, active: o.active === true || o.active === 1 };
}

/** Each recorded change of an operator against the audit row after it; each operator against their last record. */
function checkOperators(db: ReadableDb, found: (f: BooksFinding) => void): number {
  const changes = stmt<[], { id: number; operatorId: number; change: OperatorChange['change']; after: string; pinChanged: number; auditSeq: number }>(
    db,
    `SELECT id, operator_id AS operatorId, change, after, pin_changed AS pinChanged, audit_seq AS auditSeq FROM operator_changes ORDER BY id`,
  ).all();
  const auditRow = stmt<[number], { channel: string; outcome: string; after: string | null }>(db, `SELECT channel, outcome, after FROM audit_log WHERE id = ?`);
  for (const c of changes) {
    const change: OperatorChange = { id: c.id, operatorId: c.operatorId, change: c.change, after: parseState(c.after), pinChanged: c.pinChanged === 1 };
    const a = c.change === 'baseline' ? undefined : auditRow.get(c.auditSeq + 1);
    const audit = a ? { channel: a.channel, outcome: a.outcome, after: a.after === null ? null : (JSON.parse(a.after) as unknown) } : null;
    if (!operatorChangeExplained(change, audit)) {
      found({ problem: 'operator_changed_outside_commands', document: { type: 'operator', id: c.operatorId }, transactionId: null, kind: c.change, expected: null, actual: null });
    }
  }
  const unrecorded = stmt<[], { id: number }>(
    db,
    `SELECT o.id FROM operators o
       LEFT JOIN operator_changes c ON c.id = (SELECT MAX(id) FROM operator_changes WHERE operator_id = o.id)
      WHERE c.id IS NULL OR json(c.after) <> json_object('username', o.username, 'name', o.name, 'roles', json(o.roles), 'active', o.active)
      ORDER BY o.id`,
  ).all();
  for (const u of unrecorded) {
    found({ problem: 'operator_unrecorded', document: { type: 'operator', id: u.id }, transactionId: null, kind: null, expected: null, actual: null });
  }
  checkCredentials(db, found);
  return stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM operators`).get()!.n;
}

/** The kiosk_meta key of the PIN key's check value: once there, every PIN hash of the hall is sealed under that key. */
const PIN_KEY_CHECK = 'pin_key_check';

/**
 * Each operator against the digest of their credential in the last accepted command's
 * audit row that changed them (db/audit.ts credentialDigest): a PIN hash, roles, name
 * or active flag edited in the file since (even with operator_changes edited to match)
 * is `operator_unrecorded` of kind `credential`. An operator last changed before the
 * digests (issue 37) has none to compare until the next start vouches for them (baselineCredentials); once the
 * hall's operators are vouched for, one without a digest was put in the file by hand: kind `credential` too.
 * Once the hall's PINs are sealed under its key, a hash of scrypt alone was planted: kind `pin_unsealed`.
 */
function checkCredentials(db: ReadableDb, found: (f: BooksFinding) => void): void {
  const vouched = vouchedCredentials(db);
  const baselined = credentialsBaselined(db);
  const hasMeta = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'kiosk_meta'`).get()!.n > 0;
  const sealed = hasMeta && stmt<[string], { n: number }>(db, `SELECT COUNT(*) AS n FROM kiosk_meta WHERE key = ?`).get(PIN_KEY_CHECK)!.n > 0;
  for (const o of stmt<[], OperatorCredential>(db, `${CREDENTIAL_SELECT} ORDER BY id`).all()) {
    const digest = vouched.get(o.id);
    const none = { transactionId: null, expected: null, actual: null };
    if (digest === undefined ? baselined : digest !== credentialDigest(o)) found({ problem: 'operator_unrecorded', document: { type: 'operator', id: o.id }, kind: 'credential', ...none });
    if (sealed && !o.pinHash.startsWith('scrypt-hmac$')) found({ problem: 'operator_unrecorded', document: { type: 'operator', id: o.id }, kind: 'pin_unsealed', ...none });
  }
}

export interface BooksCheck {
  documents: number;
  transactions: number;
  operators: number;
  findings: BooksFinding[];
  findingsTotal: number;
}

/**
 * The whole check, in one read transaction (one snapshot of the file, however
 * long it takes); at most `shown` findings are kept, all are counted.
 * `onProgress` hears the documents checked so far, and the end.
 */
export function checkBooks(db: ReadableDb, shown: number, onProgress?: (done: number, total: number) => void): BooksCheck {
  return db.transaction(() => checkBooksNow(db, shown, onProgress))();
}

function checkBooksNow(db: ReadableDb, shown: number, onProgress?: (done: number, total: number) => void): BooksCheck {
  const findings: BooksFinding[] = [];
  let findingsTotal = 0;
  const found = (f: BooksFinding) => {
    findingsTotal += 1;
    if (findings.length < shown) findings.push(f);
  };
  // The audit and operator checks after the documents count as one more tenth of the way.
  // A file made before a document's migration has none of it (the upgrade tests check such files).
  const types = DOCUMENT_TYPES.filter((type) => hasTable(db, SOURCES[type].table));
  const estimate = types.reduce((sum, type) => sum + stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${SOURCES[type].table}`).get()!.n, 0);
  const steps = Math.max(1, Math.ceil(estimate * 1.1));
  let done = 0;
  const paged = (rows: number) => {
    done += rows;
    onProgress?.(Math.min(done, steps - 1), steps);
  };
  let documents = 0;
  for (const type of types) documents += checkDocuments(db, type, found, paged);
  checkUnknownRefs(db, found);
  const bindings = bindingsOf(db);
  checkBoundAuditRows(db, bindings, found);
  checkCommandDocuments(db, bindings, found);
  const operators = checkOperators(db, found);
  onProgress?.(steps, steps);
  const transactions = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ledger_transactions`).get()!.n;
  return { documents, transactions, operators, findings, findingsTotal };
}
