/** SQL of the drawers domain (SPEC 9): drawers, their movements and closes, and their cash in the ledger. */
import { toChipMap, type ChipCount, type ChipFlow } from '../core/chips.js';
import { toDenominationMap, type DenominationCount, type MovementKind } from '../core/drawers/rules.js';
import { drawerAccounts as accounts } from '../core/ledger.js';
import type { LedgerKind, LedgerRef } from '../core/money-registry.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';
import { BOOK_PAGE, num, text, type BookSource } from './book-source.js';
import type { DrawerMovementDocument } from '../core/drawers/money.js';

export interface DrawerRow {
  id: number;
  terminalId: string;
  openedById: number;
  openedBy: string;
  openedByName: string;
  openedAt: string;
  floatCounts: Record<string, number>;
  floatCents: number;
  closed: boolean;
}

interface Raw {
  id: number;
  terminalId: string;
  openedById: number;
  openedBy: string;
  openedByName: string;
  openedAt: string;
  floatCounts: string;
  floatCents: number;
  closed: number;
}

const DRAWER_SELECT = `SELECT d.id, d.terminal_id AS terminalId, d.opened_by AS openedById, o.username AS openedBy, o.name AS openedByName,
  d.opened_at AS openedAt, d.float_counts AS floatCounts, d.float_cents AS floatCents, d.closed
  FROM drawers d JOIN operators o ON o.id = d.opened_by`;

const fromRaw = (r: Raw): DrawerRow => ({ ...r, floatCounts: JSON.parse(r.floatCounts) as Record<string, number>, closed: r.closed === 1 });

/** The terminal's open drawers, oldest first: at most one per operator (drawers_one_open). */
export function openDrawersAt(db: ReadableDb, terminalId: string): DrawerRow[] {
  return stmt<[string], Raw>(db, `${DRAWER_SELECT} WHERE d.terminal_id = ? AND d.closed = 0 ORDER BY d.id`).all(terminalId).map(fromRaw);
}

/** Every open drawer of the hall, by terminal (the session's close names them). */
export function openDrawers(db: ReadableDb): DrawerRow[] {
  return stmt<[], Raw>(db, `${DRAWER_SELECT} WHERE d.closed = 0 ORDER BY d.terminal_id`).all().map(fromRaw);
}

/** The drawers whose shift overlaps [from, to] (to null: still going on), by terminal then opening. */
export function drawersDuring(db: ReadableDb, from: string, to: string | null): (DrawerRow & { close: DrawerCloseRow | undefined })[] {
  return stmt<[string | null, string | null, string], Raw>(
    db,
    `${DRAWER_SELECT} LEFT JOIN drawer_closes c ON c.drawer_id = d.id
      WHERE (? IS NULL OR d.opened_at <= ?) AND (c.closed_at IS NULL OR c.closed_at >= ?)
      ORDER BY d.terminal_id, d.opened_at, d.id`,
  )
    .all(to, to, from)
    .map(fromRaw)
    .map((d) => ({ ...d, close: d.closed ? drawerCloseOf(db, d.id) : undefined }));
}

export function drawerById(db: ReadableDb, id: number): DrawerRow | undefined {
  const r = stmt<[number], Raw>(db, `${DRAWER_SELECT} WHERE d.id = ?`).get(id);
  return r ? fromRaw(r) : undefined;
}

export function insertDrawer(
  db: WritableDb,
  d: { terminalId: string; openedBy: number; at: string; floatCounts: Record<string, number>; floatCents: number },
): number {
  return Number(
    stmt(db, `INSERT INTO drawers (terminal_id, opened_by, opened_at, float_counts, float_cents) VALUES (?, ?, ?, ?, ?)`).run(
      d.terminalId,
      d.openedBy,
      d.at,
      JSON.stringify(d.floatCounts),
      d.floatCents,
    ).lastInsertRowid,
  );
}

// ---- cash through a drawer ------------------------------------------------------

/** The drawer's cash by ledger kind: the net amount on its terminal's cash account (debits positive). */
export function drawerCashByKind(db: ReadableDb, drawer: Pick<DrawerRow, 'id' | 'terminalId'>): Partial<Record<LedgerKind, number>> {
  const rows = stmt<[number, string], { kind: LedgerKind; cents: number }>(
    db,
    `SELECT t.kind AS kind, SUM(e.amount_cents) AS cents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.drawer_id = ? AND e.account = ? GROUP BY t.kind`,
  ).all(drawer.id, accounts.cash(drawer.terminalId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.cents]));
}

