/** SQL of the double-entry ledger: append a balanced transaction, read postings back, check the books. */
import { assertBalanced, type LedgerEntry, type Posting } from '../core/ledger.js';
import { assertDeclared, type LedgerKind, type LedgerRef } from '../core/money-registry.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';

/**
 * Post an entry built by core/ledger.ts's `ledger` helpers (null: nothing to
 * post). A transaction that moves a drawer's cash names that drawer
 * (`drawerId`), so the drawer's expected cash is its float plus its entries.
 */
export function post(
  db: WritableDb,
  entry: LedgerEntry | null,
  by: { at: string; operatorId: number | null; terminalId: string | null; drawerId?: number | null },
): number | null {
  if (entry === null) return null;
  assertBalanced(entry.postings);
  // Only a kind a domain declares, documenting what it declares: the books and the X and Z know nothing else.
  assertDeclared(entry);
  const { lastInsertRowid } = stmt(
    db,
    `INSERT INTO ledger_transactions (at, kind, operator_id, terminal_id, ref_type, ref_id, drawer_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(by.at, entry.kind, by.operatorId, by.terminalId, entry.ref.type, entry.ref.id, by.drawerId ?? null);
  const tx = entry;
  const insert = stmt(db, `INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (?, ?, ?)`);
  for (const p of tx.postings) insert.run(lastInsertRowid, p.account, p.amountCents);
  return Number(lastInsertRowid);
}

export function postingsOf(db: ReadableDb, ref: LedgerRef, kind: LedgerKind): Posting[] {
  const refType = ref.type;
  const refId = ref.id;
  return stmt<[string, number, string], Posting>(
    db,
    `SELECT e.account AS account, e.amount_cents AS amountCents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.ref_type = ? AND t.ref_id = ? AND t.kind = ? ORDER BY e.id`,
  ).all(refType, refId, kind);
}

export interface LedgerCheck {
  balanced: boolean;
  transactions: number;
  unbalanced: number[];
  balances: Record<string, number>;
}

export function verifyLedger(db: ReadableDb): LedgerCheck {
  const unbalanced = db
    .prepare(
      `SELECT t.id AS id FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING COALESCE(SUM(e.amount_cents), 0) <> 0 OR COUNT(e.id) < 2`,
    )
    .pluck()
    .all() as number[];
  const transactions = db.prepare(`SELECT COUNT(*) FROM ledger_transactions`).pluck().get() as number;
  const balances: Record<string, number> = {};
  for (const row of db
    .prepare(`SELECT account, SUM(amount_cents) AS total FROM ledger_entries GROUP BY account ORDER BY account`)
    .all() as { account: string; total: number }[]) {
    balances[row.account] = row.total;
  }
  return { balanced: unbalanced.length === 0, transactions, unbalanced, balances };
}

/** The balance of a ledger account (debits positive). */
export function accountBalance(db: ReadableDb, account: string): number {
  return stmt<[string], { total: number }>(db, `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger_entries WHERE account = ?`).get(account)!.total;
}

/** Whether any transaction of this kind was ever posted. */
export function everPosted(db: ReadableDb, kind: LedgerKind): boolean {
  return stmt<[string]>(db, `SELECT 1 FROM ledger_transactions WHERE kind = ? LIMIT 1`).get(kind) !== undefined;
}
