/**
 * What must hold after any scenario, checked against the database itself:
 * the ledger balances and agrees with what happened, the audit chain
 * verifies, and each series' sold numbers tile 1..next-1 with no gap or
 * overlap. Shared by the service tests; revenue:cards is implied, since every
 * other account is checked and the ledger sums to zero.
 */
import { expect } from 'vitest';
import type { DocumentDescriptor } from '../core/documents.js';
import { DOCUMENTS } from '../core/money-registry.js';
import { verifyAudit } from '../db/audit.js';
import type { ReadableDb as Db } from '../db/connection.js';
import { verifyLedger } from '../db/ledger.js';
import { checkBooks } from '../db/books.js';

export function expectBooksHold(db: Db): void {
  const ledger = verifyLedger(db);
  expect(ledger.balanced).toBe(true);
  expect(ledger.unbalanced).toEqual([]);
  expect(verifyAudit(db)).toMatchObject({ valid: true, brokenAt: null });
  // One by one: every document has its transactions and its audit row, every transaction its document.
  expect(checkBooks(db, 20).findings).toEqual([]);
  const one = (sql: string, ...args: unknown[]) => db.prepare(sql).pluck().get(...args) as number;
  // Files made before the roving sellers' migration (the upgrade tests') have no blocks.
  const hasSellers = one(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'seller_returns'`) > 0;
  const bal = (account: string) => ledger.balances[account] ?? 0;
  // Each terminal's drawer (issue 24: several counters on one file): its cash sales less the refunds and prizes it paid
  // (both in cash), plus pay-ins, less pay-outs and drops (the float is counted, not posted); chips apart.
  // The terminals named by every document that moves a drawer's money (each domain declares its terminal column).
  const terminals = db
    .prepare((DOCUMENTS as readonly DocumentDescriptor[]).flatMap((d) => (d.terminal ? [`SELECT ${d.terminal} FROM ${d.table}`] : [])).join(' UNION '))
    .pluck()
    .all() as string[];
  const sales = (method: string, terminal: string) =>
    one(
      `SELECT COALESCE(SUM(total_cents), 0) FROM sales s WHERE payment_method = ? AND terminal_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)`,
      method,
      terminal,
    );
  const moved = (kind: string, terminal?: string) =>
    terminal === undefined
      ? one(`SELECT COALESCE(SUM(amount_cents), 0) FROM drawer_movements WHERE kind = ?`, kind)
      : one(`SELECT COALESCE(SUM(m.amount_cents), 0) FROM drawer_movements m JOIN drawers d ON d.id = m.drawer_id WHERE m.kind = ? AND d.terminal_id = ?`, kind, terminal);
  // Only an exchange's cash goes through the drawer: a card's amount and cheques (the player's, the house's) do not (issue 41).
  const hasChipTenders = one(`SELECT COUNT(*) FROM pragma_table_info('chip_exchanges') WHERE name = 'card_cents'`) > 0;
  const chipCash = hasChipTenders ? 'total_cents - card_cents - cheque_cents' : 'total_cents';
  const chipExchange = (kind: string, terminal: string, part = chipCash) => one(`SELECT COALESCE(SUM(${part}), 0) FROM chip_exchanges WHERE kind = ? AND terminal_id = ?`, kind, terminal);
  for (const terminal of terminals) {
    const refunds = one(`SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE terminal_id = ?`, terminal);
    const paid = one(`SELECT COALESCE(SUM(amount_cents), 0) FROM prize_payments WHERE terminal_id = ?`, terminal);
    const guiasCash = one(`SELECT COALESCE(SUM(cash_cents), 0) FROM guia_payments WHERE terminal_id = ?`, terminal);
    // A roving seller's cash over or under what the block's cards sold owe (issue 42).
    const sellers = hasSellers ? one(`SELECT COALESCE(SUM(difference_cents), 0) FROM seller_returns WHERE terminal_id = ?`, terminal) : 0;
    // A card refunded by its number after its game's annulment (issue 42, item 4).
    const hasCardRefunds = one(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'card_refunds'`) > 0;
    const cardRefunds = hasCardRefunds ? one(`SELECT COALESCE(SUM(amount_cents), 0) FROM card_refunds WHERE terminal_id = ?`, terminal) : 0;
    expect(bal(`cash:${terminal}`), `cash:${terminal}`).toBe(
      sales('cash', terminal) - refunds - paid - guiasCash + moved('pay_in', terminal) - moved('pay_out', terminal) - moved('drop', terminal) +
        chipExchange('sell', terminal) - chipExchange('redeem', terminal) + sellers - cardRefunds,
    );
  }
  // The caixa (SPEC 7): guias owed are those issued, not void, not paid; cheques handed out stay owed to the bank;
  // each fund holds what went in, less guias drawn on it (not void) and what moved out.
  const live = `FROM guias g WHERE NOT EXISTS (SELECT 1 FROM guia_voids v WHERE v.guia_id = g.id)`;
  expect(bal('liability:guias')).toBe(0 - one(`SELECT COALESCE(SUM(amount_cents), 0) ${live} AND NOT EXISTS (SELECT 1 FROM guia_payments p WHERE p.guia_id = g.id)`));
  const chipCheques = (kind: string) => (hasChipTenders ? one(`SELECT COALESCE(SUM(cheque_cents), 0) FROM chip_exchanges WHERE kind = ?`, kind) : 0);
  expect(bal('liability:cheques')).toBe(
    0 - one(`SELECT COALESCE(SUM(json_extract(c.value, '$.amountCents')), 0) FROM guia_payments p, json_each(p.cheques) c`) - chipCheques('redeem'),
  );
  // Chips bought by card wait for the bank, by the player's cheque for the deposit.
  expect(bal('asset:card_receipts')).toBe(hasChipTenders ? one(`SELECT COALESCE(SUM(card_cents), 0) FROM chip_exchanges WHERE kind = 'sell'`) : 0);
  expect(bal('asset:cheques_received')).toBe(chipCheques('sell'));
  const funds = db.prepare(`SELECT DISTINCT fund FROM fund_contributions UNION SELECT fund FROM guias WHERE fund IS NOT NULL UNION SELECT to_fund FROM fund_transfers`).pluck().all() as string[];
  for (const fund of funds) {
    const held =
      one(`SELECT COALESCE(SUM(amount_cents), 0) FROM fund_contributions WHERE fund = ?`, fund) -
      one(`SELECT COALESCE(SUM(amount_cents), 0) ${live} AND g.fund = ?`, fund) +
      one(`SELECT COALESCE(SUM(amount_cents), 0) FROM fund_transfers WHERE to_fund = ?`, fund) -
      one(`SELECT COALESCE(SUM(amount_cents), 0) FROM fund_transfers WHERE from_fund = ?`, fund);
    expect(bal(`liability:jackpot:${fund}`), fund).toBe(0 - held);
  }
  expect(bal('cash:safe')).toBe(moved('drop'));
  // Every cash transaction of a terminal went through a drawer of that terminal, and
  // each drawer's recorded close agrees with its float and its own ledger entries.
  expect(
    one(
      `SELECT COUNT(*) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
        LEFT JOIN drawers d ON d.id = t.drawer_id
        WHERE e.account = 'cash:' || t.terminal_id AND (d.id IS NULL OR d.terminal_id <> t.terminal_id)`,
    ),
    'cash ledger entries outside a drawer of their terminal',
  ).toBe(0);
  const closes = db
    .prepare(
      `SELECT c.expected_cents AS expected, d.float_cents + COALESCE((SELECT SUM(e.amount_cents) FROM ledger_transactions t
          JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.drawer_id = d.id AND e.account = 'cash:' || d.terminal_id), 0) AS books
         FROM drawer_closes c JOIN drawers d ON d.id = c.drawer_id`,
    )
    .all() as { expected: number; books: number }[];
  for (const c of closes) expect(c.expected).toBe(c.books);
  // The terminal's chips: those taken for cards, less face-value chips sold, plus those redeemed (IX.7),
  // plus fills from the vault, less credits to it; the vault gave what the fills took and got the credits.
  const chipMoves = (kind: string, where = 'TRUE') =>
    one(`SELECT COALESCE(SUM(m.total_cents), 0) FROM chip_movements m JOIN drawers d ON d.id = m.drawer_id WHERE m.kind = ? AND ${where}`, kind);
  // Chips taken for cards handed to the caixa (issue 41): out of the giver's terminal, into the caixa's, nothing left between.
  const handed = (side: 'from' | 'to', terminal: string) => one(`SELECT COALESCE(SUM(total_cents), 0) FROM chip_handovers WHERE ${side}_terminal_id = ?`, terminal);
  const receiving = db.prepare(`SELECT DISTINCT to_terminal_id FROM chip_handovers`).pluck().all() as string[];
  for (const terminal of new Set([...terminals, ...receiving])) {
    const terminalIs = `d.terminal_id = '${terminal.replace(/'/g, "''")}'`;
    expect(bal(`chips:${terminal}`), `chips:${terminal}`).toBe(
      sales('chips', terminal) - chipExchange('sell', terminal, 'total_cents') + chipExchange('redeem', terminal, 'total_cents') + chipMoves('fill', terminalIs) - chipMoves('credit', terminalIs) -
        handed('from', terminal) + handed('to', terminal),
    );
  }
  expect(bal('chips:vault')).toBe(chipMoves('credit') - chipMoves('fill'));
  expect(bal('chips:handover')).toBe(0);
  // Chips, like cash, are held in a drawer of their terminal: those taken for cards too (issue 41).
  expect(
    one(
      `SELECT COUNT(*) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
        LEFT JOIN drawers d ON d.id = t.drawer_id
        WHERE e.account LIKE 'chips:%' AND e.account NOT IN ('chips:vault', 'chips:handover') AND (d.id IS NULL OR e.account <> 'chips:' || d.terminal_id)`,
    ),
    'chip ledger entries outside a drawer of their terminal',
  ).toBe(0);
  // Each chip count at a close agrees with the drawer's chip float and its own chip entries.
  const chipCloses = db
    .prepare(
      `SELECT c.expected_cents AS expected,
              COALESCE((SELECT o.cents FROM drawer_chip_counts o WHERE o.drawer_id = d.id AND o.stage = 'open'), 0)
              + COALESCE((SELECT SUM(e.amount_cents) FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
                           WHERE t.drawer_id = d.id AND e.account = 'chips:' || d.terminal_id), 0) AS books
         FROM drawer_chip_counts c JOIN drawers d ON d.id = c.drawer_id WHERE c.stage = 'close'`,
    )
    .all() as { expected: number; books: number }[];
  for (const c of chipCloses) expect(c.expected).toBe(c.books);
  // Prizes owed: each live game's line and bingo, plus special prizes won, less what was paid.
  const owed = one(
    `SELECT COALESCE(SUM(c.line_prize_cents + c.bingo_prize_cents
        + (SELECT COALESCE(SUM(w.prize_cents), 0) FROM winners w WHERE w.game_id = g.id AND w.kind = 'special')
        - (SELECT COALESCE(SUM(p.amount_cents), 0) FROM prize_payments p JOIN winners w ON w.id = p.winner_id WHERE w.game_id = g.id)), 0)
       FROM game_closures c JOIN games g ON g.id = c.game_id WHERE g.state <> 'annulled'`,
  );
  expect(bal('liability:prizes')).toBe(0 - owed);
  const fund =
    one(`SELECT COALESCE(SUM(special_share_cents), 0) FROM game_closures`) +
    one(`SELECT COALESCE(SUM(json_extract(data, '$.amountCents')), 0) FROM acta_entries WHERE kind = 'special_fund_started'`) -
    one(`SELECT COALESCE(SUM(prize_cents), 0) FROM winners WHERE kind = 'special'`);
  expect(bal('liability:special_fund')).toBe(0 - fund);
  const stamp = one(`SELECT COALESCE(SUM(stamp_duty_cents), 0) FROM game_closures c JOIN games g ON g.id = c.game_id WHERE g.state <> 'annulled'`);
  expect(bal('liability:stamp_duty')).toBe(0 - stamp);
  // Every finished game awarded its line and bingo to the cent.
  const finished = db
    .prepare(
      `SELECT c.line_prize_cents AS line, c.bingo_prize_cents AS bingo,
              (SELECT SUM(prize_cents) FROM winners w WHERE w.game_id = g.id AND w.kind = 'line') AS lineAwarded,
              (SELECT SUM(prize_cents) FROM winners w WHERE w.game_id = g.id AND w.kind = 'bingo') AS bingoAwarded
         FROM games g JOIN game_closures c ON c.game_id = g.id WHERE g.state = 'finished'`,
    )
    .all() as { line: number; bingo: number; lineAwarded: number; bingoAwarded: number }[];
  for (const f of finished) expect([f.lineAwarded, f.bingoAwarded]).toEqual([f.line, f.bingo]);
  expectSeriesTiled(db);
}