/** The cash the drawer should hold now: its float plus every cash ledger entry linked to it. */
export function drawerExpectedCash(db: ReadableDb, drawer: Pick<DrawerRow, 'id' | 'terminalId' | 'floatCents'>): number {
  const net = stmt<[number, string], { cents: number }>(
    db,
    `SELECT COALESCE(SUM(e.amount_cents), 0) AS cents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.drawer_id = ? AND e.account = ?`,
  ).get(drawer.id, accounts.cash(drawer.terminalId))!.cents;
  return drawer.floatCents + net;
}

// ---- the chips of a drawer (a casino caixa's chip float) ---------------------------

/** The drawer's chips by ledger kind: the net amount on its terminal's chips account (chips in positive). */
export function drawerChipsByKind(db: ReadableDb, drawer: Pick<DrawerRow, 'id' | 'terminalId'>): Partial<Record<LedgerKind, number>> {
  const rows = stmt<[number, string], { kind: LedgerKind; cents: number }>(
    db,
    `SELECT t.kind AS kind, SUM(e.amount_cents) AS cents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.drawer_id = ? AND e.account = ? GROUP BY t.kind`,
  ).all(drawer.id, accounts.chips(drawer.terminalId));
  return Object.fromEntries(rows.map((r) => [r.kind, r.cents]));
}

/** The chips (in cents) the drawer should hold now: its chip float counted at the opening plus every chip entry linked to it. */
export function drawerExpectedChips(db: ReadableDb, drawer: Pick<DrawerRow, 'id' | 'terminalId'>): number {
  const net = stmt<[number, string], { cents: number }>(
    db,
    `SELECT COALESCE(SUM(e.amount_cents), 0) AS cents
       FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      WHERE t.drawer_id = ? AND e.account = ?`,
  ).get(drawer.id, accounts.chips(drawer.terminalId))!.cents;
  return (chipCountOf(db, drawer.id, 'open')?.cents ?? 0) + net;
}

interface ChipCountRow {
  chips: ChipCount[];
  cents: number;
  expectedCents: number | null;
  varianceCents: number | null;
}

/** The drawer's chips as counted at its opening or its close, if they were. */
export function chipCountOf(db: ReadableDb, drawerId: number, stage: 'open' | 'close'): ChipCountRow | undefined {
  const r = stmt<[number, string], { counts: string; cents: number; expectedCents: number | null; varianceCents: number | null }>(
    db,
    `SELECT counts, cents, expected_cents AS expectedCents, variance_cents AS varianceCents FROM drawer_chip_counts WHERE drawer_id = ? AND stage = ?`,
  ).get(drawerId, stage);
  if (!r) return undefined;
  const chips = Object.entries(JSON.parse(r.counts) as Record<string, number>)
    .map(([value, count]) => ({ valueCents: Number(value), count }))
    .sort((a, b) => b.valueCents - a.valueCents);
  return { chips, cents: r.cents, expectedCents: r.expectedCents, varianceCents: r.varianceCents };
}

export function insertChipCount(
  db: WritableDb,
  c: { drawerId: number; stage: 'open' | 'close'; chips: readonly ChipCount[]; cents: number; expectedCents: number | null; varianceCents: number | null },
): void {
  stmt(db, `INSERT INTO drawer_chip_counts (drawer_id, stage, counts, cents, expected_cents, variance_cents) VALUES (?, ?, ?, ?, ?, ?)`).run(
    c.drawerId,
    c.stage,
    JSON.stringify(Object.fromEntries(c.chips.map((x) => [String(x.valueCents), x.count]))),
    c.cents,
    c.expectedCents,
    c.varianceCents,
  );
}

/**
 * Chips in and out of a drawer by value since it opened: exchanges (sold out, redeemed in), the vault's fills and
 * credits, and chips taken for cards handed to the caixa (received in, handed over out).
 */
