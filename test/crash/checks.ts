/**
 * What must hold in the database after any crash: serial numbers tile each
 * series without overlap or gap, every sale the seller saw committed is there,
 * the ledger balances against the sales, the audit chain verifies, and SQLite
 * itself finds the file sound. Each problem is one readable line.
 */
import type { ReadableDb as Db } from '../../db/connection.js';
import { verifyAudit } from '../../db/audit.js';
import { verifyLedger } from '../../db/ledger.js';

export interface SeriesState {
  code: string;
  nextNumber: number;
}

export interface StoredRange {
  saleId: number;
  seriesCode: string;
  from: number;
  to: number;
}

/**
 * Per series, the non-voided ranges must be disjoint and cover exactly
 * 1..nextNumber-1 (serial order, art. 12.2): each overlap, gap or overrun is
 * reported with the series and the numbers involved.
 */
const span = (a: number, b: number): string => (a === b ? `number ${a}` : `numbers ${a}-${b}`);

export function tilingProblems(series: readonly SeriesState[], liveRanges: readonly StoredRange[]): string[] {
  const problems: string[] = [];
  const bySeries = new Map<string, StoredRange[]>();
  for (const r of liveRanges) {
    const list = bySeries.get(r.seriesCode) ?? [];
    list.push(r);
    bySeries.set(r.seriesCode, list);
  }
  for (const s of series) {
    const ranges = (bySeries.get(s.code) ?? []).sort((a, b) => a.from - b.from || a.to - b.to);
    bySeries.delete(s.code);
    let expected = 1; // the next number that must start a range
    let prev: StoredRange | null = null;
    for (const r of ranges) {
      if (r.from < expected) {
        problems.push(
          `series ${s.code}: ${span(r.from, Math.min(r.to, expected - 1))} sold twice (sale ${r.saleId} overlaps sale ${prev?.saleId})`,
        );
      } else if (r.from > expected) {
        problems.push(`series ${s.code}: ${span(expected, r.from - 1)} skipped (before sale ${r.saleId})`);
      }
      if (r.to + 1 > expected) {
        expected = r.to + 1;
        prev = r;
      }
    }
    if (expected < s.nextNumber) problems.push(`series ${s.code}: ${span(expected, s.nextNumber - 1)} skipped (next number is ${s.nextNumber})`);
    if (expected > s.nextNumber) {
      problems.push(`series ${s.code}: ${span(s.nextNumber, expected - 1)} sold but next number is still ${s.nextNumber}`);
    }
  }
  for (const [code, ranges] of bySeries) problems.push(`series ${code}: ${ranges.length} ranges of an unknown series`);
  return problems;
}

/** What the child reported as committed (stdout lines). */
export interface Reported {
  sales: Map<number, { gameId: number; ranges: { seriesCode: string; from: number; to: number }[]; quantity: number; totalCents: number }>;
  voids: Set<number>;
  games: Set<number>;
  closes: Set<number>;
}

export const emptyReported = (): Reported => ({ sales: new Map(), voids: new Set(), games: new Set(), closes: new Set() });

export interface DbFigures {
  series: number;
  sales: number;
  voids: number;
  games: number;
  /** Games where a second series took over. */
  takeovers: number;
  /** Sales whose ranges span two series. */
  spanningSales: number;
  /** Voided ranges whose numbers a later sale took again. */
  reusedVoidRanges: number;
  liveTotalCents: number;
  auditEntries: number;
  maxSaleId: number;
}

export interface DbCheck {
  problems: string[];
  figures: DbFigures;
}

const TERMINAL_CASH = 'cash:T1';

