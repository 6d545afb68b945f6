/**
 * The print queue: jobs are written with the money they document, in the
 * same transaction; this worker prints them after the commit, retrying with
 * backoff, and never touches the money. The due jobs of one printer go out
 * as a batch: one status check, one connection carrying every document, one
 * transaction recording the outcomes (a busy counter makes receipts faster
 * than one connection and one fsync each can print); the next batch is
 * rendered while one is on the wire. The cash drawer pulse goes out at most
 * once per job, even across a crash (see prepare() and deliver()).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { WritableDb } from '../../db/connection.js';
import {
  claimTerminalJobs,
  earliestRetry,
  jobAfter,
  pendingTerminalJobs,
  terminalEarliestRetry,
  terminalHasPrinters,
  markPendingPulsesSpent,
  nextDueBatch,
  printerById,
  recordJobOutcomes,
  type JobError,
  type JobOutcome,
  type JobRow,
  type PrinterRow,
} from '../../db/printing.js';
import type { PrintDocument, PrinterProfile } from '../../printing/layout.js';
import { printerProfile } from '../../printing/profile.js';
import { KioskError } from '../../core/errors.js';
import { isPrinterError } from '../../printing/transport/index.js';
import { concatBytes, COUNTER_LEASE_MS, jobErrorOf, type CounterClaim, type CounterJob, type CounterReport, type JobTransport } from './attempts.js';

export type { JobTransport } from './attempts.js';

interface PrintQueueOptions {
  /** The writable connection: the queue records each attempt's outcome. */
  db: WritableDb;
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

const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 10_000] as const;

/**
 * Enough to drain a rush in a few connections, small enough that a dropped
 * connection leaves few jobs in doubt (about 70 KB of receipts).
 */