/** Each series' sold numbers (voids excluded) and those in a seller's hands (blocks not collected) tile 1..nextNumber-1 exactly. */
export function expectSeriesTiled(db: Db): void {
  const series = db.prepare(`SELECT id, code, next_number AS next FROM series`).all() as { id: number; code: string; next: number }[];
  const hasBlocks = (db.prepare(`SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'seller_blocks'`).pluck().get() as number) > 0;
  const ranges = db.prepare(
    `SELECT r.from_number AS "from", r.to_number AS "to" FROM sale_ranges r
      WHERE r.series_id = @id AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = r.sale_id)
     ${
       hasBlocks
         ? `UNION ALL
     SELECT b.from_number, b.to_number FROM seller_block_ranges b
      WHERE b.series_id = @id AND NOT EXISTS (SELECT 1 FROM seller_returns x WHERE x.block_id = b.block_id)`
         : ''
     }
      ORDER BY 1`,
  );
  for (const s of series) {
    let expected = 1;
    for (const r of ranges.all({ id: s.id }) as { from: number; to: number }[]) {
      expect(r.from, `series ${s.code}: no gap and no overlap`).toBe(expected);
      expected = r.to + 1;
    }
    expect(expected, `series ${s.code}: next number`).toBe(s.next);
  }
}
