/**
 * The acta and session-report PDFs, rendered in a worker thread
 * (`pdf-worker.ts`) so that the 80–170 ms pdfkit takes never delays a sale on
 * the main thread. The bytes are those of the direct renderers in
 * printing/pdf for the same input.
 *
 * One worker, started on first use and kept for later PDFs; requests wait in a
 * queue and go to it one at a time, so a crash fails only the request being
 * rendered. A crashed worker is replaced on the next request. `close()`
 * terminates it and fails what was waiting; a later call starts a new worker.
 * While idle the worker is unref'd: it never keeps the process alive.
 */
import { Worker } from 'node:worker_threads';
import type { Acta, PdfOptions } from '../../printing/pdf/acta.js';
import { workerEntry } from '../workers/entry.js';
import { softwareLabel } from '../version.js';
import type { LimitsSignData } from '../../printing/documents/limitsSign.js';
import type { ComplianceDayPdf } from '../../printing/pdf/complianceDay.js';
import type { PdfReply, PdfRequest } from './pdf-worker.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** The caller says when; the renderer says which program (the version of this process). */
type MadeAt = Omit<PdfOptions, 'software'>;

export { workerEntry };

interface PdfRendererOptions {
  /**
   * The worker module. Default: `pdf-worker` beside this module, `.ts` when
   * this module is the TypeScript source (vitest, tsx), `.js` once compiled.
   */
  workerUrl?: URL;
}

export interface PdfRenderer {
  /** The acta of a session (`session.acta` output), as `renderActaPdf` makes it, stamped with this program's `softwareLabel()`. */
  acta(data: Acta, options?: MadeAt): Promise<Buffer>;
  /** The session report of the same data, as `renderSessionReportPdf(sessionReportFromActa(data))` makes it, stamped the same. */
  sessionReport(data: Acta, options?: MadeAt): Promise<Buffer>;
  /** A roulette table's limits sign (X.27), as `renderLimitsSignPdf` makes it. */
  limitsSign(data: LimitsSignData): Promise<Buffer>;
  /** A gaming day's record of identified players (Lei n.º 83/2017, art. 76.º), as `renderComplianceDayPdf` makes it. */
  complianceDay(data: ComplianceDayPdf): Promise<Buffer>;
  /** Terminate the worker; waiting requests fail. A later call starts a new worker. */
  close(): Promise<void>;
}

/** The prefix of every error: operators see it. */
const PDF_ERROR_PREFIX = 'Não foi possível gerar o PDF';

function pdfError(detail: string, cause?: unknown): Error {
  return new Error(`${PDF_ERROR_PREFIX}: ${detail}`, cause === undefined ? undefined : { cause });
}

/** The worker file next to this module, in the same language as this module. */
export function defaultWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./pdf-worker${ext}`, moduleUrl);
}

interface Pending {
  request: PdfRequest;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const workerUrl = options.workerUrl ?? defaultWorkerUrl();
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let current: Pending | null = null;
  let nextId = 1;

  /** The worker is gone (crash, exit, error): fail its request and move on with a new one. */
  function lost(dead: Worker, error: Error) {
    if (worker !== dead) return; // already handled ('error' is followed by 'exit'), or closed
    worker = null;
    const request = current;
    current = null;
    void dead.terminate();
    request?.reject(error);
    pump();
  }

  function start(): Worker {
    const { entry, execArgv } = workerEntry(workerUrl);
    const w = new Worker(entry, execArgv ? { execArgv } : {});
    w.on('message', (reply: PdfReply) => {
      if (worker !== w || !current || reply.id !== current.request.id) return;
      const done = current;
      current = null;
      if (reply.ok) done.resolve(Buffer.from(reply.pdf));
      else done.reject(pdfError(reply.message));
      pump();
    });
    w.on('messageerror', (e) => {
      if (worker !== w || !current) return;
      const done = current;
      current = null;
      done.reject(pdfError('a resposta do gerador de PDF não pôde ser lida.', e));
      pump();
    });
    w.on('error', (e) => lost(w, pdfError(`o gerador de PDF falhou (${e.message}).`, e)));
    w.on('exit', (code) => lost(w, pdfError(`o gerador de PDF terminou inesperadamente (código ${code}).`)));
    return w;
  }

  /** Send the next request if the worker is free; ref the worker only while something is pending. */
  function pump() {
    while (!current && queue.length) {
      const next = queue.shift()!;
      try {
        worker ??= start();
        worker.postMessage(next.request);
        current = next;
      } catch (e) {
        // A worker that cannot start, or data that cannot be cloned (a function), fails this request only.
        next.reject(pdfError(e instanceof Error ? e.message : String(e), e));
      }
    }
    if (!worker) return;
    if (current) worker.ref();
    else worker.unref();
  }

  function render(request: DistributiveOmit<PdfRequest, 'id'>): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      queue.push({ request: { ...request, id: nextId++ } as PdfRequest, resolve, reject });
      pump();
    });
  }

  return {
    acta: (data, opts = {}) => render({ kind: 'acta', data, generatedAt: opts.generatedAt, software: softwareLabel() }),
    sessionReport: (data, opts = {}) => render({ kind: 'sessionReport', data, generatedAt: opts.generatedAt, software: softwareLabel() }),
    // The sign's data carries the program that made it (as its receipt-printer copy does).
    limitsSign: (data) => render({ kind: 'limitsSign', data, generatedAt: undefined, software: data.software }),
    complianceDay: (data) => render({ kind: 'complianceDay', data, generatedAt: data.generatedAt, software: data.software }),
    async close() {
      const w = worker;
      worker = null;
      const closed = pdfError('o gerador de PDF foi fechado.');
      current?.reject(closed);
      current = null;
      for (const p of queue.splice(0)) p.reject(closed);
      if (w) await w.terminate();
    },
  };
}