const BATCH_LIMIT = 64;

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
    let next: Batch | null = null;
    for (;;) {
      if (this.closed || !db.open) return;
      const current = next ?? (await this.prepare([]));
      next = null;
      if (!current) return;
      const delivering = this.deliver(current);
      try {
        // While those bytes travel, the next batch is rendered.
        next = await this.prepare(current.jobs.map((j) => j.id));
      } finally {
        const reached = await delivering;
        if (db.open) this.record(current, reached);
      }
    }
  }

  /**
   * The next due jobs of one printer (not `busy`, already on their way),
   * rendered; null when nothing is due or the queue stopped.
   */
  private async prepare(busy: readonly number[]): Promise<Batch | null> {
    const { db } = this.o;
    if (this.closed || !db.open) return null;
    const jobs = nextDueBatch(db, this.o.now().toISOString(), this.batchLimit, busy);
    if (jobs.length === 0) return null;
    const printer = printerById(db, jobs[0]!.printerId);
    const batch: Batch = { jobs, printer, parts: [], sent: [], drawers: new Set(), errors: new Map() };
    for (const job of jobs) {
      const doc = JSON.parse(job.document) as PrintDocument;
      // The drawer pulse rides on the first attempt only. It is marked spent in
      // memory before the bytes leave and in the database with the outcome; a
      // crash in between is covered at start-up, where every pending job's pulse
      // counts as spent. So the drawer opens at most once, with no extra write
      // (and fsync) between the sale and its receipt.
      const drawer = Boolean(doc.openDrawer && printer?.drawerPin && job.drawerPulseSent === 0 && !this.pulsesSpent.has(job.id));
      try {
        if (!printer) throw new KioskError('PRINTER_NOT_FOUND', { id: job.printerId });
        batch.parts.push(this.o.render(doc, printerProfile(printer), { drawer }));
        batch.sent.push(job);
        if (drawer) batch.drawers.add(job.id);
      } catch (e) {
        // Not sent at all: its pulse stays for a later attempt.
        batch.errors.set(job.id, jobErrorOf(e));
      }
      // Rendering is CPU work: commands that arrived meanwhile (a sale) go first.
      if (jobs.length > 1) await nextTurn();
      if (this.closed) return null;
    }
    return batch;
  }

  /**
   * Sends the rendered jobs over one connection; never rejects. Resolves with
   * whether their bytes (and so their pulses) may have reached the printer.
   */
  private async deliver(batch: Batch): Promise<boolean> {
    const { printer, sent, drawers } = batch;
    if (!printer || sent.length === 0) return false;
    for (const id of drawers) this.pulsesSpent.add(id);
    let reached = true;
    try {
      await this.o.transportFor(printer).send(concatBytes(batch.parts));
    } catch (e) {
      for (const job of sent) batch.errors.set(job.id, jobErrorOf(e));
      // Refused before sending (no paper, cover open, connection refused): no
      // pulse went out and each stays for the attempt that prints. Once the
      // connection carried anything, any job of the batch may have printed
      // (the bytes sit in socket buffers; the printer acknowledges none), so
      // all of them count as maybe delivered, as a single job does.
      if (isPrinterError(e) && !e.maybeDelivered) reached = false;
    }
    if (!reached) for (const id of drawers) this.pulsesSpent.delete(id);
    return reached;
  }

  /** One attempt counted for every job of the batch, in one transaction. */
  private record(batch: Batch, reached: boolean): void {
    const at = this.o.now();
    const outcomes = batch.jobs.map((job) => this.outcomeOf(job, batch.errors.get(job.id), reached && batch.drawers.has(job.id), at));
    this.commit(batch.jobs, outcomes);
    // Recorded: the database now keeps these pulses spent.
    for (const o of outcomes) if (o.pulseSent) this.pulsesSpent.delete(o.id);
  }

  /** An attempt's outcome: printed, or due again after the next wait, or failed after the last (retried by hand). */
  private outcomeOf(job: JobRow, error: JobError | undefined, pulseSent: boolean, at: Date): JobOutcome {
    if (error === undefined) return { id: job.id, pulseSent, state: 'printed', printedAt: at.toISOString() };
    const delay = this.delays[job.attempts];
    if (delay === undefined) return { id: job.id, pulseSent, state: 'failed', error };
    return { id: job.id, pulseSent, state: 'pending', error, nextAttemptAt: new Date(at.getTime() + delay).toISOString() };
  }

  private commit(jobs: readonly JobRow[], outcomes: readonly JobOutcome[]): void {
    recordJobOutcomes(this.o.db, outcomes);
    // The rows as just written, without reading back each job's document.
    if (this.o.onChange) jobs.forEach((job, i) => this.o.onChange!(jobAfter(job, outcomes[i]!)));
  }

  // ---- an enrolled counter prints its own terminal's jobs (issue 24, point 4) ----------------

  /**
   * The due jobs of one of `terminalId`'s printers, leased to its counter for
   * COUNTER_LEASE_MS (the hall's own queue never takes a counter's jobs).
   */
  claimFor(terminalId: string, limit: number = this.batchLimit): CounterClaim {
    const now = this.o.now();
    const claim = claimTerminalJobs(this.o.db, {
      terminalId,
      at: now.toISOString(),
      leaseUntil: new Date(now.getTime() + COUNTER_LEASE_MS).toISOString(),
      limit: Math.max(1, Math.min(limit, this.batchLimit)),
    });
    const jobs: CounterJob[] = (claim?.jobs ?? []).map((job) => {
      const document = JSON.parse(job.document) as PrintDocument;
      return { jobId: job.id, attempts: job.attempts, document, drawer: Boolean(document.openDrawer && claim!.printer.drawerPin && job.drawerPulseSent === 0) };
    });
    const next = terminalEarliestRetry(this.o.db, terminalId);
    return { hasPrinters: claim !== null || terminalHasPrinters(this.o.db, terminalId), printer: claim?.printer ?? null, jobs, nextDueInMs: next === undefined ? null : Math.max(0, new Date(next).getTime() - now.getTime()) };
  }

  /**
   * A counter's attempts, recorded as the hall's own are (one transaction,
   * the same waits). A report on a job that is not pending at one of its
   * printers, or that answers an earlier claim than the job's last attempt
   * (a report sent again after its answer was lost), changes nothing.
   */
  reportFor(terminalId: string, reports: readonly CounterReport[]): { recorded: number } {
    const at = this.o.now();
    const byId = new Map(reports.map((r) => [r.jobId, r]));
    const jobs = pendingTerminalJobs(this.o.db, terminalId, [...byId.keys()]).filter((job) => byId.get(job.id)!.attempts === job.attempts);
    const outcomes = jobs.map((job) => {
      const r = byId.get(job.id)!;
      const outcome = this.outcomeOf(job, r.error, r.drawer && r.reached, at);
      // Its pulse counted as spent at the claim: a printer that took no byte gives it back.
      return r.drawer && !r.reached ? { ...outcome, pulseReleased: true } : outcome;
    });
    if (outcomes.length > 0) this.commit(jobs, outcomes);
    return { recorded: outcomes.length };
  }
}

/** Due jobs of one printer, rendered, on their way to it together. */
interface Batch {
  jobs: readonly JobRow[];
  printer: PrinterRow | undefined;
  /** The bytes of `sent`, in order. */
  parts: Uint8Array[];
  /** The jobs rendered (the others failed before any byte could leave). */
  sent: JobRow[];
  /** Jobs whose bytes carry a drawer pulse. */
  drawers: Set<number>;
  /** Why a job did not print, by id. */
  errors: Map<number, JobError>;
}
