/** SQL of the roulette tables (SPEC 8): the tables and their log of spins and changes. */
import type { Launch, LaunchDirection } from '../core/roulette/rules.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';
import { BOOK_PAGE, num, text, type BookSource } from './book-source.js';
import type { ChipExchangeDocument, ChipHandoverDocument, ChipMovementDocument } from '../core/roulette/money.js';

export interface TableRow {
  id: number;
  code: string;
  wheel: 'french' | 'american';
  minimums: Record<string, number>;
  registeredAt: string;
}

interface RawTable {
  id: number;
  code: string;
  wheel: 'french' | 'american';
  minimums: string;
  registeredAt: string;
}

const TABLE_SELECT = `SELECT id, code, wheel, minimums, registered_at AS registeredAt FROM roulette_tables`;
const fromRaw = (r: RawTable): TableRow => ({ ...r, minimums: JSON.parse(r.minimums) as Record<string, number> });

export function tableByCode(db: ReadableDb, code: string): TableRow | undefined {
  const r = stmt<[string], RawTable>(db, `${TABLE_SELECT} WHERE code = ?`).get(code);
  return r ? fromRaw(r) : undefined;
}

export function allTables(db: ReadableDb): TableRow[] {
  return stmt<[], RawTable>(db, `${TABLE_SELECT} ORDER BY code`).all().map(fromRaw);
}

export function insertTable(db: WritableDb, t: { code: string; wheel: string; minimums: Record<string, number>; at: string; by: number }): number {
  return Number(
    stmt(db, `INSERT INTO roulette_tables (code, wheel, minimums, registered_at, registered_by) VALUES (?, ?, ?, ?, ?)`).run(
      t.code,
      t.wheel,
      JSON.stringify(t.minimums),
      t.at,
      t.by,
    ).lastInsertRowid,
  );
}

type LogKind = 'spin' | 'null_spin' | 'ball_change' | 'dealer_change';

interface LogRow {
  id: number;
  at: string;
  kind: LogKind;
  number: number | null;
  /** A launch's direction (X.15; migration 0013): null for the changes and for launches logged before it. */
  direction: LaunchDirection | null;
  note: string | null;
  operator: string;
}

