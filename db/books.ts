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
  type BookDocument,
  type BooksFinding,
  type DocumentType,
  type OperatorChange,
  type OperatorState,
  type StoredTransaction,
} from '../core/audit/books.js';
import type { Posting } from '../core/ledger.js';
import type { ReadableDb } from './connection.js';
import { stmt } from './sql.js';

const PAGE = 2000;

/** Each document type's rows, from id > @after, PAGE at a time, in id order; every column its postings need. */
const DOCUMENTS: Record<DocumentType, string> = {
  sale: `SELECT s.id, s.total_cents AS totalCents, s.payment_method AS method, s.terminal_id AS terminalId,
                EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id) AS voided,
                r.amount_cents AS refundCents, r.terminal_id AS refundTerminalId
           FROM sales s LEFT JOIN refunds r ON r.sale_id = s.id WHERE s.id > @after ORDER BY s.id LIMIT ${PAGE}`,
  game: `SELECT g.id, g.state = 'annulled' AS annulled,
                c.game_id IS NOT NULL AS closed, c.line_prize_cents + c.bingo_prize_cents AS prizesCents,
                c.special_share_cents AS specialShareCents, c.stamp_duty_cents AS stampDutyCents,
                (SELECT COALESCE(SUM(p.amount_cents), 0) FROM prize_payments p JOIN winners w ON w.id = p.winner_id
                  WHERE w.game_id = g.id AND w.kind <> 'special') AS paidFromProvisionCents,
                (SELECT COALESCE(SUM(w.prize_cents), 0) FROM winners w WHERE w.game_id = g.id AND w.kind = 'special') AS specialWonCents,
                (SELECT COALESCE(SUM(json_extract(a.data, '$.amountCents')), 0) FROM acta_entries a
                  WHERE a.game_id = g.id AND a.kind = 'special_fund_started') AS specialRestartCents
           FROM games g LEFT JOIN game_closures c ON c.game_id = g.id WHERE g.id > @after ORDER BY g.id LIMIT ${PAGE}`,
  session: `SELECT s.id, (SELECT COALESCE(SUM(json_extract(a.data, '$.amountCents')), 0) FROM acta_entries a
                  WHERE a.session_id = s.id AND a.game_id IS NULL AND a.kind = 'special_fund_started') AS specialStartCents
              FROM sessions s WHERE s.id > @after ORDER BY s.id LIMIT ${PAGE}`,
  winner: `SELECT p.winner_id AS id, p.amount_cents AS paidCents, p.terminal_id AS terminalId
             FROM prize_payments p WHERE p.winner_id > @after ORDER BY p.winner_id LIMIT ${PAGE}`,
  drawer_movement: `SELECT m.id, m.kind, m.amount_cents AS amountCents, d.terminal_id AS terminalId
                      FROM drawer_movements m JOIN drawers d ON d.id = m.drawer_id WHERE m.id > @after ORDER BY m.id LIMIT ${PAGE}`,
  guia: `SELECT g.id, g.amount_cents AS amountCents, g.fund,
                EXISTS (SELECT 1 FROM guia_voids v WHERE v.guia_id = g.id) AS voided,
                p.guia_id IS NOT NULL AS paid, p.cash_cents AS cashCents, p.terminal_id AS payTerminalId,
                (SELECT COALESCE(SUM(json_extract(c.value, '$.amountCents')), 0) FROM json_each(p.cheques) c) AS chequeCents
           FROM guias g LEFT JOIN guia_payments p ON p.guia_id = g.id WHERE g.id > @after ORDER BY g.id LIMIT ${PAGE}`,
  fund_contribution: `SELECT id, fund, amount_cents AS amountCents FROM fund_contributions WHERE id > @after ORDER BY id LIMIT ${PAGE}`,
  fund_transfer: `SELECT id, from_fund AS fromFund, to_fund AS toFund, amount_cents AS amountCents
                    FROM fund_transfers WHERE id > @after ORDER BY id LIMIT ${PAGE}`,
  chip_exchange: `SELECT id, kind, total_cents AS totalCents, terminal_id AS terminalId FROM chip_exchanges WHERE id > @after ORDER BY id LIMIT ${PAGE}`,
  chip_movement: `SELECT m.id, m.kind, m.total_cents AS totalCents, d.terminal_id AS terminalId
                    FROM chip_movements m JOIN drawers d ON d.id = m.drawer_id WHERE m.id > @after ORDER BY m.id LIMIT ${PAGE}`,
};

type Row = Record<string, unknown> & { id: number };
const n = (v: unknown): number => Number(v ?? 0);
const s = (v: unknown): string => String(v);

