/**
 * The group journal's figures (issue 25), in one run, on the machine's
 * PostgreSQL (a database of the bench's own, dropped after):
 * - entries shipped per second: a hall file of BENCH_JOURNAL_ENTRIES sales
 *   (each an audit entry with its documents, the sale and its range) shipped
 *   from nothing (target at least 20,000/s);
 * - the month's group:report over BENCH_REPORT_HALLS halls of
 *   BENCH_REPORT_SALES sales each (target within 2 s for 10 halls); then the
 *   same entries as an older shipper left them (without facts): their upcast
 *   as the group's programs open the database, the report and group:verify
 *   over them (issue 39: older entries still read);
 * - group:verify over BENCH_VERIFY_ENTRIES entries, through the command line
 *   (target within 60 s for a million; bench/group-verify.ts);
 * - a sale's p99 with the shipper's worker flat out (catching up a backlog of
 *   BENCH_JOURNAL_BACKLOG entries, and following each sale as it commits), and with the
 *   group's database out of reach (the link to it cut: the machine's server is
 *   shared, so it is not stopped), each against the same sales without a
 *   shipper in the same run (targets 1.2x and 1.1x);
 * - the lag at 20 sales/s: from a sale's commit until the group holds its
 *   entry (p99 within 1 s).
 * Prints one JSON object on stdout.
 *
 * Knobs: BENCH_ROUNDS (sales per case, 2000), BENCH_JOURNAL_ENTRIES (50000),
 * BENCH_LAG_SECONDS (10), BENCH_JOURNAL_BACKLOG (60000), BENCH_REPORT_HALLS (10),
 * BENCH_REPORT_SALES (20000), BENCH_VERIFY_ENTRIES (1000000).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendAudit } from '../db/audit.js';
import { openDatabase, writeTransaction } from '../db/connection.js';
import { documentsHash, hallIdentity, journalHead, type EntryDocuments } from '../db/journal.js';
import { openGroup, verifyGroup } from '../main/group/index.js';
import { shipHall } from '../main/journal/ship.js';
import { readGroupReport } from '../main/group/report.js';
import { reportPeriod } from '../core/group-report.js';
import { hallDay } from '../core/time.js';
import { startShipper, type Shipper } from '../main/journal/shipper.js';
import { DATABASE_FILE, openKiosk } from '../main/kiosk.js';
import { createTestDatabase } from '../test/postgres.js';
import { tcpLink } from '../test/tcp-proxy.js';
import { benchGroupVerify } from './group-verify.js';
import { sellingHall } from './kiosk.js';
import { isEntry } from './rpc-client.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const log = (text: string) => process.stderr.write(`[journal bench] ${text}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A hall file in `dir` of `entries` sales, each an audit row with its documents (the sale and its range, bound
 * by the database's own triggers as sale.create writes them), the last a second ago. Closed, ready to ship.
 */
export async function seedSalesHall(dir: string, entries: number, name = 'Sala de ensaio') {
  const kiosk = await openKiosk({ dataDir: dir, logError: () => {} });
  const hall = await sellingHall(kiosk);
  await kiosk.dispatch('settings.update', { hallName: name }, { operatorToken: hall.admin });
  kiosk.close();
  const db = openDatabase(join(dir, DATABASE_FILE));
  const operator = db.prepare(`SELECT id FROM operators WHERE username = 'caixa1'`).pluck().get() as number;
  const sale = db.prepare(
    `INSERT INTO sales (game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
     VALUES (?, 'T1', ?, 2, 100, 200, 'cash', 500, 300, ?)`,
  );
  const range = db.prepare(`INSERT INTO sale_ranges (sale_id, position, series_id, from_number, to_number) VALUES (?, 1, 1, ?, ?)`);
  const at0 = Date.now() - entries * 50;
  writeTransaction(db, () => {
    for (let i = 1; i <= entries; i++) {
      const at = new Date(at0 + i * 50).toISOString();
      const saleId = Number(sale.run(hall.gameId, operator, at).lastInsertRowid);
      range.run(saleId, 2 * i - 1, 2 * i);
      appendAudit(db, {
        at,
        operatorId: operator,
        terminalId: 'T1',
        channel: 'sale.create',
        outcome: 'ok',
        input: { gameId: hall.gameId, quantity: 2, payment: { method: 'cash', tenderedCents: 500 } },
        before: undefined,
        after: { saleId, ranges: [{ seriesCode: 'A', from: 2 * i - 1, to: 2 * i }], quantity: 2, totalCents: 200, tenderedCents: 500, changeCents: 300 },
      });
    }
  });
  return db;
}