export function insertLog(
  db: WritableDb,
  e: { tableId: number; at: string; kind: LogKind; number: number | null; direction: LaunchDirection | null; note: string | null; operatorId: number },
): number {
  return Number(
    stmt(db, `INSERT INTO roulette_log (table_id, at, kind, number, direction, note, operator_id) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
      e.tableId,
      e.at,
      e.kind,
      e.number,
      e.direction,
      e.note,
      e.operatorId,
    ).lastInsertRowid,
  );
}

/** The table's last launch (a spin or a golpe nulo), with its direction. */
export function lastLaunch(db: ReadableDb, tableId: number): Launch | null {
  return (
    stmt<[number], Launch>(db, `SELECT kind, direction FROM roulette_log WHERE table_id = ? AND kind IN ('spin', 'null_spin') ORDER BY id DESC LIMIT 1`).get(
      tableId,
    ) ?? null
  );
}

/** The newest entries of a table's log first. */
export function tableLog(db: ReadableDb, tableId: number, limit: number): LogRow[] {
  return stmt<[number, number], LogRow>(
    db,
    `SELECT l.id, l.at, l.kind, l.number, l.direction, l.note, o.username AS operator FROM roulette_log l JOIN operators o ON o.id = l.operator_id
      WHERE l.table_id = ? ORDER BY l.id DESC LIMIT ?`,
  ).all(tableId, limit);
}

/** When the table last had an entry of this kind (its first spin counts as the start for the hourly changes). */
export function lastOfKind(db: ReadableDb, tableId: number, kind: LogKind): string | null {
  return stmt<[number, string], { at: string }>(db, `SELECT at FROM roulette_log WHERE table_id = ? AND kind = ? ORDER BY id DESC LIMIT 1`).get(tableId, kind)?.at ?? null;
}

export function firstEntry(db: ReadableDb, tableId: number): string | null {
  return stmt<[number], { at: string }>(db, `SELECT at FROM roulette_log WHERE table_id = ? ORDER BY id LIMIT 1`).get(tableId)?.at ?? null;
}

export function insertChipExchange(
  db: WritableDb,
  e: {
    at: string;
    kind: 'sell' | 'redeem';
    chips: unknown;
    totalCents: number;
    tenderedCents: number | null;
    /** What was not cash: a card's amount (a sale only), cheques' (the player's taken, or the concessionaire's paid). */
    cardCents: number;
    cheques: readonly { amountCents: number; number: string; bank: string }[];
    operatorId: number;
    terminalId: string;
    drawerId: number;
  },
): number {
  const chequeCents = e.cheques.reduce((s, c) => s + c.amountCents, 0);
  return Number(
    stmt(
      db,
      `INSERT INTO chip_exchanges (at, kind, chips, total_cents, tendered_cents, card_cents, cheque_cents, cheques, operator_id, terminal_id, drawer_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.at, e.kind, JSON.stringify(e.chips), e.totalCents, e.tenderedCents, e.cardCents, chequeCents, JSON.stringify(e.cheques), e.operatorId, e.terminalId, e.drawerId)
      .lastInsertRowid,
  );
}

/** What a drawer's chip exchanges took or paid outside its cash: by card, by the player's cheque, by the house's cheques. */
export function chipTendersOfDrawer(db: ReadableDb, drawerId: number): { chipsByCardCents: number; chipsByChequeCents: number; chipChequesPaidCents: number } {
  return stmt<[number], { chipsByCardCents: number; chipsByChequeCents: number; chipChequesPaidCents: number }>(
    db,
    `SELECT COALESCE(SUM(card_cents), 0) AS chipsByCardCents,
            COALESCE(SUM(CASE WHEN kind = 'sell' THEN cheque_cents ELSE 0 END), 0) AS chipsByChequeCents,
            COALESCE(SUM(CASE WHEN kind = 'redeem' THEN cheque_cents ELSE 0 END), 0) AS chipChequesPaidCents
       FROM chip_exchanges WHERE drawer_id = ?`,
  ).get(drawerId)!;
}

/** Chips taken for cards handed from one drawer to the caixa's (DN 80/85, art. 19.º; issue 41). */
export function insertChipHandover(
  db: WritableDb,
  h: { at: string; fromDrawerId: number; fromTerminalId: string; toDrawerId: number; toTerminalId: string; chips: unknown; totalCents: number; operatorId: number; receivedBy: number },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO chip_handovers (at, from_drawer_id, from_terminal_id, to_drawer_id, to_terminal_id, chips, total_cents, operator_id, received_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(h.at, h.fromDrawerId, h.fromTerminalId, h.toDrawerId, h.toTerminalId, JSON.stringify(h.chips), h.totalCents, h.operatorId, h.receivedBy).lastInsertRowid,
  );
}

export function insertColourChip(db: WritableDb, c: { tableId: number; colour: string; valueCents: number; late: boolean; at: string; operatorId: number }): void {
  stmt(db, `INSERT INTO colour_chips (table_id, colour, value_cents, late, at, operator_id) VALUES (?, ?, ?, ?, ?, ?)`).run(
    c.tableId,
    c.colour,
    c.valueCents,
    c.late ? 1 : 0,
    c.at,
    c.operatorId,
  );
}

/** Each colour's current value at a table (its latest marking), by colour. */
export function colourChipsOf(db: ReadableDb, tableId: number): { colour: string; valueCents: number; late: boolean; at: string }[] {
  return stmt<[number], { colour: string; valueCents: number; late: number; at: string }>(
    db,
    `SELECT c.colour, c.value_cents AS valueCents, c.late, c.at FROM colour_chips c
      WHERE c.table_id = ? AND c.id = (SELECT MAX(id) FROM colour_chips d WHERE d.table_id = c.table_id AND d.colour = c.colour)
      ORDER BY c.colour`,
  )
    .all(tableId)
    .map((r) => ({ ...r, late: r.late === 1 }));
}

// ---- the books check: its documents as stored (core/audit/books.ts) ----

export const CHIP_BOOK_SOURCES = {
  chip_exchange: {
    table: 'chip_exchanges',
    // Every column: a file from before 0042 has no tender columns, its exchanges all cash (read as 0 below).
    sql: `SELECT * FROM chip_exchanges WHERE id > @after ORDER BY id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'chip_exchange' as const;
      const cardCents = num(r.card_cents);
      const chequeCents = num(r.cheque_cents);
      const totalCents = num(r.total_cents);
      const tenders = { cashCents: totalCents - cardCents - chequeCents, cardCents, chequeCents };
      return { type, id: r.id, kind: r.kind === 'redeem' ? 'redeem' : 'sell', totalCents, tenders, terminalId: text(r.terminal_id) };
    },
  } satisfies BookSource<ChipExchangeDocument>,
  chip_movement: {
    table: 'chip_movements',
    sql: `SELECT m.id, m.kind, m.total_cents AS totalCents, d.terminal_id AS terminalId
                    FROM chip_movements m JOIN drawers d ON d.id = m.drawer_id WHERE m.id > @after ORDER BY m.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'chip_movement' as const;
      return { type, id: r.id, kind: r.kind === 'credit' ? 'credit' : 'fill', totalCents: num(r.totalCents), terminalId: text(r.terminalId) };
    },
  } satisfies BookSource<ChipMovementDocument>,
  chip_handover: {
    table: 'chip_handovers',
    sql: `SELECT id, total_cents AS totalCents, from_terminal_id AS fromTerminalId, to_terminal_id AS toTerminalId
            FROM chip_handovers WHERE id > @after ORDER BY id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'chip_handover' as const;
      return { type, id: r.id, totalCents: num(r.totalCents), fromTerminalId: text(r.fromTerminalId), toTerminalId: text(r.toTerminalId) };
    },
  } satisfies BookSource<ChipHandoverDocument>,
};
