/**
 * The benchmarks still run: each is started with tiny counts and must print
 * one JSON object with its figures. (The figures themselves come from
 * `npm run bench`, not from here.)
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function runBench(file: string, env: Record<string, string>): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe('benchmarks run', () => {
  it('bench/faces.ts', () => {
    const r = runBench('bench/faces.ts', { BENCH_FACES_RUNS: '1' });
    expect(r).toHaveProperty('generateStrips');
    expect(r).toHaveProperty('validateSeries');
  });

  it('bench/claims.ts', () => {
    const r = runBench('bench/claims.ts', { BENCH_CLAIMS_DRAWS: '1', BENCH_CLAIMS_BRUTE_DRAWS: '1', BENCH_CLAIMS_BOARD: '0' });
    expect(r).toHaveProperty('tracker');
  });

  it('bench/draw.ts', () => {
    const r = runBench('bench/draw.ts', { BENCH_DRAW_SIZES: '300,600', BENCH_DRAW_SALES: '20' });
    const draws = r.draws as { soldCards: number; drawBall: { n: number }; drawBallMaxAnswerBytes: number }[];
    expect(draws.map((d) => [d.soldCards, d.drawBall.n])).toEqual([
      [300, 180],
      [600, 180],
    ]);
    expect(r).toHaveProperty('salesWhileDrawing.p99Ratio');
    expect(r).toMatchObject({ loginBesideSale: { rounds: 20 } });
  });

  it('bench/printing.ts', () => {
    const r = runBench('bench/printing.ts', { BENCH_PRINTING_RUNS: '10' });
    expect(r).toHaveProperty('saleReceipt');
  });

  it('bench/print-latency.ts', () => {
    const r = runBench('bench/print-latency.ts', { BENCH_PRINT_SALES: '10' });
    expect(r).toHaveProperty('commitToLastByte');
  });

  it('bench/print-throughput.ts', () => {
    const r = runBench('bench/print-throughput.ts', { BENCH_THROUGHPUT_SALES: '40' });
    expect(r).toMatchObject({ sales: 40, receiptsPrinted: 40, duplicates: 0, receiptsMissing: 0 });
    expect(r).toHaveProperty('secondsFromLastSaleToLastReceipt');
    expect(r).toHaveProperty('targetMet');
  });

  it('bench/backup.ts', () => {
    const r = runBench('bench/backup.ts', { BACKUP_SALES: '2000' });
    expect(r).toMatchObject({ seededSales: 2000, integrity: 'ok' });
    expect(r.progressEvents).toBeGreaterThan(0);
    expect(r).toHaveProperty('longestGapBetweenSalesMs');
  });

  it('bench/books.ts', () => {
    const r = runBench('bench/books.ts', { BOOKS_SALES: '2000' });
    // The seeded hall is sound: every document walked, nothing to say.
    expect(r).toMatchObject({ seededSales: 2000, findingsTotal: 0, firstFinding: null });
    expect(r.documents).toBeGreaterThan(2000);
    expect(r).toHaveProperty('longestGapBetweenSalesMs');
  });

  it('bench/exports.ts', () => {
    const r = runBench('bench/exports.ts', { EXPORT_SALES: '2000' });
    expect(r).toMatchObject({ seededSales: 2000, exportedRows: 2000, salePage500: { total: 2000 } });
    expect(r.progressEvents).toBeGreaterThan(0);
    expect(r).toHaveProperty('salesDuringExport.p99Ms');
  });

  it('bench/pdf-while-selling.ts', () => {
    const r = runBench('bench/pdf-while-selling.ts', { BENCH_PDF_SECONDS: '0.2', BENCH_PDF_ROUNDS: '1', BENCH_PDF_WARMUP: '1' });
    for (const phase of ['idle', 'offThread', 'mainThread']) expect(r[phase]).toHaveProperty('sale.p99Ms');
    expect(r).toHaveProperty('targetMet');
  });

  it('bench/run.ts', () => {
    const r = runBench('bench/run.ts', {
      BENCH_ROUNDS: '20',
      BENCH_WARMUP: '5',
      BENCH_SEED_SALES: '2000',
      BENCH_VOIDS: '1',
      BENCH_EXPERIMENT_ROUNDS: '150',
    });
    expect(r).toHaveProperty('saleEmpty');
    expect(r).toHaveProperty('saleMillion');
    expect((r.seed as { sales: number }).sales).toBe(2000);
  });

  // Each also runs alone: its entry prints its own object (hall.ts includes them).
  it('bench/http.ts', () => {
    const r = runBench('bench/http.ts', { BENCH_ROUNDS: '5', BENCH_WARMUP: '1' });
    expect(r).toMatchObject({ bench: 'http', saleHttp: { n: 5 }, saleDispatchWithTurn: { n: 5 } });
    expect(r).toHaveProperty('saleP99OverDispatchMs');
  });

  it('bench/idempotency.ts', () => {
    const r = runBench('bench/idempotency.ts', { BENCH_ROUNDS: '5', BENCH_WARMUP: '1' });
    expect(r).toMatchObject({ bench: 'idempotency', saleWithKey: { n: 5 }, retryWithKey: { n: 5 } });
  });

  it('bench/hall.ts', () => {
    const r = runBench('bench/hall.ts', { BENCH_ROUNDS: '20', BENCH_WARMUP: '2', BENCH_COUNTERS: '2' });
    const sale = { n: expect.any(Number), medianMs: expect.any(Number), p99Ms: expect.any(Number), meanMs: expect.any(Number), maxMs: expect.any(Number) };
    expect(r).toMatchObject({
      bench: 'hall',
      oneCounter: { counterSale: { ...sale, n: 20 }, loopbackSale: { ...sale, n: 20 }, p99OverLoopbackMs: expect.any(Number) },
      // Two counters, 20 sales each; as many at the hall's loopback.
      manyCounters: { counters: 2, counterSale: { ...sale, n: 40 }, loopbackSale: { ...sale, n: 40 }, salesPerSecond: expect.any(Number), p99OverLoopbackMs: expect.any(Number) },
      browserMode: { saleHttp: { ...sale, n: 20 }, queryHttp: { ...sale, n: 20 }, saleP99OverDispatchMs: expect.any(Number), queryP99OverDispatchMs: expect.any(Number) },
      idempotency: { saleWithKey: { ...sale, n: 20 }, keyOverMedian: expect.any(Number) },
    });
    for (const target of ['p99WithinThreeMsOfLoopback', 'atLeast500SalesPerSecond', 'browserModeWithinOneMs', 'idempotencyMedianWithinTenPercent']) {
      expect(typeof (r.targetsMet as Record<string, unknown>)[target]).toBe('boolean');
    }
  });

  it('bench/journal.ts', () => {
    const r = runBench('bench/journal.ts', {
      BENCH_ROUNDS: '10',
      BENCH_JOURNAL_ENTRIES: '300',
      BENCH_LAG_SECONDS: '1',
      BENCH_JOURNAL_BACKLOG: '500',
      BENCH_REPORT_HALLS: '2',
      BENCH_REPORT_SALES: '50',
      BENCH_VERIFY_ENTRIES: '500',
      BENCH_VERIFY_DAY: '500',
    });
    expect(r).toMatchObject({
      bench: 'journal',
      shipping: { entries: 300, entriesPerSecond: expect.any(Number) },
      monthReport: { halls: 2, salesPerHall: 50, seconds: expect.any(Number) },
      groupVerify: { entries: 500, verifySeconds: expect.any(Number), newDay: { entries: 500, after: 500 } },
      saleWithoutShipper: { n: 10 },
      saleWithShipperCatchingUp: { n: 10, backlog: 500 },
      saleWithShipperFollowing: { n: 10 },
      saleWithGroupUnreachable: { n: 10 },
      lagAt20SalesPerSecond: { n: 20, unmatched: 0 },
    });
    for (const target of ['atLeast20000EntriesPerSecond', 'followingWithin1_2xP99', 'unreachableWithin1_1xP99', 'lagP99WithinOneSecond']) {
      expect(typeof (r.targetsMet as Record<string, unknown>)[target]).toBe('boolean');
    }
  });

  it('bench/group-year.ts', () => {
    const r = runBench('bench/group-year.ts', { BENCH_YEAR_HALLS: '3', BENCH_YEAR_DAYS: '40', BENCH_YEAR_MACHINES: '2' });
    // 3 halls x 40 days x 2 sessions, each hall's day outside them too; every session's sales summed: 240 sessions.
    expect(r).toMatchObject({
      bench: 'group-year',
      rows: { sessions: 240, buckets: 360, machineDays: 240 },
      yearReport: { rows: 360, medianMs: expect.any(Number) },
      monthReport: { rows: 31 * 3 * 3 },
      targets: { yearOf100HallsWithin2s: null },
    });
  });

  it('bench/group-replica.ts', () => {
    const r = runBench('bench/group-replica.ts', { BENCH_REPLICA_ENTRIES: '500' });
    if ('skipped' in r) return;
    expect(r).toMatchObject({ bench: 'group-replica', entries: 514, caughtUpMsAfterLastBatch: expect.any(Number), targets: { caughtUpWithinOneSecond: expect.any(Boolean) } });
  });

  it('bench/export.ts', () => {
    const r = runBench('bench/export.ts', { BENCH_EXPORT_SALES: '40' });
    expect(r).toMatchObject({ bench: 'export', sales: 40, exportSeconds: expect.any(Number), verifySeconds: expect.any(Number), checkpointOnDemandMs: expect.any(Number) });
  });
});
