/** Printers, the print queue's jobs, reprints and the PDF reports (issue #4). */
import type { ChannelOutput } from '../../core/contract.js';
import { KioskError } from '../../core/errors.js';
import { stmt } from '../../db/connection.js';
import { allPrinters, insertJob, jobById, printerById, printerForRole, recentJobs, type JobRow, type PrinterRole, type PrinterRow } from '../../db/printing.js';
import { testPage } from '../../printing/documents/index.js';
import { asReprint, type PrintDocument } from '../../printing/layout.js';
import { renderActaPdf } from '../../printing/pdf/acta.js';
import { renderSessionReportPdf, sessionReportFromActa } from '../../printing/pdf/sessionReport.js';
import { previewText } from '../../printing/preview.js';
import { isPrinterError } from '../../printing/transport/index.js';
import { profileOf } from '../printing/queue.js';
import { printerStatus } from '../printing/transports.js';
import { operatorOf, type Handler, type ServiceContext } from './context.js';
import { acta } from './sessions.js';

type PrinterView = ChannelOutput<'printer.list'>[number];
type JobView = ChannelOutput<'print.jobs'>[number];

const printerView = (p: PrinterRow): PrinterView => ({
  id: p.id,
  name: p.name,
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

function jobView(ctx: ServiceContext, j: JobRow): JobView {
  const printer = printerById(ctx.db, j.printerId);
  return {
    jobId: j.id,
    createdAt: j.createdAt,
    kind: j.kind,
    title: j.title,
    printerId: j.printerId,
    state: j.state,
    attempts: j.attempts,
    lastError: j.lastError,
    printedAt: j.printedAt,
    reprintOf: j.reprintOf,
    refType: j.refType,
    refId: j.refId,
    preview: previewText(JSON.parse(j.document) as PrintDocument, printer?.widthMm ?? 80),
  };
}

function requirePrinter(ctx: ServiceContext, id: string): PrinterRow {
  const p = printerById(ctx.db, id);
  if (!p) throw new KioskError('PRINTER_NOT_FOUND', { id });
  return p;
}

/**
 * Queue a document on the printer of a role, in the caller's transaction: the
 * job exists exactly when the money it documents was committed. With no
 * printer of that role the kiosk works on without paper.
 */
export function enqueue(
  ctx: ServiceContext,
  role: PrinterRole,
  build: (hall: { hallName: string; licence: string | null }) => PrintDocument,
  ref: { type: string; id: number } | null,
  reprintOf: number | null = null,
): number | null {
  const printer = printerForRole(ctx.db, role);
  if (!printer) return null;
  const hall = stmt<[], { hallName: string; licence: string | null }>(ctx.db, `SELECT name AS hallName, licence FROM hall WHERE id = 1`).get()!;
  return insertJob(ctx.db, {
    at: ctx.at,
    printerId: printer.id,
    doc: build(hall),
    refType: ref?.type ?? null,
    refId: ref?.id ?? null,
    reprintOf,
    operatorId: ctx.operator?.id ?? null,
  });
}

export const configurePrinter: Handler<'printer.configure'> = (ctx, input) => {
  if (input.transport === 'tcp' && (!input.host || !input.port)) {
    throw new KioskError('PRINTER_ADDRESS_INVALID', { detail: 'indique o endereço e a porta (TCP, normalmente 9100)' });
  }
  if (input.transport === 'device' && !input.path) {
    throw new KioskError('PRINTER_ADDRESS_INVALID', { detail: 'indique o dispositivo (por exemplo /dev/usb/lp0)' });
  }
  const sameRole = printerForRole(ctx.db, input.role);
  if (sameRole && sameRole.id !== input.id) throw new KioskError('PRINTER_ROLE_TAKEN', { role: input.role, id: sameRole.id });
  const before = printerById(ctx.db, input.id) ?? null;
  stmt(
    ctx.db,
    `INSERT INTO printers (id, name, role, transport, host, port, path, codepage, width_mm, drawer_pin, drawer_on_ms, drawer_off_ms, updated_at)
     VALUES (@id, @name, @role, @transport, @host, @port, @path, @codepage, @widthMm, @drawerPin, @drawerOnMs, @drawerOffMs, @at)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, transport = excluded.transport, host = excluded.host,
       port = excluded.port, path = excluded.path, codepage = excluded.codepage, width_mm = excluded.width_mm,
       drawer_pin = excluded.drawer_pin, drawer_on_ms = excluded.drawer_on_ms, drawer_off_ms = excluded.drawer_off_ms,
       updated_at = excluded.updated_at`,
  ).run({
    id: input.id,
    name: input.name ?? input.id,
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
  ctx.audit.before = before ? printerView(before) : null;
  ctx.audit.after = after;
  return after;
};

export const listPrinters: Handler<'printer.list'> = (ctx) => allPrinters(ctx.db).map(printerView);

export const testPrinter: Handler<'printer.test'> = (ctx, input) => {
  const printer = requirePrinter(ctx, input.id);
  const doc = testPage({
    printerName: printer.name,
    profile: profileOf(printer),
    at: ctx.at,
  });
  const id = insertJob(ctx.db, { at: ctx.at, printerId: printer.id, doc, refType: 'printer', refId: null, reprintOf: null, operatorId: operatorOf(ctx).id });
  const job = jobView(ctx, jobById(ctx.db, id)!);
  ctx.audit.after = { jobId: id, printerId: printer.id };
  return job;
};

export const statusOfPrinter: Handler<'printer.status'> = async (ctx, input) => {
  const printer = requirePrinter(ctx, input.id);
  try {
    const s = await printerStatus(printer);
    return { online: s.online, coverOpen: s.coverOpen, paperNearEnd: s.paperNearEnd, paperOut: s.paperOut, error: s.error ?? null };
  } catch (e) {
    if (!isPrinterError(e)) throw e;
    return { online: false, coverOpen: false, paperNearEnd: false, paperOut: false, error: e.message };
  }
};

export const listJobs: Handler<'print.jobs'> = (ctx, input) =>
  recentJobs(ctx.db, input.since ?? 0, input.limit ?? 50).map((j) => jobView(ctx, j));

function requireJob(ctx: ServiceContext, jobId: number): JobRow {
  const job = jobById(ctx.db, jobId);
  if (!job) throw new KioskError('PRINT_JOB_NOT_FOUND', { jobId });
  return job;
}

export const retryJob: Handler<'print.retry'> = (ctx, input) => {
  const job = requireJob(ctx, input.jobId);
  if (job.state !== 'failed') throw new KioskError('PRINT_JOB_NOT_FAILED', { jobId: job.id });
  stmt(ctx.db, `UPDATE print_jobs SET state = 'pending', attempts = 0, next_attempt_at = NULL WHERE id = ?`).run(job.id);
  ctx.audit.before = { state: 'failed', lastError: job.lastError };
  ctx.audit.after = { state: 'pending' };
  return jobView(ctx, jobById(ctx.db, job.id)!);
};

/** A reprint is a new job of the same document marked 2.ª VIA; it never opens the drawer. */
export const reprintJob: Handler<'print.reprint'> = (ctx, input) => {
  const job = requireJob(ctx, input.jobId);
  const original = job.reprintOf ? requireJob(ctx, job.reprintOf) : job;
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
  ctx.audit.after = { jobId: id, reprintOf: original.id, title: original.title };
  return jobView(ctx, jobById(ctx.db, id)!);
};

const pdfOf = (buffer: Buffer, filename: string) => ({ filename, base64: buffer.toString('base64') });

export const actaPdf: Handler<'report.actaPdf'> = async (ctx, input) => {
  const data = acta(ctx, input) as ChannelOutput<'session.acta'>;
  return pdfOf(await renderActaPdf(data, { generatedAt: ctx.at }), `acta-sessao-${input.sessionId}.pdf`);
};

export const sessionPdf: Handler<'report.sessionPdf'> = async (ctx, input) => {
  const data = acta(ctx, input) as ChannelOutput<'session.acta'>;
  return pdfOf(await renderSessionReportPdf(sessionReportFromActa(data), { generatedAt: ctx.at }), `relatorio-sessao-${input.sessionId}.pdf`);
};
