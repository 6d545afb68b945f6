/**
 * The print queue: jobs are written with the money they document, in the
 * same transaction; this worker prints them after the commit, one at a time,
 * retrying with backoff, and never touches the money. The cash drawer pulse
 * goes out at most once per job, even across a crash (see attempt()).
 */
import type { Db } from '../../db/connection.js';
import { earliestRetry, jobById, nextDueJob, printerById, type JobRow, type PrinterRow } from '../../db/printing.js';
import type { PrintDocument, PrinterProfile } from '../../printing/layout.js';
import { isPrinterError } from '../../printing/transport/index.js';

export interface JobTransport {
  /** Deliver the bytes; rejects with an error whose message is shown to the operator. */
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
}

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 10_000] as const;

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

  private readonly pulsesSpent = new Set<number>();

  constructor(private readonly o: PrintQueueOptions) {
    this.delays = o.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    // Jobs left pending by an earlier run may have had their pulse sent just
    // before it stopped: they print without opening the drawer.
    o.db.prepare(`UPDATE print_jobs SET drawer_pulse_sent = 1 WHERE state = 'pending' AND drawer_pulse_sent = 0`).run();
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
      const job = nextDueJob(db, this.o.now().toISOString());
      if (!job) return;
      await this.attempt(job);
    }
  }

  private async attempt(job: JobRow): Promise<void> {
    const { db } = this.o;
    const printer = printerById(db, job.printerId);
    const doc = JSON.parse(job.document) as PrintDocument;
    // The drawer pulse rides on the first attempt only. It is marked spent in
    // memory before the bytes leave and in the database with the outcome; a
    // crash in between is covered at start-up, where every pending job's pulse
    // counts as spent. So the drawer opens at most once, with no extra write
    // (and fsync) between the sale and its receipt.
    const drawer = Boolean(doc.openDrawer && printer?.drawerPin && job.drawerPulseSent === 0 && !this.pulsesSpent.has(job.id));
    let error: string | null = null;
    // Whether any byte may have reached the printer (and so the pulse with them).
    let reached = false;
    try {
      if (!printer) throw new Error(`Impressora ${job.printerId} não configurada.`);
      const bytes = this.o.render(doc, profileOf(printer), { drawer });
      reached = true;
      if (drawer) this.pulsesSpent.add(job.id);
      await this.o.transportFor(printer).send(bytes);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      // Refused before sending (no paper, cover open, connection refused): the
      // pulse did not go out and stays for the attempt that prints.
      if (isPrinterError(e) && !e.maybeDelivered) reached = false;
    }
    const pulseSpent = drawer && reached;
    if (drawer && !pulseSpent) this.pulsesSpent.delete(job.id);
    const counted = `attempts = attempts + 1, drawer_pulse_sent = drawer_pulse_sent | ${pulseSpent ? 1 : 0}, `;
    if (!db.open) return;
    const at = this.o.now();
    if (error === null) {
      db.prepare(`UPDATE print_jobs SET ${counted}state = 'printed', printed_at = ?, last_error = NULL, next_attempt_at = NULL WHERE id = ?`).run(
        at.toISOString(),
        job.id,
      );
    } else {
      const attempts = job.attempts + 1;
      const delay = this.delays[attempts - 1];
      if (delay === undefined) {
        db.prepare(`UPDATE print_jobs SET ${counted}state = 'failed', last_error = ?, next_attempt_at = NULL WHERE id = ?`).run(error, job.id);
      } else {
        db.prepare(`UPDATE print_jobs SET ${counted}last_error = ?, next_attempt_at = ? WHERE id = ?`).run(
          error,
          new Date(at.getTime() + delay).toISOString(),
          job.id,
        );
      }
    }
    this.o.onChange?.(jobById(db, job.id)!);
  }
}
