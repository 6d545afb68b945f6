/**
 * The worker thread of main/printing/pdf-renderer.ts: renders the acta and
 * the session report with the same functions the main thread would use, so
 * that a PDF never holds up a sale. One request at a time (the renderer
 * queues them); the PDF goes back as a transferred ArrayBuffer.
 */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type Acta, renderActaPdf } from '../../printing/pdf/acta.js';
import type { LimitsSignData } from '../../printing/documents/limitsSign.js';
import { renderLimitsSignPdf } from '../../printing/pdf/limitsSign.js';
import { type ComplianceDayPdf, renderComplianceDayPdf } from '../../printing/pdf/complianceDay.js';
import { renderSessionReportPdf, sessionReportFromActa } from '../../printing/pdf/sessionReport.js';

/** What each kind renders from: the output of `session.acta` (the session report is made from it here), or a table's limits. */
export type PdfRequest = { id: number; generatedAt: string | undefined; software: string } & (
  | { kind: 'acta' | 'sessionReport'; data: Acta }
  | { kind: 'limitsSign'; data: LimitsSignData }
  | { kind: 'complianceDay'; data: ComplianceDayPdf }
);

export type PdfReply = { id: number; ok: true; pdf: ArrayBuffer } | { id: number; ok: false; message: string };

function render(request: PdfRequest): Promise<Buffer> {
  const options = { software: request.software, ...(request.generatedAt === undefined ? {} : { generatedAt: request.generatedAt }) };
  switch (request.kind) {
    case 'acta':
      return renderActaPdf(request.data, options);
    case 'sessionReport':
      return renderSessionReportPdf(sessionReportFromActa(request.data), options);
    case 'limitsSign':
      return renderLimitsSignPdf(request.data);
    case 'complianceDay':
      return renderComplianceDayPdf(request.data);
    default:
      throw new Error(`unknown PDF kind: ${String((request as { kind: unknown }).kind)}`);
  }
}

/** The bytes in an ArrayBuffer of their own: transferring a view on a shared pool would hand over (and detach) other data. */
function ownArrayBuffer(pdf: Buffer): ArrayBuffer {
  if (pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength && pdf.buffer instanceof ArrayBuffer) return pdf.buffer;
  const copy = new ArrayBuffer(pdf.byteLength);
  new Uint8Array(copy).set(pdf);
  return copy;
}

/**
 * On 2 cores the worker and the sales' thread compete for the CPU; a PDF can
 * wait, a sale should not. Linux applies nice per thread, and
 * /proc/thread-self names this thread. Elsewhere (Windows) the worker keeps
 * the process's priority: a best effort, never an error.
 */
function yieldToTheMainThread(): void {
  if (process.platform !== 'linux') return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // No /proc, or not allowed: render at normal priority.
  }
}

const port = parentPort;
if (!port) throw new Error('pdf-worker runs only as a worker thread (see main/printing/pdf-renderer.ts)');
yieldToTheMainThread();

port.on('message', (request: PdfRequest) => {
  // Rendering errors (bad data) answer the request; they must not kill the worker.
  void (async () => {
    let reply: PdfReply;
    try {
      const pdf = ownArrayBuffer(await render(request));
      port.postMessage({ id: request.id, ok: true, pdf } satisfies PdfReply, [pdf]);
      return;
    } catch (e) {
      reply = { id: request.id, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  })();
});
