/**
 * From a sale's commit to the last byte of its receipt on the printer's
 * socket: the kiosk on a SQLite file, the printer emulator on loopback TCP.
 * Prints one JSON object; target p99 < 20 ms (issue #4).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openKiosk } from '../main/kiosk.js';
import { startPrinterEmulator } from '../tools/printer-emulator/server.js';
import { must, setUpHall } from './kiosk.js';
import { stats } from './stats.js';
import { printFigures } from './record.js';

const SALES = process.env.BENCH_PRINT_SALES ? Number(process.env.BENCH_PRINT_SALES) : 300;
const WARMUP = 20;
const TARGET_P99_MS = 20;

const log = (m: string) => process.stderr.write(`[bench:print] ${m}\n`);


async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-print-'));
  const emulator = await startPrinterEmulator({ port: 0 });
  const kiosk = await openKiosk({ dataDir: dir, logError: () => {} });
  try {
    const { admin, cashiers } = await setUpHall(kiosk, { receiptsPrinterPort: emulator.port });
    const cashier = cashiers[0]!;
    await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: 100_000 }, admin);
    await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, admin);
    const gameId = (await must(kiosk, 'game.open', { seriesCode: 'A' }, admin)).id as number;

    const samples: number[] = [];
    let missed = 0;
    for (let i = 0; i < WARMUP + SALES; i++) {
      // A receipt that does not arrive within 10 s (the printer refused it and
      // the queue is retrying) is counted as missed, not waited for forever.
      const arrived = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          off();
          resolve(null);
        }, 10_000);
        const off = emulator.onJob((job) => {
          if (job.cuts > 0) {
            clearTimeout(timer);
            off();
            resolve(performance.now());
          }
        });
      });
      const r = await kiosk.dispatch(
        'sale.create',
        { gameId, quantity: 1 + (i % 5), payment: { method: 'cash', tenderedCents: 500 } },
        { operatorToken: cashier },
      );
      const committed = performance.now();
      if (!r.ok) throw new Error(`sale.create: ${r.error.code}`);
      const last = await arrived;
      if (last === null) missed++;
      else if (i >= WARMUP) samples.push(last - committed);
      if ((i + 1) % 100 === 0) log(`${i + 1} receipts`);
    }
    const commitToLastByte = stats(samples);
    printFigures('print-latency', {
      bench: 'print: from the sale commit to the last byte of its receipt on the socket',
      transport: 'tcp loopback, status check (DLE EOT) before each job',
      commitToLastByte,
      missed,
      targetP99Ms: TARGET_P99_MS,
      targetsMet: missed === 0 && commitToLastByte.p99Ms < TARGET_P99_MS,
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
