/** SQL of the bingo's documents for the books check: sales (and their voids and refunds), games, sessions, prizes paid. */
import { BOOK_PAGE, num, text, type BookSource } from '../book-source.js';
import type { CardRefundDocument, GameDocument, SaleDocument, SellerReturnDocument, SessionDocument, WinnerDocument } from '../../core/bingo/money.js';

// ---- the books check: its documents as stored (core/audit/books.ts) ----

export const BINGO_BOOK_SOURCES = {
  sale: {
    table: 'sales',
    sql: `SELECT s.id, s.total_cents AS totalCents, s.payment_method AS method, s.terminal_id AS terminalId,
                EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id) AS voided,
                r.amount_cents AS refundCents, r.terminal_id AS refundTerminalId
           FROM sales s LEFT JOIN refunds r ON r.sale_id = s.id WHERE s.id > @after ORDER BY s.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'sale' as const;
      return {
        type,
        id: r.id,
        totalCents: num(r.totalCents),
        method: r.method === 'chips' ? 'chips' : 'cash',
        terminalId: text(r.terminalId),
        voided: num(r.voided) === 1,
        refund: r.refundCents === null ? null : { amountCents: num(r.refundCents), terminalId: text(r.refundTerminalId) },
      };
    },
  } satisfies BookSource<SaleDocument>,
  game: {
    table: 'games',
    sql: `SELECT g.id, g.state = 'annulled' AS annulled,
                c.game_id IS NOT NULL AS closed, c.line_prize_cents + c.bingo_prize_cents AS prizesCents,
                c.special_share_cents AS specialShareCents, c.stamp_duty_cents AS stampDutyCents,
                (SELECT COALESCE(SUM(p.amount_cents), 0) FROM prize_payments p JOIN winners w ON w.id = p.winner_id
                  WHERE w.game_id = g.id AND w.kind <> 'special') AS paidFromProvisionCents,
                (SELECT COALESCE(SUM(w.prize_cents), 0) FROM winners w WHERE w.game_id = g.id AND w.kind = 'special') AS specialWonCents,
                (SELECT COALESCE(SUM(json_extract(a.data, '$.amountCents')), 0) FROM acta_entries a
                  WHERE a.game_id = g.id AND a.kind = 'special_fund_started') AS specialRestartCents
           FROM games g LEFT JOIN game_closures c ON c.game_id = g.id WHERE g.id > @after ORDER BY g.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'game' as const;
      return {
        type,
        id: r.id,
        closure: num(r.closed) === 1 ? { prizesCents: num(r.prizesCents), specialShareCents: num(r.specialShareCents), stampDutyCents: num(r.stampDutyCents) } : null,
        annulled: num(r.annulled) === 1,
        paidFromProvisionCents: num(r.paidFromProvisionCents),
        specialWonCents: num(r.specialWonCents),
        specialRestartCents: num(r.specialRestartCents),
      };
    },
  } satisfies BookSource<GameDocument>,
  session: {
    table: 'sessions',
    sql: `SELECT s.id, (SELECT COALESCE(SUM(json_extract(a.data, '$.amountCents')), 0) FROM acta_entries a
                  WHERE a.session_id = s.id AND a.game_id IS NULL AND a.kind = 'special_fund_started') AS specialStartCents
              FROM sessions s WHERE s.id > @after ORDER BY s.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'session' as const;
      return { type, id: r.id, specialStartCents: num(r.specialStartCents) };
    },
  } satisfies BookSource<SessionDocument>,
  winner: {
    table: 'prize_payments',
    sql: `SELECT p.winner_id AS id, p.amount_cents AS paidCents, p.terminal_id AS terminalId
             FROM prize_payments p WHERE p.winner_id > @after ORDER BY p.winner_id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'winner' as const;
      return { type, id: r.id, paidCents: num(r.paidCents), terminalId: text(r.terminalId) };
    },
  } satisfies BookSource<WinnerDocument>,
  seller_return: {
    table: 'seller_returns',
    sql: `SELECT r.block_id AS id, r.difference_cents AS differenceCents, r.terminal_id AS terminalId
             FROM seller_returns r WHERE r.block_id > @after ORDER BY r.block_id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'seller_return' as const;
      return { type, id: r.id, differenceCents: num(r.differenceCents), terminalId: text(r.terminalId) };
    },
  } satisfies BookSource<SellerReturnDocument>,
  refund_by_card: {
    table: 'card_refunds',
    sql: `SELECT r.id, r.amount_cents AS amountCents, r.terminal_id AS terminalId
             FROM card_refunds r WHERE r.id > @after ORDER BY r.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'refund_by_card' as const;
      return { type, id: r.id, amountCents: num(r.amountCents), terminalId: text(r.terminalId) };
    },
  } satisfies BookSource<CardRefundDocument>,
};
