/**
 * Seed a kiosk database with past trading: closed sessions, games closed
 * after their sale, series sold in serial order, and for every sale its
 * range, its double-entry ledger transaction and its hash-chained audit row,
 * the same rows the dispatcher writes for `sale.create`. Written with direct
 * SQL in big transactions (synchronous=OFF while seeding only) so a million
 * sales take well under a minute.
 */
import Database from 'better-sqlite3';
import { asWritable } from '../db/connection.js';
import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs';
import { appendAudit } from '../db/audit.js';
import { announcementText, closeSaleFigures } from '../core/bingo/announcement.js';
import { cardSalePostings } from '../core/bingo/money.js';
import { ledger } from '../core/money-registry.js';
import { post } from '../db/ledger.js';

export interface SeedOptions {
  sales: number;
  salesPerGame: number;
  gamesPerSession: number;
  priceCents: number;
  seriesSize: number;
  cashierId: number;
  managerId: number;
  terminalId: string;
  /** The first past session opens this many days before now. */
  startDaysAgo: number;
  random: () => number;
  progress?: (done: number) => void;
}

export interface SeedResult {
  sales: number;
  games: number;
  sessions: number;
  series: number;
  auditRows: number;
  /** The series still selling (next number > 1) where new games continue. */
  currentSeriesCode: string;
}

/** Series codes AA, AB, ... (two letters, away from the one-letter codes the bench registers). */
const code = (i: number) => String.fromCharCode(65 + Math.floor(i / 26) % 26) + String.fromCharCode(65 + (i % 26));

