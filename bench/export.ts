/**
 * The inspector's export (issue 26, proof), in one run: a session of
 * BENCH_EXPORT_SALES sales (10,000) played on a kiosk of its own, its game
 * annulled and its drawer closed, the session closed; then timed:
 * - a checkpoint signed on demand over the session's new entries (what a Z
 *   or a close adds to its transaction), and the Z itself;
 * - the export of the session (every entry's inclusion proof, the sales, the
 *   acta as data and PDF, one ZIP) (target within 3 s);
 * - its offline check, every card sold found in the series' box (target within 2 s).
 * Prints one JSON object on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openReader } from '../db/connection.js';
import { verifierPage } from '../main/inspector/page.js';
import { actaPdfHere, buildSessionExport } from '../main/inspector/export.js';
import { verifyExport } from '../main/inspector/verify.js';
import { DATABASE_FILE, openKiosk } from '../main/kiosk.js';
import { must, sellingHall } from './kiosk.js';
import { isEntry } from './rpc-client.js';
import { round } from './stats.js';
import { printFigures } from './record.js';

const log = (text: string) => process.stderr.write(`[export bench] ${text}\n`);

/** An amount as the fewest notes and coins (a drawer's count that matches what it holds). */
export function countOf(cents: number): Record<string, number> {
  const out: Record<string, number> = {};
  let left = cents;
  for (const d of [2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
    const k = Math.floor(left / d);
    if (k > 0) out[String(d)] = k;
    left -= k * d;
  }
  return out;
}

export async function benchExport(sales: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  let at = Date.now();
  const kiosk = await openKiosk({ dataDir: dir, now: () => new Date(at), logError: () => {} });
  try {
    const hall = await sellingHall(kiosk);
    // The series follows its stock (DN 80/85, art. 3.º): the check finds every card sold in its one box.
    await must(kiosk, 'stock.recordEdition', { seriesCode: 'A', authorisationRef: 'BENCH 1/2026', authorisationDate: '2026-01-05', emission: 'A-2026/1' }, hall.manager);
    await must(kiosk, 'stock.receive', { seriesCode: 'A', from: 1, to: 1_000_000, receivedBy: 'Bench', box: 'CX-1' }, hall.manager);
    log(`${sales} sales`);
    for (let i = 0; i < sales; i++) {
      at += 50;
      await must(kiosk, 'sale.create', { gameId: hall.gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, hall.cashiers[0]);
    }
    const t0 = performance.now();
    const demand = await must<{ size: number }>(kiosk, 'audit.checkpoint', {}, hall.manager);
    const signMs = performance.now() - t0;
    // The game annulled (a failure before its draw: 15 minutes suspended), its sales carried as refunds.
    await must(kiosk, 'game.suspend', { gameId: hall.gameId }, hall.manager);
    at += 16 * 60_000;
    const manager = (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username: 'gerente', pin: '2222' })).operatorToken;
    const cashier = (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username: 'caixa1', pin: '3333' })).operatorToken;
    await must(kiosk, 'game.annul', { gameId: hall.gameId, reason: 'failure_before_draw' }, manager);
    // The cashier's drawer is blind to him; the manager supervising the only open drawer reads its X (drawer.cash is one's own only).
    const cash = (await must<{ expectedCents: number }>(kiosk, 'report.x', {}, manager)).expectedCents;
    const t1 = performance.now();
    await must(kiosk, 'drawer.close', { countedByDenomination: countOf(cash) }, cashier);
    const zMs = performance.now() - t1;
    await must(kiosk, 'session.recordCheck', { phase: 'end', kind: 'balls' }, manager);
    const session = await must<{ sessionId: number }>(kiosk, 'session.close', { sessionId: 1 }, manager);
    const reader = openReader(join(dir, DATABASE_FILE));
    try {
      // The offline check page: bundled once a process from the sources (the installed program reads the file
      // its build wrote), so it is timed on its own, not as part of every export.
      const tp = performance.now();
      await verifierPage();
      const pageBundleMs = performance.now() - tp;
      log('the export');
      const t2 = performance.now();
      const made = await buildSessionExport(reader, session.sessionId, { pdf: actaPdfHere(new Date(at)), now: new Date(at) });
      const exportSeconds = (performance.now() - t2) / 1000;
      log('its check');
      const t3 = performance.now();
      const checked = verifyExport(made.zip);
      const verifySeconds = (performance.now() - t3) / 1000;
      if (!checked.ok) throw new Error(`the export does not verify: ${JSON.stringify(checked.failure)}`);
      const stock = checked.stock?.[0];
      if (!stock?.followed || stock.sold !== sales) throw new Error(`the check did not find the ${sales} cards sold in the stock: ${JSON.stringify(checked.stock)}`);
      return {
        cardsCheckedAgainstStock: stock.sold,
        sales,
        entries: made.entries,
        zipBytes: made.zip.length,
        checkpointOnDemandMs: round(signMs),
        checkpointOnDemandEntries: demand.size,
        zWithItsCheckpointMs: round(zMs),
        pageBundleMs: round(pageBundleMs),
        exportSeconds: round(exportSeconds),
        verifySeconds: round(verifySeconds),
        targetsMet: { exportWithin3s: sales >= 10_000 ? exportSeconds <= 3 : null, verifyWithin2s: sales >= 10_000 ? verifySeconds <= 2 : null },
      };
    } finally {
      reader.close();
    }
  } finally {
    kiosk.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) {
  const sales = process.env.BENCH_EXPORT_SALES ? Number(process.env.BENCH_EXPORT_SALES) : 10_000;
  printFigures('export', { bench: 'export', unit: 'ms|s', ...(await benchExport(sales)) }, { compact: true });
  process.exit(0);
}
