/** SQL of the caixa domain (SPEC 7): machines, guias and their payments and voids, meter readings, jackpot funds. */
import type { TransferBranch } from '../core/caixa/rules.js';
import { caixaAccounts as accounts } from '../core/caixa/money.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { stmt } from './sql.js';
import { BOOK_PAGE, num, text, type BookSource } from './book-source.js';
import type { FundContributionDocument, FundTransferDocument, GuiaDocument } from '../core/caixa/money.js';

// ---- machines ---------------------------------------------------------------------

export interface MachineRow {
  id: number;
  number: string;
  model: string;
  betCents: number;
  location: string | null;
  group: string | null;
  jackpotShareBasisPoints: number;
  superjackpotShareBasisPoints: number;
  registeredAt: string;
  updatedAt: string;
}

const MACHINE_SELECT = `SELECT id, number, model, bet_cents AS betCents, location, group_code AS "group",
  jackpot_share_bp AS jackpotShareBasisPoints, superjackpot_share_bp AS superjackpotShareBasisPoints,
  registered_at AS registeredAt, updated_at AS updatedAt FROM machines`;

export function machineByNumber(db: ReadableDb, number: string): MachineRow | undefined {
  return stmt<[string], MachineRow>(db, `${MACHINE_SELECT} WHERE number = ?`).get(number);
}

export function allMachines(db: ReadableDb): MachineRow[] {
  // Numbers sort as people read them: 2 before 10.
  return stmt<[], MachineRow>(db, `${MACHINE_SELECT} ORDER BY length(number), number`).all();
}

export function machinesOfGroup(db: ReadableDb, group: string): MachineRow[] {
  return stmt<[string], MachineRow>(db, `${MACHINE_SELECT} WHERE group_code = ? ORDER BY length(number), number`).all(group);
}

export type MachineFields = Omit<MachineRow, 'id' | 'registeredAt' | 'updatedAt'>;