export function checkDatabase(db: Db, reported: Reported): DbCheck {
  const problems: string[] = [];
  const all = <T>(sql: string): T[] => db.prepare(sql).all() as T[];
  const one = <T>(sql: string): T => db.prepare(sql).pluck().get() as T;

  // (e) SQLite's own checks first.
  const integrity = all<{ integrity_check: string }>(`PRAGMA integrity_check`).map((r) => r.integrity_check);
  if (integrity.length !== 1 || integrity[0] !== 'ok') problems.push(`integrity_check: ${integrity.slice(0, 5).join('; ')}`);
  const fk = all<unknown>(`PRAGMA foreign_key_check`);
  if (fk.length) problems.push(`foreign_key_check: ${JSON.stringify(fk.slice(0, 5))}`);

  // (a) serial numbers per series.
  const series = all<SeriesState & { id: number; size: number; priceCents: number }>(
    `SELECT id, code, size, price_cents AS priceCents, next_number AS nextNumber FROM series ORDER BY id`,
  );
  const ranges = all<StoredRange & { voided: number; seriesId: number }>(
    `SELECT r.sale_id AS saleId, se.code AS seriesCode, r.series_id AS seriesId, r.from_number AS "from", r.to_number AS "to",
            (v.sale_id IS NOT NULL) AS voided
       FROM sale_ranges r JOIN series se ON se.id = r.series_id LEFT JOIN sale_voids v ON v.sale_id = r.sale_id
      ORDER BY r.sale_id, r.position`,
  );
  problems.push(...tilingProblems(series, ranges.filter((r) => !r.voided)));
  const nextOf = new Map(series.map((s) => [s.code, s.nextNumber]));
  let reusedVoidRanges = 0;
  for (const r of ranges.filter((x) => x.voided)) {
    const next = nextOf.get(r.seriesCode)!;
    // A void gives its numbers back: the series' next number went back to `from`,
    // and only later sales can have moved it on.
    if (r.from > next) problems.push(`series ${r.seriesCode}: voided sale ${r.saleId} (${r.from}-${r.to}) lies beyond the next number ${next}`);
    else if (r.from < next) reusedVoidRanges++;
  }

  // Each sale: quantity = its ranges, total = quantity x price, series of its game.
  const sales = all<{ id: number; gameId: number; quantity: number; unit: number; total: number; price: number; first: number; second: number | null; voided: number }>(
    `SELECT s.id, s.game_id AS gameId, s.quantity, s.unit_price_cents AS unit, s.total_cents AS total, g.price_cents AS price,
            g.first_series_id AS first, g.second_series_id AS second, (v.sale_id IS NOT NULL) AS voided
       FROM sales s JOIN games g ON g.id = s.game_id LEFT JOIN sale_voids v ON v.sale_id = s.id ORDER BY s.id`,
  );
  const rangesBySale = new Map<number, typeof ranges>();
  for (const r of ranges) rangesBySale.set(r.saleId, [...(rangesBySale.get(r.saleId) ?? []), r]);
  let liveTotalCents = 0;
  let spanningSales = 0;
  for (const s of sales) {
    const rs = rangesBySale.get(s.id) ?? [];
    const cards = rs.reduce((n, r) => n + r.to - r.from + 1, 0);
    if (cards !== s.quantity) problems.push(`sale ${s.id}: ${s.quantity} cards but its ranges hold ${cards}`);
    if (s.unit !== s.price || s.total !== s.quantity * s.price) problems.push(`sale ${s.id}: total ${s.total} != ${s.quantity} x ${s.price}`);
    for (const r of rs) {
      if (r.seriesId !== s.first && r.seriesId !== s.second) problems.push(`sale ${s.id}: series ${r.seriesCode} is not a series of game ${s.gameId}`);
    }
    if (rs.length > 1) spanningSales++;
    if (!s.voided) liveTotalCents += s.total;
  }
  const voids = sales.filter((s) => s.voided).length;

  // (b) durability: everything the child saw committed is there, as it saw it.
  const byId = new Map(sales.map((s) => [s.id, s]));
  for (const [saleId, want] of reported.sales) {
    const got = byId.get(saleId);
    if (!got) {
      problems.push(`sale ${saleId} was reported committed but is not in the database`);
      continue;
    }
    const gotRanges = (rangesBySale.get(saleId) ?? []).map(({ seriesCode, from, to }) => ({ seriesCode, from, to }));
    if (got.gameId !== want.gameId || got.quantity !== want.quantity || got.total !== want.totalCents || JSON.stringify(gotRanges) !== JSON.stringify(want.ranges)) {
      problems.push(`sale ${saleId}: stored ${JSON.stringify({ gameId: got.gameId, ranges: gotRanges, total: got.total })} but reported ${JSON.stringify(want)}`);
    }
  }
  for (const saleId of reported.voids) {
    if (!byId.get(saleId)?.voided) problems.push(`void of sale ${saleId} was reported committed but is not in the database`);
  }
  const gameIds = new Set(all<{ id: number }>(`SELECT id FROM games`).map((g) => g.id));
  for (const id of reported.games) if (!gameIds.has(id)) problems.push(`game ${id} was reported opened but is not in the database`);
  const closed = new Set(all<{ game_id: number }>(`SELECT game_id FROM game_closures`).map((g) => g.game_id));
  for (const id of reported.closes) if (!closed.has(id)) problems.push(`close of sale of game ${id} was reported but is not in the database`);
  const selling = one<number>(`SELECT COUNT(*) FROM games WHERE state = 'selling'`);
  if (selling > 1) problems.push(`${selling} games selling at once`);
  const closedStates = one<number>(`SELECT COUNT(*) FROM games g JOIN game_closures c ON c.game_id = g.id WHERE g.state <> 'sale_closed'`);
  if (closedStates) problems.push(`${closedStates} closed games not in state sale_closed`);

  // (c) the ledger balances, and the drawer holds exactly the live sales.
  const ledger = verifyLedger(db);
  if (!ledger.balanced) problems.push(`ledger: unbalanced transactions ${ledger.unbalanced.slice(0, 10).join(', ')}`);
  const cash = ledger.balances[TERMINAL_CASH] ?? 0;
  if (cash !== liveTotalCents) problems.push(`ledger: ${TERMINAL_CASH} is ${cash} but the live sales total ${liveTotalCents}`);
  // Each close of sale moves the prizes, the special share and the stamp duty out of card revenue.
  const provisions = one<number>(
    `SELECT COALESCE(SUM(line_prize_cents + bingo_prize_cents + stamp_duty_cents + special_share_cents), 0) FROM game_closures`,
  );
  const revenue = ledger.balances['revenue:cards'] ?? 0;
  if (revenue !== provisions - liveTotalCents) {
    problems.push(`ledger: revenue:cards is ${revenue}, expected ${provisions - liveTotalCents}`);
  }
  const txSales = one<number>(`SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'card_sale'`);
  const txVoids = one<number>(`SELECT COUNT(*) FROM ledger_transactions WHERE kind = 'card_sale_void'`);
  if (txSales !== sales.length) problems.push(`ledger: ${txSales} card_sale transactions for ${sales.length} sales`);
  if (txVoids !== voids) problems.push(`ledger: ${txVoids} card_sale_void transactions for ${voids} voids`);

  // (d) the audit chain verifies and holds one row per committed sale and void.
  const audit = verifyAudit(db);
  if (!audit.valid) problems.push(`audit: chain broken at row ${audit.brokenAt}`);
  const auditSales = one<number>(`SELECT COUNT(*) FROM audit_log WHERE channel = 'sale.create' AND outcome = 'ok'`);
  const auditVoids = one<number>(`SELECT COUNT(*) FROM audit_log WHERE channel = 'sale.voidLast' AND outcome = 'ok'`);
  if (auditSales !== sales.length) problems.push(`audit: ${auditSales} sale.create rows for ${sales.length} sales`);
  if (auditVoids !== voids) problems.push(`audit: ${auditVoids} sale.voidLast rows for ${voids} voids`);

  return {
    problems,
    figures: {
      series: series.length,
      sales: sales.length,
      voids,
      games: gameIds.size,
      takeovers: one<number>(`SELECT COUNT(*) FROM games WHERE second_series_id IS NOT NULL`),
      spanningSales,
      reusedVoidRanges,
      liveTotalCents,
      auditEntries: audit.entries,
      maxSaleId: sales.at(-1)?.id ?? 0,
    },
  };
}

/** Parse the child's stdout lines into what it reported committed. */
export function readReport(stdout: string, into: Reported): { ready: boolean; lines: number } {
  let ready = false;
  let lines = 0;
  const all = stdout.split('\n');
  for (const [i, line] of all.entries()) {
    if (!line.trim()) continue;
    let msg: { t: string; [k: string]: unknown };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch (e) {
      // Only an unterminated last line could be cut short by a kill (lines are
      // written whole with one write(2) below PIPE_BUF, so even that should not happen).
      if (i === all.length - 1) continue;
      throw new Error(`unreadable report line ${i + 1}: ${line.slice(0, 200)}`, { cause: e });
    }
    lines++;
    if (msg.t === 'ready') ready = true;
    else if (msg.t === 'sale') {
      const { saleId, gameId, ranges, quantity, totalCents } = msg as unknown as Reported['sales'] extends Map<number, infer V> ? V & { saleId: number } : never;
      into.sales.set(saleId, { gameId, ranges, quantity, totalCents });
    } else if (msg.t === 'void') into.voids.add(msg.saleId as number);
    else if (msg.t === 'game') into.games.add(msg.gameId as number);
    else if (msg.t === 'close') into.closes.add(msg.gameId as number);
  }
  return { ready, lines };
}
