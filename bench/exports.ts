/**
 * The books an inspector takes away (issue 20), on a large hall: a session
 * of EXPORT_SALES seeded sales (default 100 000) exported as CSV
 * (`export.sales`, in a worker thread on one snapshot) while a cashier keeps
 * selling; and the pages of the lists, first and deep (`sale.page`,
 * `audit.list`). Measures the export's time and size, its progress events,
 * and how long the counter waits meanwhile. Prints one JSON object on
 * stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { must, seededSellingHall } from './kiosk.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const SALES = Number(process.env.EXPORT_SALES ?? 100_000);
const log = (s: string) => process.stderr.write(`[exports] ${s}\n`);

interface Page {
  sales: { saleId: number }[];
  nextCursor: number | null;
  total: number;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'kiosk-bench-exports-'));
  try {
    const dataDir = join(root, 'hall');
    // One past session holds every seeded sale: 1 000 sales a game.
    const salesPerGame = Math.min(1000, SALES);
    const { kiosk, manager, sale } = await seededSellingHall(dataDir, { sales: SALES, seed: 20, log, salesPerGame, gamesPerSession: Math.ceil(SALES / salesPerGame) });
    for (let i = 0; i < 50; i++) await sale();
    const progress: number[] = [];
    kiosk.onEvent((e) => {
      if (e.type === 'progress' && e.task === 'export') progress.push(e.done);
    });

    const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
      const s = performance.now();
      const v = await f();
      return [v, performance.now() - s];
    };
    const [first, firstMs] = await timed(() => must<Page>(kiosk, 'sale.page', { sessionId: 1, limit: 500 }, manager));
    const lastId = first.total > 500 ? first.sales[0]!.saleId + first.total - 501 : null;
    const [, deepMs] = await timed(() => must<Page>(kiosk, 'sale.page', { sessionId: 1, cursor: lastId, limit: 500 }, manager));
    const [audit, auditMs] = await timed(() => must<{ nextCursor: number | null; total: number }>(kiosk, 'audit.list', { limit: 500 }, manager));
    const [, auditChannelMs] = await timed(() => must(kiosk, 'audit.list', { channel: 'sale.create', limit: 500 }, manager));

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
    const [file, exportMs] = await timed(() => must<{ filename: string; content: string; rows: number }>(kiosk, 'export.sales', { sessionId: 1 }, manager));
    selling = false;
    await seller;
    kiosk.close();

    const result = {
      bench: 'export.sales of a large session while a cashier sells; pages of sale.page and audit.list',
      seededSales: SALES,
      exportedRows: file.rows,
      exportMiB: round(Buffer.byteLength(file.content) / 2 ** 20, 2),
      exportSeconds: round(exportMs / 1000, 2),
      rowsPerSecond: round(file.rows / (exportMs / 1000), 0),
      progressEvents: progress.length,
      salesDuringExport: { ...stats(during), n: during.length },
      longestGapBetweenSalesMs: round(Math.max(...ends.slice(1).map((e, i) => e - ends[i]!)), 1),
      salePage500: { firstMs: round(firstMs, 1), deepMs: round(deepMs, 1), total: first.total },
      auditList500: { firstMs: round(auditMs, 1), oneChannelMs: round(auditChannelMs, 1), total: audit.total },
    };
    printFigures('exports', result);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
