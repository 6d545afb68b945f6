/**
 * The print queue on its own: jobs left pending by a run that stopped print
 * without opening the drawer (its pulse may already have gone out), and a
 * job to a printer that refuses connections ends failed after its retries.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jobById } from '../../db/printing.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../printing/emulator/server.js';
import { createTestHall } from '../testing/fixtures.js';
import type { Harness } from '../testing/harness.js';

let h: Harness | undefined;
let emulator: PrinterEmulator | undefined;

afterEach(async () => {
  h?.close();
  await emulator?.close();
  h = undefined;
  emulator = undefined;
});

async function settled(jobId: number) {
  const started = Date.now();
  for (;;) {
    const job = jobById(h!.kiosk.db, jobId)!;
    if (job.state !== 'pending') return job;
    if (Date.now() - started > 10_000) throw new Error(`job ${jobId} still pending`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('print queue', () => {
  it('after a restart, a pending job prints without a second drawer pulse', async () => {
    emulator = await startPrinterEmulator({ port: 0 });
    await emulator.setMode('down');
    const hall = await createTestHall({ idleMs: 86_400_000, now: () => new Date(), printRetryDelaysMs: [60_000] });
    h = hall.h;
    await h.ok(
      'printer.configure',
      { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator.port, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
      hall.manager,
    );
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, hall.manager);
    await h.ok('session.open', { scheduledCloseAt: new Date(Date.now() + 3_600_000).toISOString() }, hall.manager);
    const game = await h.ok('game.open', { seriesCode: 'A' }, hall.manager);
    // A job as a crash would leave it: queued with its sale, its pulse not yet marked.
    h.kiosk.printQueue.stop();
    const sale = await h.ok('sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, hall.cashier);
    const jobId = h.kiosk.db.prepare(`SELECT id FROM print_jobs WHERE ref_id = ?`).pluck().get(sale.saleId) as number;
    expect(jobById(h.kiosk.db, jobId)).toMatchObject({ state: 'pending', attempts: 0, drawerPulseSent: 0 });
    await emulator.setMode('normal');
    await h.reopen();
    expect((await settled(jobId)).state).toBe('printed');
    const receipts = emulator.jobs.filter((j) => j.cuts > 0);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.drawerPulses).toHaveLength(0);
  });

  it('a refused connection fails the job after its retries, with the reason in Portuguese', async () => {
    emulator = await startPrinterEmulator({ port: 0 });
    await emulator.setMode('down');
    const hall = await createTestHall({ idleMs: 86_400_000, now: () => new Date(), printRetryDelaysMs: [20, 20] });
    h = hall.h;
    await h.ok(
      'printer.configure',
      { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator.port, codepage: 'cp1252', widthMm: 58 },
      hall.manager,
    );
    const job = await h.ok('printer.test', { id: 'balcao' }, hall.manager);
    const done = await settled(job.jobId);
    expect(done).toMatchObject({ state: 'failed', attempts: 3 });
    expect(done.lastError).toMatch(/recusou a ligação/);
    const listed = await h.ok('print.jobs', {}, hall.cashier);
    expect(listed[0]).toMatchObject({ jobId: job.jobId, state: 'failed', kind: 'test_page' });
    expect(listed[0]!.preview.join('\n')).toContain('€ ç Ç ã õ');
  });
});
