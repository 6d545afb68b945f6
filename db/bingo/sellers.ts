/** SQL of the roving sellers' blocks and their returns (DN 80/85, art. 12.º, n.º 2, and 13.º; migration 0038-seller-blocks). */
import type { CardRange } from '../../core/bingo/allocation.js';
import type { SettlementCsvRow } from '../../core/bingo/seller-exports.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

export interface BlockRow {
  id: number;
  gameId: number;
  sellerId: number;
  sellerName: string;
  sellerUsername: string;
  handedBy: string;
  cards: number;
  at: string;
  /** The return, once made. */
  returnedAt: string | null;
  soldCards: number | null;
  returnedCards: number | null;
  saleId: number | null;
  owedCents: number | null;
  countedCents: number | null;
  differenceCents: number | null;
  acceptedBy: string | null;
  ranges: CardRange[];
}

interface BlockHead extends Omit<BlockRow, 'ranges'> {
  ranges: string;
}

const BLOCK_SELECT = `SELECT b.id, b.game_id AS gameId, b.seller_id AS sellerId, s.name AS sellerName, s.username AS sellerUsername,
    h.username AS handedBy, b.cards, b.at, r.at AS returnedAt, r.sold_cards AS soldCards, r.returned_cards AS returnedCards, r.sale_id AS saleId,
    r.owed_cents AS owedCents, r.counted_cents AS countedCents, r.difference_cents AS differenceCents,
    (SELECT name FROM operators WHERE id = r.accepted_by) AS acceptedBy,
    (SELECT json_group_array(json_object('seriesCode', se.code, 'from', x.from_number, 'to', x.to_number))
       FROM (SELECT * FROM seller_block_ranges WHERE block_id = b.id ORDER BY position) x JOIN series se ON se.id = x.series_id) AS ranges
  FROM seller_blocks b JOIN operators s ON s.id = b.seller_id JOIN operators h ON h.id = b.handed_by
  LEFT JOIN seller_returns r ON r.block_id = b.id`;

const rowOf = (h: BlockHead): BlockRow => ({ ...h, ranges: JSON.parse(h.ranges) as CardRange[] });

/** A game's blocks, in the order handed out. */
export function blocksOfGame(db: ReadableDb, gameId: number): BlockRow[] {
  return stmt<[number], BlockHead>(db, `${BLOCK_SELECT} WHERE b.game_id = ? ORDER BY b.id`).all(gameId).map(rowOf);
}

export function blockById(db: ReadableDb, blockId: number): BlockRow | undefined {
  const h = stmt<[number], BlockHead>(db, `${BLOCK_SELECT} WHERE b.id = ?`).get(blockId);
  return h && rowOf(h);
}

/** The names of the sellers who still hold a block of one of `gameIds` (not yet collected), in the order handed out. */
export function sellersHoldingBlocks(db: ReadableDb, gameIds: readonly number[]): string[] {
  if (gameIds.length === 0) return [];
  return stmt<[string], string>(
    db,
    `SELECT DISTINCT o.name FROM seller_blocks b JOIN operators o ON o.id = b.seller_id
      WHERE b.game_id IN (SELECT value FROM json_each(?)) AND NOT EXISTS (SELECT 1 FROM seller_returns r WHERE r.block_id = b.id) ORDER BY b.id`,
  )
    .pluck()
    .all(JSON.stringify(gameIds));
}

/** Whether the game ever handed out a block: its sales then follow the one order of cards sold and out (core/bingo/sellers.ts). */
export function gameHasBlocks(db: ReadableDb, gameId: number): boolean {
  return stmt<[number]>(db, `SELECT 1 FROM seller_blocks WHERE game_id = ? LIMIT 1`).get(gameId) !== undefined;
}

/** Every range the game sold and did not void, each as written (not joined: the order's state needs the gaps). */
export function gameSaleRanges(db: ReadableDb, gameId: number): CardRange[] {
  return stmt<[number], CardRange>(
    db,
    `SELECT se.code AS seriesCode, r.from_number AS "from", r.to_number AS "to"
       FROM sales s JOIN sale_ranges r ON r.sale_id = s.id JOIN series se ON se.id = r.series_id
      WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      ORDER BY s.id, r.position`,
  ).all(gameId);
}

/** The last block handed out of the game, or undefined: a sale made before it cannot give its numbers back to the top. */
export function lastBlockId(db: ReadableDb, gameId: number): number {
  return stmt<[number], { id: number | null }>(db, `SELECT MAX(id) AS id FROM seller_blocks WHERE game_id = ?`).get(gameId)?.id ?? 0;
}

export function insertBlock(db: WritableDb, b: { gameId: number; sellerId: number; handedBy: number; terminalId: string; cards: number; at: string }): number {
  return Number(
    stmt(db, `INSERT INTO seller_blocks (game_id, seller_id, handed_by, terminal_id, cards, at) VALUES (?, ?, ?, ?, ?, ?)`).run(
      b.gameId,
      b.sellerId,
      b.handedBy,
      b.terminalId,
      b.cards,
      b.at,
    ).lastInsertRowid,
  );
}

export function insertBlockRange(db: WritableDb, blockId: number, position: number, seriesId: number, from: number, to: number): void {
  stmt(db, `INSERT INTO seller_block_ranges (block_id, position, series_id, from_number, to_number) VALUES (?, ?, ?, ?, ?)`).run(blockId, position, seriesId, from, to);
}

