/**
 * One attempt at a print job, wherever it is made: the hall's own queue
 * (queue.ts) or an enrolled counter at its own printers (main/counter/):
 * what a failure is stored as, the bytes of a batch, and the words the hall
 * and a counter exchange. Nothing here opens the database.
 */
import { KioskError } from '../../core/errors.js';
import type { JobError, PrinterRow } from '../../db/printing.js';
import { UnprintableCharacterError } from '../../printing/escpos.js';
import type { PrintDocument } from '../../printing/layout.js';
import { isPrinterError } from '../../printing/transport/index.js';

export interface JobTransport {
  /**
   * Deliver the bytes (one or more documents, back to back, over one
   * connection); rejects with an error whose message is shown to the operator.
   */
  send(bytes: Uint8Array): Promise<void>;
}

/**
 * How long a counter's claimed jobs are its own (issue 24, point 4): longer
 * than a batch takes at its printer (a status check and a send time out in
 * seconds), short enough that a counter that stopped mid-job has its
 * receipts printed again soon after it comes back.
 */
export const COUNTER_LEASE_MS = 30_000;

/** One claimed job as a counter gets it: `drawer` says this attempt carries the drawer pulse (it counts as spent already). */
export interface CounterJob {
  jobId: number;
  /** The attempts made before this one (the counter echoes it in its report: a report sent twice counts once). */
  attempts: number;
  document: PrintDocument;
  drawer: boolean;
}

export interface CounterClaim {
  /** Whether the terminal has a printer at all: a counter without one does not ask after each command. */
  hasPrinters: boolean;
  printer: PrinterRow | null;
  jobs: CounterJob[];
  /** In how many ms this counter's next job falls due (a retry's wait), or null: the counter asks again then (a wait, not an instant: the two clocks may differ). */
  nextDueInMs: number | null;
}

/** What a counter says of one attempt at a claimed job. */
export interface CounterReport {
  jobId: number;
  /** The job's `attempts` in the claim this attempt answers. */
  attempts: number;
  /** The attempt carried the drawer pulse (the claim granted it). */
  drawer: boolean;
  /** The bytes (and so the pulse) may have reached the printer. */
  reached: boolean;
  /** Absent: printed. */
  error?: JobError;
}

/** The failure as stored: its pt-PT text, and its code and parameters when our own code raised it (the screens word those). */
export function jobErrorOf(e: unknown): JobError {
  if (isPrinterError(e) || e instanceof KioskError || e instanceof UnprintableCharacterError) {
    return { message: e.message, code: e.code, params: { ...e.params } };
  }
  return { message: e instanceof Error ? e.message : String(e), code: null, params: null };
}

/** The bytes of several documents back to back, for one connection. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
