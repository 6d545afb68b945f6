/** The printing domain: printers, the print queue's jobs, test pages and reprints (2.ª VIA). */
import { isPrinterDevicePath, isWindows, isWindowsDeviceName, printerDeviceExamples } from '../../../core/printing/devices.js';
import type { ChannelOutput } from '../../../core/contract.js';
import { KioskError } from '../../../core/errors.js';
import type { ReadableDb } from '../../../db/connection.js';
import { allPrinters, insertJob, jobById, printerById, printerForRole, recentJobs, requeueJob, savePrinter, type JobRow, type PrinterRow } from '../../../db/printing.js';
import { isBlindXReport, testPage } from '../../../printing/documents/index.js';
import { approves } from '../../../core/people/rules.js';
import { drawerById, recordedCountOf } from '../../../db/drawers.js';
import { asReprint, type PrintDocument } from '../../../printing/layout.js';
import { previewText } from '../../../printing/preview.js';
import { printerProfile } from '../../../printing/profile.js';
import { askStatus } from '../../../printing/transport/index.js';
import { command, done, operatorOf, query, queryWaiting, type HandlerSlice, type Operator } from '../shared/context.js';
import { assertPrintable, printedText, savedPrintedTexts } from '../shared/printable.js';
import { hallTimeZone } from '../../../db/people.js';
import { softwareLabel } from '../../version.js';

type PrinterView = ChannelOutput<'printer.list'>[number];
type JobView = ChannelOutput<'print.jobs'>[number];

const printerView = (p: PrinterRow): PrinterView => ({
  id: p.id,
  name: p.name,
  terminalId: p.terminalId,
  role: p.role,
  transport: p.transport,
  host: p.host,
  port: p.port,
  path: p.path,
  codepage: p.codepage,
  widthMm: p.widthMm,
  drawerPin: p.drawerPin,
  drawerOnMs: p.drawerOnMs,
  drawerOffMs: p.drawerOffMs,
});

/**
 * The drawer whose expected cash a job's document gives away to a counter role:
 * a manager's X (not a blind one) of a drawer still open whose count is not on
 * record. The counter's close is blind (drawer.close, report.x), so such a job
 * shows a counter role no text and is not printed again or late by one; once
 * the count is recorded its figures are the counter's to see, and the Z prints them.
 */
function blindDrawerOf(ctx: { db: ReadableDb; operator: Operator | null }, j: JobRow): number | null {
  if (j.kind !== 'x_report' || j.refType !== 'drawer' || j.refId === null || approves(operatorOf(ctx).roles)) return null;
  const drawer = drawerById(ctx.db, j.refId);
  if (!drawer || drawer.closed || recordedCountOf(ctx.db, drawer.id)) return null;
  return isBlindXReport(JSON.parse(j.document) as PrintDocument) ? null : drawer.id;
}

/** What a counter role reads of such a job instead of its text. */
const BLIND_PREVIEW = ['Relatório X de um gerente: os valores ficam reservados até a contagem da gaveta ficar registada (fecho cego).'];

function jobView(db: ReadableDb, j: JobRow, blind = false): JobView {
  const printer = printerById(db, j.printerId);
  const doc = JSON.parse(j.document) as PrintDocument;
  return {
    jobId: j.id,
    createdAt: j.createdAt,
    kind: j.kind,
    title: j.title,
    // A reprint's document is its original's, titleParams included.
    titleParams: doc.titleParams ?? null,
    printerId: j.printerId,
    state: j.state,
    attempts: j.attempts,
    lastError: j.lastError,
    lastErrorCode: j.lastErrorCode,
    lastErrorParams: j.lastErrorParams === null ? null : (JSON.parse(j.lastErrorParams) as Record<string, string | number>),
    printedAt: j.printedAt,
    reprintOf: j.reprintOf,
    refType: j.refType,
    refId: j.refId,
    preview: blind ? BLIND_PREVIEW : previewText(doc, printer?.widthMm ?? 80),
  };
}

function requirePrinter(db: ReadableDb, id: string): PrinterRow {
  const p = printerById(db, id);
  if (!p) throw new KioskError('PRINTER_NOT_FOUND', { id });
  return p;
}

function refuseBlindX(ctx: Parameters<typeof blindDrawerOf>[0], job: JobRow): void {
  const drawerId = blindDrawerOf(ctx, job);
  if (drawerId !== null) throw new KioskError('PRINT_JOB_BLIND_X', { jobId: job.id, drawerId });
}

function requireJob(db: ReadableDb, jobId: number): JobRow {
  const job = jobById(db, jobId);
  if (!job) throw new KioskError('PRINT_JOB_NOT_FOUND', { jobId });
  return job;
}

export const printingHandlers: HandlerSlice<
  'printer.configure' | 'printer.list' | 'printer.test' | 'printer.status' | 'print.jobs' | 'print.retry' | 'print.reprint'
