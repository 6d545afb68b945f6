/**
 * SQL of the inspector's export (issue 26): a closed session's documents,
 * each with the audit entry that wrote it (document_audit and record_audit
 * hold the entry before the command's own, hence `+ 1`). The bingo documents
 * are the session's games'; the caixa's (guias, drawers) are those the
 * export's entries wrote, so every entry of the hall's log falls in exactly
 * one session's export.
 */
import type { ReadableDb } from './connection.js';
import { stmt } from './sql.js';

const seqOf = (table: 'document_audit' | 'record_audit', column: 'document' | 'record', kind: string, id: string) =>
  `(SELECT audit_seq + 1 FROM ${table} WHERE ${column} = '${kind}' AND ${column}_id = ${id})`;

interface ExportGameRow {
  gameId: number;
  number: number;
  state: string;
  priceCents: number;
  doubleOfNumber: number | null;
  /** The game sells on a double series (the first of a pair, art. 3.5). */
  doubleSeries: number;
  cardsSold: number | null;
  totalCents: number | null;
  linePrizeCents: number | null;
  bingoPrizeCents: number | null;
  lineRoundingHundredths: number | null;
  bingoRoundingHundredths: number | null;
  stampDutyCents: number | null;
  stampDutyBasisPoints: number | null;
  specialShareCents: number | null;
  specialShareBasisPoints: number | null;
  closedAt: string | null;
  closureSeq: number | null;
}

/** The session's games with their close of sale (null figures for a game annulled while selling). */
export function exportGames(db: ReadableDb, sessionId: number): ExportGameRow[] {
  return stmt<[number], ExportGameRow>(
    db,
    `SELECT g.id AS gameId, g.number, g.state, g.price_cents AS priceCents, f.number AS doubleOfNumber, se.double AS doubleSeries,
            c.cards_sold AS cardsSold, c.total_cents AS totalCents, c.line_prize_cents AS linePrizeCents,
            c.bingo_prize_cents AS bingoPrizeCents, c.line_rounding_hundredths AS lineRoundingHundredths,
            c.bingo_rounding_hundredths AS bingoRoundingHundredths, c.stamp_duty_cents AS stampDutyCents,
            c.stamp_duty_basis_points AS stampDutyBasisPoints, c.special_share_cents AS specialShareCents,
            c.special_share_basis_points AS specialShareBasisPoints, c.closed_at AS closedAt, ${seqOf('document_audit', 'document', 'game_closure', 'g.id')} AS closureSeq
       FROM games g JOIN series se ON se.id = g.first_series_id LEFT JOIN games f ON f.id = g.double_of LEFT JOIN game_closures c ON c.game_id = g.id
      WHERE g.session_id = ? ORDER BY g.number`,
  ).all(sessionId);
}

interface ExportVoidRow {
  saleId: number;
  at: string;
  gameNumber: number;
  operator: string;
  approvedBy: string;
  auditSeq: number | null;
}

export function exportVoids(db: ReadableDb, sessionId: number): ExportVoidRow[] {
  return stmt<[number], ExportVoidRow>(
    db,
    `SELECT v.sale_id AS saleId, v.voided_at AS at, g.number AS gameNumber, o.username AS operator, a.username AS approvedBy,
            ${seqOf('document_audit', 'document', 'sale_void', 'v.sale_id')} AS auditSeq
       FROM sale_voids v JOIN sales s ON s.id = v.sale_id JOIN games g ON g.id = s.game_id
       JOIN operators o ON o.id = v.operator_id JOIN operators a ON a.id = v.approved_by
      WHERE g.session_id = ? ORDER BY v.sale_id`,
  ).all(sessionId);
}

interface ExportPrizeRow {
  winnerId: number;
  sessionId: number;
  gameNumber: number;
  kind: 'line' | 'bingo' | 'special';
  seriesCode: string;
  card: number;
  prizeCents: number;
  ballCount: number;
  awardedAt: string;
  awardSeq: number | null;
  paidAt: string | null;
  paidCents: number | null;
  paidBy: string | null;
  terminal: string | null;
  paymentSeq: number | null;
  voidedAt: string | null;
  voidReason: string | null;
  voidSeq: number | null;
}

/**
 * The winners of the session's games, with a payment or void made by its close
 * (`until`; a later one is the next session's), and the earlier sessions'
 * winners paid by the entries `from`..`to` (a prize carried).
 */