export function insertReturn(
  db: WritableDb,
  r: {
    blockId: number;
    firstUnsold: { seriesId: number; number: number } | null;
    soldCards: number;
    returnedCards: number;
    saleId: number | null;
    owedCents: number;
    counted: Record<string, number>;
    countedCents: number;
    acceptedBy: number | null;
    acceptanceReason: string | null;
    receivedBy: number;
    terminalId: string;
    at: string;
  },
): void {
  stmt(
    db,
    `INSERT INTO seller_returns (block_id, first_unsold_series_id, first_unsold_number, sold_cards, returned_cards, sale_id,
       owed_cents, counted, counted_cents, difference_cents, accepted_by, acceptance_reason, received_by, terminal_id, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.blockId,
    r.firstUnsold?.seriesId ?? null,
    r.firstUnsold?.number ?? null,
    r.soldCards,
    r.returnedCards,
    r.saleId,
    r.owedCents,
    JSON.stringify(r.counted),
    r.countedCents,
    r.countedCents - r.owedCents,
    r.acceptedBy,
    r.acceptanceReason,
    r.receivedBy,
    r.terminalId,
    r.at,
  );
}

/** A seller's settlements collected into one drawer (the Z's figures per seller, issue 42). */
export interface SellerDrawerFigures {
  seller: string;
  username: string;
  blocks: number;
  cardsSold: number;
  owedCents: number;
  countedCents: number;
  differenceCents: number;
}

/**
 * The sellers whose blocks' cash went into the drawer (their cards' sale or the difference posted to it), each
 * with the cards sold, what they owed, what was counted and the difference, summed over their blocks.
 */
export function sellerFiguresOfDrawer(db: ReadableDb, drawerId: number): SellerDrawerFigures[] {
  return stmt<{ drawer: number }, SellerDrawerFigures>(
    db,
    `SELECT o.name AS seller, o.username, COUNT(*) AS blocks, SUM(r.sold_cards) AS cardsSold, SUM(r.owed_cents) AS owedCents,
            SUM(r.counted_cents) AS countedCents, SUM(r.difference_cents) AS differenceCents
       FROM seller_returns r JOIN seller_blocks b ON b.id = r.block_id JOIN operators o ON o.id = b.seller_id
      WHERE r.block_id IN (
              SELECT x.block_id FROM ledger_transactions t JOIN seller_returns x ON x.sale_id = t.ref_id
               WHERE t.drawer_id = @drawer AND t.ref_type = 'sale' AND t.kind = 'card_sale'
              UNION
              SELECT t.ref_id FROM ledger_transactions t WHERE t.drawer_id = @drawer AND t.ref_type = 'seller_return')
      GROUP BY b.seller_id ORDER BY o.name, o.username`,
  ).all({ drawer: drawerId });
}

/** The session's blocks collected, in the order of their return. */
export function settlementsOfSession(db: ReadableDb, sessionId: number): SettlementCsvRow[] {
  return stmt<[number], Omit<SettlementCsvRow, 'ranges'> & { ranges: string }>(
    db,
    `SELECT b.id AS blockId, g.number AS gameNumber, s.name AS seller, s.username AS sellerUsername, b.at AS handedAt,
            (SELECT json_group_array(json_object('seriesCode', se.code, 'from', x.from_number, 'to', x.to_number))
               FROM (SELECT * FROM seller_block_ranges WHERE block_id = b.id ORDER BY position) x JOIN series se ON se.id = x.series_id) AS ranges,
            r.at AS returnedAt,
            (SELECT se.code || ' ' || r.first_unsold_number FROM series se WHERE se.id = r.first_unsold_series_id) AS firstUnsold,
            b.cards, r.sold_cards AS soldCards, r.returned_cards AS returnedCards, g.price_cents AS priceCents, r.owed_cents AS owedCents,
            r.counted_cents AS countedCents, r.difference_cents AS differenceCents,
            a.name AS acceptedBy, a.username AS acceptedByUsername, r.acceptance_reason AS acceptanceReason,
            c.name AS receivedBy, c.username AS receivedByUsername, r.terminal_id AS terminalId
       FROM seller_returns r JOIN seller_blocks b ON b.id = r.block_id JOIN games g ON g.id = b.game_id
       JOIN operators s ON s.id = b.seller_id JOIN operators c ON c.id = r.received_by LEFT JOIN operators a ON a.id = r.accepted_by
      WHERE g.session_id = ? ORDER BY r.at, r.block_id`,
  )
    .all(sessionId)
    .map((row) => ({ ...row, ranges: JSON.parse(row.ranges) as CardRange[] }));
}

/** A game's cards sold (voids left out) per person who sold them, by username: the acta's cards per seller (issue 42). */
export function cardsBySellerOfGame(db: ReadableDb, gameId: number): { username: string; name: string; cards: number }[] {
  return stmt<[number], { username: string; name: string; cards: number }>(
    db,
    `SELECT o.username, o.name, SUM(s.quantity) AS cards FROM sales s JOIN operators o ON o.id = s.operator_id
      WHERE s.game_id = ? AND NOT EXISTS (SELECT 1 FROM sale_voids v WHERE v.sale_id = s.id)
      GROUP BY o.id ORDER BY o.username`,
  ).all(gameId);
}
