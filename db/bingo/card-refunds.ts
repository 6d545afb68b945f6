/** SQL of the refunds by the card presented (issue 42, item 4; DN 80/85, art. 16.º, n.º 3; migration 0039-card-refunds). */
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

/** The sale (not voided) of `gameId` that sold the card, with whether it was refunded whole (refund.pay). */
export function saleOfCard(
  db: ReadableDb,
  gameId: number,
  seriesCode: string,
  number: number,
): { saleId: number; totalCents: number; quantity: number; seriesId: number; refundedWhole: boolean } | undefined {
  const row = stmt<[number, string, number], { saleId: number; totalCents: number; quantity: number; seriesId: number; refundedWhole: number }>(
    db,
    `SELECT s.id AS saleId, s.total_cents AS totalCents, s.quantity, r.series_id AS seriesId,
            EXISTS (SELECT 1 FROM refunds f WHERE f.sale_id = s.id) AS refundedWhole
       FROM sales s JOIN sale_ranges r ON r.sale_id = s.id JOIN series se ON se.id = r.series_id
      WHERE s.game_id = ? AND se.code = ? AND ? BETWEEN r.from_number AND r.to_number
        AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      LIMIT 1`,
  ).get(gameId, seriesCode, number);
  return row && { ...row, refundedWhole: row.refundedWhole === 1 };
}

/** The cards of the game already refunded one by one (for the check that pays each once). */
export function cardsRefunded(db: ReadableDb, gameId: number): { seriesCode: string; number: number }[] {
  return stmt<[number], { seriesCode: string; number: number }>(
    db,
    `SELECT se.code AS seriesCode, c.card_number AS number FROM card_refunds c JOIN series se ON se.id = c.series_id WHERE c.game_id = ? ORDER BY c.id`,
  ).all(gameId);
}

/** How many cards of a sale were refunded one by one: such a sale is no longer refunded whole. */
export function cardRefundsOfSale(db: ReadableDb, saleId: number): number {
  return stmt<[number], { n: number }>(db, `SELECT COUNT(*) AS n FROM card_refunds WHERE sale_id = ?`).get(saleId)!.n;
}

export function insertCardRefund(
  db: WritableDb,
  r: { gameId: number; saleId: number; seriesId: number; number: number; amountCents: number; operatorId: number; terminalId: string; at: string },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO card_refunds (game_id, sale_id, series_id, card_number, amount_cents, operator_id, terminal_id, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(r.gameId, r.saleId, r.seriesId, r.number, r.amountCents, r.operatorId, r.terminalId, r.at).lastInsertRowid,
  );
}