export function exportPrizes(db: ReadableDb, sessionId: number, until: string, from: number, to: number): ExportPrizeRow[] {
  return stmt<{ session: number; until: string; from: number; to: number }, ExportPrizeRow>(
    db,
    `SELECT w.id AS winnerId, g.session_id AS sessionId, g.number AS gameNumber, w.kind, se.code AS seriesCode, c.card, w.prize_cents AS prizeCents,
            w.ball_count AS ballCount, w.awarded_at AS awardedAt, ${seqOf('record_audit', 'record', 'winner', 'w.id')} AS awardSeq,
            p.paid_at AS paidAt, p.amount_cents AS paidCents, po.username AS paidBy, p.terminal_id AS terminal,
            CASE WHEN p.winner_id IS NOT NULL THEN ${seqOf('document_audit', 'document', 'prize_payment', 'w.id')} END AS paymentSeq,
            pv.voided_at AS voidedAt, pv.reason AS voidReason,
            CASE WHEN pv.winner_id IS NOT NULL THEN ${seqOf('record_audit', 'record', 'prize_void', 'w.id')} END AS voidSeq
       FROM winners w JOIN games g ON g.id = w.game_id JOIN claims c ON c.id = w.claim_id JOIN series se ON se.id = c.series_id
       LEFT JOIN prize_payments p ON p.winner_id = w.id AND p.paid_at <= @until LEFT JOIN operators po ON po.id = p.operator_id
       LEFT JOIN prize_voids pv ON pv.winner_id = w.id AND pv.voided_at <= @until
      WHERE g.session_id = @session
         OR w.id IN (SELECT document_id FROM document_audit WHERE document = 'prize_payment' AND audit_seq + 1 BETWEEN @from AND @to)
      ORDER BY w.id`,
  ).all({ session: sessionId, until, from, to });
}

interface ExportRefundRow {
  saleId: number;
  sessionId: number;
  gameNumber: number;
  amountCents: number;
  paidAt: string;
  operator: string;
  terminal: string;
  auditSeq: number | null;
}

/**
 * Refunds of the session's annulled games paid by its close, and of earlier
 * sessions' paid by the entries `from`..`to` (carried); a double pair's second
 * game is the one refunded.
 */
export function exportRefunds(db: ReadableDb, sessionId: number, until: string, from: number, to: number): ExportRefundRow[] {
  return stmt<{ session: number; until: string; from: number; to: number }, ExportRefundRow>(
    db,
    `SELECT r.sale_id AS saleId, g.session_id AS sessionId, COALESCE((SELECT g2.number FROM games g2 WHERE g2.double_of = s.game_id AND g2.state = 'annulled'), g.number) AS gameNumber,
            r.amount_cents AS amountCents, r.paid_at AS paidAt, o.username AS operator, r.terminal_id AS terminal,
            ${seqOf('document_audit', 'document', 'refund', 'r.sale_id')} AS auditSeq
       FROM refunds r JOIN sales s ON s.id = r.sale_id JOIN games g ON g.id = s.game_id JOIN operators o ON o.id = r.operator_id
      WHERE (g.session_id = @session AND r.paid_at <= @until)
         OR r.sale_id IN (SELECT document_id FROM document_audit WHERE document = 'refund' AND audit_seq + 1 BETWEEN @from AND @to)
     UNION ALL
     -- Cards refunded one by one (issue 42, refund.payCard): a line each, naming the sale that sold the card.
     SELECT c.sale_id, g.session_id, g.number, c.amount_cents, c.paid_at, o.username, c.terminal_id,
            ${seqOf('document_audit', 'document', 'refund_by_card', 'c.id')}
       FROM card_refunds c JOIN games g ON g.id = c.game_id JOIN operators o ON o.id = c.operator_id
      WHERE (g.session_id = @session AND c.paid_at <= @until)
         OR c.id IN (SELECT document_id FROM document_audit WHERE document = 'refund_by_card' AND audit_seq + 1 BETWEEN @from AND @to)
      ORDER BY 1, 5`,
  ).all({ session: sessionId, until, from, to });
}

interface ExportGuiaRow {
  guiaId: number;
  number: number;
  machineNumber: string;
  kind: string;
  amountCents: number;
  fund: string | null;
  issuedAt: string;
  issuedBy: string;
  terminal: string;
  issueSeq: number | null;
  paidAt: string | null;
  paidBy: string | null;
  cashCents: number | null;
  cheques: string | null;
  paymentSeq: number | null;
  voidedAt: string | null;
  voidReason: string | null;
  voidSeq: number | null;
}

/** The guias an act of which (issue, payment, void) is among the entries `from`..`to`: the export's guias. */
const TOUCHED_GUIAS = `touched AS (SELECT DISTINCT document_id AS id FROM document_audit
                       WHERE document IN ('guia', 'guia_payment', 'guia_void') AND audit_seq + 1 BETWEEN @from AND @to)`;

