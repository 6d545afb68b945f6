/**
 * Backup of a large hall: a database seeded with BACKUP_SALES earlier sales
 * (default 300 000), then `backup.create` through the dispatcher while a
 * cashier keeps selling. Measures how long the copy and its checks take, how
 * often the screens hear of its progress, and what the backup costs a sale.
 * Prints one JSON object on stdout; progress goes to stderr.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KioskEvent } from '../core/events.js';
import { DATABASE_FILE } from '../main/kiosk.js';
import { must, seededSellingHall } from './kiosk.js';
import { round, stats } from './stats.js';
import { printFigures } from './record.js';

const SALES = Number(process.env.BACKUP_SALES ?? 300_000);
const log = (s: string) => process.stderr.write(`[backup] ${s}\n`);

async function main(): Promise<void> {
  const root = mkdtempSync(join(process.env.BENCH_DIR ?? tmpdir(), 'kiosk-bench-backup-'));
  try {
    const dataDir = join(root, 'hall');
    const { kiosk, manager, sale } = await seededSellingHall(dataDir, { sales: SALES, seed: 7, log });
    const before: number[] = [];
    for (let i = 0; i < 200; i++) before.push(await sale());

    const progress: { ms: number; done: number; total: number }[] = [];
    const started = performance.now();
    const stop = kiosk.onEvent((e: KioskEvent) => {
      if (e.type === 'progress') progress.push({ ms: performance.now() - started, done: e.done, total: e.total });
    });
    let selling = true;
    const during: number[] = [];
    // When each sale ended: the longest gap is the longest the counter waited (a blocked event loop shows here).
    const ends: number[] = [];
    const seller = (async () => {
      while (selling) {
        during.push(await sale());
        ends.push(performance.now());
        await new Promise((r) => setImmediate(r));
      }
    })();
    const backup = await must<{ file: string; bytes: number; integrity: string }>(kiosk, 'backup.create', {}, manager);
    const seconds = (performance.now() - started) / 1000;
    selling = false;
    await seller;
    stop();
    const copied = progress.find((p) => p.done === p.total);
    const gaps = progress.slice(1).map((p, i) => p.ms - progress[i]!.ms);
    const dbBytes = statSync(join(dataDir, DATABASE_FILE)).size;
    kiosk.close();

    const result = {
      bench: 'backup.create of a large hall while a cashier sells',
      seededSales: SALES,
      dbMiB: round(dbBytes / 2 ** 20, 1),
      backupMiB: round(backup.bytes / 2 ** 20, 1),
      integrity: backup.integrity,
      seconds: round(seconds, 2),
      copySeconds: copied ? round(copied.ms / 1000, 2) : null,
      checkSeconds: copied ? round(seconds - copied.ms / 1000, 2) : null,
      progressEvents: progress.length,
      progressGapMaxMs: gaps.length > 0 ? round(Math.max(...gaps), 0) : null,
      saleBefore: stats(before),
      saleDuringBackup: { ...stats(during), n: during.length },
      longestGapBetweenSalesMs: round(Math.max(...ends.slice(1).map((e, i) => e - ends[i]!)), 1),
    };
    printFigures('backup', result);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  log(String((e as Error)?.stack ?? e));
  process.exit(1);
});