/** A hall file of `entries` sales with their documents, shipped from nothing: entries per second. */
export async function shippingRate(entries: number, url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-rate-'));
  try {
    const db = await seedSalesHall(dir, entries);
    const group = await openGroup(url);
    try {
      const before = journalHead(db)!.seq - entries;
      const t0 = performance.now();
      const r = await shipHall(db, group.pool);
      const seconds = (performance.now() - t0) / 1000;
      if (r.shipped !== entries + before) throw new Error(`shipped ${r.shipped} of ${entries + before}`);
      return { entries, shipped: r.shipped, withDocuments: true, seconds: round(seconds), entriesPerSecond: Math.round(r.shipped / seconds) };
    } finally {
      await group.close();
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The month's group report over `halls` halls of `sales` sales each (every one with its documents), shipped
 * into one database of its own: the report's time, read as `group:report` reads it (one snapshot); then the same
 * entries as a hall's older shipper left them (issue 39: the group's contract, version 0: documents and their
 * digest alone, no facts), each upcast as the group's programs open the database, and the report and
 * group:verify timed over them (the same figures asked of the report).
 */
export async function monthReport(halls: number, sales: number) {
  const pg = await createTestDatabase();
  const dirs: string[] = [];
  try {
    const group = await openGroup(pg.url);
    const today = hallDay(new Date(), 'Europe/Lisbon');
    const period = reportPeriod({}, today);
    let shipped: Awaited<ReturnType<typeof readGroupReport>>;
    let seconds: number;
    try {
      for (let i = 1; i <= halls; i++) {
        const dir = mkdtempSync(join(tmpdir(), 'bench-journal-report-'));
        dirs.push(dir);
        const db = await seedSalesHall(dir, sales, `Sala ${String(i).padStart(2, '0')}`);
        try {
          await shipHall(db, group.pool);
        } finally {
          db.close();
        }
      }
      const t0 = performance.now();
      shipped = await readGroupReport(group.pool, period);
      seconds = (performance.now() - t0) / 1000;
      const sessions = shipped.rows.filter((r) => r.sessionNumber !== null);
      if (sessions.length !== halls || sessions.some((r) => r.cardsSold !== 2 * sales)) throw new Error(`report: ${sessions.map((r) => r.cardsSold).join(', ')} cards`);
    } finally {
      await group.close();
    }
    log(`the same ${halls * sales} entries as an older shipper left them: upcast, report, group:verify`);
    const older = await olderEntries(pg, period, shipped);
    return { halls, salesPerHall: sales, entries: halls * sales, seconds: round(seconds), olderEntries: older };
  } finally {
    await pg.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * Every entry of the group's database made as an older shipper left it (its documents and their digest alone; no
 * facts, contract or hall schema), then timed: the upcast as the group's programs open the database (each entry's
 * facts derived from its raw rows), the report over them (its figures those of `shipped`), group:verify (each
 * entry's facts derived again and compared).
 */
async function olderEntries(pg: Awaited<ReturnType<typeof createTestDatabase>>, period: ReturnType<typeof reportPeriod>, shipped: Awaited<ReturnType<typeof readGroupReport>>) {
  for (let after = { hall: '00000000-0000-0000-0000-000000000000', seq: 0 }; ; ) {
    const page = await pg.query<{ hall_id: string; seq: string; hash: string; documents: EntryDocuments }>(
      `SELECT hall_id, seq, hash, documents FROM journal WHERE (hall_id, seq) > ($1, $2) ORDER BY hall_id, seq LIMIT 20000`,
      [after.hall, after.seq],
    );
    if (page.length === 0) break;
    await pg.query(
      `UPDATE journal j SET contract = NULL, facts = NULL, fact_types = NULL, hall_schema = NULL, documents_hash = u.digest
         FROM unnest($1::uuid[], $2::bigint[], $3::text[]) AS u(hall_id, seq, digest) WHERE j.hall_id = u.hall_id AND j.seq = u.seq`,
      [page.map((r) => r.hall_id), page.map((r) => r.seq), page.map((r) => documentsHash(r.hash, r.documents))],
    );
    const last = page[page.length - 1]!;
    after = { hall: last.hall_id, seq: Number(last.seq) };
  }
  await pg.query('UPDATE halls SET facts_from = NULL');
  await pg.query('VACUUM ANALYZE journal');
  const entries = Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE contract IS NULL'))[0]!.n);
  const t0 = performance.now();
  const group = await openGroup(pg.url);
  try {
    const upcastSeconds = (performance.now() - t0) / 1000;
    const left = Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM journal WHERE contract IS DISTINCT FROM 0'))[0]!.n);
    if (left !== 0) throw new Error(`${left} entries not upcast`);
    const t1 = performance.now();
    const report = await readGroupReport(group.pool, period);
    const reportSeconds = (performance.now() - t1) / 1000;
    if (JSON.stringify({ ...report, generatedAt: '' }) !== JSON.stringify({ ...shipped, generatedAt: '' })) throw new Error('the report over upcast entries differs');
    const t2 = performance.now();
    const check = await verifyGroup(group.pool);
    const verifySeconds = (performance.now() - t2) / 1000;
    if (!check.valid) throw new Error(`group:verify over upcast entries: ${JSON.stringify(check.halls.find((h) => h.firstBreak)?.firstBreak)}`);
    return {
      entries,
      upcastSeconds: round(upcastSeconds),
      upcastPerSecond: Math.round(entries / upcastSeconds),
      reportSeconds: round(reportSeconds),
      verifySeconds: round(verifySeconds),
      verifiedPerSecond: Math.round(entries / verifySeconds),
      sameReport: true,
    };
  } finally {
    await group.close();
  }
}

export async function benchJournal(o: { rounds: number; entries: number; lagSeconds: number; backlog: number; reportHalls: number; reportSales: number; verifyEntries: number; verifyDay?: number }) {
  const pg = await createTestDatabase();
  const link = await tcpLink(Number(new URL(pg.url).port || 5432));
  const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'));
  let shipper: Shipper | null = null;
  try {
    log(`shipping ${o.entries} entries from nothing`);
    const rate = await shippingRate(o.entries, pg.url);
    log(`the month's report over ${o.reportHalls} halls of ${o.reportSales} sales each`);
    const report = await monthReport(o.reportHalls, o.reportSales);
    log(`group:verify over ${o.verifyEntries} entries`);
    const verify = await benchGroupVerify(o.verifyEntries, o.verifyDay);

    const kiosk = await openKiosk({ dataDir: dir, journal: () => shipper?.state() ?? null });
    try {
      const hall = await sellingHall(kiosk);
      const input = { gameId: hall.gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } };
      const sale = async () => {
        const t0 = performance.now();
        const r = await kiosk.dispatch('sale.create', input, { operatorToken: hall.cashiers[0]! });
        if (!r.ok) throw new Error(`sale.create: ${r.error.code}`);
        return performance.now() - t0;
      };
      const sales = async (n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) out.push(await sale());
        return out;
      };
      for (let i = 0; i < 100; i++) await sale();
      const file = join(dir, DATABASE_FILE);
      const viaLink = new URL(pg.url);
      viaLink.port = String(link.port);

      // Flat out: a backlog (a night with the group's database down) shipped as fast as it goes while the hall sells.
      log(`${o.rounds} sales while the shipper catches up a backlog of ${o.backlog} entries`);
      const backlog = o.backlog;
      writeTransaction(kiosk.db, () => {
        for (let i = 1; i <= backlog; i++) {
          appendAudit(kiosk.db, { at: new Date().toISOString(), operatorId: null, terminalId: 'T1', channel: 'bench.backlog', outcome: 'ok', input: { i }, before: undefined, after: { i } });
        }
      });
      // The backlog's own writing (tens of megabytes of WAL) checkpointed and on disk before the sales: its
      // checkpoint is the seeding's cost, not the shipper's.
      kiosk.db.pragma('wal_checkpoint(TRUNCATE)');
      spawnSync('sync');
      await sleep(1000);
      // And the sales just after such a write are slower with no shipper at all (measured: median 0.86 against
      // 0.64 ms, p99 2.6 against 1.0-1.4 ms): as many sales are made first, so that the case times the shipper.
      await sales(o.rounds);
      // The thread seen working before the sales: its start (loading, compiling) is not a sale's cost.
      const started = async (s: Shipper, state?: string) => {
        for (let i = 0; i < 3000 && (state ? s.state().state !== state : s.state().groupHead === null); i++) await sleep(5);
        return s;
      };
      // Straight to PostgreSQL, as at a hall: the cut-able link is a proxy on this process's own thread, where the
      // sales run, and would put the shipper's bytes on the sales' thread.
      shipper = startShipper({ file, url: pg.url });
      // Its first batch in the group's tables: it is at work (its state is told after a whole pass).
      const hallId = hallIdentity(kiosk.db).hallId;
      const groupHeadNow = async () => Number((await pg.query<{ h: string }>('SELECT head_seq AS h FROM halls WHERE hall_id = $1', [hallId]))[0]?.h ?? 0);
      for (let i = 0; i < 3000 && (await groupHeadNow()) === 0; i++) await sleep(5);
      const catchingUp = await sales(o.rounds);
      // The shipper's state is told after a whole pass: what is left is counted here.
      const stillBehind = (journalHead(kiosk.db)?.seq ?? 0) - (await groupHeadNow());
      await started(shipper, 'caught-up');
      await shipper.stop();
      shipper = null;

      // Then blocks of the three other cases in turn, so that the machine's drift (a warmer JIT, a larger file, a
      // neighbour's load) falls on all three alike: no shipper; the shipper following as it does at a hall (what the
      // hall wrote since its last look, every 200 ms); the group out of reach (the link cut).
      log(`${o.rounds} sales in each case, in blocks: no shipper, the shipper following, the group out of reach`);
      const without: number[] = [];
      const following: number[] = [];
      const unreachable: number[] = [];
      const block = Math.max(1, Math.min(200, o.rounds));
      const cases = [
        async () => without.push(...(await sales(block))),
        async () => {
          shipper = await started(startShipper({ file, url: pg.url }), 'caught-up');
          following.push(...(await sales(block)));
          await shipper.stop();
          shipper = null;
        },
        async () => {
          // Out of reach: a shipper through the link, the link cut (a shipper that never reached it is out of reach too).
          shipper = startShipper({ file, url: viaLink.toString() });
          await link.cut();
          await started(shipper, 'unreachable');
          unreachable.push(...(await sales(block)));
          await shipper.stop();
          shipper = null;
          await link.restore();
        },
      ];
      // Each round in another order: what follows a case (a shipper's stop, a link restored) falls on all three.
      for (let done = 0, turn = 0; done < o.rounds; done += block, turn++) {
        for (let k = 0; k < cases.length; k++) await cases[(k + turn) % cases.length]!();
      }

      // The lag at 20 sales/s: each sale's commit to the group holding its entry.
      log(`the lag at 20 sales/s for ${o.lagSeconds} s`);
      shipper = await started(startShipper({ file, url: pg.url }), 'caught-up');
      const committed = new Map<number, number>();
      const lags: number[] = [];
      let watching = true;
      const watcher = (async () => {
        for (let end = Infinity; (watching || committed.size > 0) && performance.now() < end; ) {
          if (!watching && end === Infinity) end = performance.now() + 5000;
          const head = await groupHeadNow();
          const now = performance.now();
          for (const [s, at] of committed) {
            if (s <= head) {
              lags.push(now - at);
              committed.delete(s);
            }
          }
          await sleep(5);
        }
      })();
      const t0 = performance.now();
      for (let i = 0; i < o.lagSeconds * 20; i++) {
        const due = t0 + i * 50;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        await sale();
        // One command, one journal entry: the sale's is the newest.
        committed.set(journalHead(kiosk.db)!.seq, performance.now());
      }
      watching = false;
      await watcher;
      await shipper.stop();
      shipper = null;

      const w = stats(without);
      const c = stats(catchingUp);
      const f = stats(following);
      const u = stats(unreachable);
      const lag = stats(lags);
      return {
        shipping: rate,
        monthReport: report,
        groupVerify: verify,
        saleWithoutShipper: w,
        saleWithShipperCatchingUp: { ...c, backlog, backlogLeftAtEnd: stillBehind },
        saleWithShipperFollowing: f,
        saleWithGroupUnreachable: u,
        catchingUpOverP99: round(c.p99Ms / w.p99Ms),
        followingOverP99: round(f.p99Ms / w.p99Ms),
        unreachableOverP99: round(u.p99Ms / w.p99Ms),
        lagAt20SalesPerSecond: { ...lag, unmatched: committed.size },
        targetsMet: {
          atLeast20000EntriesPerSecond: rate.entriesPerSecond >= 20_000,
          monthReportOf10HallsWithin2s: o.reportHalls >= 10 ? report.seconds <= 2 : null,
          verifyOfAMillionWithin60s: verify.targetsMet.verifyWithin60s,
          followingWithin1_2xP99: Math.max(c.p99Ms, f.p99Ms) / w.p99Ms <= 1.2,
          unreachableWithin1_1xP99: u.p99Ms / w.p99Ms <= 1.1,
          lagP99WithinOneSecond: lag.p99Ms <= 1000 && committed.size === 0,
        },
      };
    } finally {
      await shipper?.stop();
      kiosk.close();
    }
  } finally {
    await link.close();
    await pg.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) {
  const figures = await benchJournal({
    rounds: env('BENCH_ROUNDS', 2000),
    entries: env('BENCH_JOURNAL_ENTRIES', 50_000),
    lagSeconds: env('BENCH_LAG_SECONDS', 10),
    backlog: env('BENCH_JOURNAL_BACKLOG', 60_000),
    reportHalls: env('BENCH_REPORT_HALLS', 10),
    reportSales: env('BENCH_REPORT_SALES', 20_000),
    verifyEntries: env('BENCH_VERIFY_ENTRIES', 1_000_000),
    verifyDay: env('BENCH_VERIFY_DAY', 200_000),
  });
  printFigures('journal', { bench: 'journal', unit: 'ms', ...figures }, { compact: true });
  process.exit(0);
}