export function seedHistory(file: string, o: SeedOptions): SeedResult {
  const db = asWritable(new Database(file));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144'); // 256 MiB while seeding
  db.pragma('foreign_keys = OFF');

  const insSeries = db.prepare(`INSERT INTO series (code, price_cents, size, next_number, registered_at, registered_by) VALUES (?, ?, ?, 1, ?, ?)`);
  const setNext = db.prepare(`UPDATE series SET next_number = ? WHERE id = ?`);
  const insSession = db.prepare(`INSERT INTO sessions (opened_at, scheduled_close_at, closed_at, opened_by) VALUES (?, ?, ?, ?)`);
  const insGame = db.prepare(
    `INSERT INTO games (session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by, sale_closed_at)
     VALUES (?, ?, 'sale_closed', ?, ?, ?, ?, ?, ?)`,
  );
  const insSale = db.prepare(
    `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'cash', ?, ?, ?)`,
  );
  const insRange = db.prepare(`INSERT INTO sale_ranges (sale_id, position, series_id, from_number, to_number) VALUES (?, 1, ?, ?, ?)`);
  const insTx = db.prepare(`INSERT INTO ledger_transactions (at, kind, operator_id, terminal_id, ref_type, ref_id) VALUES (?, 'card_sale', ?, ?, 'sale', ?)`);
  const insEntry = db.prepare(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (?, ?, ?)`);
  const insClosure = db.prepare(
    `INSERT INTO game_closures (game_id, closed_at, closed_by, cards_sold, total_cents, line_prize_cents, bingo_prize_cents,
       line_rounding_hundredths, bingo_rounding_hundredths, ranges, announcement) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const closeGame = db.prepare(`UPDATE games SET sale_closed_at = ? WHERE id = ?`);
  const insActa = db.prepare(`INSERT INTO acta_entries (session_id, game_id, at, kind, data) VALUES (?, ?, ?, ?, ?)`);

  const audit = (at: string, operatorId: number, channel: string, input: unknown, before: unknown, after: unknown) =>
    appendAudit(db, { at, operatorId, terminalId: o.terminalId, channel, outcome: 'ok', input, before, after });

  let seriesCount = 0;
  let series = { id: 0, code: '', next: 1 };
  const newSeries = (at: string) => {
    const c = code(seriesCount++);
    const id = Number(insSeries.run(c, o.priceCents, o.seriesSize, at, o.managerId).lastInsertRowid);
    audit(at, o.managerId, 'series.register', { code: c, priceCents: o.priceCents, size: o.seriesSize }, undefined, { id, code: c });
    series = { id, code: c, next: 1 };
  };

  const start = Date.now() - o.startDaysAgo * 86_400_000;
  const gamesTotal = Math.ceil(o.sales / o.salesPerGame);
  const sessionsTotal = Math.ceil(gamesTotal / o.gamesPerSession);
  let sold = 0;
  let games = 0;
  const maxCardsPerGame = o.salesPerGame * 5;

  const seedSession = (s: number) => {
    const day = start + s * 86_400_000 * (o.startDaysAgo / sessionsTotal) * 0.99;
    let t = day;
    const iso = () => new Date(t).toISOString();
    const sessionId = Number(insSession.run(iso(), new Date(day + 6 * 3_600_000).toISOString(), new Date(day + 6 * 3_600_000).toISOString(), o.managerId).lastInsertRowid);
    audit(iso(), o.managerId, 'session.open', { scheduledCloseAt: new Date(day + 6 * 3_600_000).toISOString() }, undefined, { id: sessionId });
    insActa.run(sessionId, null, iso(), 'session_opened', JSON.stringify({ by: 'gerente' }));
    for (let g = 1; g <= o.gamesPerSession && sold < o.sales; g++) {
      if (seriesCount === 0 || o.seriesSize - series.next + 1 < maxCardsPerGame) newSeries(iso());
      const firstStart = series.next;
      const gameId = Number(insGame.run(sessionId, g, o.priceCents, series.id, firstStart, iso(), o.managerId, null).lastInsertRowid);
      audit(iso(), o.managerId, 'game.open', { seriesCode: series.code }, undefined, { id: gameId, number: g });
      insActa.run(sessionId, gameId, iso(), 'game_opened', JSON.stringify({ number: g, firstSeries: series.code, firstStart }));
      let cards = 0;
      for (let k = 0; k < o.salesPerGame && sold < o.sales; k++) {
        t += 1500 + Math.floor(o.random() * 3000);
        const at = iso();
        const quantity = 1 + Math.floor(o.random() * 5);
        const total = quantity * o.priceCents;
        const tendered = Math.ceil(total / 500) * 500;
        const from = series.next;
        const to = from + quantity - 1;
        const saleId = Number(insSale.run(gameId, o.terminalId, o.cashierId, quantity, o.priceCents, total, tendered, tendered - total, at).lastInsertRowid);
        insRange.run(saleId, series.id, from, to);
        const txId = insTx.run(at, o.cashierId, o.terminalId, saleId).lastInsertRowid;
        for (const p of cardSalePostings(total, 'cash', o.terminalId)) insEntry.run(txId, p.account, p.amountCents);
        const ranges = [{ seriesCode: series.code, from, to }];
        const result = { saleId, ranges, quantity, totalCents: total, tenderedCents: tendered, changeCents: tendered - total };
        audit(
          at,
          o.cashierId,
          'sale.create',
          { gameId, quantity, payment: { method: 'cash', tenderedCents: tendered } },
          { next: [{ seriesCode: series.code, nextNumber: from }] },
          { ...result, next: [{ seriesCode: series.code, nextNumber: to + 1 }] },
        );
        series.next = to + 1;
        cards += quantity;
        sold++;
      }
      setNext.run(series.next, series.id);
      t += 60_000;
      const figures = closeSaleFigures(cards, o.priceCents);
      const ranges = [{ seriesCode: series.code, from: firstStart, to: series.next - 1 }];
      const announcement = announcementText(ranges, figures);
      insClosure.run(gameId, iso(), o.managerId, cards, figures.totalCents, figures.linePrizeCents, figures.bingoPrizeCents,
        figures.lineRoundingHundredths, figures.bingoRoundingHundredths, JSON.stringify(ranges), announcement);
      closeGame.run(iso(), gameId);
      // The close sets the prizes aside, as game.closeSale posts it (no stamp duty or special share in the seeded hall).
      post(asWritable(db), ledger.gameSaleClosed(gameId, { prizesCents: figures.linePrizeCents + figures.bingoPrizeCents, specialShareCents: 0, stampDutyCents: 0 }), {
        at: iso(),
        operatorId: o.managerId,
        terminalId: o.terminalId,
      });
      insActa.run(sessionId, gameId, iso(), 'sale_closed', JSON.stringify({ number: g, ranges, ...figures }));
      audit(iso(), o.managerId, 'game.closeSale', { gameId }, { state: 'selling' }, { state: 'sale_closed', announcement });
      games++;
    }
  };

  const perTx = 20; // sessions per transaction (20 x 10 games x 100 sales = 20k sales)
  for (let s = 0; s < sessionsTotal; s += perTx) {
    db.transaction(() => {
      for (let k = s; k < Math.min(s + perTx, sessionsTotal); k++) seedSession(k);
    })();
    o.progress?.(sold);
  }
  const auditRows = db.prepare(`SELECT COUNT(*) FROM audit_log`).pluck().get() as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  // Seeding ran with synchronous=OFF: push every dirty page to the disk now, so
  // that the OS writing back ~1 GB in the background does not pollute the
  // measurements that follow.
  for (const f of [file, `${file}-wal`]) {
    if (!existsSync(f)) continue;
    const fd = openSync(f, 'r+');
    fsyncSync(fd);
    closeSync(fd);
  }
  return { sales: sold, games, sessions: sessionsTotal, series: seriesCount, auditRows, currentSeriesCode: series.code };
}
