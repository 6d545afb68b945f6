/**
 * The print queue on its own: jobs left pending by a run that stopped print
 * without opening the drawer (its pulse may already have gone out), a job to
 * a printer that refuses connections ends failed after its retries, and a
 * rush of jobs goes out in batches (one status check, one connection, one
 * transaction) without losing any guarantee of the one-job path.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { jobById } from '../../db/printing.js';
import { renderEscPos } from '../../printing/escpos.js';
import { parseReceiptQr } from '../../printing/check.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../tools/printer-emulator/server.js';
import { createTestHall } from '../../test/fixtures/faces.js';
import type { Harness } from '../../test/harness.js';
import { PrintQueue } from './queue.js';
import { jobTransportOf } from './transports.js';

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

/** A hall with the emulator as its receipts printer (drawer on pin 2) and a game on sale. */
async function hallWithPrinter(printRetryDelaysMs: readonly number[]) {
  emulator = await startPrinterEmulator({ port: 0 });
  const hall = await createTestHall({ idleMs: 86_400_000, now: () => new Date(), printRetryDelaysMs });
  h = hall.h;
  await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, hall.manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 3_600_000).toISOString() }, hall.manager);
  // The game opens before the printer is set up, so that its sale announcement (art. 11.2) is not in the batches measured.
  const game = await h.ok('game.open', { seriesCode: 'A' }, hall.manager);
  await h.ok(
    'printer.configure',
    { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator.port, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
    hall.manager,
  );
  const harness = h;
  return {
    ...hall,
    /** `count` cash sales started together: all commit before the queue's next turn. */
    rush: (count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          harness.ok('sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, hall.cashier),
        ),
      ),
    jobOf: (saleId: number) =>
      harness.kiosk.db.prepare(`SELECT id FROM print_jobs WHERE ref_type = 'sale' AND ref_id = ? AND reprint_of IS NULL`).pluck().get(saleId) as number,
  };
}

/** The sale ids of the receipts the emulator printed, one entry per receipt. */
const printedSaleIds = () =>
  emulator!.jobs.filter((j) => j.printed).flatMap((j) => j.qr.map((payload) => parseReceiptQr(payload)!.saleId));

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
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 3_600_000).toISOString() }, hall.manager);
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

  it('a rush goes out as one batch: one status check, one connection, one recorded outcome, a pulse per receipt', async () => {
    const hall = await hallWithPrinter([60_000]);
    const statusChecks = emulator!.statusConnections;
    const sales = await hall.rush(5);
    const jobs = await Promise.all(sales.map((s) => settled(hall.jobOf(s.saleId))));
    expect(jobs.map((j) => j.state)).toEqual(Array(5).fill('printed'));
    expect(jobs.map((j) => j.drawerPulseSent)).toEqual(Array(5).fill(1));
    // One transaction recorded them all, with one time.
    expect(new Set(jobs.map((j) => j.printedAt)).size).toBe(1);
    expect(emulator!.jobs).toHaveLength(1);
    expect(emulator!.statusConnections - statusChecks).toBe(1);
    const [connection] = emulator!.jobs;
    expect(connection).toMatchObject({ printed: true, complete: true, cuts: 5 });
    expect(connection!.drawerPulses).toHaveLength(5);
    // In the order they were sold.
    expect(printedSaleIds()).toEqual(sales.map((s) => s.saleId));
  });

  it('a batch larger than the limit is split, oldest jobs first', async () => {
    const hall = await hallWithPrinter([60_000]);
    h!.kiosk.printQueue.stop();
    const queue = new PrintQueue({
      db: h!.kiosk.db,
      now: () => new Date(),
      transportFor: jobTransportOf,
      render: (doc, profile, o) => renderEscPos(doc, profile, o),
      batchLimit: 2,
    });
    try {
      const sales = await hall.rush(5);
      queue.kick();
      await new Promise((r) => setImmediate(r)); // the kick's turn: the queue is running now
      await queue.idle();
      expect(emulator!.jobs.map((j) => j.cuts)).toEqual([2, 2, 1]);
      expect(printedSaleIds()).toEqual(sales.map((s) => s.saleId));
      for (const s of sales) expect(jobById(h!.kiosk.db, hall.jobOf(s.saleId))).toMatchObject({ state: 'printed', drawerPulseSent: 1 });
    } finally {
      queue.stop();
    }
  });

  it('a batch refused before any byte leaves keeps every pulse for the attempt that prints', async () => {
    const hall = await hallWithPrinter([30]);
    await emulator!.setMode('paper_out');
    const sales = await hall.rush(3);
    const failed = await Promise.all(sales.map((s) => settled(hall.jobOf(s.saleId))));
    for (const job of failed) {
      expect(job).toMatchObject({ state: 'failed', attempts: 2, drawerPulseSent: 0 });
      expect(job.lastError).toMatch(/sem papel/i);
    }
    expect(emulator!.jobs).toHaveLength(0);
    await emulator!.setMode('normal');
    await Promise.all(failed.map((job) => h!.ok('print.retry', { jobId: job.id }, hall.cashier)));
    for (const job of failed) expect((await settled(job.id)).state).toBe('printed');
    expect(printedSaleIds().sort()).toEqual(sales.map((s) => s.saleId).sort());
    expect(emulator!.jobs.reduce((n, j) => n + j.pulsesFired, 0)).toBe(3);
  });

  it('a document that cannot be rendered fails alone; the rest of its batch prints', async () => {
    const hall = await hallWithPrinter([20]);
    h!.kiosk.printQueue.stop();
    let renders = 0;
    const queue = new PrintQueue({
      db: h!.kiosk.db,
      now: () => new Date(),
      transportFor: jobTransportOf,
      retryDelaysMs: [],
      render: (doc, profile, o) => {
        // The second document of the batch has a character the code page lacks.
        if (++renders === 2) throw new Error('Carácter sem correspondência na página de código: ✓');
        return renderEscPos(doc, profile, o);
      },
    });
    try {
      const sales = await hall.rush(3);
      queue.kick();
      await new Promise((r) => setImmediate(r)); // the kick's turn: the queue is running now
      await queue.idle();
      const [a, b, c] = sales.map((s) => jobById(h!.kiosk.db, hall.jobOf(s.saleId))!);
      expect(a).toMatchObject({ state: 'printed', drawerPulseSent: 1 });
      expect(c).toMatchObject({ state: 'printed', drawerPulseSent: 1 });
      // Never sent: its pulse is kept.
      expect(b).toMatchObject({ state: 'failed', attempts: 1, drawerPulseSent: 0 });
      expect(b!.lastError).toContain('✓');
      expect(printedSaleIds()).toEqual([sales[0]!.saleId, sales[2]!.saleId]);
    } finally {
      queue.stop();
    }
  });
});