export function insertMachine(db: WritableDb, m: MachineFields, at: string): number {
  return Number(
    stmt(
      db,
      `INSERT INTO machines (number, model, bet_cents, location, group_code, jackpot_share_bp, superjackpot_share_bp, registered_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(m.number, m.model, m.betCents, m.location, m.group, m.jackpotShareBasisPoints, m.superjackpotShareBasisPoints, at, at).lastInsertRowid,
  );
}

export function updateMachine(db: WritableDb, id: number, m: Omit<MachineFields, 'number'>, at: string): void {
  stmt(
    db,
    `UPDATE machines SET model = ?, bet_cents = ?, location = ?, group_code = ?, jackpot_share_bp = ?, superjackpot_share_bp = ?, updated_at = ? WHERE id = ?`,
  ).run(m.model, m.betCents, m.location, m.group, m.jackpotShareBasisPoints, m.superjackpotShareBasisPoints, at, id);
}

// ---- funds ------------------------------------------------------------------------

const JACKPOT_PREFIX = accounts.jackpot('');

/** Every fund that ever held money, with what it holds now (credit balance as positive cents). */
export function fundBalances(db: ReadableDb): Map<string, number> {
  const rows = stmt<[number, string], { account: string; total: number }>(
    db,
    `SELECT account, SUM(amount_cents) AS total FROM ledger_entries WHERE substr(account, 1, ?) = ? GROUP BY account`,
  ).all(JACKPOT_PREFIX.length, JACKPOT_PREFIX);
  // 0 - x, not -x: an empty fund is 0, not -0.
  return new Map(rows.map((r) => [r.account.slice(JACKPOT_PREFIX.length), 0 - r.total]));
}

export function fundHeld(db: ReadableDb, fund: string): number {
  const r = stmt<[string], { total: number }>(db, `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM ledger_entries WHERE account = ?`).get(
    accounts.jackpot(fund),
  )!;
  return 0 - r.total;
}

export function insertContribution(
  db: WritableDb,
  c: { fund: string; amountCents: number; source: 'meters' | 'manual'; readingId: number | null; at: string; operatorId: number },
): number {
  return Number(
    stmt(db, `INSERT INTO fund_contributions (fund, amount_cents, source, reading_id, at, operator_id) VALUES (?, ?, ?, ?, ?, ?)`).run(
      c.fund,
      c.amountCents,
      c.source,
      c.readingId,
      c.at,
      c.operatorId,
    ).lastInsertRowid,
  );
}

export function insertTransfer(
  db: WritableDb,
  t: { from: string; to: string; branch: TransferBranch; amountCents: number; authorisationRef: string; at: string; operatorId: number; approvedBy: number },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO fund_transfers (from_fund, to_fund, branch, amount_cents, authorisation_ref, at, operator_id, approved_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(t.from, t.to, t.branch, t.amountCents, t.authorisationRef, t.at, t.operatorId, t.approvedBy).lastInsertRowid,
  );
}

interface TransferRow {
  transferId: number;
  at: string;
  from: string;
  to: string;
  amountCents: number;
  branch: TransferBranch;
  authorisationRef: string;
  operator: string;
  approvedBy: string;
}

/** The newest fund transfers first (n.º 6), with who moved and who approved them. */
export function recentTransfers(db: ReadableDb, limit: number): TransferRow[] {
  return stmt<[number], TransferRow>(
    db,
    `SELECT t.id AS transferId, t.at, t.from_fund AS "from", t.to_fund AS "to", t.amount_cents AS amountCents, t.branch,
            t.authorisation_ref AS authorisationRef, o.username AS operator, a.username AS approvedBy
       FROM fund_transfers t JOIN operators o ON o.id = t.operator_id JOIN operators a ON a.id = t.approved_by
      ORDER BY t.id DESC LIMIT ?`,
  ).all(limit);
}

// ---- guias ------------------------------------------------------------------------

export interface GuiaRow {
  id: number;
  number: number;
  machineId: number;
  machineNumber: string;
  model: string;
  location: string | null;
  kind: 'jackpot' | 'superjackpot' | 'hand_pay' | 'credits_claim';
  amountCents: number;
  fund: string | null;
  meters: string | null;
  notes: string | null;
  issuedAt: string;
  issuedBy: string;
  issuedByName: string;
  paidAt: string | null;
  paidBy: string | null;
  paidByName: string | null;
  cashCents: number | null;
  cheques: string | null;
  voidedAt: string | null;
  voidReason: string | null;
}

const GUIA_SELECT = `SELECT g.id, g.number, g.machine_id AS machineId, m.number AS machineNumber, m.model, m.location, g.kind,
    g.amount_cents AS amountCents, g.fund, g.meters, g.notes, g.issued_at AS issuedAt, io.username AS issuedBy, io.name AS issuedByName,
    p.paid_at AS paidAt, po.username AS paidBy, po.name AS paidByName, p.cash_cents AS cashCents, p.cheques,
    v.voided_at AS voidedAt, v.reason AS voidReason
  FROM guias g JOIN machines m ON m.id = g.machine_id JOIN operators io ON io.id = g.issued_by
  LEFT JOIN guia_payments p ON p.guia_id = g.id LEFT JOIN operators po ON po.id = p.paid_by
  LEFT JOIN guia_voids v ON v.guia_id = g.id`;

export function guiaById(db: ReadableDb, id: number): GuiaRow | undefined {
  return stmt<[number], GuiaRow>(db, `${GUIA_SELECT} WHERE g.id = ?`).get(id);
}

export function guiaByNumber(db: ReadableDb, number: number): GuiaRow | undefined {
  return stmt<[number], GuiaRow>(db, `${GUIA_SELECT} WHERE g.number = ?`).get(number);
}

type GuiaStatusFilter = 'unpaid' | 'paid' | 'void' | 'all';

const STATUS_WHERE: Record<GuiaStatusFilter, string> = {
  unpaid: 'p.guia_id IS NULL AND v.guia_id IS NULL',
  paid: 'p.guia_id IS NOT NULL',
  void: 'v.guia_id IS NOT NULL',
  all: '1',
};

interface GuiaFilter {
  status: GuiaStatusFilter;
  /** Issued in [from, to): ISO-8601 instants (UTC, as stored); null: no bound. */
  from: string | null;
  to: string | null;
}

const PERIOD_WHERE = `g.issued_at >= @from AND g.issued_at < @to`;
const period = (f: GuiaFilter) => ({ from: f.from ?? '', to: f.to ?? '\uffff' });

/**
 * A page of guias, newest first (by number, which never repeats nor skips),
 * before the guia number `before` (null: from the newest), at most `limit`:
 * a range of the guias' number index (EXPLAIN in caixa's paging test).
 */
export function guiasPage(db: ReadableDb, f: GuiaFilter & { before: number | null; limit: number }): GuiaRow[] {
  return stmt<{ from: string; to: string; before: number; limit: number }, GuiaRow>(
    db,
    `${GUIA_SELECT} WHERE g.number < @before AND ${PERIOD_WHERE} AND ${STATUS_WHERE[f.status]} ORDER BY g.number DESC LIMIT @limit`,
  ).all({ ...period(f), before: f.before ?? Number.MAX_SAFE_INTEGER, limit: f.limit });
}

/** How many guias the filter holds now. */
export function guiasCount(db: ReadableDb, f: GuiaFilter): number {
  return stmt<{ from: string; to: string }, { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM guias g LEFT JOIN guia_payments p ON p.guia_id = g.id LEFT JOIN guia_voids v ON v.guia_id = g.id
      WHERE ${PERIOD_WHERE} AND ${STATUS_WHERE[f.status]}`,
  ).get(period(f))!.n;
}

/** Every guia of the filter in number order, as a book reads (export.guias). */
export function guiasInOrder(db: ReadableDb, f: GuiaFilter): GuiaRow[] {
  return stmt<{ from: string; to: string }, GuiaRow>(db, `${GUIA_SELECT} WHERE ${PERIOD_WHERE} AND ${STATUS_WHERE[f.status]} ORDER BY g.number`).all(
    period(f),
  );
}

/** Unpaid and not void, oldest first: carried at the day's close. */
export function unpaidGuias(db: ReadableDb): GuiaRow[] {
  return stmt<[], GuiaRow>(db, `${GUIA_SELECT} WHERE p.guia_id IS NULL AND v.guia_id IS NULL ORDER BY g.number`).all();
}

export function nextGuiaNumber(db: ReadableDb): number {
  return stmt<[], { n: number }>(db, `SELECT COALESCE(MAX(number), 0) + 1 AS n FROM guias`).get()!.n;
}

export function insertGuia(
  db: WritableDb,
  g: {
    number: number;
    machineId: number;
    kind: GuiaRow['kind'];
    amountCents: number;
    fund: string | null;
    meters: unknown;
    notes: string | null;
    at: string;
    issuedBy: number;
    terminalId: string;
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO guias (number, machine_id, kind, amount_cents, fund, meters, notes, issued_at, issued_by, terminal_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(g.number, g.machineId, g.kind, g.amountCents, g.fund, g.meters === null ? null : JSON.stringify(g.meters), g.notes, g.at, g.issuedBy, g.terminalId)
      .lastInsertRowid,
  );
}

export function insertGuiaPayment(
  db: WritableDb,
  p: {
    guiaId: number;
    at: string;
    paidBy: number;
    terminalId: string;
    drawerId: number | null;
    cashCents: number;
    cheques: readonly { number: string; bank: string; amountCents: number }[];
    approvedBy: number | null;
  },
): void {
  stmt(
    db,
    `INSERT INTO guia_payments (guia_id, paid_at, paid_by, terminal_id, drawer_id, cash_cents, cheques, approved_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(p.guiaId, p.at, p.paidBy, p.terminalId, p.drawerId, p.cashCents, JSON.stringify(p.cheques), p.approvedBy);
}

export function insertGuiaVoid(db: WritableDb, v: { guiaId: number; at: string; voidedBy: number; approvedBy: number; reason: string }): void {
  stmt(db, `INSERT INTO guia_voids (guia_id, voided_at, voided_by, approved_by, reason) VALUES (?, ?, ?, ?, ?)`).run(
    v.guiaId,
    v.at,
    v.voidedBy,
    v.approvedBy,
    v.reason,
  );
}

// ---- meters -----------------------------------------------------------------------

interface ReadingRow {
  id: number;
  at: string;
  kind: 'reading' | 'rollover' | 'reset';
  coinsIn: number;
  prizesPaid: number;
  coinsCollected: number;
}

export function lastReading(db: ReadableDb, machineId: number): ReadingRow | undefined {
  return stmt<[number], ReadingRow>(
    db,
    `SELECT id, at, kind, coins_in AS coinsIn, prizes_paid AS prizesPaid, coins_collected AS coinsCollected
       FROM meter_readings WHERE machine_id = ? ORDER BY id DESC LIMIT 1`,
  ).get(machineId);
}

export function insertReading(
  db: WritableDb,
  r: {
    machineId: number;
    at: string;
    operatorId: number;
    kind: ReadingRow['kind'];
    modulus: number | null;
    values: { coinsIn: number; prizesPaid: number; coinsCollected: number };
    delta: { coinsIn: number; prizesPaid: number; coinsCollected: number };
  },
): number {
  return Number(
    stmt(
      db,
      `INSERT INTO meter_readings (machine_id, at, operator_id, kind, modulus, coins_in, prizes_paid, coins_collected,
                                   delta_coins_in, delta_prizes_paid, delta_coins_collected)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      r.machineId,
      r.at,
      r.operatorId,
      r.kind,
      r.modulus,
      r.values.coinsIn,
      r.values.prizesPaid,
      r.values.coinsCollected,
      r.delta.coinsIn,
      r.delta.prizesPaid,
      r.delta.coinsCollected,
    ).lastInsertRowid,
  );
}

/** Per machine over [from, to): credits played and paid by the machine (meter deltas) and guias issued, not void. */
export function machinePeriod(
  db: ReadableDb,
  from: string,
  to: string,
): { machineId: number; coinsIn: number; prizesPaid: number; guiasCents: number; readings: number }[] {
  return stmt<{ from: string; to: string }, { machineId: number; coinsIn: number; prizesPaid: number; guiasCents: number; readings: number }>(
    db,
    `SELECT m.id AS machineId,
            COALESCE((SELECT SUM(delta_coins_in) FROM meter_readings r WHERE r.machine_id = m.id AND r.at >= @from AND r.at < @to), 0) AS coinsIn,
            COALESCE((SELECT SUM(delta_prizes_paid) FROM meter_readings r WHERE r.machine_id = m.id AND r.at >= @from AND r.at < @to), 0) AS prizesPaid,
            COALESCE((SELECT SUM(g.amount_cents) FROM guias g WHERE g.machine_id = m.id AND g.issued_at >= @from AND g.issued_at < @to
                        AND NOT EXISTS (SELECT 1 FROM guia_voids v WHERE v.guia_id = g.id)), 0) AS guiasCents,
            (SELECT COUNT(*) FROM meter_readings r WHERE r.machine_id = m.id AND r.at >= @from AND r.at < @to) AS readings
       FROM machines m ORDER BY length(m.number), m.number`,
  ).all({ from, to });
}

// ---- the books check: its documents as stored (core/audit/books.ts) ----

export const CAIXA_BOOK_SOURCES = {
  guia: {
    table: 'guias',
    sql: `SELECT g.id, g.amount_cents AS amountCents, g.fund,
                EXISTS (SELECT 1 FROM guia_voids v WHERE v.guia_id = g.id) AS voided,
                p.guia_id IS NOT NULL AS paid, p.cash_cents AS cashCents, p.terminal_id AS payTerminalId,
                (SELECT COALESCE(SUM(json_extract(c.value, '$.amountCents')), 0) FROM json_each(p.cheques) c) AS chequeCents
           FROM guias g LEFT JOIN guia_payments p ON p.guia_id = g.id WHERE g.id > @after ORDER BY g.id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'guia' as const;
      return {
        type,
        id: r.id,
        amountCents: num(r.amountCents),
        fund: r.fund === null ? null : text(r.fund),
        voided: num(r.voided) === 1,
        payment: num(r.paid) === 1 ? { cashCents: num(r.cashCents), chequeCents: num(r.chequeCents), terminalId: text(r.payTerminalId) } : null,
      };
    },
  } satisfies BookSource<GuiaDocument>,
  fund_contribution: {
    table: 'fund_contributions',
    sql: `SELECT id, fund, amount_cents AS amountCents FROM fund_contributions WHERE id > @after ORDER BY id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'fund_contribution' as const;
      return { type, id: r.id, fund: text(r.fund), amountCents: num(r.amountCents) };
    },
  } satisfies BookSource<FundContributionDocument>,
  fund_transfer: {
    table: 'fund_transfers',
    sql: `SELECT id, from_fund AS fromFund, to_fund AS toFund, amount_cents AS amountCents
                    FROM fund_transfers WHERE id > @after ORDER BY id LIMIT ${BOOK_PAGE}`,
    read: (r) => {
      const type = 'fund_transfer' as const;
      return { type, id: r.id, fromFund: text(r.fromFund), toFund: text(r.toFund), amountCents: num(r.amountCents) };
    },
  } satisfies BookSource<FundTransferDocument>,
};

/**
 * The cheques a drawer's operator paid guias with during its shift, for its Z (Lei n.º 83/2017, art. 76.º): those of
 * a payment with a cash part from the drawer, and those of a cheque-only payment (it touches no drawer) made by the
 * same operator at the same terminal between the drawer's opening and `until`.
 */
export function guiaChequesOfDrawer(db: ReadableDb, drawer: { id: number; terminalId: string; openedById: number; openedAt: string }, until: string): number {
  return stmt<[{ id: number; terminal: string; operator: number; from: string; until: string }], { cents: number }>(
    db,
    `SELECT COALESCE(SUM(json_extract(c.value, '$.amountCents')), 0) AS cents FROM guia_payments p, json_each(p.cheques) c
      WHERE p.drawer_id = @id OR (p.drawer_id IS NULL AND p.terminal_id = @terminal AND p.paid_by = @operator AND p.paid_at >= @from AND p.paid_at <= @until)`,
  ).get({ id: drawer.id, terminal: drawer.terminalId, operator: drawer.openedById, from: drawer.openedAt, until })!.cents;
}
