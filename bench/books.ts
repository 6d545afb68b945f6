/**
 * The books check of a large hall: a database seeded with BOOKS_SALES earlier
 * sales (default 300 000), then `books.verify` through the dispatcher while a
 * cashier keeps selling. Measures how long the check takes, how much memory
 * it holds, and how long the counter waits meanwhile. The seeder writes
 * each document with its postings and its command's audit row, as the
 * kiosk does (the database binds them, migration 0017): the check walks its
 * whole path, both ways, and finds nothing.
 * Prints one JSON object on stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE } from '../main/kiosk.js';
import { must, seededSellingHall } from './kiosk.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const SALES = Number(process.env.BOOKS_SALES ?? 300_000);
const log = (s: string) => process.stderr.write(`[books] ${s}\n`);

async function main(): Promise<void> {
  const root = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'kiosk-bench-books-'));
  try {
    const dataDir = join(root, 'hall');
    const { kiosk, manager, sale } = await seededSellingHall(dataDir, { sales: SALES, seed: 11, log });
    for (let i = 0; i < 100; i++) await sale();

    let selling = true;
    const during: number[] = [];
    const ends: number[] = [performance.now()];
    const seller = (async () => {
      while (selling) {
        during.push(await sale());
        ends.push(performance.now());
        await new Promise((r) => setImmediate(r));
      }
    })();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const books = await must<{ documents: number; transactions: number; findingsTotal: number; findings: { problem: string; document: { type: string } | null }[] }>(
      kiosk,
      'books.verify',
      {},
      manager,
    );
    const seconds = (performance.now() - started) / 1000;
    const heapAfter = process.memoryUsage().heapUsed;
    selling = false;
    await seller;
    const dbBytes = statSync(join(dataDir, DATABASE_FILE)).size;
    kiosk.close();

    const result = {
      bench: 'books.verify of a large hall while a cashier sells',
      seededSales: SALES,
      dbMiB: round(dbBytes / 2 ** 20, 1),
      documents: books.documents,
      transactions: books.transactions,
      findingsTotal: books.findingsTotal,
      firstFinding: books.findings[0] ? `${books.findings[0].problem} ${books.findings[0].document?.type ?? ''}`.trim() : null,
      seconds: round(seconds, 2),
      documentsPerSecond: round(books.documents / seconds, 0),
      heapGrowthMiB: round((heapAfter - heapBefore) / 2 ** 20, 1),
      salesDuringCheck: { ...stats(during), n: during.length },
      longestGapBetweenSalesMs: round(Math.max(...ends.slice(1).map((e, i) => e - ends[i]!)), 1),
    };
    printFigures('books', result);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