function documentOf(type: DocumentType, r: Row): BookDocument {
  switch (type) {
    case 'sale':
      return {
        type,
        id: r.id,
        totalCents: n(r.totalCents),
        method: r.method === 'chips' ? 'chips' : 'cash',
        terminalId: s(r.terminalId),
        voided: n(r.voided) === 1,
        refund: r.refundCents === null ? null : { amountCents: n(r.refundCents), terminalId: s(r.refundTerminalId) },
      };
    case 'game':
      return {
        type,
        id: r.id,
        closure: n(r.closed) === 1 ? { prizesCents: n(r.prizesCents), specialShareCents: n(r.specialShareCents), stampDutyCents: n(r.stampDutyCents) } : null,
        annulled: n(r.annulled) === 1,
        paidFromProvisionCents: n(r.paidFromProvisionCents),
        specialWonCents: n(r.specialWonCents),
        specialRestartCents: n(r.specialRestartCents),
      };
    case 'session':
      return { type, id: r.id, specialStartCents: n(r.specialStartCents) };
    case 'winner':
      return { type, id: r.id, paidCents: n(r.paidCents), terminalId: s(r.terminalId) };
    case 'drawer_movement':
      return { type, id: r.id, kind: r.kind as 'pay_in' | 'pay_out' | 'drop', amountCents: n(r.amountCents), terminalId: s(r.terminalId) };
    case 'guia':
      return {
        type,
        id: r.id,
        amountCents: n(r.amountCents),
        fund: r.fund === null ? null : s(r.fund),
        voided: n(r.voided) === 1,
        payment: n(r.paid) === 1 ? { cashCents: n(r.cashCents), chequeCents: n(r.chequeCents), terminalId: s(r.payTerminalId) } : null,
      };
    case 'fund_contribution':
      return { type, id: r.id, fund: s(r.fund), amountCents: n(r.amountCents) };
    case 'fund_transfer':
      return { type, id: r.id, fromFund: s(r.fromFund), toFund: s(r.toFund), amountCents: n(r.amountCents) };
    case 'chip_exchange':
      return { type, id: r.id, kind: r.kind === 'redeem' ? 'redeem' : 'sell', totalCents: n(r.totalCents), terminalId: s(r.terminalId) };
    case 'chip_movement':
      return { type, id: r.id, kind: r.kind === 'credit' ? 'credit' : 'fill', totalCents: n(r.totalCents), terminalId: s(r.terminalId) };
  }
}

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

/** The table each document type is read from (for the progress bar's total). */
const DOCUMENT_TABLES: Record<DocumentType, string> = {
  sale: 'sales',
  game: 'games',
  session: 'sessions',
  winner: 'prize_payments',
  drawer_movement: 'drawer_movements',
  guia: 'guias',
  fund_contribution: 'fund_contributions',
  fund_transfer: 'fund_transfers',
  chip_exchange: 'chip_exchanges',
  chip_movement: 'chip_movements',
};

/** Every document of a type against its transactions; transactions naming no document of it are unexplained. */
function checkDocuments(db: ReadableDb, type: DocumentType, found: (f: BooksFinding) => void, paged: (rows: number) => void): number {
  const page = stmt<[{ after: number }], Row>(db, DOCUMENTS[type]);
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = page.all({ after });
    // The last page reaches to the end of the ids: a transaction naming a later, missing document is in it.
    const to = rows.length < PAGE ? Number.MAX_SAFE_INTEGER : rows[rows.length - 1]!.id;
    const stored = transactionsBetween(db, type, after, to);
    for (const r of rows) {
      for (const f of checkDocument(documentOf(type, r), stored.get(r.id) ?? [])) found(f);
      stored.delete(r.id);
    }
    for (const orphans of stored.values()) for (const t of orphans) found(unexplained(t));
    count += rows.length;
    paged(rows.length);
    if (rows.length < PAGE) return count;
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

/** Each audited document type's rows: its key and its instant. */
const AUDITED_ROWS: Record<AuditedDocument, string> = {
  sale: `SELECT id, created_at AS at FROM sales`,
  sale_void: `SELECT sale_id AS id, voided_at AS at FROM sale_voids`,
  refund: `SELECT sale_id AS id, paid_at AS at FROM refunds`,
  prize_payment: `SELECT winner_id AS id, paid_at AS at FROM prize_payments`,
  game_closure: `SELECT game_id AS id, closed_at AS at FROM game_closures`,
  guia: `SELECT id, issued_at AS at FROM guias`,
  guia_payment: `SELECT guia_id AS id, paid_at AS at FROM guia_payments`,
  guia_void: `SELECT guia_id AS id, voided_at AS at FROM guia_voids`,
  chip_exchange: `SELECT id, at FROM chip_exchanges`,
  chip_movement: `SELECT id, at FROM chip_movements`,
  drawer_movement: `SELECT id, at FROM drawer_movements`,
  fund_contribution: `SELECT id, at FROM fund_contributions`,
  fund_transfer: `SELECT id, at FROM fund_transfers`,
  ledger_transaction: `SELECT id, at FROM ledger_transactions`,
};

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
  return stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM operators`).get()!.n;
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
  const estimate = DOCUMENT_TYPES.reduce((sum, type) => sum + stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ${DOCUMENT_TABLES[type]}`).get()!.n, 0);
  const steps = Math.max(1, Math.ceil(estimate * 1.1));
  let done = 0;
  const paged = (rows: number) => {
    done += rows;
    onProgress?.(Math.min(done, steps - 1), steps);
  };
  let documents = 0;
  for (const type of DOCUMENT_TYPES) documents += checkDocuments(db, type, found, paged);
  checkUnknownRefs(db, found);
  const bindings = bindingsOf(db);
  checkBoundAuditRows(db, bindings, found);
  checkCommandDocuments(db, bindings, found);
  const operators = checkOperators(db, found);
  onProgress?.(steps, steps);
  const transactions = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ledger_transactions`).get()!.n;
  return { documents, transactions, operators, findings, findingsTotal };
}