> = {
  'printer.configure': command((ctx, input) => {
    if (input.transport === 'tcp' && (!input.host || !input.port)) {
      throw new KioskError('PRINTER_ADDRESS_INVALID', { transport: 'tcp' });
    }
    if (input.transport === 'device' && !input.path) {
      throw new KioskError('PRINTER_ADDRESS_INVALID', { transport: 'device' });
    }
    // Only a printer or serial device of this system: never a file the queue would write receipts into (the database included,
    // or `COM7` on Linux, a file in the working folder).
    if (input.transport === 'device' && !isPrinterDevicePath(input.path!, ctx.platform)) {
      const refusal = { path: input.path!.slice(0, 80), examples: printerDeviceExamples(ctx.platform).join(', ') };
      if (!isWindows(ctx.platform) && isWindowsDeviceName(input.path!)) throw new KioskError('PRINTER_DEVICE_WINDOWS_NAME', { ...refusal, platform: ctx.platform });
      throw new KioskError('PRINTER_DEVICE_NOT_ALLOWED', refusal);
    }
    const terminalId = input.terminalId ?? ctx.terminalId;
    const sameRole = printerForRole(ctx.db, terminalId, input.role);
    if (sameRole && sameRole.id !== input.id) throw new KioskError('PRINTER_ROLE_TAKEN', { terminal: terminalId, role: input.role, id: sameRole.id });
    // The hall's saved texts must print on this code page (else every receipt would fail); its own name goes on its test page.
    assertPrintable(ctx.db, [...savedPrintedTexts(ctx.db), ...printedText('printerName', input.name ?? input.id)], [{ id: input.id, codepage: input.codepage }]);
    const before = printerById(ctx.db, input.id) ?? null;
    savePrinter(ctx.db, {
      id: input.id,
      name: input.name ?? input.id,
      terminalId,
      role: input.role,
      transport: input.transport,
      host: input.transport === 'tcp' ? input.host! : null,
      port: input.transport === 'tcp' ? input.port! : null,
      path: input.transport === 'device' ? input.path! : null,
      codepage: input.codepage,
      widthMm: input.widthMm,
      drawerPin: input.drawerPin ?? null,
      drawerOnMs: input.drawerOnMs ?? before?.drawerOnMs ?? 100,
      drawerOffMs: input.drawerOffMs ?? before?.drawerOffMs ?? 500,
      at: ctx.at,
    });
    const after = printerView(printerById(ctx.db, input.id)!);
    return done(after, { before: before ? printerView(before) : null, after });
  }),

  'printer.list': query((ctx) => allPrinters(ctx.db).map(printerView)),

  'printer.test': command((ctx, input) => {
    const printer = requirePrinter(ctx.db, input.id);
    const doc = testPage({ printerName: printer.name, profile: printerProfile(printer), at: ctx.at, timeZone: hallTimeZone(ctx.db), software: softwareLabel() });
    const id = insertJob(ctx.db, { at: ctx.at, printerId: printer.id, doc, refType: 'printer', refId: null, reprintOf: null, operatorId: operatorOf(ctx).id });
    return done(jobView(ctx.db, jobById(ctx.db, id)!), { after: { jobId: id, printerId: printer.id } });
  }),

  'printer.status': queryWaiting(async (ctx, input) => {
    const printer = requirePrinter(ctx.db, input.id);
    return askStatus(() => ctx.io.printerStatus(printer));
  }),

  'print.jobs': query((ctx, input) => recentJobs(ctx.db, input.since ?? 0, input.limit ?? 50).map((j) => jobView(ctx.db, j, blindDrawerOf(ctx, j) !== null))),

  'print.retry': command((ctx, input) => {
    const job = requireJob(ctx.db, input.jobId);
    if (job.state !== 'failed') throw new KioskError('PRINT_JOB_NOT_FAILED', { jobId: job.id });
    refuseBlindX(ctx, job);
    requeueJob(ctx.db, job.id);
    return done(jobView(ctx.db, jobById(ctx.db, job.id)!), { before: { state: 'failed', lastError: job.lastError }, after: { state: 'pending' } });
  }),

  /** A reprint is a new job of the same document marked 2.ª VIA; it never opens the drawer. */
  'print.reprint': command((ctx, input) => {
    const job = requireJob(ctx.db, input.jobId);
    const original = job.reprintOf ? requireJob(ctx.db, job.reprintOf) : job;
    refuseBlindX(ctx, original);
    const doc = asReprint(JSON.parse(original.document) as PrintDocument);
    const id = insertJob(ctx.db, {
      at: ctx.at,
      printerId: original.printerId,
      doc,
      refType: original.refType,
      refId: original.refId,
      reprintOf: original.id,
      operatorId: operatorOf(ctx).id,
    });
    return done(jobView(ctx.db, jobById(ctx.db, id)!), { after: { jobId: id, reprintOf: original.id, title: original.title } });
  }),
};