export function drawerChipFlows(db: ReadableDb, drawerId: number): ChipFlow[] {
  return stmt<[number, number, number, number], { kind: string; chips: string }>(
    db,
    `SELECT kind, chips FROM chip_exchanges WHERE drawer_id = ?
     UNION ALL SELECT kind, chips FROM chip_movements WHERE drawer_id = ?
     UNION ALL SELECT 'received' AS kind, chips FROM chip_handovers WHERE to_drawer_id = ?
     UNION ALL SELECT 'handed_over' AS kind, chips FROM chip_handovers WHERE from_drawer_id = ?`,
  )
    .all(drawerId, drawerId, drawerId, drawerId)
    .map((r) => ({ sign: r.kind === 'redeem' || r.kind === 'fill' || r.kind === 'received' ? 1 : -1, chips: JSON.parse(r.chips) as ChipCount[] }));
}

export function insertChipMovement(
  db: WritableDb,
  m: { drawerId: number; kind: 'fill' | 'credit'; chips: readonly ChipCount[]; totalCents: number; reason: string; at: string; operatorId: number },
): number {
  return Number(
    stmt(db, `INSERT INTO chip_movements (drawer_id, kind, chips, total_cents, reason, at, operator_id) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
      m.drawerId,
      m.kind,
      JSON.stringify(m.chips),
      m.totalCents,
      m.reason,
      m.at,
      m.operatorId,
    ).lastInsertRowid,
  );
}

/** The drawer a ledger transaction went through (a sale's, for its void), or null. */
export function drawerOfLedgerRef(db: ReadableDb, ref: LedgerRef, kind: LedgerKind): number | null {
  const r = stmt<[string, number, string], { drawerId: number | null }>(
    db,
    `SELECT drawer_id AS drawerId FROM ledger_transactions WHERE ref_type = ? AND ref_id = ? AND kind = ? ORDER BY id LIMIT 1`,
  ).get(ref.type, ref.id, kind);
  return r?.drawerId ?? null;
}

// ---- pay-ins, pay-outs, drops ------------------------------------------------------

export function insertMovement(
  db: WritableDb,
  m: { drawerId: number; kind: MovementKind; amountCents: number; reason: string; at: string; operatorId: number },
): number {
  return Number(
    stmt(db, `INSERT INTO drawer_movements (drawer_id, kind, amount_cents, reason, at, operator_id) VALUES (?, ?, ?, ?, ?, ?)`).run(
      m.drawerId,
      m.kind,
      m.amountCents,
      m.reason,
      m.at,
      m.operatorId,
    ).lastInsertRowid,
  );
}

// ---- the close and its Z report --------------------------------------------------------

/** The next Z number: one more than the last, so they run without a gap. */
export function nextZNumber(db: ReadableDb): number {
  return stmt<[], { n: number }>(db, `SELECT COALESCE(MAX(z_number), 0) + 1 AS n FROM drawer_closes`).get()!.n;
}

interface DrawerCloseRow {
  drawerId: number;
  zNumber: number;
  closedAt: string;
  expectedCents: number;
  countedCents: number;
  varianceCents: number;
  acceptedBy: string | null;
  report: unknown;
}

export function insertDrawerClose(
  db: WritableDb,
  c: {
    drawerId: number;
    zNumber: number;
    at: string;
    closedBy: number;
    counted: readonly DenominationCount[];
    countedCents: number;
    expectedCents: number;
    varianceCents: number;
    thresholdCents: number;
    acceptedBy: number | null;
    reason: string | null;
    report: unknown;
  },
): void {
  stmt(
    db,
    `INSERT INTO drawer_closes (drawer_id, z_number, closed_at, closed_by, counted_counts, counted_cents, expected_cents, variance_cents,
                                threshold_cents, accepted_by, accept_reason, report)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.drawerId,
    c.zNumber,
    c.at,
    c.closedBy,
    JSON.stringify(Object.fromEntries(c.counted.map((x) => [String(x.denominationCents), x.count]))),
    c.countedCents,
    c.expectedCents,
    c.varianceCents,
    c.thresholdCents,
    c.acceptedBy,
    c.reason,
    JSON.stringify(c.report),
  );
  // The row exists now, so the trigger lets the drawer leave the open index.
  stmt(db, `UPDATE drawers SET closed = 1 WHERE id = ? AND closed = 0`).run(c.drawerId);
}

export function drawerCloseOf(db: ReadableDb, drawerId: number): DrawerCloseRow | undefined {
  const r = stmt<[number], Omit<DrawerCloseRow, 'report'> & { report: string }>(
    db,
    `SELECT c.drawer_id AS drawerId, c.z_number AS zNumber, c.closed_at AS closedAt, c.expected_cents AS expectedCents,
            c.counted_cents AS countedCents, c.variance_cents AS varianceCents, a.username AS acceptedBy, c.report
       FROM drawer_closes c LEFT JOIN operators a ON a.id = c.accepted_by WHERE c.drawer_id = ?`,
  ).get(drawerId);
  return r ? { ...r, report: JSON.parse(r.report) as unknown } : undefined;
}

/** The Z reports recorded at the closes of [from, to), in Z order: as stored (report.z gives the same). */
export function zReportsClosedBetween(db: ReadableDb, from: string, to: string): unknown[] {
  return stmt<[string, string], { report: string }>(db, `SELECT report FROM drawer_closes WHERE closed_at >= ? AND closed_at < ? ORDER BY z_number`)
    .all(from, to)
    .map((r) => JSON.parse(r.report) as unknown);
}

/** The first print job of a drawer's report of a kind (x_report, z_report), not a reprint. */
export function reportJobOf(db: ReadableDb, drawerId: number, kind: 'x_report' | 'z_report'): number | null {
  const r = stmt<[number, string], { id: number }>(
    db,
    `SELECT id FROM print_jobs WHERE ref_type = 'drawer' AND ref_id = ? AND kind = ? AND reprint_of IS NULL ORDER BY id DESC LIMIT 1`,
  ).get(drawerId, kind);
  return r?.id ?? null;
}

/** A blind count recorded as final (its variance needed a manager's acceptance), as stored. */
interface RecordedCountRow {
  drawerId: number;
  recordedAt: string;
  countedBy: string;
  counts: Record<string, number>;
  cents: number;
  expectedCents: number;
  chipCounts: Record<string, number> | null;
  chipCents: number | null;
  chipsExpectedCents: number | null;
  thresholdCents: number;
}

export function recordedCountOf(db: ReadableDb, drawerId: number): RecordedCountRow | undefined {
  const r = stmt<[number], Omit<RecordedCountRow, 'counts' | 'chipCounts'> & { counts: string; chipCounts: string | null }>(
    db,
    `SELECT r.drawer_id AS drawerId, r.recorded_at AS recordedAt, o.username AS countedBy, r.counts, r.cents, r.expected_cents AS expectedCents,
            r.chip_counts AS chipCounts, r.chip_cents AS chipCents, r.chips_expected_cents AS chipsExpectedCents, r.threshold_cents AS thresholdCents
       FROM drawer_recorded_counts r JOIN operators o ON o.id = r.counted_by WHERE r.drawer_id = ?`,
  ).get(drawerId);
  if (!r) return undefined;
  return {
    ...r,
    counts: JSON.parse(r.counts) as Record<string, number>,
    chipCounts: r.chipCounts === null ? null : (JSON.parse(r.chipCounts) as Record<string, number>),
  };
}

export function insertRecordedCount(
  db: WritableDb,
  c: {
    drawerId: number;
    at: string;
    countedBy: number;
    counted: readonly DenominationCount[];
    cents: number;
    expectedCents: number;
    chips: { counted: readonly ChipCount[]; cents: number; expectedCents: number } | null;
    thresholdCents: number;
  },
): void {
  stmt(
    db,
    `INSERT INTO drawer_recorded_counts (drawer_id, recorded_at, counted_by, counts, cents, expected_cents, chip_counts, chip_cents, chips_expected_cents, threshold_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    c.drawerId,
    c.at,
    c.countedBy,
    JSON.stringify(toDenominationMap(c.counted)),
    c.cents,
    c.expectedCents,
    c.chips ? JSON.stringify(toChipMap(c.chips.counted)) : null,
    c.chips?.cents ?? null,
    c.chips?.expectedCents ?? null,
    c.thresholdCents,
  );
}

// ---- the books check: its documents as stored (core/audit/books.ts) ----

export const DRAWER_BOOK_SOURCES = {
  drawer_movement: {
    table: 'drawer_movements',
    sql: `SELECT m.id, m.kind, m.amount_cents AS amountCents, d.terminal_id AS terminalId
                      FROM drawer_movements m JOIN drawers d ON d.id = m.drawer_id WHERE m.id > @after ORDER BY m.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'drawer_movement' as const;
      return { type, id: r.id, kind: r.kind as 'pay_in' | 'pay_out' | 'drop', amountCents: num(r.amountCents), terminalId: text(r.terminalId) };
    },
  } satisfies BookSource<DrawerMovementDocument>,
};
