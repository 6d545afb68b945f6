/**
 * Can the print queue keep up with a busy counter? Four cashiers sell as fast
 * as they can (four concurrent loops through `sale.create`, each with its own
 * login) while the queue prints their receipts to the printer emulator on
 * loopback TCP. Target: every receipt on the printer within 2 s of the last
 * sale's commit, none printed twice. Prints one JSON object (progress on stderr).
 *
 * Receipts are counted by the QR codes in the decoded bytes, not by
 * connections: one connection may carry many receipts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jobStateCounts } from '../db/printing.js';
import { openKiosk } from '../main/kiosk.js';
import { parseReceiptQr } from '../printing/check.js';
import { startPrinterEmulator } from '../tools/printer-emulator/server.js';
import { must, setUpHall } from './kiosk.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const SALES = process.env.BENCH_THROUGHPUT_SALES ? Number(process.env.BENCH_THROUGHPUT_SALES) : 1800;
const CASHIERS = 4;
/** Sales printed before measuring: a kiosk that has been open a while has its renderer compiled hot. */
const WARMUP = Math.min(200, SALES);
const TARGET_SECONDS = 2;
/** How long to wait for receipts that have not arrived before giving up. */
const GIVE_UP_MS = 30_000;

const log = (m: string) => process.stderr.write(`[bench:print-throughput] ${m}\n`);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-throughput-'));
  const emulator = await startPrinterEmulator({ port: 0 });
  // Errors are counted, not printed: a printer refusal would show here.
  let errors = 0;
  const kiosk = await openKiosk({
    dataDir: dir,
    logError: (e) => {
      if (errors++ === 0) log(`first error: ${e instanceof Error ? e.message : String(e)}`);
    },
  });
  try {
    const { admin, cashiers } = await setUpHall(kiosk, { cashiers: CASHIERS, receiptsPrinterPort: emulator.port });
    await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: 100_000 }, admin);
    await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, admin);
    const gameId = (await must(kiosk, 'game.open', { seriesCode: 'A' }, admin)).id as number;

    const sell = async (cashier: string, i: number) => {
      const r = await kiosk.dispatch(
        'sale.create',
        { gameId, quantity: 1 + (i % 5), payment: { method: 'cash', tenderedCents: 500 } },
        { operatorToken: cashier },
      );
      if (!r.ok) throw new Error(`sale.create: ${r.error.code} ${r.error.message}`);
      return (r.value as { saleId: number }).saleId;
    };

    // Warm-up (JIT, sockets, statements), printed before the measured sales start.
    const warmupDone = emulator.waitForJobs(1, 10_000);
    for (let i = 0; i < WARMUP; i++) await sell(cashiers[i % CASHIERS]!, i);
    await warmupDone;
    while (emulator.jobs.reduce((n, j) => n + j.qr.length, 0) < WARMUP) await new Promise((r) => setTimeout(r, 10));
    await kiosk.printQueue.idle();
    const jobsBefore = emulator.jobs.length;
    const statusConnectionsBefore = emulator.statusConnections;

    // Every receipt of a measured sale, by sale id: when it first arrived, how often.
    const measured = new Set<number>();
    const arrivedAt = new Map<number, number>();
    const seen = new Map<number, number>();
    let strangers = 0;
    let allArrived: () => void = () => undefined;
    const everything = new Promise<void>((resolve) => (allArrived = resolve));
    let salesDone = false;
    const offJob = emulator.onJob((job) => {
      const at = performance.now();
      for (const payload of job.qr) {
        const saleId = parseReceiptQr(payload)?.saleId;
        if (saleId === undefined) {
          strangers++;
          continue;
        }
        seen.set(saleId, (seen.get(saleId) ?? 0) + 1);
        if (!arrivedAt.has(saleId)) arrivedAt.set(saleId, at);
      }
      if (salesDone && [...measured].every((id) => arrivedAt.has(id))) allArrived();
    });
    let cpuAtLastSale = process.cpuUsage();
    let cpuAtLastReceipt: NodeJS.CpuUsage | undefined;
    void everything.then(() => (cpuAtLastReceipt = process.cpuUsage(cpuAtLastSale)));

    log(`${SALES} sales by ${CASHIERS} cashiers`);
    const latencies: number[] = [];
    const commits: number[] = [];
    const started = performance.now();
    const perCashier = Math.ceil(SALES / CASHIERS);
    let next = 0;
    await Promise.all(
      cashiers.map(async (cashier) => {
        for (let k = 0; k < perCashier; k++) {
          const i = next++;
          if (i >= SALES) return;
          const t0 = performance.now();
          const saleId = await sell(cashier, i);
          const t1 = performance.now();
          measured.add(saleId);
          latencies.push(t1 - t0);
          commits.push(t1);
          if ((i + 1) % 300 === 0) log(`${i + 1} sales`);
        }
      }),
    );
    const lastSale = Math.max(...commits);
    salesDone = true;
    cpuAtLastSale = process.cpuUsage();
    const arrivedBy = (t: number) => [...measured].filter((id) => (arrivedAt.get(id) ?? Infinity) <= t).length;
    const receiptsAtLastSale = arrivedBy(lastSale);
    log(`last sale after ${round((lastSale - started) / 1000)} s; ${receiptsAtLastSale} receipts printed by then`);
    if ([...measured].every((id) => arrivedAt.has(id))) allArrived();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([everything, new Promise((r) => (timer = setTimeout(r, GIVE_UP_MS)))]);
    clearTimeout(timer);
    // A late duplicate (a retry of something already printed) would show up now.
    await kiosk.printQueue.idle();
    await new Promise((r) => setTimeout(r, 300));
    offJob();

    const measuredJobs = emulator.jobs.slice(jobsBefore);
    const received = [...measured].filter((id) => arrivedAt.has(id));
    const lastReceipt = received.length > 0 ? Math.max(...received.map((id) => arrivedAt.get(id)!)) : NaN;
    const duplicates = [...seen.values()].filter((n) => n > 1).length;
    const receiptsPrinted = measuredJobs.reduce((n, j) => n + j.qr.length, 0);
    const cuts = measuredJobs.reduce((n, j) => n + j.cuts, 0);
    const drawerPulsesFired = measuredJobs.reduce((n, j) => n + j.pulsesFired, 0);
    const secondsFromLastSaleToLastReceipt = round((lastReceipt - lastSale) / 1000);
    const allPrinted = received.length === measured.size;
    printFigures('print-throughput', {
      bench: 'print: receipts of 4 cashiers selling flat out, to the printer emulator on loopback TCP',
      sales: measured.size,
      cashiers: CASHIERS,
      // The machine's 1-minute load at the end: on a shared 2-core VM the
      // figures below scale with how much CPU the other tenants leave.
      loadAverage1m: round(loadavg()[0]!, 2),
      salesSeconds: round((lastSale - started) / 1000),
      salesPerSecond: round(measured.size / ((lastSale - started) / 1000), 1),
      sale: stats(latencies),
      receiptsAtLastSale,
      receiptsAfter500ms: arrivedBy(lastSale + 500),
      receiptsAfter2s: arrivedBy(lastSale + TARGET_SECONDS * 1000),
      secondsFromLastSaleToLastReceipt,
      receiptsPrinted,
      receiptsMissing: measured.size - received.length,
      cuts,
      duplicates,
      unknownQrCodes: strangers,
      drawerPulsesFired,
      // CPU this process spent from the last sale to the last receipt
      // (the queue, and the emulator's decoding, which shares the thread).
      cpuSecondsAfterLastSale: cpuAtLastReceipt ? round((cpuAtLastReceipt.user + cpuAtLastReceipt.system) / 1e6) : null,
      printerConnections: measuredJobs.length,
      statusConnections: emulator.statusConnections - statusConnectionsBefore,
      jobStates: jobStateCounts(kiosk.db),
      errors,
      targetSeconds: TARGET_SECONDS,
      targetMet: allPrinted && duplicates === 0 && secondsFromLastSaleToLastReceipt <= TARGET_SECONDS,
    });
  } finally {
    kiosk.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exit(1);
});