/** The guias issued, paid or voided by the entries `from`..`to`, with what happened to them up to `to`. */
export function exportGuias(db: ReadableDb, from: number, to: number): ExportGuiaRow[] {
  return stmt<{ from: number; to: number }, ExportGuiaRow>(
    db,
    `WITH ${TOUCHED_GUIAS}
     SELECT g.id AS guiaId, g.number, m.number AS machineNumber, g.kind, g.amount_cents AS amountCents, g.fund,
            g.issued_at AS issuedAt, io.username AS issuedBy, g.terminal_id AS terminal,
            ${seqOf('document_audit', 'document', 'guia', 'g.id')} AS issueSeq,
            p.paid_at AS paidAt, po.username AS paidBy, p.cash_cents AS cashCents, p.cheques,
            CASE WHEN p.guia_id IS NOT NULL THEN ${seqOf('document_audit', 'document', 'guia_payment', 'g.id')} END AS paymentSeq,
            v.voided_at AS voidedAt, v.reason AS voidReason,
            CASE WHEN v.guia_id IS NOT NULL THEN ${seqOf('document_audit', 'document', 'guia_void', 'g.id')} END AS voidSeq
       FROM touched t JOIN guias g ON g.id = t.id JOIN machines m ON m.id = g.machine_id JOIN operators io ON io.id = g.issued_by
       LEFT JOIN guia_payments p ON p.guia_id = g.id LEFT JOIN operators po ON po.id = p.paid_by
       LEFT JOIN guia_voids v ON v.guia_id = g.id
      ORDER BY g.number`,
  ).all({ from, to });
}

interface ExportDrawerRow {
  drawerId: number;
  terminal: string;
  openedAt: string;
  openedBy: string;
  floatCents: number;
  openSeq: number | null;
  zNumber: number | null;
  closedAt: string | null;
  closedBy: string | null;
  countedCents: number | null;
  expectedCents: number | null;
  varianceCents: number | null;
  acceptedBy: string | null;
  acceptReason: string | null;
  closeSeq: number | null;
}

/** The drawers opened or closed (their Z) by the entries `from`..`to`. */
export function exportDrawers(db: ReadableDb, from: number, to: number): ExportDrawerRow[] {
  return stmt<{ from: number; to: number }, ExportDrawerRow>(
    db,
    `WITH touched AS (SELECT DISTINCT record_id AS id FROM record_audit
                       WHERE record IN ('drawer', 'drawer_close') AND audit_seq + 1 BETWEEN @from AND @to)
     SELECT d.id AS drawerId, d.terminal_id AS terminal, d.opened_at AS openedAt, oo.username AS openedBy, d.float_cents AS floatCents,
            ${seqOf('record_audit', 'record', 'drawer', 'd.id')} AS openSeq,
            c.z_number AS zNumber, c.closed_at AS closedAt, co.username AS closedBy, c.counted_cents AS countedCents,
            c.expected_cents AS expectedCents, c.variance_cents AS varianceCents, ao.username AS acceptedBy, c.accept_reason AS acceptReason,
            CASE WHEN c.drawer_id IS NOT NULL THEN ${seqOf('record_audit', 'record', 'drawer_close', 'd.id')} END AS closeSeq
       FROM touched t JOIN drawers d ON d.id = t.id JOIN operators oo ON oo.id = d.opened_by
       LEFT JOIN drawer_closes c ON c.drawer_id = d.id LEFT JOIN operators co ON co.id = c.closed_by LEFT JOIN operators ao ON ao.id = c.accepted_by
      ORDER BY d.id`,
  ).all({ from, to });
}

/** The guias of `exportGuias` by their status at entry `to`, summed by SQL of their own (the check compares the two). */
export function exportGuiaFigures(db: ReadableDb, from: number, to: number): { status: 'unpaid' | 'paid' | 'void'; count: number; amountCents: number; cashCents: number; chequeCents: number }[] {
  return stmt<{ from: number; to: number }, { status: 'unpaid' | 'paid' | 'void'; count: number; amountCents: number; cashCents: number; chequeCents: number }>(
    db,
    `WITH ${TOUCHED_GUIAS},
     at_close AS (
       SELECT g.amount_cents AS amount,
              EXISTS (SELECT 1 FROM document_audit WHERE document = 'guia_void' AND document_id = g.id AND audit_seq + 1 <= @to) AS voided,
              (SELECT p.cash_cents FROM guia_payments p JOIN document_audit d ON d.document = 'guia_payment' AND d.document_id = p.guia_id
                WHERE p.guia_id = g.id AND d.audit_seq + 1 <= @to) AS cash,
              (SELECT SUM(json_extract(c.value, '$.amountCents')) FROM guia_payments p JOIN document_audit d ON d.document = 'guia_payment' AND d.document_id = p.guia_id,
                      json_each(p.cheques) c WHERE p.guia_id = g.id AND d.audit_seq + 1 <= @to) AS cheques
         FROM touched t JOIN guias g ON g.id = t.id)
     SELECT CASE WHEN voided THEN 'void' WHEN cash IS NOT NULL THEN 'paid' ELSE 'unpaid' END AS status, COUNT(*) AS count,
            SUM(amount) AS amountCents, COALESCE(SUM(cash), 0) AS cashCents, COALESCE(SUM(cheques), 0) AS chequeCents
       FROM at_close GROUP BY 1`,
  ).all({ from, to });
}
