/**
 * print.jobs on a real SQLite file gives, besides each job's pt-PT title and
 * error, what a screen words them from in its own language (issue 13): the
 * title's parameters by kind (kept by a 2.ª via) and the failure's code and
 * parameters, a printer's (the emulator down: connection refused) or the
 * kiosk's own (a character the code page lacks).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { printJobErrorMessage } from '../../../core/errors.js';
import { jobById } from '../../../db/printing.js';
import { UnprintableCharacterError } from '../../../printing/escpos.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../../tools/printer-emulator/server.js';
import { PrintQueue } from '../../printing/queue.js';
import { jobTransportOf } from '../../printing/transports.js';

let t: TestHall | undefined;
let emulator: PrinterEmulator | undefined;

afterEach(async () => {
  t?.h.close();
  await emulator?.close();
  t = undefined;
  emulator = undefined;
});

/** A hall whose receipts printer is the emulator, down (refusing connections); no retries. */
async function hallWithPrinterDown(): Promise<TestHall & { port: number }> {
  emulator = await startPrinterEmulator({ port: 0 });
  await emulator.setMode('down');
  t = await createTestHall({ idleMs: 86_400_000, printRetryDelaysMs: [] });
  await t.h.ok(
    'printer.configure',
    { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: emulator.port, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
    t.manager,
  );
  return { ...t, port: emulator.port };
}

async function settled(jobId: number) {
  const started = Date.now();
  for (;;) {
    const job = jobById(t!.h.kiosk.db, jobId)!;
    if (job.state !== 'pending') return job;
    if (Date.now() - started > 10_000) throw new Error(`job ${jobId} still pending`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('print.jobs: each job with its title parameters', () => {
  it('a sale receipt, a Z report and its 2.ª via give their kind and numbers, no words', async () => {
    const { h, manager, cashier } = await hallWithPrinterDown();
    await h.ok('series.register', { code: 'A', priceCents: 100, size: 300 }, manager);
    await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
    const game = await h.ok('game.open', { seriesCode: 'A' }, manager);
    const sale = await h.ok('sale.create', { gameId: game.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier);
    const closed = await h.ok('drawer.close', { countedByDenomination: { '2000': 5, '100': 2 } }, cashier);
    const z = await h.ok('report.z', { drawerId: closed.drawerId }, cashier);
    const reprint = await h.ok('print.reprint', { jobId: z.printJobId! }, cashier);

    const jobs = await h.ok('print.jobs', {}, cashier);
    const byId = (jobId: number) => jobs.find((j) => j.jobId === jobId)!;
    const receipt = jobs.find((j) => j.kind === 'sale_receipt')!;
    expect(receipt).toMatchObject({ refType: 'sale', refId: sale.saleId, title: `Recibo de venda n.º ${sale.saleId}` });
    expect(receipt.titleParams).toEqual({ saleId: sale.saleId });
    expect(byId(z.printJobId!)).toMatchObject({ kind: 'z_report', title: 'Relatório Z n.º 1' });
    expect(byId(z.printJobId!).titleParams).toEqual({ zNumber: 1 });
    // The 2.ª via is its original's document: the same name.
    expect(byId(reprint.jobId)).toMatchObject({ kind: 'z_report', title: 'Relatório Z n.º 1', reprintOf: z.printJobId, titleParams: { zNumber: 1 } });
    expect(reprint.titleParams).toEqual({ zNumber: 1 });
    // The announcement before the sale (art. 11.º, n.º 2) says which it is.
    expect(jobs.find((j) => j.kind === 'announcement')!.titleParams).toEqual({ gameNumber: game.number, moment: 'before_sale' });
  });
});

describe('print.jobs: a failure with its code and parameters', () => {
  it('a printer refusing the connection: CONNECT_REFUSED with its address, worded in each language', async () => {
    const { h, manager, cashier, port } = await hallWithPrinterDown();
    const job = await h.ok('printer.test', { id: 'balcao' }, manager);
    expect(job).toMatchObject({ titleParams: { printerName: 'balcao' }, lastErrorCode: null, lastErrorParams: null });
    await settled(job.jobId);

    const [listed] = await h.ok('print.jobs', {}, cashier);
    expect(listed).toMatchObject({ jobId: job.jobId, state: 'failed', kind: 'test_page' });
    expect(listed!.lastErrorCode).toBe('CONNECT_REFUSED');
    expect(listed!.lastErrorParams).toEqual({ address: `127.0.0.1:${port}`, ms: 3000 });
    expect(listed!.lastError).toBe(`A impressora 127.0.0.1:${port} recusou a ligação: está desligada ou o endereço está errado.`);
    // The stored text is the pt-PT wording of the code; English words the same data.
    expect(printJobErrorMessage(listed!.lastErrorCode, listed!.lastErrorParams, 'pt-PT', 'Europe/Lisbon')).toBe(listed!.lastError);
    expect(printJobErrorMessage(listed!.lastErrorCode, listed!.lastErrorParams, 'en', 'Europe/Lisbon')).toBe(
      `The printer at 127.0.0.1:${port} refused the connection: it is off or the address is wrong.`,
    );

    // The printers panel's status gives the same code.
    expect(await h.ok('printer.status', { id: 'balcao' }, manager)).toEqual({
      online: false,
      coverOpen: false,
      paperNearEnd: false,
      paperOut: false,
      error: listed!.lastError,
      errorCode: 'CONNECT_REFUSED',
      errorParams: { address: `127.0.0.1:${port}`, ms: 3000 },
    });

    // A retry that prints clears all three.
    await emulator!.setMode('normal');
    await h.ok('print.retry', { jobId: job.jobId }, cashier);
    expect(await settled(job.jobId)).toMatchObject({ state: 'printed', lastError: null, lastErrorCode: null, lastErrorParams: null });
  });

  it('a document the code page cannot print: PRINT_UNPRINTABLE_CHARACTER, naming the character', async () => {
    const { h, manager, cashier } = await hallWithPrinterDown();
    await emulator!.setMode('normal');
    h.kiosk.printQueue.stop();
    const queue = new PrintQueue({
      db: h.kiosk.db,
      now: () => new Date(),
      transportFor: jobTransportOf,
      retryDelaysMs: [],
      render: () => {
        throw new UnprintableCharacterError('✓', 'U+2713', 'cp858', 'Pago ✓', 5, 3);
      },
    });
    try {
      const job = await h.ok('printer.test', { id: 'balcao' }, manager);
      queue.kick();
      await new Promise((r) => setImmediate(r)); // the kick's turn: the queue is running now
      await queue.idle();
      const [listed] = await h.ok('print.jobs', {}, cashier);
      expect(listed).toMatchObject({ jobId: job.jobId, state: 'failed', lastErrorCode: 'PRINT_UNPRINTABLE_CHARACTER' });
      expect(listed!.lastErrorParams).toEqual({ char: '✓', codePoint: 'U+2713', codepage: 'cp858', block: 3, position: 6, text: 'Pago ✓' });
      expect(listed!.lastError).toBe(`O carácter '✓' (U+2713) não pode ser impresso com a página de código cp858: bloco 3, posição 6 em "Pago ✓".`);
      expect(printJobErrorMessage(listed!.lastErrorCode, listed!.lastErrorParams, 'en', 'Europe/Lisbon')).toBe(
        `The character '✓' (U+2713) cannot be printed with code page cp858: block 3, position 6 in "Pago ✓".`,
      );
    } finally {
      queue.stop();
    }
  });
});
