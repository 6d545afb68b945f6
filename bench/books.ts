/**
 * The books check of a large hall: a database seeded with BOOKS_SALES earlier
 * sales (default 300 000), then `books.verify` through the dispatcher while a
 * cashier keeps selling. Measures how long the check takes, how much memory
 * it holds, and how long the counter waits meanwhile. The seeder writes
 * documents and postings but no audit rows, so every seeded document is a
 * finding (counted; the first 100 kept): the check's whole path is walked.
 * Prints one JSON object on stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE, openKiosk } from '../main/kiosk.js';
import { seededRandom } from '../tools/faces/generate.js';
import { must, setUpHall } from './kiosk.js';
import { seedHistory } from './seed.js';
import { round, stats } from './stats.js';

const SALES = Number(process.env.BOOKS_SALES ?? 300_000);
const log = (s: string) => process.stderr.write(`[books] ${s}\n`);

async function main(): Promise<void> {
  const root = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'kiosk-bench-books-'));
  try {
    const dataDir = join(root, 'hall');
    const setup = await openKiosk({ dataDir, logError: (e) => log(String(e)) });
    const hall = await setUpHall(setup);
    const ids = Object.fromEntries((setup.db.prepare(`SELECT username, id FROM operators`).all() as { username: string; id: number }[]).map((r) => [r.username, r.id]));
    await must(setup, 'users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, hall.admin);
    setup.close();
    log(`seeding ${SALES} earlier sales`);
    seedHistory(join(dataDir, DATABASE_FILE), {
      sales: SALES,
      salesPerGame: 100,
      gamesPerSession: 10,
      priceCents: 100,
      seriesSize: 100_000,
      cashierId: ids.caixa1!,
      managerId: ids.admin!,
      terminalId: 'T1',
      startDaysAgo: Math.ceil(SALES / 1000) + 2,
      random: seededRandom(11),
    });

    const kiosk = await openKiosk({ dataDir, logError: (e) => log(String(e)) });
    const manager = (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username: 'gerente', pin: '2222' })).operatorToken;
    const cashier = (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username: 'caixa1', pin: '3333' })).operatorToken;
    await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: 1_000_000 }, manager);
    await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, manager);
    const game = await must<{ id: number }>(kiosk, 'game.open', { seriesCode: 'A' }, manager);
    const sale = async () => {
      const s = performance.now();
      await must(kiosk, 'sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier);
      return performance.now() - s;
    };
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
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
