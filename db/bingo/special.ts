/** SQL of the accumulated special prize's fund (DN art. 10): the decisions that carry a frozen fund to a new prize. */
import { bingoAccounts as accounts } from '../../core/bingo/money.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';
import { accountBalance } from '../ledger.js';

/** What the special prize's fund holds for the players (a liability: its balance is negative). */
export function specialFundHeld(db: ReadableDb): number {
  // 0 - x, not -x: an empty fund is 0, not -0.
  return 0 - accountBalance(db, accounts.specialFund);
}

interface SpecialFundDecisionRow {
  id: number;
  at: string;
  by: string;
  amountCents: number;
  decision: string;
  prize: { shareBasisPoints: number; baseBalls: number; startingCents: number };
}

export function insertSpecialFundDecision(
  db: WritableDb,
  d: { at: string; operatorId: number; amountCents: number; decision: string; prize: SpecialFundDecisionRow['prize'] },
): number {
  return Number(
    stmt(db, `INSERT INTO special_fund_decisions (at, operator_id, amount_cents, decision, prize) VALUES (?, ?, ?, ?, ?)`).run(
      d.at,
      d.operatorId,
      d.amountCents,
      d.decision,
      JSON.stringify(d.prize),
    ).lastInsertRowid,
  );
}

/** The decisions, newest first (a handful in a hall's life). */
export function specialFundDecisions(db: ReadableDb, limit = 20): SpecialFundDecisionRow[] {
  return stmt<[number], Omit<SpecialFundDecisionRow, 'prize'> & { prize: string }>(
    db,
    `SELECT d.id, d.at, o.username AS by, d.amount_cents AS amountCents, d.decision, d.prize
       FROM special_fund_decisions d JOIN operators o ON o.id = d.operator_id ORDER BY d.id DESC LIMIT ?`,
  )
    .all(limit)
    .map((r) => ({ ...r, prize: JSON.parse(r.prize) as SpecialFundDecisionRow['prize'] }));
}

/** A decision taken at or after this instant (the N of a new prize starts at its base). */
export function specialFundDecisionSince(db: ReadableDb, at: string): boolean {
  return stmt<[string], { one: number }>(db, `SELECT 1 AS one FROM special_fund_decisions WHERE at >= ? LIMIT 1`).get(at) !== undefined;
}
