/**
 * SQL of the books check (core/audit/books.ts): the documents as stored, a
 * page at a time with the transactions that name them; the documents and
 * transactions no audited command wrote; the operators' recorded changes.
 */
import {
  checkDocument,
  DOCUMENT_TYPES,
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
import { stmt, type ReadableDb } from './connection.js';

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

/**
 * Each document's command, by its table, instant and the channels that write
 * it: a row with no accepted audit row of one of them at its instant was not
 * written by the kiosk. Ledger transactions: any accepted command at theirs.
 */
const AUDITED: { type: string; rows: string; channels: readonly string[] | null }[] = [
  { type: 'sale', rows: `SELECT id, created_at AS at FROM sales`, channels: ['sale.create'] },
  { type: 'sale_void', rows: `SELECT sale_id AS id, voided_at AS at FROM sale_voids`, channels: ['sale.voidLast'] },
  { type: 'refund', rows: `SELECT sale_id AS id, paid_at AS at FROM refunds`, channels: ['refund.pay'] },
  { type: 'prize_payment', rows: `SELECT winner_id AS id, paid_at AS at FROM prize_payments`, channels: ['prize.pay'] },
  { type: 'game_closure', rows: `SELECT game_id AS id, closed_at AS at FROM game_closures`, channels: ['game.closeSale', 'game.open'] },
  { type: 'guia', rows: `SELECT id, issued_at AS at FROM guias`, channels: ['guia.issue'] },
  { type: 'guia_payment', rows: `SELECT guia_id AS id, paid_at AS at FROM guia_payments`, channels: ['guia.pay'] },
  { type: 'guia_void', rows: `SELECT guia_id AS id, voided_at AS at FROM guia_voids`, channels: ['guia.void'] },
  { type: 'chip_exchange', rows: `SELECT id, at FROM chip_exchanges`, channels: ['chips.sell', 'chips.redeem'] },
  { type: 'chip_movement', rows: `SELECT id, at FROM chip_movements`, channels: ['chips.move'] },
  { type: 'drawer_movement', rows: `SELECT id, at FROM drawer_movements`, channels: ['drawer.move'] },
  { type: 'fund_contribution', rows: `SELECT id, at FROM fund_contributions`, channels: ['meters.record', 'jackpot.contribute'] },
  { type: 'fund_transfer', rows: `SELECT id, at FROM fund_transfers`, channels: ['jackpot.transfer'] },
  { type: 'ledger_transaction', rows: `SELECT id, at FROM ledger_transactions`, channels: null },
];

function checkAuditRows(db: ReadableDb, found: (f: BooksFinding) => void): void {
  for (const a of AUDITED) {
    const channel = a.channels ? `AND a.channel IN (SELECT value FROM json_each(@channels))` : '';
    const missing = stmt<[{ channels: string }], { id: number }>(
      db,
      `SELECT d.id FROM (${a.rows}) d
        WHERE NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.at = d.at AND a.outcome = 'ok' ${channel}) ORDER BY d.id`,
    ).all({ channels: JSON.stringify(a.channels ?? []) });
    for (const m of missing) {
      found({
        problem: 'audit_missing',
        document: a.type === 'ledger_transaction' ? null : { type: a.type, id: m.id },
        transactionId: a.type === 'ledger_transaction' ? m.id : null,
        kind: null,
        expected: null,
        actual: null,
      });
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
  checkAuditRows(db, found);
  const operators = checkOperators(db, found);
  onProgress?.(steps, steps);
  const transactions = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM ledger_transactions`).get()!.n;
  return { documents, transactions, operators, findings, findingsTotal };
}
