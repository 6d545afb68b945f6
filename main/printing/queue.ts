/**
 * The print queue: jobs are written with the money they document, in the
 * same transaction; this worker prints them after the commit, retrying with
 * backoff, and never touches the money. The due jobs of one printer go out
 * as a batch: one status check, one connection carrying every document, one
 * transaction recording the outcomes (a busy counter makes receipts faster
 * than one connection and one fsync each can print). The cash drawer pulse
 * goes out at most once per job, even across a crash (see attempt()).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/connection.js';
import {
  earliestRetry,
  jobById,
  markPendingPulsesSpent,
  nextDueBatch,
  printerById,
  recordJobOutcomes,
  type JobOutcome,
  type JobRow,
  type PrinterRow,
} from '../../db/printing.js';
import type { PrintDocument, PrinterProfile } from '../../printing/layout.js';
import { isPrinterError } from '../../printing/transport/index.js';

export interface JobTransport {
  /**
   * Deliver the bytes (one or more documents, back to back, over one
   * connection); rejects with an error whose message is shown to the operator.
   */
  send(bytes: Uint8Array): Promise<void>;
}

export interface PrintQueueOptions {
  db: Db;
  now: () => Date;
  transportFor: (printer: PrinterRow) => JobTransport;
  render: (doc: PrintDocument, profile: PrinterProfile, options: { drawer: boolean }) => Uint8Array;
  /** Waits between attempts; after the last one the job is failed (retried by hand). */
  retryDelaysMs?: readonly number[];
  /** After a job changes state (printed, failed, retry scheduled). */
  onChange?: (job: JobRow) => void;
  logError?: (error: unknown) => void;
  /** Most jobs sent over one connection (default BATCH_LIMIT). */
  batchLimit?: number;
}

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 10_000] as const;

/**
 * Enough to drain a rush in a few connections, small enough that a dropped
 * connection leaves few jobs in doubt (~100 KB of receipts).
 */
export const BATCH_LIMIT = 64;

export function profileOf(printer: PrinterRow): PrinterProfile {
  return {
    codepage: printer.codepage,
    widthMm: printer.widthMm,
    ...(printer.drawerPin ? { drawer: { pin: printer.drawerPin, onMs: printer.drawerOnMs, offMs: printer.drawerOffMs } } : {}),
  };
}

export class PrintQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private pendingKick = false;
  private readonly delays: readonly number[];
  private readonly batchLimit: number;

  /** Jobs whose pulse may have gone out and is not yet recorded as sent. */
  private readonly pulsesSpent = new Set<number>();

  constructor(private readonly o: PrintQueueOptions) {
    this.delays = o.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.batchLimit = Math.max(1, o.batchLimit ?? BATCH_LIMIT);
    // Jobs left pending by an earlier run may have had their pulse sent just
    // before it stopped: they print without opening the drawer.
    markPendingPulsesSpent(o.db);
  }

  /** Something may be due: process the queue once the current turn ends. */
  kick(): void {
    if (this.closed || this.pendingKick) return;
    // After the current turn: the command that queued the job answers first.
    this.pendingKick = true;
    setImmediate(() => {
      this.pendingKick = false;
      this.start();
    });
  }

  private start(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((e: unknown) => this.o.logError?.(e))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.start();
        } else {
          this.scheduleRetry();
        }
      });
  }

  /** Resolves when nothing is being printed (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No more attempts; one under way finishes without touching a closed database. */
  stop(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private scheduleRetry(): void {
    if (this.closed || !this.o.db.open) return;
    const at = earliestRetry(this.o.db);
    if (!at) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, new Date(at).getTime() - this.o.now().getTime());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, wait);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    const { db } = this.o;
    for (;;) {
      if (this.closed || !db.open) return;
      const batch = nextDueBatch(db, this.o.now().toISOString(), this.batchLimit);
      if (batch.length === 0) return;
      await this.attempt(batch);
    }
  }

  /** One attempt at each job of `batch` (all for the same printer). */
  private async attempt(batch: readonly JobRow[]): Promise<void> {
    const { db } = this.o;
    const printer = printerById(db, batch[0]!.printerId);
    const errors = new Map<number, string>();
    const parts: Uint8Array[] = [];
    const sent: JobRow[] = [];
    const drawers = new Set<number>();
    for (const job of batch) {
      const doc = JSON.parse(job.document) as PrintDocument;
      // The drawer pulse rides on the first attempt only. It is marked spent in
      // memory before the bytes leave and in the database with the outcome; a
      // crash in between is covered at start-up, where every pending job's pulse
      // counts as spent. So the drawer opens at most once, with no extra write
      // (and fsync) between the sale and its receipt.
      const drawer = Boolean(doc.openDrawer && printer?.drawerPin && job.drawerPulseSent === 0 && !this.pulsesSpent.has(job.id));
      try {
        if (!printer) throw new Error(`Impressora ${job.printerId} não configurada.`);
        parts.push(this.o.render(doc, profileOf(printer), { drawer }));
        sent.push(job);
        if (drawer) drawers.add(job.id);
      } catch (e) {
        // Not sent at all: its pulse stays for a later attempt.
        errors.set(job.id, messageOf(e));
      }
      // Rendering is CPU work: let commands that arrived meanwhile run first.
      if (batch.length > 1) await nextTurn();
      if (this.closed) return;
    }
    // Whether the bytes of the jobs sent may have reached the printer (and so
    // their pulses with them).
    let reached = false;
    if (printer && sent.length > 0) {
      reached = true;
      for (const id of drawers) this.pulsesSpent.add(id);
      try {
        await this.o.transportFor(printer).send(concat(parts));
      } catch (e) {
        for (const job of sent) errors.set(job.id, messageOf(e));
        // Refused before sending (no paper, cover open, connection refused):
        // no pulse went out and each stays for the attempt that prints. Once
        // the connection carried anything, any job of the batch may have
        // printed (the bytes sit in socket buffers, the printer acknowledges
        // none), so all of them count as maybe delivered, as a single job does.
        if (isPrinterError(e) && !e.maybeDelivered) reached = false;
      }
      if (!reached) for (const id of drawers) this.pulsesSpent.delete(id);
    }
    if (!db.open) return;
    const at = this.o.now();
    const outcomes = batch.map((job): JobOutcome => {
      const pulseSent = reached && drawers.has(job.id);
      const error = errors.get(job.id);
      if (error === undefined) return { id: job.id, pulseSent, state: 'printed', printedAt: at.toISOString() };
      const delay = this.delays[job.attempts];
      if (delay === undefined) return { id: job.id, pulseSent, state: 'failed', error };
      return { id: job.id, pulseSent, state: 'pending', error, nextAttemptAt: new Date(at.getTime() + delay).toISOString() };
    });
    recordJobOutcomes(db, outcomes);
    // Recorded: the database now keeps these pulses spent.
    for (const o of outcomes) if (o.pulseSent) this.pulsesSpent.delete(o.id);
    if (this.o.onChange) for (const o of outcomes) this.o.onChange(jobById(db, o.id)!);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
